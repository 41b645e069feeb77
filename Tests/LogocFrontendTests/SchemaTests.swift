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
