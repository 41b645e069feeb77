import Foundation
import Testing
import LogocCore
@testable import LogocFrontend

/// `extends`, the shorthand forms, `dark` and `logoc.yaml` merging.
struct MergeTests {
    @Test func partialsMergeInOrderThenTheSpecOnTop() throws {
        let p = try TestProject()
        try p.write("_a.yaml", "size: 128\nshape: square\ntext: {initials: Ada Lovelace, color: white}\n")
        try p.write("_b.yaml", "shape: roundRect\nbackground: \"#1565C0\"\n")
        let result = try p.check(spec: "extends: [_a.yaml, _b.yaml]\ntext: {color: black}\nbackground: \"#FFFFFF\"\n")
        #expect(result.summary == [])
        let logo = try #require(result.specs.first?.logo)
        #expect(logo.size?.value == 128)
        #expect(logo.shape?.value == .roundRect)
        #expect(logo.text?.value.initials?.value == "Ada Lovelace")
        #expect(logo.text?.value.color?.value == .color(.literal(.black)))
        #expect(logo.background?.value == .color(Located(.literal(.white), at: logo.background!.value.colorSpan!)))
    }

    @Test func aMergedValueKeepsTheFileWhereItWasWritten() throws {
        let p = try TestProject()
        try p.write("_base.yaml", "background: \"#4CAF50\"\ncontrast: AA\n")
        let result = try p.check(spec: "extends: _base.yaml\ntext:\n  content: AB\n  color: white\n")
        #expect(result.summary == ["E011@4:10"])
        let partial = try p.check(spec: "extends: _base.yaml\nshape: oval\n")
        #expect(partial.summary == ["E003@2:8"])
        try p.write("_bad.yaml", "shape: oval\n")
        let inPartial = try p.check(spec: "extends: _bad.yaml\n")
        #expect(inPartial.diagnostics.first?.span?.file == "_bad.yaml")
        #expect(inPartial.summary == ["E003@1:8"])
    }

    @Test func aSpecsGradientReplacesAPartialsColour() throws {
        let p = try TestProject()
        try p.write("_base.yaml", "background: \"#1565C0\"\ntext: {initials: Jane Doe}\n")
        let result = try p.check(spec: "extends: _base.yaml\nbackground: {gradient: {colors: [\"#0B3142\", \"#1F6F5C\"]}}\ntext: {content: JD}\n")
        #expect(result.summary == [])
        guard case .gradient = result.specs.first?.logo.background?.value else {
            Issue.record("expected a gradient")
            return
        }
        #expect(result.specs.first?.logo.text?.value.initials == nil)
    }

    @Test func nestedExtendsAndRelativePathsFromEachFile() throws {
        let p = try TestProject()
        try p.write("shared/_root.yaml", "size: 64\n")
        try p.write("shared/_mid.yaml", "extends: _root.yaml\nshape: square\n")
        try p.write("team/jane.yaml", "extends: ../shared/_mid.yaml\ntext: JD\n")
        let result = p.check("team/jane.yaml")
        #expect(result.summary == [])
        #expect(result.specs.first?.logo.size?.value == 64)
        #expect(result.specs.first?.logo.shape?.value == .square)
    }

    @Test func cyclesAreE015AtTheExtendsValue() throws {
        let p = try TestProject()
        try p.write("_a.yaml", "extends: _b.yaml\n")
        try p.write("_b.yaml", "extends: _a.yaml\n")
        let result = try p.check(spec: "extends: _a.yaml\ntext: AB\n")
        #expect(result.summary == ["E015@1:10"])
        #expect(result.diagnostics.first?.span?.file == "_b.yaml")
        let selfCycle = try p.check(spec: "extends: spec.yaml\n")
        #expect(selfCycle.summary == ["E015@1:10"])
    }

    @Test func nameInAPartialIsW002AndIgnored() throws {
        let p = try TestProject()
        try p.write("_base.yaml", "name: base\nsize: 64\n")
        let result = try p.check(spec: "extends: _base.yaml\n")
        #expect(result.summary == ["W002@1:1"])
        #expect(result.specs.first?.name == "spec")
    }

