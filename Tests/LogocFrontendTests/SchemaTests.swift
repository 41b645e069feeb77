import Foundation
import Testing
@testable import LogocFrontend

/// The JSON Schema is generated from `LanguageSchema`; the committed copies
/// in docs/ must be what the generator prints now.
struct SchemaTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")

    @Test func committedSpecSchemaIsCurrent() throws {
        let committed = try String(contentsOf: Self.docs.appendingPathComponent("logo-spec.schema.json"), encoding: .utf8)
        #expect(committed == JSONSchemaWriter.specSchema(), "docs/logo-spec.schema.json is stale: run 'make schema'")
    }

    @Test func committedConfigSchemaIsCurrent() throws {
        let committed = try String(contentsOf: Self.docs.appendingPathComponent("logoc-config.schema.json"), encoding: .utf8)
        #expect(committed == JSONSchemaWriter.configSchema(), "docs/logoc-config.schema.json is stale: run 'make schema'")
    }

    @Test func schemaIsDraft07JSONWithEveryTopLevelKey() throws {
        let object = try JSONSerialization.jsonObject(with: Data(JSONSchemaWriter.specSchema().utf8)) as? [String: Any]
        #expect(object?["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        let properties = object?["properties"] as? [String: Any]
        #expect(Set(properties?.keys.map { $0 } ?? []) == Set(LanguageSchema.logo.keyNames))
        #expect(object?["additionalProperties"] as? Bool == false)
    }

    @Test func everyKeyTheDecoderAcceptsIsInTheSchema() throws {
        // A spec using every key decodes without E002, so the two agree.
        let p = try TestProject()
        try p.write("photo.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 8, 0, 0, 0, 8, 8, 6, 0, 0, 0])
        let result = try p.check(spec: """
            version: 1
            name: everything
            size: 256
            shape: roundRect
            cornerRadius: 20%
            background: {image: {path: photo.png, fit: cover, focus: [0.5, 0.4], color: white}}
            text: {initials: Ada Lovelace, maxLength: 2, uppercase: true, font: {family: Inter, weight: bold, italic: false}, size: auto, color: auto}
            border: {width: 8, color: white}
            contrast: AA
            dark: {shape: circle, cornerRadius: 10%, background: "#111111", text: {color: white}, border: {width: 4, color: black}, contrast: off}
            output: {formats: [png, svg], scales: [1, 2]}
            """)
        #expect(!result.diagnostics.contains { $0.code == .E002 })
    }
}

/// The decoder reads its limits from `LanguageSchema`, so what `logoc check`
/// refuses is what the printed JSON Schema refuses, at the same count.
struct SchemaDrivenDecoderTests {
    /// `fonts` in logoc.yaml was capped at 64 folders by the decoder alone;
    /// the schema let an editor accept any number.
    @Test func fontFolderCountIsTheSchemas() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(JSONSchemaWriter.configSchema().utf8)) as? [String: Any]
        let fonts = (schema?["properties"] as? [String: Any])?["fonts"] as? [String: Any]
        #expect(fonts?["maxItems"] as? Int == 64)

        let p = try TestProject()
        let folders = (0..<65).map { "f\($0)" }.joined(separator: ", ")
        try p.write("logoc.yaml", "fonts: [\(folders)]\n")
        let diagnostics = p.load().configDiagnostics
        #expect(diagnostics.map(\.code) == [.E006])
        #expect(diagnostics.first?.span.map { [$0.start.line, $0.start.column] } == [1, 8])
        #expect(diagnostics.first?.message == "'fonts' has 65 items; expected 0 to 64")
    }

    /// Messages that once hung on key names in the decoder now come from the
    /// table (`ObjectSpec.noneOfGroup`, `.notHere`, a word's `noun`).
    @Test func messagesTheTableCarries() throws {
        let p = try TestProject()
        let empty = try p.check(spec: "background: {}\ntext: AB\n")
        #expect(empty.summary == ["E004@1:13"])
        #expect(empty.diagnostics.first?.message == "'background' needs one of 'color', 'gradient' or 'image'")
        #expect(empty.diagnostics.first?.help == "write 'background: \"#1E88E5\"' for a solid colour")

        let format = try p.check(spec: "text: AB\noutput: {formats: [png, gif]}\n")
        #expect(format.summary == ["E018@2:25"])
        #expect(format.diagnostics.first?.message == "unknown format 'gif'; expected 'png', 'svg', 'webp', 'avif', 'jpeg' or 'pdf'")

        let dark = try p.check(spec: "text: AB\ndark:\n  size: 64\n")
        #expect(dark.summary == ["E002@3:3"])
        #expect(dark.diagnostics.first?.message == "'size' cannot be overridden in 'dark'")
        #expect(LanguageSchema.dark.notHere == LanguageSchema.notInDark)
    }

    /// Every range, word list and count the decoder asks the table for exists
    /// there: a look-up that missed would refuse every value of its key.
    @Test func everyLookedUpRuleIsInTheTable() {
        #expect(LanguageSchema.logo.integers("size") == 16...4096)
        #expect(LanguageSchema.logo.integers("version") == 1...1)
        #expect(LanguageSchema.logo.pattern("name") == LanguageSchema.namePattern)
        #expect(LanguageSchema.logo.words("shape") == LanguageSchema.shapes)
        #expect(LanguageSchema.logo.maxPercent("cornerRadius") == 50)
        #expect(LanguageSchema.logo.count("extends") == 0...64)
        #expect(LanguageSchema.gradient.count("colors") == 2...16)
        #expect(LanguageSchema.gradient.numbers("angle") == -3600...3600)
        #expect(LanguageSchema.gradient.words("type") == ["linear", "radial"])
        #expect(LanguageSchema.stop.numbers("at") == 0...1)
        #expect(LanguageSchema.image.words("fit") == ["cover", "contain"])
        #expect(LanguageSchema.image.count("focus") == 2...2)
        #expect(LanguageSchema.image.numbers("focus", item: true) == 0...1)
        #expect(LanguageSchema.text.integers("maxLength") == 1...8)
        #expect(LanguageSchema.text.maxPercent("size") == nil)
        #expect(LanguageSchema.text.words("initialsStyle") == InitialsStyle.allCases.map(\.rawValue))
        #expect(LanguageSchema.font.integers("weight") == 100...900)
        #expect(LanguageSchema.border.maxPercent("width") == 50)
        #expect(LanguageSchema.contrastObject.numbers("minimum") == 1...21)
        #expect(LanguageSchema.contrastObject.words("colorVision") == ["all", "none"] + LanguageSchema.colorVisionWords)
        #expect(LanguageSchema.contrastObject.count("colorVision") == 1...3)
        #expect(LanguageSchema.output.count("formats") == 1...6)
        #expect(LanguageSchema.output.words("formats", item: true) == LanguageSchema.formats)
        #expect(LanguageSchema.output.count("scales") == 1...4)
        #expect(LanguageSchema.output.integers("scales", item: true) == 1...4)
        #expect(LanguageSchema.output.integers("quality") == 1...100)
        #expect(LanguageSchema.config.integers("lookAlike") == 0...16)
        #expect(LanguageSchema.autoBackground.count("from") == LanguageSchema.autoFromCount)
        #expect(LanguageSchema.config.count("fonts") == 0...64)
    }
}
