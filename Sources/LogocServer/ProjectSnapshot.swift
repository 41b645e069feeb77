import Foundation
import LogocCore
import LogocDriver
import LogocFrontend
import LogocRenderTree

/// Everything `serve` answers from, read once and never changed: the
/// checked specs of the served folders, each output by its URL path, the
/// templates by theirs, and a content key for every picture. A reload makes
/// a new snapshot and swaps it in whole (`SnapshotStore`), so a request sees
/// the old specs or the new, never a mix.
public final class ProjectSnapshot: Sendable {
    /// One spec output, as a URL names it.
    struct Served: Sendable {
        let spec: Int
        let output: OutputFile
        /// What shapes its bytes: equal keys, equal bytes.
        let key: String
    }

    let project: Project
    let resolver: Resolver
    let specs: [CheckedSpec]
    /// Output path (`team/jane-doe@2x.png`) → its spec and file.
    let outputs: [String: Served]
    /// `folder/name` of each template → the template.
    let templates: [String: CheckedSpec]
    /// Changes whenever any served file changes: part of every template
    /// avatar's cache key (a template's look can come from any partial).
    let stamp: String
    /// The front end's diagnostics, for the log; specs with errors are not served.
    public let diagnostics: [Diagnostic]
    /// Request targets already resolved against this snapshot, as sent
    /// (`/people/avatar/64/Jane%20Doe.png?s=2`): a repeated URL then costs
    /// one look-up instead of a path parse, a name check and a key's
    /// SHA-256 — together a sixth of the server's CPU for a cache hit
    /// (`perf`, docs/serving.md). A reload makes a new snapshot, so nothing
    /// here outlives the specs it was resolved against. Bounded: emptied
    /// when it holds `resolvedLimit` targets (a load of new names each
    /// request only refills it).
    private let resolved = Locked<[String: Resolved]>([:])
    static let resolvedLimit = 4096

    /// A target's picture: its drawing and the format the URL asked for.
    struct Resolved: Sendable {
        let drawing: Drawing
        let format: OutputFile.Format
    }

    public var specCount: Int { specs.count }
    public var templateCount: Int { templates.count }

    init(project: Project, specs: [CheckedSpec], diagnostics: [Diagnostic], stamp: String) {
        self.project = project
        resolver = Resolver(project: project)
        self.diagnostics = diagnostics
        self.stamp = stamp
        var outputs: [String: Served] = [:]
        var templates: [String: CheckedSpec] = [:]
        var kept: [CheckedSpec] = []
        for spec in specs {
            let id = spec.input.outputFolder.isEmpty ? spec.name : spec.input.outputFolder + "/" + spec.name
            if spec.isTemplate {
                templates[id] = spec
                continue
            }
            let trees = resolver.resolve(spec)
            for output in spec.outputs where output.target == nil {
                let tree = trees.tree(dark: output.dark, pixels: output.pixelWidth(size: trees.light.size))
                let key = ContentKey.of(tree: tree, output: output, stamp: stamp)
                outputs[output.path] = Served(spec: kept.count, output: output, key: key)
            }
            kept.append(spec)
        }
        self.specs = kept
        self.outputs = outputs
        self.templates = templates
    }

    /// Reads and checks the spec files of `paths` (folders or files).
    /// Throws when a path does not exist.
    public static func load(paths: [String], root: String, config: String?, jobs: Int) throws(Discovery.MissingPath) -> ProjectSnapshot {
        let stamp = ContentKey.stamp(of: WatchLoop.snapshot(folders: paths, files: config.map { [$0] } ?? []))
        let inputs = try Discovery.inputs(paths)
        let project = Project.load(root: root, configPath: config)
        let report = CheckRun.run(inputs, project: project, jobs: jobs)
        return ProjectSnapshot(project: project, specs: report.specs, diagnostics: project.configDiagnostics + report.diagnostics, stamp: stamp)
    }

    /// What a request for an image asks `serve` to draw: its cache key at
    /// once, and the spec and file only when the cache does not have it
    /// (`make`: a template's instance is made on a miss alone). A hit pays
    /// for the key and nothing else: no spec is copied, no closure made.
    struct Drawing: Sendable {
        let key: String
        fileprivate let source: Source

        fileprivate enum Source: Sendable {
            /// `specs[spec]`'s file.
            case spec(Int, OutputFile)
            /// The template `id` drawn for `person`.
            case template(id: String, person: String, size: Int, scale: Int, format: OutputFile.Format)
        }

        var isTemplate: Bool {
            if case .template = source { return true }
            return false
        }
    }

