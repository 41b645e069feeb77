import Foundation
import LogocCore

/// The front end for one spec file: YAML → `extends` merged → typed AST →
/// validated. Pure over the file system: reads, never writes.
public struct SpecChecker: Sendable {
    public let project: Project
    private let reader = YAMLReader()
    /// Where `--timings` adds up parse and validate time.
    public var clock: StageClock?
    /// False to read specs only as far as their names, outputs and the
    /// files they use (`extends`, images, font files), without validating
    /// them, and to keep a spec even when it has errors: how `check FILES`
    /// learns the rest of the project cheaply (`AffectedSpecs`).
    public var validates = true
    /// Partials read in this run: a partial that a thousand specs extend is
    /// read and parsed once.
    private let partialFiles = PartialFiles()

    public init(project: Project, clock: StageClock? = nil) {
        self.project = project
        self.clock = clock
    }

    public func check(_ input: SpecInput) -> FileCheck {
        var result = FileCheck()
        if let problem = input.problem {
            result.diagnostics.append(Diagnostic(.E012, "cannot read '\(Quoted.value(input.displayPath))': \(problem)", at: .startOf(input.displayPath),
                                                 help: "move the specs to a folder fewer levels deep, or shorten its folder names"))
            result.failedDocuments = 1
            return result
        }
        // A spec file inside the root that is, or sits in a folder that is, a
        // link out of it is not read: discovery finds it by name, but its
        // bytes (quoted in diagnostics) belong to no file of the project.
        // Asked once: `extends` needs it again for cycles (an `lstat` each).
        // The file is read first without following a link: one that opens
        // so is none, and its real path is its folder's and its name; a link
        // is judged, then read through.
        var read: FileRead? = FileReader.readStamped(input.path, limit: reader.maxFileBytes, followingLinks: false)
        if case .failure(.link) = read { read = nil }
        let realPath = if case .success = read { project.paths.realFile(notALink: input.path) } else { project.paths.realFile(input.path) }
        if let real = realPath, !project.paths.isInside(real),
           project.paths.isInside(PathResolver.absolute(input.path)) {
            result.diagnostics.append(Diagnostic(.E013, "'\(Quoted.value(input.displayPath))' is a link to '\(Quoted.value(real))', outside the project root",
                                                 at: .startOf(input.displayPath), help: "copy the spec into the project instead of linking it, or pass a wider --root"))
            result.failedDocuments = 1
            return result
        }
        guard let (source, documents) = readYAML(path: input.path, display: input.displayPath, into: &result, at: nil, alreadyRead: read) else {
            result.failedDocuments = 1
            return result
        }
        if documents.isEmpty, result.diagnostics.isEmpty {
            result.diagnostics.append(Diagnostic(.E004, "'\(input.displayPath)' holds no spec", at: .startOf(input.displayPath),
                                                 help: input.isPartial ? "write the shared keys here" : "write at least one key, such as 'text: AB'"))
        }
        let multiple = documents.count > 1
        // Errors the YAML reader found (duplicate keys, tags) belong to the
        // document whose lines hold them.
        let readerErrors = result.diagnostics.filter { $0.isError && $0.span?.file == input.displayPath }.compactMap(\.span?.start)
        let starts = documents.enumerated().map { $0.offset == 0 ? SourcePosition(line: 0, column: 0) : $0.element.start.start }
        for (index, document) in documents.enumerated() {
            let before = result.diagnostics.count
            let spec = checkDocument(document, input: input, realPath: realPath, source: source, multiple: multiple, into: &result)
            if !input.isPartial {
                result.diagnostics.notingVia(input.via(name: spec?.name ?? Self.documentName(document) ?? Self.defaultName(input.displayPath)),
                                             from: before, ownFile: input.displayPath)
            }
            let end = index + 1 < starts.count ? starts[index + 1] : SourcePosition(line: Int.max, column: 0)
            let readerError = readerErrors.contains { $0 >= starts[index] && $0 < end }
            let errors = readerError || result.diagnostics[before...].contains { $0.isError }
            // Moved, not copied: a copy of a spec retains every string of its syntax.
            if !errors || !validates, let spec = consume spec { result.specs.append(spec) } else if !input.isPartial { result.failedDocuments += 1 }
        }
        if documents.isEmpty, result.diagnostics.hasErrors, !input.isPartial { result.failedDocuments = 1 }
        result.diagnostics = result.diagnostics.normalized()
        // Texts are kept only to quote them in diagnostics.
        var quoted = Set(result.diagnostics.compactMap(\.span?.file) + result.diagnostics.flatMap { $0.notes.compactMap(\.span?.file) })
        // So are the texts that diagnostics found later on pixels may quote
        // (contrast over a gradient was reported without its source line).
        for spec in result.specs { quoted.formUnion(spec.filesPixelDiagnosticsQuote) }
        result.sources.removeAll { !quoted.contains($0.path) }
        return result
    }