    @Test func darkOverridesMergeOnTheSpec() throws {
        let p = try TestProject()
        let result = try p.check(spec: """
            background: "#FFFFFF"
            text: {initials: Ada Lovelace, color: "#111111"}
            dark:
              background: "#111111"
              text: {color: "#FFFFFF"}
            """)
        #expect(result.summary == [])
        let spec = try #require(result.specs.first)
        #expect(spec.dark?.text?.value.initials?.value == "Ada Lovelace")
        #expect(spec.dark?.text?.value.color?.value == .color(.literal(.white)))
        #expect(spec.outputs.map(\.path) == ["spec-dark.png", "spec-dark.svg", "spec.png", "spec.svg"])
    }

    @Test func darkCannotOverrideSizeAndIsValidatedOnItsOwn() throws {
        let p = try TestProject()
        let result = try p.check(spec: """
            background: "#FFFFFF"
            text: {content: AB, color: "#111111"}
            dark:
              size: 64
              background: "#111111"
            """)
        // size cannot be overridden; and the dark variant's text equals its background.
        #expect(result.summary == ["E010@2:28", "E002@4:3"])
    }

    @Test func paletteNamesResolveFromLogocYAML() throws {
        let p = try TestProject()
        try p.write("logoc.yaml", "palette:\n  brand: \"#5B2EFF\"\ncontrast: AA\n")
        let ok = try p.check(spec: "background: $brand\ntext: {content: AB, color: white}\n")
        #expect(ok.summary == [])
        let typo = try p.check(spec: "background: $brnad\ntext: AB\n")
        #expect(typo.summary == ["E005@1:13"])
        #expect(typo.diagnostics.first?.help == "did you mean '$brand'?")
        // White on #5B2EFF is 5.9: enough for the project's AA, not for a spec's AAA.
        let strict = try p.check(spec: "background: $brand\ntext: {content: AB, color: white}\ncontrast: AAA\n")
        #expect(strict.summary == ["E011@2:28"])
    }

    @Test func projectOutputIsMergedUnderTheSpecs() throws {
        let p = try TestProject()
        try p.write("logoc.yaml", "output: {formats: [png], scales: [1, 2]}\n")
        let result = try p.check(spec: "text: AB\noutput: {scales: [3]}\n")
        #expect(result.specs.first?.outputs.map(\.path) == ["spec@3x.png"])
    }

    /// Small mappings are merged by searching their keys, large ones
    /// (past `KeyIndex.limit` pairs) through an index: either way
    /// the base's keys keep their order, an overlaid key keeps its place
    /// with the overlay's value (merged, for a mapping, with its
    /// alternatives replaced), and the overlay's new keys follow in order.
    @Test(arguments: [1, 8, 10, 11, 40])
    func mergingKeepsOrderAndPlacesWhateverTheSize(_ count: Int) throws {
        func node(_ text: String) throws -> YAMLNode {
            try #require(YAMLReader().read(Array(text.utf8), file: "f.yaml").documents.first?.root)
        }
        let baseKeys = (0..<count).map { "k\($0)" }
        let base = try node((baseKeys.map { "\($0): base" } + ["text: {content: AB, color: white}"]).joined(separator: "\n"))
        let overlay = try node("new1: over\nk0: over\ntext: {initials: Ada Lovelace}\nk\(count - 1): over\nnew2: over\n")
        let merged = NodeMerger.merge(base, overlay)
        let pairs = try #require(merged.pairs)
        #expect(pairs.map { $0.key.scalar ?? "" } == baseKeys + ["text", "new1", "new2"])
        let over: Set<String> = ["k0", "k\(count - 1)", "new1", "new2"]
        for pair in pairs where pair.key.scalar != "text" {
            #expect(pair.value.scalar == (over.contains(pair.key.scalar ?? "") ? "over" : "base"), "\(pair.key.scalar ?? "")")
        }
        let text = try #require(merged["text"])
        #expect(text.pairs?.map { $0.key.scalar ?? "" } == ["color", "initials"])
        #expect(text["initials"]?.span.start.line == 3)
    }

