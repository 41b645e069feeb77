import Foundation
import LogocFonts
import Testing

/// The hostile corpus (Tests/Fixtures/hostile/README.md): every case is built
/// alone by the real `logoc build` in a fresh project, and must end with its
/// diagnostic (code, `file:line:column`, help), exit 1, nothing written for
/// the spec, within generous time and memory bounds — or, for the unusual
/// but valid inputs, build.
struct HostileTests {
    static let folder = CLITests.repository.appendingPathComponent("Tests/Fixtures/hostile").path
    /// Generous: a debug build under a sanitizer on a busy 2-core machine
    /// stays far below; a hang or a decoded 60,000² image does not.
    static let maxSeconds = 30.0
    static let maxRSS = 1 << 30

    /// A case: how to set up `spec.yaml` (and what is beside it), and what to expect.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// A diagnostic code, or nil when the spec must build.
        let expect: String?
        var arguments: [String] = []
        let setUp: @Sendable (String) throws -> Void
        var testDescription: String { name }
    }

    /// The committed cases: `hostile/*.yaml`, each with `# expect: …` on its first line.
    static let committed: [Case] = {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        return names.map { name in
            let bytes = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
            let head = String(decoding: bytes.prefix(200), as: UTF8.self)
            let expect = head.firstMatch(of: /# expect: (\S+)/).map { String($0.1) }
            return Case(name: name, expect: expect == "render" ? nil : expect ?? "missing '# expect:'") { root in
                try bytes.write(to: URL(fileURLWithPath: root + "/spec.yaml"))
            }
        }
    }()

    /// The cases made here: too big to commit, or not files git can hold.
    static let generated: [Case] = [
        Case(name: "file over 1 MiB", expect: "E001") { root in
            try Data(("text: AB\n# " + String(repeating: "x", count: 1 << 20) + "\n").utf8).write(to: URL(fileURLWithPath: root + "/spec.yaml"))
        },
        Case(name: "100,000 nested brackets", expect: "E001") { root in
            try write(root, "spec.yaml", "text: AB\nx: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n")
        },
        Case(name: "100,000 nested mappings", expect: "E001") { root in
            try write(root, "spec.yaml", "text: AB\nx: " + String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "\n")
        },
        Case(name: "200,000 empty documents", expect: "E001") { root in
            try write(root, "spec.yaml", String(repeating: "---\n", count: 200_000))
        },
        Case(name: "20,000 keys, no alias", expect: "E001") { root in
            try write(root, "spec.yaml", "text: AB\n" + (0..<20_000).map { "key\($0): 1\n" }.joined())
        },
        Case(name: "4,000 unknown keys", expect: "E002") { root in
            try write(root, "spec.yaml", "text: AB\n" + (0..<4_000).map { "key\($0): 1\n" }.joined())
        },
        Case(name: "10,000-character text", expect: "E003") { root in
            try write(root, "spec.yaml", "text: " + String(repeating: "W", count: 10_000) + "\n")
        },
        Case(name: "10,000-character initials", expect: "E003") { root in
            try write(root, "spec.yaml", "text: {initials: \"" + String(repeating: "Jane Doe ", count: 1_200) + "\"}\n")
        },
        Case(name: "combining marks stacked on one letter", expect: "E003") { root in
            try write(root, "spec.yaml", "text: \"A" + String(repeating: "\u{0301}", count: 5_000) + "\"\n")
        },
        Case(name: "symlink out of the root", expect: "E013") { root in
            try write(root, "spec.yaml", "extends: _link.yaml\ntext: AB\n")
            try FileManager.default.createSymbolicLink(atPath: root + "/_link.yaml", withDestinationPath: "/etc/hostname")
        },
        Case(name: "symlink to /dev/zero", expect: "E013") { root in
            try write(root, "spec.yaml", "text: AB\nbackground: {image: zero.png}\n")
            try FileManager.default.createSymbolicLink(atPath: root + "/zero.png", withDestinationPath: "/dev/zero")
        },
        Case(name: "symlink loop", expect: "E012") { root in
            try write(root, "spec.yaml", "extends: _a.yaml\ntext: AB\n")
            try FileManager.default.createSymbolicLink(atPath: root + "/_a.yaml", withDestinationPath: "_b.yaml")
            try FileManager.default.createSymbolicLink(atPath: root + "/_b.yaml", withDestinationPath: "_a.yaml")
        },
        Case(name: "FIFO as a partial", expect: "E012") { root in
            try write(root, "spec.yaml", "extends: _pipe.yaml\ntext: AB\n")
            try fifo(root + "/_pipe.yaml")
        },
        Case(name: "FIFO as an image", expect: "E012") { root in
            try write(root, "spec.yaml", "text: AB\nbackground: {image: pipe.png}\n")
            try fifo(root + "/pipe.png")
        },
        Case(name: "FIFO as a font", expect: "E012") { root in
            try write(root, "spec.yaml", "text: {content: AB, font: {file: pipe.ttf}}\n")
            try fifo(root + "/pipe.ttf")
        },
        Case(name: "FIFO as the spec", expect: "E012") { root in
            try fifo(root + "/spec.yaml")
        },
        Case(name: "extends /dev/zero inside --root /", expect: "E012", arguments: ["--root", "/"]) { root in
            try write(root, "spec.yaml", "extends: /dev/zero\ntext: AB\n")
        },
        Case(name: "image /dev/zero inside --root /", expect: "E012", arguments: ["--root", "/"]) { root in
            try write(root, "spec.yaml", "text: AB\nbackground: {image: /dev/zero}\n")
        },
        Case(name: "truncated font", expect: "E012") { root in
            let inter = FontCatalog.bundled.first { $0.name == "Inter" }?.files.first ?? "/missing"
            let bytes = try #require(FileManager.default.contents(atPath: inter))
            try bytes.prefix(3_000).write(to: URL(fileURLWithPath: root + "/cut.otf"))
            try write(root, "spec.yaml", "text: {content: AB, font: {file: cut.otf}}\n")
        },
        Case(name: "random bytes as a font", expect: "E012") { root in
            var generator = SystemRandomNumberGenerator()
            try Data((0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: root + "/noise.ttf"))
            try write(root, "spec.yaml", "text: {content: AB, font: {file: noise.ttf}}\n")
        },
        // `extends` diamonds: each level's 32 partials extend all 32 of the
        // next, so a spec reaches the bottom 32⁵ ways; merged once each, it
        // is instant (before, the merges were exponential: 4 GB and abort).
        Case(name: "extends diamond, 5 levels of 32", expect: nil) { root in
            let width = 32, depth = 5
            func names(_ level: Int) -> String { "[" + (0..<width).map { "_l\(level)_\($0).yaml" }.joined(separator: ", ") + "]" }
            for level in 1...depth {
                for i in 0..<width {
                    let body = level == depth ? "text: AB\n" : "extends: \(names(level + 1))\n"
                    try write(root, "_l\(level)_\(i).yaml", body + "shape: \(i % 2 == 0 ? "circle" : "square")\n")
                }
            }
            try write(root, "spec.yaml", "extends: \(names(1))\n")
        },
        Case(name: "extends merging past 10,000 nodes", expect: "E015") { root in
            for p in 0..<3 {
                try write(root, "_p\(p).yaml", "x\(p):\n" + (0..<4_000).map { "  k\($0): 1\n" }.joined())
            }
            try write(root, "spec.yaml", "extends: [_p0.yaml, _p1.yaml, _p2.yaml]\ntext: AB\n")
        },
        // Did-you-mean and echoes (items 12 and 13): a 1 MiB value was
        // compared with every colour name through a full matrix (36 s), and
        // quoted whole in the message; 20,000-character names against each
        // other took 3.2 GB.
        Case(name: "colour of 1 MiB - 100", expect: "E005") { root in
            try write(root, "spec.yaml", "text: AB\nbackground: " + String(repeating: "x", count: (1 << 20) - 100) + "\n")
        },
        Case(name: "20,000-character palette name and $name", expect: "E005") { root in
            try write(root, "logoc.yaml", "palette:\n  " + String(repeating: "b", count: 20_000) + ": red\n")
            try write(root, "spec.yaml", "text: AB\nbackground: $" + String(repeating: "b", count: 19_999) + "c\n")
        },
        Case(name: "20,000-character font family", expect: "E016") { root in
            try write(root, "spec.yaml", "text: {content: AB, font: " + String(repeating: "I", count: 20_000) + "}\n")
        },
    ]

    @Test(arguments: committed + generated)
    func hostileInput(_ hostile: Case) throws {
        let project = try TemporaryFolder()
        // The corpus's images and fonts beside the spec, as plain copies.
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.folder) where !name.hasSuffix(".yaml") && !name.hasSuffix(".md") {
            try FileManager.default.copyItem(atPath: Self.folder + "/" + name, toPath: project.path + "/" + name)
        }
        try hostile.setUp(project.path)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: project.path))
        let run = try MeasuredRun.run(["build", "spec.yaml", "-o", "out"] + hostile.arguments, in: project.path)
        // Nothing written beside the output folder (the run's own logs aside).
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: project.path))
        #expect(after.subtracting(before).subtracting(["out", ".run-stdout", ".run-stderr"]).isEmpty, "wrote \(after.subtracting(before))")
        let context = "\(hostile.name):\n\(run.stderr.prefix(2_000))"

        #expect(!run.timedOut, "killed after 60 s: \(context)")
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0): \(context)")
        #expect(run.seconds < Self.maxSeconds, "took \(run.seconds) s: \(context)")
        #expect(run.maxRSS < Self.maxRSS, "peak memory \(run.maxRSS >> 20) MiB: \(context)")
        #expect(run.maxRSS > 0, "peak memory not measured: \(context)")

        let written = ((try? FileManager.default.contentsOfDirectory(atPath: project.path + "/out")) ?? []).sorted()
        let manifest = (try? String(contentsOfFile: project.path + "/out/manifest.json", encoding: .utf8)) ?? ""
        if let code = hostile.expect {
            #expect(run.status == 1, "exit \(run.status): \(context)")
            // `spec.yaml:LINE:COLUMN: error[CODE]: …` and a help line.
            let located = run.stderr.firstMatch(of: try Regex("spec\\.yaml:[0-9]+:[0-9]+: error\\[\(code)\\]: ")) != nil
            #expect(located, "no located \(code): \(context)")
            #expect(run.stderr.contains("help: "), "no help: \(context)")
            #expect(written.allSatisfy { ["manifest.json", "index.html", ".logoc-cache", ".logoc.lock"].contains($0) }, "written: \(written)")
            #expect(!manifest.contains("spec.png") && !manifest.contains("spec.svg"), "manifest: \(manifest)")
            // No value is echoed whole: each diagnostic is a few lines of
            // bounded length (a 1 MiB value once made 1 MB of stderr).
            let count = run.stderr.matches(of: /(error|warning)\[/).count
            #expect(run.stderr.utf8.count < 2_048 * max(1, count), "\(run.stderr.utf8.count) bytes for \(count) diagnostics: \(context)")
        } else {
            #expect(run.status == 0, "exit \(run.status): \(context)")
            #expect(written.contains("spec.png") && written.contains("spec.svg"), "written: \(written)")
            #expect(run.stderr.isEmpty, "\(context)")
        }
    }

    static func write(_ root: String, _ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
    }

    static func fifo(_ path: String) throws {
        guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}

/// A fresh folder under the temporary directory, removed when released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = (FileManager.default.temporaryDirectory.path as NSString).appendingPathComponent("logoc-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