    private func checkDocument(_ document: YAMLDocument, input: SpecInput, realPath: String?, source: SourceFile, multiple: Bool,
                               into result: inout FileCheck) -> CheckedSpec? {
        guard let root = document.root, !root.isEmptyPlain else {
            result.diagnostics.append(Diagnostic(.E004, "this document is empty", at: document.start,
                                                 help: "write the spec's keys, or remove the empty document"))
            return nil
        }
        guard root.pairs != nil else {
            result.diagnostics.append(Diagnostic(.E003, "a spec must be a mapping of keys, found \(root.kindDescription)", at: root.span,
                                                 help: "write 'key: value' lines, such as 'text: AB'"))
            return nil
        }
        let directory = PathResolver.folder(of: input.path)
        let own = NodeMerger.expandShorthands(root)
        var sources = PathMap<SourceFile>()
        sources[input.displayPath] = source
        // The real path is needed only to find cycles, so only with `extends`.
        var chain = own["extends"] == nil ? [] : [realPath ?? input.path]
        var partials: [String] = []
        var expanded = ExpandedPartials()
        // What the spec is merged over: its partials, and under them logoc.yaml's `output`.
        var lower = extendsBase(of: own, directory: directory, display: input.displayPath, chain: &chain, partials: &partials,
                                sources: &sources, expanded: &expanded, into: &result)
        if let output = project.config.output {
            let key = YAMLNode(.scalar("output", .plain), span: output.span)
            let layer = YAMLNode(.mapping([.init(key: key, value: output)]), span: output.span)
            lower = lower.map { NodeMerger.merge(layer, $0) } ?? layer
        }
        var merged = lower.map { NodeMerger.merge($0, own) } ?? own
        let darkNode = merged["dark"].flatMap { NullRemoval.isNull($0) ? nil : $0 }
        let smallNode = merged["small"].flatMap { NullRemoval.isNull($0) ? nil : $0 }
        // `key: null` drops what the partials gave (NullRemoval).
        let removal = NullRemoval.apply(to: NodeMerger.removing(Self.notInLight, from: merged), root: LanguageSchema.logo)
        merged = removal.node
        if !input.isPartial {
            result.diagnostics += removal.diagnostics
            result.diagnostics += NullRemoval.unused(own, lower: lower, light: merged, dark: darkNode)
        }

        var decoder = SyntaxDecoder(sources: sources)
        decoder.checksPresence = !input.isPartial
        var logo = clock.time(.parse) { decoder.logo(merged) }
        // The variants' mappings, with only the keys they may hold: an
        // unknown one is reported here, and must not be reported again by
        // the spec's schema as the merged variant is decoded.
        let darkKey = root.keyNode("dark") ?? darkNode
        let smallKey = root.keyNode("small") ?? smallNode
        var darkOverrides: YAMLNode?
        if let darkNode, let known = decoder.fields(of: darkNode, LanguageSchema.dark, what: "a mapping of overrides", context: "dark") {
            darkOverrides = NodeMerger.removing(Set(darkNode.pairs?.compactMap(\.key.scalar) ?? []).subtracting(known.keys), from: darkNode)
        }
        var smallOverrides: YAMLNode?
        var maxSize: Located<Int>?
        if let smallNode, let known = decoder.fields(of: smallNode, LanguageSchema.small, what: "a mapping of 'maxSize' and overrides", context: "small") {
            maxSize = known["maxSize"].flatMap { decoder.integer($0.value, key: "maxSize", LanguageSchema.small.integers("maxSize"), code: .E018) }
            let unknown = Set(smallNode.pairs?.compactMap(\.key.scalar) ?? []).subtracting(known.keys)
            smallOverrides = NodeMerger.removing(unknown.union(["maxSize"]), from: smallNode)
        }
        var ownDiagnostics = decoder.diagnostics
        /// `overrides` merged over `base` and decoded, its diagnostics folded into `ownDiagnostics`.
        func variant(_ base: YAMLNode, _ overrides: YAMLNode, fold: VariantDiagnostics) -> (node: YAMLNode, logo: LogoSyntax) {
            var variantDecoder = SyntaxDecoder(sources: sources)
            variantDecoder.checksPresence = decoder.checksPresence
            let variantRemoval = NullRemoval.apply(to: NodeMerger.merge(base, overrides), root: LanguageSchema.logo)
            if !input.isPartial { result.diagnostics += variantRemoval.diagnostics }
            let decoded = variantDecoder.logo(variantRemoval.node)
            fold.fold(variantDecoder.diagnostics, into: &ownDiagnostics)
            return (variantRemoval.node, decoded)
        }
        var variants: [(logo: LogoSyntax, fold: VariantDiagnostics)] = []
        var darkMerged: YAMLNode?
        var darkLogo: LogoSyntax?
        if let darkOverrides, let darkNode, let darkKey {
            let fold = VariantDiagnostics(key: darkKey.span, value: darkNode.span)
            let decoded = variant(merged, darkOverrides, fold: fold)
            (darkMerged, darkLogo) = (decoded.node, decoded.logo)
            logo.dark = Located(DarkVariant(decoded.logo), at: darkKey.span)
            variants.append((decoded.logo, fold))
        }
        if let smallOverrides, let smallNode, let smallKey {
            let fold = VariantDiagnostics(key: smallKey.span, value: smallNode.span, name: "small", keyName: "small")
            let light = variant(merged, smallOverrides, fold: fold).logo
            variants.append((light, fold))
            var dark: LogoSyntax?
            if let darkMerged {
                let darkFold = VariantDiagnostics(key: smallKey.span, value: smallNode.span, name: "dark small", keyName: "small")
                dark = variant(darkMerged, smallOverrides, fold: darkFold).logo
                variants.append((dark ?? LogoSyntax(), darkFold))
            }
            if let maxSize { logo.small = Located(SmallVariant(maxSize: maxSize, logo: light, dark: dark), at: smallKey.span) }
        }
        result.diagnostics += ownDiagnostics
        if input.isPartial { return nil }
        // The spec's name, the file's when it writes none: validation's
        // messages, then E014 and the outputs use it.
        var name = logo.name?.value ?? Self.defaultName(input.displayPath)
        if validates { validate(logo, name: name, variants: variants, input: input, directory: directory, into: &result) }

        var nameSpan = logo.name?.span ?? document.start
        if logo.name == nil {
            if multiple {
                result.diagnostics.append(Diagnostic(.E004, "every spec in a file with several documents needs 'name'", at: document.start,
                                                     help: "add 'name: …' to this document"))
                return nil
            }
            if !LanguageSchema.matches(name, pattern: LanguageSchema.namePattern) {
                result.diagnostics.append(Diagnostic(.E003, "the file name '\(Quoted.value(name))' is not a valid spec name", at: document.start,
                                                     help: "add 'name:' with letters, digits, '.', '_' or '-', or rename the file"))
                return nil
            }
        }
        name = name.isEmpty ? "logo" : name
        nameSpan = nameSpan.file.isEmpty ? .startOf(input.displayPath) : nameSpan
        var outputs = Self.outputs(name: name, folder: input.outputFolder, output: logo.output?.value, dark: darkLogo != nil,
                                   matte: matte(logo.output?.value.matte), specFile: input.displayPath, into: &result)
        let targetFiles = Self.targetFiles(name: name, folder: input.outputFolder, targets: logo.targets?.value, dark: darkLogo != nil,
                                           size: logo.size?.value ?? Resolver.defaultSize)
        if !targetFiles.isEmpty { outputs = (outputs + targetFiles).sorted() }
        // A template writes nothing of its own: its instances do (`instance(person:file:size:)`).
        if logo.template?.value == true { outputs = [] }
        let used = Set(partials)
        var spec = CheckedSpec(input: input, name: name, nameSpan: nameSpan, logo: logo, dark: darkLogo, outputs: outputs,
                               partials: used.sorted(), readStamps: result.readStamps.filter { $0 == input.path || used.contains($0) })
        if let template = logo.template, template.value { spec.templateKey = template.span }
        return spec
    }

