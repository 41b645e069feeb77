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
    var records: [String: BuildCache.OutputRecord] = [:]
}

/// The state one run shares across specs: the previous manifest and cache,
/// the file hasher, and the toolchain's identity.
final class BuildContext: Sendable {
    let project: Project
    let options: BuildRun.Options
    let directory: String?
    let checked: CheckReport
    let manifest: Manifest
    let cache: BuildCache
    let hasher: FileHasher
    let toolchain: String
    let resolver: Resolver
    /// Previous manifest entries by output path.
    let previous: [String: Manifest.Entry]

    init(project: Project, options: BuildRun.Options, directory: String?, checked: CheckReport) {
        self.project = project
        self.options = options
        self.directory = directory
        self.checked = checked
        self.manifest = directory.map(Manifest.load) ?? Manifest()
        self.cache = directory.map(BuildCache.load) ?? BuildCache()
        self.hasher = FileHasher(previous: cache.files)
        self.resolver = Resolver(project: project)
        self.previous = Dictionary(manifest.outputs.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let projectFonts = project.fonts.projectFaces().map(\.path).sorted()
        let fontHashes = projectFonts.map { "\($0) \(FileHasherOnce.hash($0))" }
        toolchain = SHA256.hex(["logoc " + BuildRun.version, Renderer.libraryVersions, Renderer.bundledFontsIdentity]
            .joined(separator: "\n") + fontHashes.joined(separator: "\n"))
    }

    /// A path relative to the project root (absolute when outside it).
    func relative(_ path: String) -> String {
        let real = PathResolver.realPath(path) ?? path
        let root = project.paths.root
        return real.hasPrefix(root + "/") ? String(real.dropFirst(root.count + 1)) : real
    }

    // MARK: One spec

    func build(_ spec: CheckedSpec, strictBlocked: Bool, renderer: () throws(RenderError) -> Renderer) -> Outcome {
        var outcome = Outcome(specFile: relative(spec.input.path))
        guard let directory else {
            let plan = SpecPlan(spec: spec, resolver: resolver, renderer: renderer)
            outcome.diagnostics = plan.diagnostics
            outcome.failures = plan.failures
            return outcome
        }
        let (light, dark) = resolver.resolve(spec)
        let inputs = self.inputs(of: spec, trees: [light] + (dark.map { [$0] } ?? []))
        let keyedInputs = inputs.filter { $0.value.kind == .content }.map { "\($0.key) \($0.value.hash)" }.sorted().joined(separator: "\n")
        let warnings = spec.ownWarnings(in: checked.diagnostics)

        // Which outputs are stale, and why.
        var stale: [(OutputFile, String, String)] = []   // output, key, tree hash
        var reasons: [String] = []
        for output in spec.outputs {
            let tree = output.dark ? (dark ?? light) : light
            let treeHash = SHA256.hex(tree.dump())
            let key = SHA256.hex([toolchain, treeHash, output.format.rawValue, String(output.scale), keyedInputs].joined(separator: "\n"))
            if let reason = staleness(output.path, key: key, treeHash: treeHash, inputs: inputs, directory: directory) {
                stale.append((output, key, treeHash))
                if !reasons.contains(reason) { reasons.append(reason) }
            } else if let old = previous[output.path], let record = cache.outputs[output.path] {
                outcome.unchanged.append(output.path)
                var entry = old
                entry.warnings = warnings
                outcome.entries.append(entry)
                outcome.records[output.path] = record
            }
        }
        if stale.isEmpty, !strictBlocked {
            outcome.state = .unchanged
            return outcome
        }

        // Something must be drawn: measure, then render what is stale.
        var plan = SpecPlan(spec: spec, resolver: resolver, renderer: renderer)
        outcome.diagnostics = plan.diagnostics
        outcome.failures = plan.failures
        if plan.hasErrors || strictBlocked || (options.strict && !plan.diagnostics.isEmpty) {
            outcome.state = .failed
            outcome.unchanged = []
            outcome.entries = []
            outcome.records = [:]
            return outcome
        }
        var files: [(OutputFile, String, String, [UInt8], Double?)] = []
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
        } catch {
            plan.report(error, logo: spec.logo)
            outcome.diagnostics = plan.diagnostics.normalized()
            outcome.failures = plan.failures
            outcome.state = .failed
            outcome.unchanged = []
            outcome.entries = []
            outcome.records = [:]
            return outcome
        }
        outcome.state = .built
        outcome.explanations.append("\(spec.input.displayPath) (\(spec.name)): " + reasons.joined(separator: "; "))
        let recordedInputs = inputs.mapValues(\.hash)
        for (output, key, treeHash, bytes, contrast) in files {
            let path = (directory as NSString).appendingPathComponent(output.path)
            do {
                try AtomicFile.write(bytes, to: path)
            } catch {
                outcome.failures.append("cannot write '\(path)': \(error)")
                outcome.state = .failed
                continue
            }
            outcome.written.append(output.path)
            let size = output.format == .svg ? spec.size : spec.size * output.scale
            outcome.entries.append(Manifest.Entry(
                path: output.path, spec: outcome.specFile, name: spec.name, format: output.format.rawValue, scale: output.scale,
                variant: output.dark ? "dark" : "light", width: size, height: size, sha256: SHA256.hex(bytes),
                contrast: contrast.map { ($0 * 100).rounded() / 100 }, warnings: warnings))
            let stamp = FileStamp.current(path).map { FileStamp(size: $0.size, mtime: $0.mtime, inode: $0.inode, sha256: SHA256.hex(bytes)) }
                ?? FileStamp(size: 0, mtime: 0, inode: 0, sha256: "")
            outcome.records[output.path] = BuildCache.OutputRecord(key: key, tree: treeHash, inputs: recordedInputs, stamp: stamp)
        }
        return outcome
    }

