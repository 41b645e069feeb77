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
    /// The files its outputs are made from, by project-relative path, with hashes.
    var inputs: [String: BuildContext.InputFile] = [:]

    init(_ spec: CheckedSpec, trees: SpecTrees, old: BuildCache.SpecRecord?, directory: String, context: BuildContext) {
        var dependencyPaths: [String] = []
        let inputs = context.inputs(of: spec, trees: trees.all, old: old, dependencies: &dependencyPaths)
        self.inputs = inputs
        dependencies = Dictionary(dependencyPaths.map { ($0, context.dependencyStamp($0, of: spec)) }, uniquingKeysWith: { a, _ in a })
        let keyedInputs = inputs.filter { $0.value.kind == .content }.map { "\($0.key) \($0.value.hash)" }.sorted().joined(separator: "\n")
        // One hash per drawing, not per output: its formats and scales share
        // the tree. Each output's key holds the hash of the tree it draws.
        var hashes: [(tree: RenderTree, hash: String)] = []
        func hash(_ tree: RenderTree) -> String {
            if let known = hashes.first(where: { $0.tree == tree }) { return known.hash }
            let made = OutputKey.treeHash(tree)
            hashes.append((tree, made))
            return made
        }
        for output in spec.outputs {
            let treeHash: String
            let key: String
            if let target = output.target {
                treeHash = OutputKey.treeHash(of: target, trees: trees, size: trees.light.size, hash: hash)
                key = OutputKey.key(toolchain: context.toolchain, treeHash: treeHash, target: target, spec: spec, contentInputs: keyedInputs)
            } else {
                treeHash = hash(trees.tree(dark: output.dark, pixels: output.pixelWidth(size: trees.light.size)))
                key = OutputKey.key(toolchain: context.toolchain, treeHash: treeHash, output: output, contentInputs: keyedInputs)
            }
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

    /// A target file's trees: the light one (the dark one for a file drawn
    /// from it alone, `TargetFile.dark`) at every size it is drawn at
    /// (and at the spec's size, which the SVG and the manifest's colours
    /// come from), and the dark one at the spec's size when the file holds it (favicon.svg);
    /// a file of the dark drawing alone (`drawable-night-*`) the dark one instead of the light.
    /// `hash`: a tree's hash, each computed once per spec.
    static func treeHash(of target: TargetFile, trees: SpecTrees, size: Int, hash: (RenderTree) -> String) -> String {
        if target.drawingFree { return SHA256.hex("no drawing") }
        var hashes = (target.drawnAt + [size]).map { hash(trees.tree(dark: target.dark, pixels: $0)) }
        if target.drawsDark, trees.dark != nil { hashes += (target.drawnAt + [size]).map { hash(trees.tree(dark: true, pixels: $0)) } }
        return SHA256.hex(hashes.joined(separator: "\n"))
    }

    /// A target file's key: its target, kind and role, its trees, and the
    /// spec's name and title (the web manifest's `name`, `short_name`).
    static func key(toolchain: String, treeHash: String, target: TargetFile, spec: CheckedSpec, contentInputs: String) -> String {
        SHA256.hex([toolchain, treeHash, "target", target.target, target.kind, target.role, spec.name,
                    BuildContext.title(spec.logo) ?? "", contentInputs].joined(separator: "\n"))
    }
}
