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
}

/// The state one run shares across specs: the previous cache, the file
/// hasher, and the toolchain's identity.
final class BuildContext: Sendable {
    let project: Project
    let options: BuildRun.Options
    let directory: String?
    let cache: BuildCache
    let hasher = FileHasher()
    let toolchain: String
    let resolver: Resolver
    /// Without a cache, the manifest's entries per spec file: pruning still
    /// knows logoc's files.
    let manifestOnly: [String: [Manifest.Entry]]
    /// Records each output before it is written (see `IntentLog`).
    let intents: IntentLog?
    /// What a build that did not finish recorded: output path → SHA-256.
    let leftoverIntents: [String: String]

    /// Where `logoc.yaml` is or would be: a spec depends on it even when absent.
    let configPath: String
    /// Project-relative paths of the run's spec files, worked out once.
    let relativePaths: [String: String]

    init(project: Project, options: BuildRun.Options, directory: String?, cache: BuildCache, configPath: String,
         toolchain: String, relativePaths: [String: String] = [:]) {
        self.relativePaths = relativePaths
        self.project = project
        self.options = options
        self.directory = directory
        self.cache = cache
        self.configPath = configPath
        if cache.isEmpty, let directory {
            self.manifestOnly = Dictionary(grouping: Manifest.load(from: directory).outputs, by: \.spec)
        } else {
            self.manifestOnly = [:]
        }
        self.resolver = Resolver(project: project)
        self.toolchain = toolchain
        self.intents = directory.map(IntentLog.init)
        self.leftoverIntents = directory.map(IntentLog.leftovers) ?? [:]
    }

    /// Identity of everything outside the specs that shapes the bytes.
    static func toolchain(project: Project) -> String {
        let projectFonts = project.fonts.projectFaces().map(\.path).sorted()
        let fontHashes = projectFonts.map { "\($0) \(FileManager.default.contents(atPath: $0).map { SHA256.hex(Array($0)) } ?? "missing")" }
        return SHA256.hex(["logoc " + BuildRun.version, "gallery \(Gallery.formatVersion)", Renderer.libraryVersions, Renderer.bundledFontsIdentity]
            .joined(separator: "\n") + fontHashes.joined(separator: "\n"))
    }

    /// A path relative to the project root (absolute when outside it).
    func relative(_ path: String) -> String {
        if let known = relativePaths[path] { return known }
        let real = PathResolver.realPath(path) ?? path
        let root = project.paths.root
        return real.hasPrefix(root + "/") ? String(real.dropFirst(root.count + 1)) : real
    }

    // MARK: One spec

