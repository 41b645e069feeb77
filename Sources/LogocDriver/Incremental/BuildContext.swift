import Foundation
import LogocCore
import LogocFrontend
import LogocRender
import LogocRenderTree

/// What happened to one spec in a run.
struct Outcome: Sendable {
    enum State: Sendable { case checked, built, unchanged, failed }

    var index = 0
    var state: State = .checked
    var diagnostics: [Diagnostic] = []
    var failures: [String] = []
    var written: [String] = []
    var unchanged: [String] = []
    var explanations: [String] = []
    /// The spec file, relative to the project root.
    var specFile = ""
    var entries: [Manifest.Entry] = []
    var records: [BuildCache.OutputRecord] = []
    /// Every file the spec used (absolute path → stamp), for the next run's skip test.
    var dependencies: [String: FileStamp] = [:]
    /// Drawn by the executor, not yet on disk: `OutputCommit.write` writes
    /// them and turns each into a record.
    var rendered: [RenderedFile] = []

    /// Marks the spec failed: none of its outputs are kept or listed.
    mutating func fail() {
        state = .failed
        (unchanged, entries, records, rendered) = ([], [], [], [])
    }
}

/// One output drawn in memory, with everything its cache record needs but
/// the stamp of the file it will be.
struct RenderedFile: Sendable {
    var bytes: [UInt8]
    var sha256: String
    var key: String
    var tree: String
    var entry: Manifest.Entry
}

/// The state one run shares across specs: the previous cache, the file
/// hasher, the resolver and the toolchain's identity. Holds no output
/// folder state: writing is `OutputCommit`'s.
final class BuildContext: Sendable {
    let project: Project
    let options: BuildRun.Options
    let directory: String?
    let cache: BuildCache
    let hasher = FileHasher()
    let toolchain: String
    let resolver: Resolver

    /// Where `logoc.yaml` is or would be: a spec depends on it even when absent.
    let configPath: String
    /// Project-relative paths of the chunk of spec files in flight
    /// (`know`), worked out once for the chunk, not kept for every spec
    /// file of the run.
    private let knownPaths: Locked<[String: String]>
    /// `--remote-cache`, and the machine's part of its keys (`RemoteActionKey.toolchain`).
    let remote: RemoteCache?
    let remoteToolchain: String
    /// `check`'s cache, when the run is a check that uses one.
    let checkCache: CheckCache?

    init(project: Project, options: BuildRun.Options, cache: BuildCache, toolchain: String, remote: RemoteCache? = nil, checkCache: CheckCache? = nil) {
        knownPaths = Locked([:])
        self.checkCache = checkCache
        self.remote = remote
        remoteToolchain = remote == nil ? "" : RemoteActionKey.toolchain(project: project) {
            Self.relative($0, root: project.paths.root, known: [:])
        }
        self.project = project
        self.options = options
        self.directory = options.outputDirectory
        self.cache = cache
        self.configPath = project.configFile ?? (project.paths.root as NSString).appendingPathComponent("logoc.yaml")
        self.resolver = Resolver(project: project)
        self.toolchain = toolchain
    }

    /// Identity of everything outside the specs that shapes the bytes.
    static func toolchain(project: Project) -> String {
        let projectFonts = project.fonts.projectFaces().map(\.path).sorted()
        let fontHashes = projectFonts.map { "\($0) \(FileManager.default.contents(atPath: $0).map { SHA256.hex(Array($0)) } ?? "missing")" }
        return SHA256.hex(["logoc " + BuildRun.version, Renderer.libraryVersions, Renderer.bundledFontsIdentity]
            .joined(separator: "\n") + fontHashes.joined(separator: "\n"))
    }

    /// A path relative to the project root (absolute when outside it).
    func relative(_ path: String) -> String {
        if let known = knownPaths.withLock({ $0[path] }) { return known }
        return Self.relative(path, root: project.paths.root, known: [:])
    }

    /// The relative paths of the next chunk's spec files, in place of the last chunk's.
    func know(_ paths: [String: String]) {
        knownPaths.withLock { $0 = paths }
    }

    static func relative(_ path: String, root: String, known relativePaths: [String: String]) -> String {
        if let known = relativePaths[path] { return known }
        let real = PathResolver.realPath(path) ?? path
        return real.hasPrefix(root + "/") ? String(real.dropFirst(root.count + 1)) : real
    }

    /// The manifest's line for one output.
    func entry(_ output: OutputFile, of spec: CheckedSpec, file: String, sha256: String, contrast: Double?, warnings: [String],
               fingerprint: String?) -> Manifest.Entry {
        if let target = output.target {
            // A target's file: its extension as format, its pixel size (the SVG's is the spec's size; 0 for text files).
            let size = target.format == "svg" ? spec.size : target.pixels
            return Manifest.Entry(path: output.path, spec: file, name: spec.name, format: target.format, scale: target.scale, variant: target.dark ? "dark" : "light",
                                  width: size, height: size, sha256: sha256, contrast: nil, warnings: warnings, fingerprint: nil,
                                  title: Self.title(spec.logo), target: target.target)
        }
        let size = output.pixelWidth(size: spec.size)
        return Manifest.Entry(path: output.path, spec: file, name: spec.name, format: output.format.rawValue, scale: output.scale,
                              variant: output.dark ? "dark" : "light", width: size, height: size, sha256: sha256, contrast: contrast,
                              warnings: warnings, fingerprint: fingerprint, title: Self.title(output.dark ? spec.dark ?? spec.logo : spec.logo))
    }

    /// What the gallery names a picture by: the name of `initials`, else `content`.
    static func title(_ logo: LogoSyntax) -> String? {
        logo.text?.value.initials?.value ?? logo.text?.value.content?.value
    }
}

extension CheckedSpec {
    /// Edge of the canvas in pixels at scale 1.
    var size: Int { logo.size?.value ?? Resolver.defaultSize }

    /// The warnings written in spec file `file` (a display path), for the
    /// manifest and gallery. (Static, on the path: calling a method of a
    /// spec in an array copied the whole, large spec first.)
    static func ownWarnings(of file: String, in diagnostics: [Diagnostic]) -> [String] {
        diagnostics.filter { $0.severity == .warning && $0.span?.file == file }.map { d in
            "\(d.span?.file ?? ""):\(d.span?.start.line ?? 0):\(d.span?.start.column ?? 0): \(d.code.rawValue): \(d.message)"
        }
    }
}
