import Foundation
import Testing
import LogocCore
@testable import LogocFrontend

/// `key: null` drops what `extends` gave (SPEC-v2 §6); a quoted "null" is text.
struct NullRemovalTests {
    static let person = """
        shape: circle
        background: "#546E7A"
        border: {width: 8, color: white}
        text:
          initials: Anonymous
          font: {family: Inter, weight: 700}
        dark:
          border: {width: 8, color: black}
        """

    @Test func aPhotoAvatarDropsThePersonsTextAndBorder() throws {
        let p = try TestProject()
        try p.write("_person.yaml", Self.person)
        for null in ["null", "~", "Null", "NULL"] {
            let result = try p.check(spec: "extends: _person.yaml\ntext: \(null)\nborder: \(null)\n")
            #expect(result.summary == [], "\(null)")
            let logo = try #require(result.specs.first?.logo)
            #expect(logo.text == nil, "\(null)")
            #expect(logo.border == nil, "\(null)")
            #expect(logo.shape?.value == .circle)
            // The dark variant is the spec with `dark` on top: its border comes from the partial's `dark`.
            #expect(result.specs.first?.dark?.text == nil)
        }
    }

    @Test func aQuotedNullIsText() throws {
        let p = try TestProject()
        try p.write("_person.yaml", Self.person)
        let result = try p.check(spec: "extends: _person.yaml\ntext: \"null\"\n")
        #expect(result.summary == [])
        #expect(result.specs.first?.logo.text?.value.content?.value == "null")
        // Inside a list, null is a value as everywhere: not a colour.
        let listed = try p.check(spec: "extends: _person.yaml\nbackground: {gradient: {colors: [red, null]}}\n")
        #expect(listed.summary == ["E005@2:39"])
    }

    @Test func nestedNullDropsOneKeyAndAlternativesStay() throws {
        let p = try TestProject()
        try p.write("_person.yaml", Self.person)
        let result = try p.check(spec: "extends: _person.yaml\ntext: {font: null, initials: Ada Lovelace}\ndark: {border: null}\n")
        #expect(result.summary == [])
        let spec = try #require(result.specs.first)
        #expect(spec.logo.text?.value.font == nil)
        #expect(spec.logo.text?.value.initials?.value == "Ada Lovelace")
        #expect(spec.logo.border != nil)
        #expect(spec.dark?.border == nil)
        // A null `content` sets no alternative: the partial's initials stay.
        let kept = try p.check(spec: "extends: _person.yaml\ntext: {content: null}\n")
        #expect(kept.summary == ["W002@2:17"])
        #expect(kept.specs.first?.logo.text?.value.initials?.value == "Anonymous")
    }

    @Test func aLaterPartialDropsAnEarlierOnesKeyAndTheSpecMaySetItAgain() throws {
        let p = try TestProject()
        try p.write("_person.yaml", Self.person)
        try p.write("_photo.yaml", "text: null\nbackground: {image: null}\n")
        let dropped = try p.check(spec: "extends: [_person.yaml, _photo.yaml]\n")
        #expect(dropped.summary == [])
        #expect(dropped.specs.first?.logo.text == nil)
        let again = try p.check(spec: "extends: [_person.yaml, _photo.yaml]\ntext: {initials: Grace Hopper}\n")
        #expect(again.summary == [])
        #expect(again.specs.first?.logo.text?.value.initials?.value == "Grace Hopper")
        #expect(again.specs.first?.logo.text?.value.font == nil)
    }

    @Test func nullThatRemovesNothingIsW002AtTheNull() {
        assertDiagnostics("""
            background: "#1565C0"
            text: AB
            border: 1️⃣null
            name: 2️⃣~
            """, [("1️⃣", .W002, "'border: null' removes nothing: no partial sets 'border'"),
                  ("2️⃣", .W002, "'name: null' removes nothing")])
        assertDiagnostics(files: ["_base.yaml": "text: AB\n", "spec.yaml": "extends: _base.yaml\ntext: {color: 3️⃣null}\ndark: {border: 4️⃣null}\n"], [
            ExpectedDiagnostic("3️⃣", .W002, "'text.color: null' removes nothing", help: "remove the line"),
            ExpectedDiagnostic("4️⃣", .W002, "'dark.border: null' removes nothing: neither the spec nor a partial sets 'border'"),
        ])
    }

    @Test func nullOfAKeyItsMappingNeedsIsE004AtTheNull() {
        assertDiagnostics(files: ["_person.yaml": Self.person, "spec.yaml": "extends: _person.yaml\nborder: {color: 1️⃣null}\n"], [
            ExpectedDiagnostic("1️⃣", .E004, "'border.color: null' leaves 'border' incomplete: 'border' needs 'color'",
                               help: "drop the whole of it with 'border: null'"),
        ])
        assertDiagnostics(files: ["_person.yaml": Self.person, "spec.yaml": "extends: _person.yaml\ntext: {initials: 2️⃣~}\n"], [
            ExpectedDiagnostic("2️⃣", .E004, "'text.initials: null' leaves 'text' incomplete: 'text' needs one of 'content', 'initials'"),
        ])
        assertDiagnostics(files: ["_person.yaml": Self.person, "spec.yaml": "extends: _person.yaml\nbackground: {color: 3️⃣null}\n"], [
            ExpectedDiagnostic("3️⃣", .E004, "'background.color: null' leaves 'background' incomplete"),
        ])
    }

    @Test func aPartialCheckedAloneKeepsItsNullsQuiet() throws {
        let p = try TestProject()
        try p.write("_photo.yaml", "text: null\nborder: {color: null}\n")
        let result = p.check("_photo.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func mergerKeepsNullsUntilTheyAreApplied() {
        func node(_ pairs: [(String, YAMLNode)]) -> YAMLNode {
            YAMLNode(.mapping(pairs.map { .init(key: YAMLNode(.scalar($0.0, .plain), span: .startOf("t")), value: $0.1) }), span: .startOf("t"))
        }
        func scalar(_ s: String, _ style: YAMLNode.ScalarStyle = .plain) -> YAMLNode { YAMLNode(.scalar(s, style), span: .startOf("t")) }
        let base = node([("text", node([("initials", scalar("Ada"))])), ("shape", scalar("circle"))])
        let overlay = node([("text", scalar("null")), ("size", scalar("null", .doubleQuoted))])
        let merged = NodeMerger.merge(base, NodeMerger.expandShorthands(overlay))
        #expect(NullRemoval.isNull(merged["text"]!))
        let applied = NullRemoval.stripped(merged)
        #expect(applied["text"] == nil)
        #expect(applied["shape"]?.scalar == "circle")
        #expect(applied["size"]?.scalar == "null")
    }
}
