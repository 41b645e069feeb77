import Foundation
import LogocCore
import LogocFrontend
import LogocImageIO
import LogocRenderTree

/// Which outputs of a looked-at spec must be drawn again, and why: each
/// output's key against the cache's, and its file against its recorded
/// stamp and SHA-256. Reads the spec's input files (to hash them) and the
/// outputs' stamps; writes nothing.
struct OutputStaleness {
    /// An output to draw, with its key and render-tree hash.
    struct Stale {
        var output: OutputFile
        var key: String
        var tree: String
    }

    var stale: [Stale] = []
    /// Why, one reason per distinct cause, in output order.
    var reasons: [String] = []
    /// The outputs that are current, with their records, kept as they are.
    var kept: [(output: OutputFile, record: BuildCache.OutputRecord)] = []
    /// Every file the spec used (absolute path → stamp), for the next run's skip test.
    var dependencies: [String: FileStamp] = [:]

    init(_ spec: CheckedSpec, light: RenderTree, dark: RenderTree?, old: BuildCache.SpecRecord?, directory: String, context: BuildContext) {
        var dependencyPaths: [String] = []
        let inputs = context.inputs(of: spec, trees: [light] + (dark.map { [$0] } ?? []), old: old, dependencies: &dependencyPaths)
        dependencies = Dictionary(dependencyPaths.map { ($0, context.dependencyStamp($0, of: spec)) }, uniquingKeysWith: { a, _ in a })
        let keyedInputs = inputs.filter { $0.value.kind == .content }.map { "\($0.key) \($0.value.hash)" }.sorted().joined(separator: "\n")
        // One hash per variant, not per output: its formats and scales share the tree.
        let lightHash = OutputKey.treeHash(light)
        let darkHash = dark.map(OutputKey.treeHash) ?? lightHash
        for output in spec.outputs {
            let treeHash = output.dark ? darkHash : lightHash
            let key = OutputKey.key(toolchain: context.toolchain, treeHash: treeHash, output: output, contentInputs: keyedInputs)
            if let reason = context.staleness(output.path, key: key, treeHash: treeHash, inputs: inputs, old: old, directory: directory) {
                stale.append(Stale(output: output, key: key, tree: treeHash))
                if !reasons.contains(reason) { reasons.append(reason) }
            } else if let record = old?.outputs[output.path] {
                kept.append((output, record))
            }
        }
    }
}

extension BuildContext {
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

    /// What the next build's skip test compares for `path`. The front end
    /// read the spec file, its partials and `logoc.yaml` before the hasher
    /// looked at them: if one changed in between (saved while the build ran),
    /// the hasher's stamp is of the new bytes while the outputs come from the
    /// old, and the next build would skip them for good. So such a file's
    /// stamp is the one it had when it was read, without a hash.
    func dependencyStamp(_ path: String, of spec: CheckedSpec) -> FileStamp {
        let hashed = hasher.stamp(path)
        guard let read = spec.readStamps[path] ?? (path == configPath ? project.configStamp : nil) else { return hashed }
        if hashed.matches((read.size, read.mtime, read.inode)) { return hashed }
        return FileStamp(size: read.size, mtime: read.mtime, inode: read.inode, sha256: "")
    }

    /// Nil when the output on disk is what these inputs would draw; else why not.
    func staleness(_ path: String, key: String, treeHash: String, inputs: [String: InputFile], old: BuildCache.SpecRecord?,
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

    /// Every file the spec's outputs depend on, project-relative, with hashes.
    func inputs(of spec: CheckedSpec, trees: [RenderTree], old: BuildCache.SpecRecord?, dependencies: inout [String]) -> [String: InputFile] {
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

/// An output's cache key: what must be equal for its bytes to be equal.
enum OutputKey {
    /// Hash of the render tree an output is drawn from: of its canonical
    /// bytes (every field exact), not of its golden-file dump, which rounds.
    static func treeHash(_ tree: RenderTree) -> String {
        SHA256.hex(tree.canonicalBytes())
    }

    /// SHA-256 over the toolchain, the tree, the output's format and scale,
    /// and the hashes of the files whose bytes reach it directly; for webp,
    /// avif and jpeg also their encoder's settings and library version.
    /// (A png's or svg's key has nothing more, so it is what it was before
    /// those formats existed.)
    static func key(toolchain: String, treeHash: String, output: OutputFile, contentInputs: String) -> String {
        var parts = [toolchain, treeHash, output.format.rawValue, String(output.scale), contentInputs]
        if let settings = encoderSettings(output) { parts.append(settings) }
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// What shapes an encoded output's bytes besides its drawing, or nil
    /// for png, svg and pdf (whose libraries, Cairo's, are in the toolchain).
    static func encoderSettings(_ output: OutputFile) -> String? {
        switch output.format {
        case .png, .svg, .pdf: nil
        case .webp, .avif, .jpeg:
            "quality \(output.quality.map(String.init) ?? "lossless") matte \(output.matte?.description ?? "-") " + ImageCodecs.encoderVersions
        }
    }
}