    /// The cross-key rules, files, fonts and contrast of a decoded spec (and
    /// of its variants, whose repeats each variant's fold drops).
    private func validate(_ logo: LogoSyntax, name validatedName: String, variants: [(logo: LogoSyntax, fold: VariantDiagnostics)], input: SpecInput,
                          directory: String, into result: inout FileCheck) {
        var validator = Validator(project: project, directory: directory, specFile: input.displayPath)
        var validated: [Diagnostic] = []
        clock.time(.validate) {
            validator.validate(logo, name: validatedName)
            validated = validator.diagnostics
            for variant in variants {
                var variantValidator = Validator(project: project, directory: directory, specFile: input.displayPath)
                variantValidator.validate(variant.logo, name: validatedName)
                variant.fold.fold(variantValidator.diagnostics, into: &validated)
            }
            // A template is refused when some name could make it fail: its
            // findings replace what its own name's one colour found.
            if logo.template?.value == true {
                let check = TemplateCheck(project: project, directory: directory, specFile: input.displayPath)
                let found = check.diagnostics([logo] + variants.map(\.logo), name: validatedName)
                validated.removeAll { d in found.contains { $0.code == d.code && $0.span == d.span } }
                validated += found
            }
        }
        result.diagnostics += validated
    }

    /// The keys a spec's light drawing is decoded without (a set made once,
    /// not for every spec).
    static let notInLight: Set<String> = ["extends", "dark", "small"]
    /// Keys of a partial that its merged form leaves out.
    static let notInMerged: Set<String> = ["extends", "name", "template"]

