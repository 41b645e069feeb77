import Foundation
import LogocCore
import LogocDriver
import LogocFrontend
import FuzzSupport

/// The folders `fuzz-cache` works in, made once per process under one temp
/// folder `base`:
///
/// - `proj/Specs`: four spec files (a partial, a dark variant, @2x), built
///   once into `baseline/`, whose real cache, manifest and gallery each
///   input starts from;
/// - `outside/`: the victims. `victim.png` has the bytes (so the SHA-256) of
///   the output `a.png`, and `.victim.png.tmp-1-1` the name of a temporary
///   file a killed build leaves: a cache, manifest or intent entry that
///   reaches either has the right checksum, and still must not remove it;
/// - `dist/`: the output folder, laid out again for each input (`reset`):
///   the baseline's outputs as hard links (same inode and time, so the
///   cache's stamps match and the skip test runs), a user's file, and
///   links out of it (`link → ../outside`, `victimlink.png → ../outside/victim.png`).
///
/// Everything but `dist/` must be byte for byte as it was after every input.
struct CacheWorld {
    let base: String
    let root: String
    let dist: String
    let baseline: String
    let inputs: [SpecInput]
    /// The baseline's manifest entries.
    let outputs: [Manifest.Entry]
    let cache: [UInt8]
    let manifest: [UInt8]
    let gallery: [UInt8]
    /// The SHA-256 of `a.png`, and so of the victims.
    let victimSHA: String
    /// What is outside `dist/` (`base` but `dist`), to compare after each input.
    let outside: [String: FuzzFolder.Look]

    static let specs: [(String, String)] = [
        ("Specs/a.yaml", "text: AB\nbackground: \"#1565C0\"\nsize: 32\n"),
        ("Specs/team/_base.yaml", "size: 32\nshape: circle\nbackground: \"#2E7D32\"\n"),
        ("Specs/team/b.yaml", "extends: _base.yaml\ntext: {initials: Bo Li, color: white}\ndark: {background: \"#000000\"}\n"),
        ("Specs/c.yaml", "text: C\nbackground: \"#FFFFFF\"\nsize: 32\noutput: {formats: [png], scales: [1, 2]}\n"),
    ]

    init() {
        let base = NSTemporaryDirectory() + "logoc-fuzz-cache-\(getpid())"
        let (root, baseline) = (base + "/proj", base + "/baseline")
        FuzzFolder.remove(base)
        (self.base, self.root, self.baseline, dist) = (base, root, baseline, base + "/dist")
        for (path, text) in Self.specs { FuzzFolder.write(Array(text.utf8), to: root + "/" + path) }
        let inputs = (try? Discovery.inputs([root + "/Specs"])) ?? []
        self.inputs = inputs
        let report = BuildRun.run(inputs, project: Project.load(root: root), options: .init(outputDirectory: baseline, jobs: 1))
        FuzzExpect.that(report.failures.isEmpty && report.errorCount == 0 && !report.written.isEmpty,
                        "the baseline build failed: \(report.failures) \(report.diagnostics.map(\.message))")
        outputs = Manifest.load(from: baseline).outputs
        func read(_ name: String) -> [UInt8] { FileManager.default.contents(atPath: baseline + "/" + name).map(Array.init) ?? [] }
        cache = read(".logoc-cache")
        manifest = read("manifest.json")
        gallery = read("index.html")
        let a = outputs.first { $0.path == "a.png" }
        FuzzExpect.that(a != nil && !cache.isEmpty && !manifest.isEmpty, "the baseline has no a.png, cache or manifest")
        victimSHA = a?.sha256 ?? ""
        let victim = read("a.png")
        FuzzFolder.write(victim, to: base + "/outside/victim.png")
        FuzzFolder.write(victim, to: base + "/outside/.victim.png.tmp-1-1")
        FuzzFolder.write(victim, to: base + "/outside/deep/x.png")
        outside = FuzzFolder.snapshot(base, excluding: ["dist"])
    }

    /// Paths an entry may name: ones that must never lead to a removal
    /// outside `dist/` (by `..`, absolute, through a link), folders, logoc's
    /// own files, and a few plain ones inside it. Each is injected with the
    /// SHA-256 of `a.png`, which is every victim's.
    var dangerousPaths: [String] {
        ["../outside/victim.png", base + "/outside/victim.png", "link/victim.png", "victimlink.png", "user/../../outside/victim.png",
         "link/.victim.png.tmp-1-1", "link/deep/x.png", "link/deep", "user", "link", "../baseline/a.png", "../outside",
         "user/notes.png", "a.png", "./a.png", "a.png/", "team//b.png", "", "a.png\u{0}x", ".logoc-cache", "manifest.json",
         "index.html", ".logoc-intent", ".logoc.lock", "team", "team/../a.png", "//" + base + "/outside/victim.png"]
    }

    /// Lays `dist/` out again: outputs as hard links of the baseline's, the
    /// gallery, the user's file and the links, and the three files under test
    /// (nil: absent). `interrupted` leaves the marker of a killed build and a
    /// temporary file it left.
    func reset(cache: [UInt8]?, manifest: [UInt8]?, intent: [UInt8]?, interrupted: Bool) {
        FuzzFolder.remove(dist)
        for entry in outputs {
            let target = dist + "/" + entry.path
            try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FuzzExpect.that(link(baseline + "/" + entry.path, target) == 0, "cannot link \(entry.path): \(String(cString: strerror(errno)))")
        }
        FuzzFolder.write(gallery, to: dist + "/index.html")
        for (name, bytes) in [(".logoc-cache", cache), ("manifest.json", manifest), (".logoc-intent", intent)] {
            if let bytes { FuzzFolder.write(bytes, to: dist + "/" + name) }
        }
        FuzzFolder.write(Array("the user's own file\n".utf8), to: dist + "/user/notes.png")
        symlink(base + "/outside", dist + "/link")
        symlink(base + "/outside/victim.png", dist + "/victimlink.png")
        if interrupted {
            FuzzFolder.write([], to: dist + "/.logoc-building")
            FuzzFolder.write([1, 2, 3], to: dist + "/.a.png.tmp-1-1")
        }
    }
}