    /// `warnings` are the spec's own, for the manifest.
    func build(_ spec: CheckedSpec, warnings: [String], strictBlocked: Bool, renderer: () throws(RenderError) -> Renderer) -> Outcome {
        var outcome = Outcome(specFile: relative(spec.input.path))
        let old = cache.record(outcome.specFile)
        guard let directory else {
            let plan = SpecPlan(spec: spec, resolver: resolver, renderer: renderer)
            outcome.diagnostics = plan.diagnostics
            outcome.failures = plan.failures
            return outcome
        }
        let (light, dark) = options.clock.time(.resolve) { resolver.resolve(spec) }
        var dependencyPaths: [String] = []
        let inputs = self.inputs(of: spec, trees: [light] + (dark.map { [$0] } ?? []), old: old, dependencies: &dependencyPaths)
        outcome.dependencies = Dictionary(dependencyPaths.map { ($0, dependencyStamp($0, of: spec)) }, uniquingKeysWith: { a, _ in a })
        let keyedInputs = inputs.filter { $0.value.kind == .content }.map { "\($0.key) \($0.value.hash)" }.sorted().joined(separator: "\n")

        // Which outputs are stale, and why.
        var stale: [(OutputFile, String, String)] = []   // output, key, tree hash
        var reasons: [String] = []
        for output in spec.outputs {
            let tree = output.dark ? (dark ?? light) : light
            let treeHash = SHA256.hex(tree.dump())
            let key = SHA256.hex([toolchain, treeHash, output.format.rawValue, String(output.scale), keyedInputs].joined(separator: "\n"))
            if let reason = staleness(output.path, key: key, treeHash: treeHash, inputs: inputs, old: old, directory: directory) {
                stale.append((output, key, treeHash))
                if !reasons.contains(reason) { reasons.append(reason) }
            } else if var record = old?.outputs[output.path] {
                outcome.unchanged.append(output.path)
                record.entry = entry(output, of: spec, file: outcome.specFile, sha256: record.stamp.sha256, contrast: record.entry.contrast,
                                     warnings: warnings, fingerprint: record.entry.fingerprint)
                outcome.entries.append(record.entry)
                outcome.records.append(record)
            }
        }
        if stale.isEmpty, !strictBlocked {
            outcome.state = .unchanged
            return outcome
        }

        // Something must be drawn: measure, then render what is stale.
        var plan = SpecPlan(spec: spec, resolver: resolver, trees: (light, dark), renderer: renderer) { dark in
            stale.contains { $0.0.format == .png && $0.0.scale == 1 && $0.0.dark == dark }
        }
        outcome.diagnostics = plan.diagnostics
        outcome.failures = plan.failures
        if plan.hasErrors || strictBlocked || (options.strict && !plan.diagnostics.isEmpty) {
            outcome.state = .failed
            outcome.unchanged = []
            outcome.entries = []
            outcome.records = []
            return outcome
        }
        var files: [(OutputFile, String, String, [UInt8], Double?)] = []
        // One fingerprint per variant, for the look-alike check.
        var fingerprints: [Bool: String] = [:]
        do {
            let r = try renderer()
            for (output, key, treeHash) in stale {
                let tree = output.dark ? (dark ?? light) : light
                let bytes: [UInt8]
                switch output.format {
                case .png: bytes = try r.png(tree, scale: output.scale)
                case .svg: bytes = try r.svg(tree)
                }
                files.append((output, key, treeHash, bytes, try r.measureText(tree)?.ratio))
            }
            // After the outputs, so that drawing them happens exactly as before
            // fingerprints existed (Pango keeps state between layouts).
            for isDark in [false, true] where stale.contains(where: { $0.0.dark == isDark }) {
                fingerprints[isDark] = try r.fingerprint(isDark ? (dark ?? light) : light).description
            }
        } catch {
            plan.report(error, logo: spec.logo)
            outcome.diagnostics = plan.diagnostics.normalized()
            outcome.failures = plan.failures
            outcome.state = .failed
            outcome.unchanged = []
            outcome.entries = []
            outcome.records = []
            return outcome
        }
        outcome.state = .built
        // Outputs kept as they were take the fingerprint drawn now when they had none.
        for i in outcome.records.indices where outcome.records[i].entry.fingerprint == nil {
            outcome.records[i].entry.fingerprint = fingerprints[outcome.records[i].entry.variant == "dark"]
        }
        outcome.entries = outcome.records.map(\.entry)
        outcome.explanations.append("\(spec.input.displayPath) (\(spec.name)): " + reasons.joined(separator: "; "))
        let hashes = files.map { SHA256.hex($0.3) }
        do {
            try intents?.record(zip(files, hashes).map { ($0.0.path, $1) })
        } catch {
            outcome.failures.append(FileErrorText.reason(error))
            outcome.state = .failed
            (outcome.unchanged, outcome.entries, outcome.records) = ([], [], [])
            return outcome
        }
        for ((output, key, treeHash, bytes, contrast), sha256) in zip(files, hashes) {
            let path = (directory as NSString).appendingPathComponent(output.path)
            do {
                try options.clock.time(.io) { try AtomicFile.write(bytes, to: path) }
            } catch {
                outcome.failures.append("cannot write '\(path)': \(FileErrorText.reason(error, about: path))")
                outcome.state = .failed
                continue
            }
            outcome.written.append(output.path)
            let made = entry(output, of: spec, file: outcome.specFile, sha256: sha256, contrast: contrast.map { ($0 * 100).rounded() / 100 },
                             warnings: warnings, fingerprint: fingerprints[output.dark])
            outcome.entries.append(made)
            let stamp = FileStamp.current(path).map { FileStamp(size: $0.size, mtime: $0.mtime, inode: $0.inode, sha256: sha256) }
                ?? FileStamp(size: 0, mtime: 0, inode: 0, sha256: "")
            outcome.records.append(BuildCache.OutputRecord(key: key, tree: treeHash, stamp: stamp, entry: made))
        }
        return outcome
    }