    /// The `name:` a document writes, read before (or without) decoding it.
    static func documentName(_ document: YAMLDocument) -> String? {
        document.root?["name"]?.scalar
    }

    /// Most nodes the partials under one spec may merge into: as many as
    /// one document may hold (`YAMLReader.maxExpandedNodes`). A spec needs a
    /// few dozen; 64 partials of 10,000 keys each would be 640,000.
    static let maxMergedNodes = 10_000

    /// Partials already merged (with what they extend) for one spec
    /// document, by real path: in a diamond (`_a` and `_b` both extend
    /// `_c`) each is merged once. Without it, 4 levels of 64 partials, each
    /// extending the 64 of the next, merged 64⁴ times: 64 s and 1 GB.
    struct ExpandedPartials {
        var nodes: [String: YAMLNode] = [:]
        /// Set once the merged size passed `maxMergedNodes`: merging stops.
        var overflowed = false
    }

    /// The merged partials under a spec or partial, or nil when it extends none.
    private func extendsBase(of node: YAMLNode, directory: String, display: String, chain: inout [String], partials: inout [String],
                             sources: inout PathMap<SourceFile>, expanded: inout ExpandedPartials, into result: inout FileCheck) -> YAMLNode? {
        guard let value = node["extends"], !NullRemoval.isNull(value) else { return nil }
        var decoder = SyntaxDecoder(sources: sources)
        let paths: [Located<String>]
        if value.items != nil {
            paths = decoder.list(value, key: "extends", count: LanguageSchema.logo.count("extends")) { d, item in d.path(item, key: "extends") }?.value ?? []
        } else {
            paths = decoder.path(value, key: "extends").map { [$0] } ?? []
        }
        result.diagnostics += decoder.diagnostics
        var base: YAMLNode?
        for path in paths {
            let file: String
            switch project.paths.resolve(path.value, from: directory) {
            case .file(let real): file = real
            case .missing:
                result.diagnostics.append(Diagnostic(.E012, "partial '\(Quoted.value(path.value))' does not exist", at: path.span,
                                                     help: "paths are relative to the spec's folder; partials are named like '_base.yaml'"))
                continue
            case .outsideRoot:
                result.diagnostics.append(Diagnostic(.E013, "partial '\(Quoted.value(path.value))' is outside the project root", at: path.span,
                                                     help: "keep partials inside the project (or pass --root)"))
                continue
            }
            if let start = chain.firstIndex(of: file) {
                let cycle = (chain[start...].map { ($0 as NSString).lastPathComponent } + [(file as NSString).lastPathComponent]).joined(separator: " → ")
                result.diagnostics.append(Diagnostic(.E015, "'extends' makes a cycle: \(cycle)", at: path.span,
                                                     help: "remove one of the 'extends' in the cycle"))
                continue
            }
            if expanded.overflowed { return nil }
            // The same file reached again merges to the same node: its
            // diagnostics are already in `result` (cycles included, which
            // the first expansion found).
            if let known = expanded.nodes[file] {
                partials.append(file)
                base = merged(base, known, at: path.span, expanded: &expanded, into: &result)
                continue
            }
            let partialDisplay = PathResolver.displayJoin(display, path.value)
            let read = partialFiles.read(file, display: partialDisplay) {
                var own = FileCheck()
                let parsed = readYAML(path: file, display: partialDisplay, into: &own, at: nil)
                return PartialFiles.Read(parsed: parsed, diagnostics: own.diagnostics, stamp: own.readStamps[file], leaf: Self.leaf(of: parsed))
            }
            if let stamp = read.stamp { result.readStamps[file] = stamp }
            // A partial that cannot be read is reported where it is named.
            result.diagnostics += read.diagnostics.map { d in
                guard d.code == .E012, read.parsed == nil else { return d }
                var moved = d
                moved.span = path.span
                return moved
            }
            guard let (source, documents) = read.parsed else { continue }
            sources[partialDisplay] = source
            result.sources.append(source)
            result.sourcePaths[partialDisplay] = file
            guard documents.count == 1, let root = documents[0].root, root.pairs != nil else {
                if !documents.isEmpty || result.diagnostics.isEmpty {
                    result.diagnostics.append(Diagnostic(.E003, "partial '\(Quoted.value(path.value))' must hold one mapping of keys", at: path.span,
                                                         help: "write the shared keys in '\(Quoted.value(path.value))', one document only"))
                }
                continue
            }
            // A partial that extends none comes expanded with its reading;
            // one that extends others is expanded for this spec's chain.
            let partial: YAMLNode, nodeCount: Int?
            if let leaf = read.leaf {
                result.diagnostics += leaf.diagnostics
                partials.append(file)
                (partial, nodeCount) = (leaf.node, leaf.nodeCount)
            } else {
                var own = NodeMerger.expandShorthands(root)
                result.diagnostics += Self.ownKeyDiagnostics(ofPartial: own)
                chain.append(file)
                partials.append(file)
                if let inner = extendsBase(of: own, directory: PathResolver.folder(of: file), display: partialDisplay,
                                           chain: &chain, partials: &partials, sources: &sources, expanded: &expanded, into: &result) {
                    own = NodeMerger.merge(inner, own)
                }
                chain.removeLast()
                (partial, nodeCount) = (NodeMerger.removing(Self.notInMerged, from: own), nil)
            }
            expanded.nodes[file] = partial
            base = merged(base, partial, nodeCount: nodeCount, at: path.span, expanded: &expanded, into: &result)
        }
        return expanded.overflowed ? nil : base
    }