    /// Every shorthand is written out, at any depth it may take (`text`'s
    /// `font`, `background`'s `image`, inside `dark` and `small`), each new
    /// mapping at the shorthand's place; a node with none comes back as it was.
    @Test func shorthandsAreWrittenOutAndOtherNodesKept() throws {
        func node(_ text: String) throws -> YAMLNode {
            try #require(YAMLReader().read(Array(text.utf8), file: "f.yaml").documents.first?.root)
        }
        let short = try node("""
            text: AB
            background: red
            dark:
              text: {content: CD, font: Inter}
              background: {image: photo.jpg}
            small: {text: EF, background: ~}
            shape: circle
            """)
        let full = try node("""
            text: {content: AB}
            background: {color: red}
            dark:
              text: {content: CD, font: {family: Inter}}
              background: {image: {path: photo.jpg}}
            small: {text: {content: EF}, background: ~}
            shape: circle
            """)
        func shape(_ n: YAMLNode) -> String {
            switch n.kind {
            case .scalar(let s, _): s
            case .mapping(let pairs): "{" + pairs.map { shape($0.key) + ": " + shape($0.value) }.joined(separator: ", ") + "}"
            case .sequence(let items): "[" + items.map(shape).joined(separator: ", ") + "]"
            }
        }
        let expanded = NodeMerger.expandShorthands(short)
        #expect(shape(expanded) == shape(full))
        // A written-out mapping points at the shorthand it came from.
        #expect(expanded["text"]?.span == short["text"]?.span)
        #expect(expanded["dark"]?["text"]?["font"]?.span == short["dark"]?["text"]?["font"]?.span)
        // Nothing to write out: the same node.
        #expect(NodeMerger.expandShorthands(full) == full)
        #expect(NodeMerger.expandShorthands(expanded) == expanded)
    }
}


extension BackgroundSyntax {
    var colorSpan: SourceSpan? {
        if case .color(let c) = self { return c.span }
        return nil
    }
}

/// `PathResolver.realFile`: a spec's real path from its folder's, looked up
/// once, unless the file itself is a link.
struct RealFileTests {
    @Test func aFileInALinkedFolderAndALinkedFileResolveAsRealpathDoes() throws {
        let root = NSTemporaryDirectory() + "logoc-realfile-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try "text: A\n".write(toFile: root + "/real/a.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/real")
        try FileManager.default.createSymbolicLink(atPath: root + "/real/b.yaml", withDestinationPath: root + "/real/a.yaml")
        let resolver = PathResolver(root: root)
        for path in [root + "/linked/a.yaml", root + "/real/a.yaml", root + "/linked/b.yaml", root + "/real/./b.yaml"] {
            #expect(resolver.realFile(path) == PathResolver.realPath(path), "\(path)")
        }
        #expect(resolver.realFile(root + "/linked/b.yaml")?.hasSuffix("/real/a.yaml") == true)
        #expect(resolver.realFile(root + "/real/missing.yaml") == nil)
    }
}

/// `SyntaxDecoder.Fields`: which keys of a mapping the schema knows.
struct MappingFieldTests {
    /// The decoder keeps a mapping's known keys as bits for its first 64
    /// pairs and in a list past them: known keys written after 70 unknown
    /// ones are decoded, each unknown key is reported once, and a pair of
    /// keys that exclude each other past the 64th keeps only the first.
    @Test func knownKeysPastTheSixtyFourthPairAreDecoded() throws {
        let p = try TestProject()
        let unknown = (0..<70).map { "zz\($0): 1" }.joined(separator: "\n")
        // Known keys after the unknown ones: `size` is out of range, which
        // only a key taken as known is checked for.
        let result = try p.check(spec: unknown + "\nsize: 5\ntext: {initials: Ada Lovelace, color: white}\nbackground: \"#1565C0\"\n")
        #expect(result.summary.filter { $0.hasPrefix("E002") }.count == 70)
        #expect(result.summary.filter { !$0.hasPrefix("E002") } == ["E006@71:7"])

        let text = (0..<70).map { "  zz\($0): 1" }.joined(separator: "\n")
        let both = try p.check(spec: "background: \"#1565C0\"\ntext:\n" + text + "\n  content: AB\n  initials: Ada Lovelace\n")
        #expect(both.summary.filter { !$0.hasPrefix("E002") } == ["E004@74:3"])
    }
}