    /// What the next build's skip test compares for `path`. The front end
    /// read the spec file, its partials and `logoc.yaml` before the hasher
    /// looked at them: if one changed in between (saved while the build ran),
    /// the hasher's stamp is of the new bytes while the outputs come from the
    /// old, and the next build would skip them for good. So such a file's
    /// stamp is the one it had when it was read, without a hash.
    private func dependencyStamp(_ path: String, of spec: CheckedSpec) -> FileStamp {
        let hashed = hasher.stamp(path)
        guard let read = spec.readStamps[path] ?? (path == configPath ? project.configStamp : nil) else { return hashed }
        if hashed.matches((read.size, read.mtime, read.inode)) { return hashed }
        return FileStamp(size: read.size, mtime: read.mtime, inode: read.inode, sha256: "")
    }

    /// The manifest's line for one output.
    private func entry(_ output: OutputFile, of spec: CheckedSpec, file: String, sha256: String, contrast: Double?, warnings: [String],
                       fingerprint: String?) -> Manifest.Entry {
        let size = output.format == .svg ? spec.size : spec.size * output.scale
        return Manifest.Entry(path: output.path, spec: file, name: spec.name, format: output.format.rawValue, scale: output.scale,
                              variant: output.dark ? "dark" : "light", width: size, height: size, sha256: sha256, contrast: contrast,
                              warnings: warnings, fingerprint: fingerprint, title: Self.title(output.dark ? spec.dark ?? spec.logo : spec.logo))
    }

    /// What the gallery names a picture by: the name of `initials`, else `content`.
    static func title(_ logo: LogoSyntax) -> String? {
        logo.text?.value.initials?.value ?? logo.text?.value.content?.value
    }

    /// Nil when the output on disk is what these inputs would draw; else why not.
    private func staleness(_ path: String, key: String, treeHash: String, inputs: [String: InputFile], old: BuildCache.SpecRecord?,
                           directory: String) -> String? {
        if options.force { return "--force" }
        guard let old, let record = old.outputs[path] else { return "new output \(path)" }
        if record.key != key {
            if cache.toolchain != toolchain { return "logoc, a library or a bundled font changed" }
            let before = old.dependencies
            let changed = inputs.filter { before[$0.value.path]?.sha256 != $0.value.hash }.map(\.key).sorted()
            let now = Set(inputs.values.map(\.path))
            let gone = before.filter { !now.contains($0.key) && $0.value.size >= 0 && $0.key != configPath }.map { relative($0.key) }.sorted()
            if !changed.isEmpty { return "changed: " + changed.joined(separator: ", ") }
            if !gone.isEmpty { return "no longer used: " + gone.joined(separator: ", ") }
            return record.tree != treeHash ? "the render tree changed" : "the output's settings changed"
        }
        let full = (directory as NSString).appendingPathComponent(path)
        guard let now = FileStamp.current(full) else { return "\(path) is missing" }
        if record.stamp.matches(now) { return nil }
        // Touched or replaced: trust the content, not the time.
        guard let data = FileManager.default.contents(atPath: full), SHA256.hex(Array(data)) == record.stamp.sha256 else {
            return "\(path) was modified"
        }
        return nil
    }

    struct InputFile: Sendable {
        enum Kind: Sendable {
            /// Its meaning reaches the output through the render tree (specs, partials, logoc.yaml).
            case source
            /// Its bytes reach the output directly (images, font files).
            case content
        }
        var kind: Kind
        var hash: String
        /// Absolute.
        var path: String
    }

    /// Every file the spec's outputs depend on, project-relative, with hashes.
    private func inputs(of spec: CheckedSpec, trees: [RenderTree], old: BuildCache.SpecRecord?, dependencies: inout [String]) -> [String: InputFile] {
        var files: [(String, InputFile.Kind)] = [(spec.input.path, .source)]
        files += spec.partials.map { ($0, .source) }
        if let config = project.configFile { files.append((config, .source)) }
        dependencies = files.map(\.0) + [configPath]
        for tree in trees {
            if case .image(let image) = tree.background { files.append((image.path, .content)) }
            if let file = tree.text?.font.file { files.append((file, .content)) }
        }
        dependencies += files.filter { $0.1 == .content }.map(\.0)
        var result: [String: InputFile] = [:]
        // (Hashes come from the hasher's own stat, taken before reading.)
        for (path, kind) in files {
            result[relative(path)] = InputFile(kind: kind, hash: hasher.hash(path, previous: old?.dependencies[path]) ?? "missing", path: path)
        }
        return result
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