    /// What a partial that extends none (most) expands to, the same for
    /// every spec that extends it: worked out once, when it is read, rather
    /// than for each of them. Nil for a partial that extends others (its
    /// expansion depends on the chain that reaches it) or is no mapping.
    static func leaf(of parsed: (SourceFile, [YAMLDocument])?) -> PartialFiles.Leaf? {
        guard let documents = parsed?.1, documents.count == 1, let root = documents[0].root, root.pairs != nil else { return nil }
        let partial = NodeMerger.expandShorthands(root)
        if let extends = partial["extends"], !NullRemoval.isNull(extends) { return nil }
        let node = NodeMerger.removing(notInMerged, from: partial)
        return PartialFiles.Leaf(node: node, diagnostics: ownKeyDiagnostics(ofPartial: partial),
                                 nodeCount: node.nodeCount(upTo: maxMergedNodes))
    }

    /// The keys a partial holds that belong to a spec alone.
    private static func ownKeyDiagnostics(ofPartial partial: YAMLNode) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if let name = partial.keyNode("name") {
            found.append(Diagnostic(.W002, "'name' in a partial has no effect", at: name.span, help: "name each spec in its own file"))
        }
        // Every spec extending such a partial would silently stop being built.
        if let template = partial.keyNode("template") {
            found.append(Diagnostic(.E002, "'template' cannot be written in a partial", at: template.span,
                                    help: "write 'template: true' in the template's own file, which may extend this partial"))
        }
        return found
    }

    /// `partial` merged over `base`, or nil (with `E015` at the `extends`
    /// entry) once the result passes `maxMergedNodes`. `nodeCount`: the
    /// partial's own (`nodeCount(upTo: maxMergedNodes)`), when known; with
    /// no base it is the result's, not counted again.
    private func merged(_ base: YAMLNode?, _ partial: YAMLNode, nodeCount: Int? = nil, at span: SourceSpan, expanded: inout ExpandedPartials,
                        into result: inout FileCheck) -> YAMLNode? {
        let node = base.map { NodeMerger.merge($0, partial) } ?? partial
        let count = base == nil ? nodeCount ?? node.nodeCount(upTo: Self.maxMergedNodes) : node.nodeCount(upTo: Self.maxMergedNodes)
        guard count > Self.maxMergedNodes else { return node }
        expanded.overflowed = true
        result.diagnostics.append(Diagnostic(.E015, "'extends' merges more than \(Self.maxMergedNodes) nodes", at: span,
                                             help: "share fewer keys through partials; a spec and its partials need a few dozen"))
        return nil
    }

    /// A file's bytes and stamp, or why it could not be read.
    typealias FileRead = Result<(bytes: [UInt8], stamp: FileReader.Stamp), FileReader.Failure>

    /// Reads and parses a YAML file, recording its source; nil when it cannot be read.
    /// `alreadyRead`: the file as read before (`check` reads a spec file
    /// before it parses it, to learn whether it is a link); nil reads it here.
    private func readYAML(path: String, display: String, into result: inout FileCheck, at reference: SourceSpan?,
                          alreadyRead: FileRead? = nil) -> (SourceFile, [YAMLDocument])? {
        let bytes: [UInt8]
        switch alreadyRead ?? FileReader.readStamped(path, limit: reader.maxFileBytes) {
        case .success(let read):
            bytes = read.bytes
            result.readStamps[path] = read.stamp
        case .failure(let failure):
            result.diagnostics.append(Diagnostic(.E012, "cannot read '\(display)': \(failure.reason)", at: reference ?? .startOf(display),
                                                 help: "check the path and the file's permissions"))
            return nil
        }
        let source = SourceFile(path: display, text: SourceText.decode(bytes))
        if reference == nil {
            result.sources.append(source)
            result.sourcePaths[display] = path
        }
        let (documents, diagnostics) = clock.time(.parse) { reader.read(bytes, file: display) }
        result.diagnostics += diagnostics
        return (source, documents)
    }

    /// Partials already read, by file and the name diagnostics give it.
    final class PartialFiles: Sendable {
        struct Read {
            var parsed: (SourceFile, [YAMLDocument])?
            var diagnostics: [Diagnostic]
            var stamp: FileReader.Stamp?
            /// Its expansion, when it extends no other partial (`SpecChecker.leaf`).
            var leaf: Leaf?
        }
        /// A partial that extends none, expanded: its merged node without the
        /// keys a partial drops, what it says of its own keys, and the nodes
        /// it holds (up to just past `maxMergedNodes`).
        struct Leaf {
            var node: YAMLNode
            var diagnostics: [Diagnostic]
            var nodeCount: Int
        }
        private struct Key: Hashable {
            let file: String, display: String
        }
        private let files = Locked<[Key: Read]>([:])

        func read(_ file: String, display: String, _ load: () -> Read) -> Read {
            let key = Key(file: file, display: display)
            if let known = files.withLock({ $0[key] }) { return known }
            let loaded = load()
            files.withLock { $0[key] = loaded }
            return loaded
        }
    }

    /// The file name without `.yaml`/`.yml` and a trailing `.logo`.
    static func defaultName(_ path: String) -> String {
        var name = PathResolver.lastComponent(of: path)
        // An ASCII name (most are) loses its suffixes as bytes: `hasSuffix`
        // compares `Character`s, 3,000 instructions a spec for the three.
        let ascii = PathResolver.asciiBytes(of: name) { bytes -> String in
            var end = bytes.count
            func drop(_ suffix: StaticString) {
                let n = suffix.utf8CodeUnitCount
                guard end >= n, let base = bytes.baseAddress, memcmp(base + (end - n), suffix.utf8Start, n) == 0 else { return }
                end -= n
            }
            drop(".yaml")
            drop(".yml")
            drop(".logo")
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
        if let ascii { return ascii }
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        if name.hasSuffix(".logo") { name.removeLast(5) }
        return name
    }

    /// The files of the spec's targets (`TargetCatalog.layouts`).
    static func targetFiles(name: String, folder: String, targets: TargetsSyntax?, dark: Bool, size: Int) -> [OutputFile] {
        (targets?.choices ?? []).flatMap { choice in
            TargetCatalog.layout(target: choice.target, kind: choice.kind.value)?.files(folder: folder, name: name, dark: dark, size: size) ?? []
        }.sorted()
    }

    /// The files a spec writes: each format of `output.formats` (png and
    /// svg by default) for the light and the dark variant, raster formats
    /// once per scale, with their encoder settings. `matte` is the written
    /// one resolved (nil: white); `specFile` is the spec's display path. Warns (W002) where a key written beside the
    /// formats does nothing for them.
    static func outputs(name: String, folder: String, output: OutputSyntax?, dark: Bool, matte: RGBA?, specFile: String,
                        into result: inout FileCheck) -> [OutputFile] {
        let formats = output?.formats?.value.compactMap { OutputFile.Format(rawValue: $0.value) } ?? [.png, .svg]
        let scales = output?.scales?.value.map(\.value) ?? [1]
        unusedOutputKeys(output, formats: formats, scales: scales, specFile: specFile, into: &result)
        let matte = matte ?? OutputFile.defaultMatte
        var files: [OutputFile] = []
        for variant in dark ? [false, true] : [false] {
            let base = (folder.isEmpty ? "" : folder + "/") + name + (variant ? "-dark" : "")
            for format in formats {
                var file = OutputFile(path: "", format: format, scale: 1, dark: variant)
                if format.usesQuality { file.quality = output?.quality?.value ?? format.defaultQuality }
                if format == .jpeg { file.matte = matte }
                for scale in format.isVector ? [1] : scales {
                    file.scale = scale
                    file.path = base + (scale == 1 ? "" : "@\(scale)x") + "." + format.rawValue
                    files.append(file)
                }
            }
        }
        return files.sorted()
    }

    /// `output.matte` as a colour; nil when not written or not in the
    /// palette (which the validator reports).
    private func matte(_ written: Located<ColorSyntax>?) -> RGBA? {
        switch written?.value {
        case .literal(let rgba)?: rgba
        case .palette(let name)?: project.config.palette[name]?.value
        case nil: nil
        }
    }

    /// W002 for `scales` without a raster format, `quality` without webp,
    /// avif or jpeg, and `matte` without jpeg. Only where the key and
    /// `formats` are written in one file (or `formats` is not written and
    /// the key is in the spec itself): a project-wide `quality` in
    /// logoc.yaml is no mistake of a spec that writes only png.
    private static func unusedOutputKeys(_ output: OutputSyntax?, formats: [OutputFile.Format], scales: [Int], specFile: String,
                                         into result: inout FileCheck) {
        guard let output else { return }
        func besideFormats(_ span: SourceSpan) -> Bool {
            if let written = output.formats { return written.span.file == span.file }
            return span.file == specFile
        }
        if let written = output.scales, output.formats != nil, besideFormats(written.span), scales != [1], formats.allSatisfy(\.isVector) {
            result.diagnostics.append(Diagnostic(.W002, "'scales' has no effect without a raster format (png, webp, avif or jpeg)", at: written.span,
                                                 help: "add png to 'formats', or remove 'scales'"))
        }
        if let quality = output.quality, besideFormats(quality.span), !formats.contains(where: \.usesQuality) {
            result.diagnostics.append(Diagnostic(.W002, "'quality' has no effect without webp, avif or jpeg", at: quality.span,
                                                 help: "add webp, avif or jpeg to 'formats', or remove 'quality'"))
        }
        if let matte = output.matte, besideFormats(matte.span), !formats.contains(.jpeg) {
            result.diagnostics.append(Diagnostic(.W002, "'matte' has no effect without jpeg; the other formats keep transparency", at: matte.span,
                                                 help: "add jpeg to 'formats', or remove 'matte'"))
        }
    }
}