    /// The picture `path` names: a spec's output, or a template drawn for a
    /// person. 404 when nothing is there; 400 for a bad size or name.
    func drawing(for path: RequestPath) throws(HTTPFailure) -> Drawing {
        let joined = path.segments.joined(separator: "/")
        if let served = outputs[joined] {
            return Drawing(key: served.key, source: .spec(served.spec, served.output))
        }
        // `/<folders>/<template>/<size>/<person>.<ext>`
        let id = path.segments.dropLast(2).joined(separator: "/")
        if path.segments.count >= 3, templates[id] != nil {
            let size = try RequestPath.size(path.segments[path.segments.count - 2])
            let (person, scale) = RequestPath.scale(of: path.stem)
            guard person.utf8.count <= RequestPath.maxNameBytes else {
                throw HTTPFailure(400, "name-too-long", "a name may have at most \(RequestPath.maxNameBytes) bytes of UTF-8, this one has \(person.utf8.count)")
            }
            // Blank: only spaces (Unicode's Zs) and tabs, what Foundation's
            // `.whitespaces` trims (its bridging cost a hit 5 % of its time).
            guard person.unicodeScalars.contains(where: { $0 != "\t" && $0.properties.generalCategory != .spaceSeparator }) else {
                throw HTTPFailure(400, "bad-name", "the name is empty")
            }
            let key = ContentKey.of(template: id, person: person, size: size, format: path.format, scale: scale, stamp: stamp)
            return Drawing(key: key, source: .template(id: id, person: person, size: size, scale: scale, format: path.format))
        }
        throw HTTPFailure(404, "not-found", "no spec or template makes '/\(joined.prefix(512))'")
    }

    /// The picture a request target names (`resolved` remembers it); nil
    /// for a target that is not a picture's (`/healthz`, `/metrics`).
    /// Throws what `RequestPath.parse` and `drawing(for:)` throw, never
    /// remembered.
    func resolve(target: String) throws(HTTPFailure) -> Resolved? {
        if let known = resolved.withLock({ $0[target] }) { return known }
        guard case .image(let path) = try RequestPath.parse(target) else { return nil }
        let answer = Resolved(drawing: try drawing(for: path), format: path.format)
        resolved.withLock { known in
            if known.count >= Self.resolvedLimit { known.removeAll(keepingCapacity: true) }
            known[target] = answer
        }
        return answer
    }

    /// How many targets `resolve` remembers now (for tests).
    var resolvedCount: Int { resolved.withLock { $0.count } }

    /// The spec and file `drawing` names, made when it must be drawn.
    func make(_ drawing: Drawing) throws(HTTPFailure) -> (spec: CheckedSpec, output: OutputFile) {
        switch drawing.source {
        case .spec(let index, let output):
            return (specs[index], output)
        case .template(let id, let person, let size, let scale, let format):
            guard let template = templates[id] else { throw HTTPFailure(404, "not-found", "no template '\(id)'") }
            let spec = template.instance(person: person, file: PersonFile.name(for: person), size: size)
            guard let output = spec.outputs.first(where: { $0.target == nil && !$0.dark && $0.format == format && $0.scale == scale }) else {
                throw HTTPFailure(404, "not-found", "template '\(id)' makes no \(scale == 1 ? "" : "@\(scale)x ").\(format.rawValue) file")
            }
            return (spec, output)
        }
    }
}

/// The cache keys of pictures: a hash of everything that shapes the bytes,
/// so an edited spec's old pictures are never looked up again.
enum ContentKey {
    static func of(tree: RenderTree, output: OutputFile, stamp: String) -> String {
        var bytes = tree.canonicalBytes()
        // Image and font files reach the bytes outside the tree: the stamp of every served file.
        bytes += Array("\n\(output.format.rawValue) \(output.scale) \(output.quality ?? -1) \(output.matte?.description ?? "-") \(stamp)".utf8)
        return "s " + SHA256.hex(bytes)
    }

    /// A template avatar's key: the template, the name, size and file, and
    /// the stamp of every served file (a template's look can come from any partial).
    static func of(template: String, person: String, size: Int, format: OutputFile.Format, scale: Int, stamp: String) -> String {
        "t " + SHA256.hex(Array("\(template)\n\(person)\n\(size) \(format.rawValue) \(scale) \(stamp)".utf8))
    }

    /// One hash of every watched file's size, time and inode.
    static func stamp(of files: [String: [Int64]]) -> String {
        SHA256.hex(Array(files.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "\n").utf8))
    }
}