    /// Nil when the output on disk is what these inputs would draw; else why not.
    private func staleness(_ path: String, key: String, treeHash: String, inputs: [String: InputFile], directory: String) -> String? {
        if options.force { return "--force" }
        guard let record = cache.outputs[path], let entry = previous[path] else { return "new output \(path)" }
        if record.key != key {
            if cache.toolchain != toolchain { return "logoc, a library or a bundled font changed" }
            let changed = inputs.filter { record.inputs[$0.key] != $0.value.hash }.map(\.key).sorted()
            let gone = record.inputs.keys.filter { inputs[$0] == nil }.sorted()
            if !changed.isEmpty { return "changed: " + changed.joined(separator: ", ") }
            if !gone.isEmpty { return "no longer used: " + gone.joined(separator: ", ") }
            return record.tree != treeHash ? "the render tree changed" : "the output's settings changed"
        }
        let full = (directory as NSString).appendingPathComponent(path)
        guard let now = FileStamp.current(full) else { return "\(path) is missing" }
        if record.stamp.matches(now) { return nil }
        // Touched or replaced: trust the content, not the time.
        guard let data = FileManager.default.contents(atPath: full), SHA256.hex(Array(data)) == entry.sha256 else {
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
    }

    /// Every file the spec's outputs depend on, project-relative, with hashes.
    private func inputs(of spec: CheckedSpec, trees: [RenderTree]) -> [String: InputFile] {
        var files: [(String, InputFile.Kind)] = [(spec.input.path, .source)]
        files += spec.partials.map { ($0, .source) }
        if let config = project.configFile { files.append((config, .source)) }
        for tree in trees {
            if case .image(let image) = tree.background { files.append((image.path, .content)) }
            if let file = tree.text?.font.file { files.append((file, .content)) }
        }
        var result: [String: InputFile] = [:]
        for (path, kind) in files {
            result[relative(path)] = InputFile(kind: kind, hash: hasher.hash(path) ?? "missing")
        }
        return result
    }
}

/// Hashes a file once, outside any cache (the project's few font files).
enum FileHasherOnce {
    static func hash(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { SHA256.hex(Array($0)) } ?? "missing"
    }
}

extension CheckedSpec {
    /// Edge of the canvas in pixels at scale 1.
    var size: Int { logo.size?.value ?? Resolver.defaultSize }

    /// The warnings written in this spec's own file, for the manifest and gallery.
    func ownWarnings(in diagnostics: [Diagnostic]) -> [String] {
        diagnostics.filter { $0.severity == .warning && $0.span?.file == input.displayPath }.map { d in
            "\(d.span?.file ?? ""):\(d.span?.start.line ?? 0):\(d.span?.start.column ?? 0): \(d.code.rawValue): \(d.message)"
        }
    }
}
