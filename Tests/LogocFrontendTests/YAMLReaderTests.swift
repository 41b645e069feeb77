import Foundation
import LogocCore
import LogocFrontend
import Testing

/// Reading YAML: schema typing instead of YAML 1.1 typing, documents,
/// encodings and line endings, and the limits that keep hostile files cheap.
@Suite("YAML reader")
struct YAMLReaderTests {

    // MARK: Scalars are typed by the schema

    /// (`null` and `~` unquoted drop the key instead: `NullRemovalTests`; quoted, they are text.)
    @Test(arguments: ["NO", "no", "007", "on", "off", "yes", "Y", "true", "\"null\"", "'~'", "1e3", "0x1F", "0o17", "12:30", ".inf"])
    func plainScalarsStayText(_ scalar: String) throws {
        let check = try TestProject.check("text: \(scalar)\ncontrast: \"off\"\n")
        #expect(check.diagnostics.isEmpty, "\(listDiagnostics(check.diagnostics))")
        let spec = try #require(check.specs.first)
        #expect(spec.logo.text?.value.content?.value == scalar.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
    }

    @Test func norwayInitialsStayText() throws {
        let check = try TestProject.check("text: {initials: NO}\n")
        #expect(check.diagnostics.isEmpty, "\(listDiagnostics(check.diagnostics))")
        #expect(try #require(check.specs.first).logo.text?.value.initials?.value == "NO")
    }

    @Test func quotedNumberIsANumberWhereOneIsExpected() throws {
        let check = try TestProject.check("size: \"256\"\ntext: AB\n")
        #expect(check.diagnostics.isEmpty, "\(listDiagnostics(check.diagnostics))")
        #expect(try #require(check.specs.first).logo.size?.value == 256)
    }

    @Test func yamlBooleanWordsAreNotBooleans() {
        assertDiagnostics("""
            text:
              initials: Nora Olsen
              uppercase: 1️⃣no
            """, [("1️⃣", .E003, "'uppercase' must be true or false, found 'no'")])
    }

    @Test func explicitTagIsAnErrorEvenWhenTheTypeFits() {
        assertDiagnostics("""
            text:
              initials: Nora Olsen
              uppercase: 1️⃣!!bool true
            size: 2️⃣!!int 64
            """, [
                ("1️⃣", .E003, "explicit tag '!!bool' is not allowed"),
                ("2️⃣", .E003, "explicit tag '!!int' is not allowed"),
            ])
    }

    @Test func explicitTagOnAKeyThatExpectsText() {
        assertDiagnostics("""
            text: 1️⃣!!bool NO
            """, [("1️⃣", .E003, "'!!bool'")])
    }

    // MARK: Documents

    @Test func twoNamedDocumentsGiveTwoSpecs() throws {
        let check = try TestProject.check("""
            name: first
            text: AB
            ---
            name: second
            text: CD
            """)
        #expect(check.diagnostics.isEmpty, "\(listDiagnostics(check.diagnostics))")
        #expect(check.specs.map(\.name) == ["first", "second"])
        #expect(check.specs.map { $0.outputs.map(\.path) } == [["first.png", "first.svg"], ["second.png", "second.svg"]])
    }

    @Test func everyDocumentOfSeveralNeedsAName() throws {
        let check = assertDiagnostics("""
            name: first
            text: AB
            1️⃣---
            text: CD
            """, [("1️⃣", .E004, "needs 'name'")])
        #expect(check?.specs.map(\.name) == ["first"])
        #expect(check?.failedDocuments == 1)
    }

    @Test func firstDocumentWithoutAName() {
        assertDiagnostics("""
            1️⃣text: AB
            ---
            name: second
            text: CD
            """, [("1️⃣", .E004, "needs 'name'")])
    }

    @Test func emptyFile() {
        assertDiagnostics("1️⃣", [("1️⃣", .E004, "'spec.yaml' holds no spec")])
    }

    @Test func fileWithOnlyComments() {
        assertDiagnostics("""
            1️⃣# a spec still to be written
            # (nothing here yet)

            """, [("1️⃣", .E004, "holds no spec")])
    }

    @Test func syntaxErrorCountsAsAFailedDocument() throws {
        // The file was read but is not YAML: like an unreadable file, it is
        // one spec that failed (the summary must not say "checked 0 specs").
        let check = try TestProject.check("text: AB\nshape: [circle\n")
        #expect(check.diagnostics.map(\.code) == [.E001])
        #expect(check.specs.isEmpty)
        #expect(check.failedDocuments == 1)
    }

    /// libyaml misses a key's ':' at the next token, which at the end of a
    /// file is a line the file does not have (it ends the stream with a line
    /// break of its own): the diagnostic pointed at line 3 of a 2-line file,
    /// and quoted nothing. Found by `fuzz-extends`. It points at the key.
    @Test(arguments: ["text: AB\nfoo", "text: AB\nfoo\n", "text: AB\nfoo bar"])
    func aKeyWithoutAColonAtTheEndIsReportedAtTheKey(_ yaml: String) throws {
        let check = try TestProject.check(yaml)
        #expect(check.summary == ["E001@2:1"])
        let source = try #require(check.sources.first { $0.path == "spec.yaml" })
        #expect(source.line(2) == yaml.split(separator: "\n")[1].description)
    }

    @Test func aPositionPastTheEndOfAFileIsItsEnd() {
        let source = SourceFile(path: "x.yaml", text: "text: AB\nfoo")
        #expect(source.clamped(SourcePosition(line: 3, column: 1)) == SourcePosition(line: 2, column: 4))
        #expect(source.clamped(SourcePosition(line: 1, column: 40)) == SourcePosition(line: 1, column: 9))
        #expect(source.clamped(SourcePosition(line: 2, column: 2)) == SourcePosition(line: 2, column: 2))
    }

    @Test func documentThatIsNotAMapping() {
        assertDiagnostics("""
            1️⃣- text
            - AB
            """, [("1️⃣", .E003, "a spec must be a mapping of keys, found a list")])
    }

    // MARK: Encodings and line endings

    @Test func tabsForIndentation() {
        assertDiagnostics(files: ["spec.yaml": "text:\n1️⃣\tcontent: AB\n"],
                          [ExpectedDiagnostic("1️⃣", .E001, "invalid YAML", help: "tabs")])
    }

    @Test func crlfLineEndings() {
        assertDiagnostics("text: AB\r\nsize: 2️⃣8\r\nshape: 1️⃣oval\r\n", [
            ("1️⃣", .E003, "unknown shape 'oval'"),
            ("2️⃣", .E006, "size 8 is out of range"),
        ])
    }

    @Test func crlfLineEndingsInNestedValues() {
        assertDiagnostics("text:\r\n  content: AB\r\n  color: 1️⃣#FFF\r\n", [("1️⃣", .E005, "'color' is empty")])
    }

    @Test func classicMacLineEndings() throws {
        let project = try TestProject()
        try project.write("spec.yaml", "text: AB\rshape: oval\r")
        let check = project.check()
        #expect(check.diagnostics.map(\.code) == [.E003])
        #expect(check.diagnostics.first?.span?.start == SourcePosition(line: 2, column: 8))
    }

    @Test func byteOrderMarkKeepsLineOneColumns() throws {
        try checkWithPrefix([0xEF, 0xBB, 0xBF], "shape: 1️⃣oval\ntext: AB\nsize: 2️⃣8\n", [
            ExpectedDiagnostic("1️⃣", .E003, "unknown shape 'oval'"),
            ExpectedDiagnostic("2️⃣", .E006, "size 8"),
        ])
    }

    @Test func byteOrderMarkAndCommentedColour() throws {
        try checkWithPrefix([0xEF, 0xBB, 0xBF], "background: 1️⃣#FFF\ntext: AB\n", [
            ExpectedDiagnostic("1️⃣", .E005, "YAML reads '#FFF' after a space as a comment", help: "\"#FFF\""),
        ])
    }

    @Test func byteOrderMarkAndNulByte() throws {
        try checkWithPrefix([0xEF, 0xBB, 0xBF], "shape: 1️⃣\0\ntext: AB\n", [ExpectedDiagnostic("1️⃣", .E001, "NUL")])
    }

    @Test func utf16IsRefused() throws {
        let project = try TestProject()
        try project.write("spec.yaml", bytes: [0xFF, 0xFE] + Array("t\0e\0x\0t\0".utf8))
        let check = project.check()
        #expect(check.diagnostics.map(\.code) == [.E001])
        #expect(check.diagnostics.first?.message.contains("UTF-16") == true)
    }

    @Test func invalidUTF8() throws {
        try checkWithPrefix([], "text: AB\nshape: 1️⃣\u{FFFD}oops\n", [ExpectedDiagnostic("1️⃣", .E001, "not valid UTF-8", help: "UTF-8")],
                            replacingFFFDWith: [0xFF])
    }

    @Test func truncatedUTF8SequencePointsAtItsStart() throws {
        // E2 82 is the start of a three-byte sequence cut short by 'o'.
        try checkWithPrefix([], "text: AB\nshape: 1️⃣\u{FFFD}oops\n", [ExpectedDiagnostic("1️⃣", .E001, "not valid UTF-8")],
                            replacingFFFDWith: [0xE2, 0x82])
    }

    @Test func invalidUTF8AfterCRLF() throws {
        try checkWithPrefix([], "text: AB\r\nshape: 1️⃣\u{FFFD}\r\n", [ExpectedDiagnostic("1️⃣", .E001, "not valid UTF-8")],
                            replacingFFFDWith: [0xFF])
    }

    @Test func invalidUTF8AfterClassicMacLineEnding() throws {
        // libyaml and the quoted excerpt both treat a lone CR as a line break,
        // so the position of a bad byte must too.
        let project = try TestProject()
        try project.write("spec.yaml", bytes: Array("text: AB\rshape: ".utf8) + [0xFF] + Array("\r".utf8))
        let check = project.check()
        #expect(check.diagnostics.map(\.code) == [.E001])
        #expect(check.diagnostics.first?.span?.start == SourcePosition(line: 2, column: 8), "\(listDiagnostics(check.diagnostics))")
    }

    /// libyaml (YAML 1.1) breaks lines at NEL, LS and PS too: every later
    /// diagnostic must name the line libyaml means.
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func unicodeLineBreaksCountAsLines(_ lineBreak: String) {
        assertDiagnostics("text: AB\(lineBreak)size: 2️⃣8\(lineBreak)shape: 1️⃣oval\n", [
            ("1️⃣", .E003, "unknown shape 'oval'"),
            ("2️⃣", .E006, "size 8 is out of range"),
        ])
    }

    /// The byte-offset path (bad UTF-8, NUL) counts lines as libyaml does.
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}", "\r\n", "\r"])
    func invalidUTF8AfterEveryKindOfLineBreak(_ lineBreak: String) throws {
        try checkWithPrefix([], "text: AB\(lineBreak)size: 64\(lineBreak)shape: 1️⃣\u{FFFD}\n",
                            [ExpectedDiagnostic("1️⃣", .E001, "not valid UTF-8")], replacingFFFDWith: [0xFF])
    }

    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func nulByteAfterAUnicodeLineBreak(_ lineBreak: String) throws {
        try checkWithPrefix([0xEF, 0xBB, 0xBF], "text: AB\(lineBreak)é: 1️⃣\0\n", [ExpectedDiagnostic("1️⃣", .E001, "NUL byte")])
    }

    /// A syntax error's excerpt is found through the same line table: a tab
    /// after a NEL still gets the tab hint (the line was not found before).
    @Test func tabHintAfterANEL() {
        assertDiagnostics(files: ["spec.yaml": "size: 64\u{85}text:\n1️⃣\tcontent: AB\n"],
                          [ExpectedDiagnostic("1️⃣", .E001, "invalid YAML", help: "tabs")])
    }

    @Test func nulByte() throws {
        try checkWithPrefix([], "text: AB\nshape: ci1️⃣\0rcle\n", [ExpectedDiagnostic("1️⃣", .E001, "NUL byte")])
    }

    // MARK: Anchors and aliases

    @Test func aliasesAreAllowed() throws {
        let check = try TestProject.check("""
            background: &brand "#123456"
            border: {width: 4, color: *brand}
            text: AB
            """)
        #expect(check.diagnostics.isEmpty, "\(listDiagnostics(check.diagnostics))")
        #expect(check.specs.count == 1)
    }

    @Test func aliasUsedAsAMappingKey() throws {
        let check = try TestProject.check("""
            text:
              content: &key color
              *key : white
            background: black
            """)
        #expect(check.diagnostics.isEmpty, "\(listDiagnostics(check.diagnostics))")
        let text = try #require(check.specs.first?.logo.text?.value)
        #expect(text.content?.value == "color")
        #expect(text.color?.value == .color(.literal(RGBA(rgb: 0xFFFFFF))))
    }

    @Test func aliasOfAMappingUsedAsAKey() {
        assertDiagnostics("""
            border: &ring {width: 4, color: white}
            text: AB
            1️⃣*ring : x
            """, [("1️⃣", .E003, "a key must be text, found a mapping")])
    }

    @Test func aliasWithoutAnchor() {
        assertDiagnostics("""
            text: AB
            background: 1️⃣*nowhere
            """, [("1️⃣", .E001, "alias '*nowhere' refers to no anchor")])
    }

    @Test func billionLaughsIsRefusedQuickly() throws {
        // Nine levels of nine aliases: 9^9 nodes once expanded.
        var lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for i in 1...8 {
            lines.append("l\(i): &l\(i) [" + Array(repeating: "*l\(i - 1)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("text: AB")
        let yaml = lines.joined(separator: "\n") + "\n"
        let project = try TestProject()
        try project.write("spec.yaml", yaml)

        let clock = ContinuousClock()
        var check = FileCheck()
        let elapsed = clock.measure { check = project.check() }
        #expect(check.diagnostics.map(\.code) == [.E015], "\(listDiagnostics(check.diagnostics))")
        #expect(check.specs.isEmpty)
        // The goal is well under 100 ms; the bound is loose so a busy machine does not fail the test.
        #expect(elapsed < .seconds(1), "took \(elapsed)")

        let readerTime = clock.measure {
            let (_, diagnostics) = YAMLReader().read(Array(yaml.utf8), file: "bomb.yaml")
            #expect(diagnostics.map(\.code) == [.E015])
        }
        #expect(readerTime < .seconds(1), "took \(readerTime)")
    }

    @Test func tenThousandNodesAreAllowed() {
        // The limit counts nodes after expansion: nine levels of pairs of
        // aliases expand to about 1,500 nodes, well under it.
        var yaml = "a0: &a0 [x, x]\n"
        for i in 1...8 { yaml += "a\(i): &a\(i) [*a\(i - 1), *a\(i - 1)]\n" }
        let (documents, diagnostics) = YAMLReader().read(Array(yaml.utf8), file: "spec.yaml")
        #expect(diagnostics.isEmpty, "\(listDiagnostics(diagnostics))")
        #expect(documents.count == 1)
    }

    // MARK: Limits

    @Test func nestingDeeperThan64() {
        // The spec's own mapping is level 1; the 65th open bracket is refused.
        let yaml = "text: AB\nx: " + String(repeating: "[", count: 63) + "1️⃣" + String(repeating: "[", count: 7)
            + String(repeating: "]", count: 70) + "\n"
        assertDiagnostics(yaml, [("1️⃣", .E001, "nesting is deeper than 64 levels")])
    }

    @Test func nestingOf64IsAllowedByTheReader() {
        let yaml = "x: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"
        let (_, diagnostics) = YAMLReader().read(Array(yaml.utf8), file: "spec.yaml")
        #expect(diagnostics.isEmpty, "\(listDiagnostics(diagnostics))")
    }

    @Test func fileOverOneMiB() throws {
        let padding = String(repeating: "# " + String(repeating: "x", count: 98) + "\n", count: 10_500)
        let yaml = "text: AB\n" + padding
        #expect(yaml.utf8.count > 1 << 20)
        let check = try TestProject.check(yaml)
        #expect(check.diagnostics.map(\.code) == [.E001], "\(listDiagnostics(check.diagnostics))")
        #expect(check.diagnostics.first?.message.contains("1 MiB") == true)
        #expect(check.diagnostics.first?.span?.start == SourcePosition(line: 1, column: 1))
    }

    @Test func fileOfExactlyOneMiBIsRead() {
        var yaml = "text: AB\n"
        yaml += String(repeating: "#", count: (1 << 20) - yaml.utf8.count - 1) + "\n"
        #expect(yaml.utf8.count == 1 << 20)
        let (documents, diagnostics) = YAMLReader().read(Array(yaml.utf8), file: "spec.yaml")
        #expect(diagnostics.isEmpty, "\(listDiagnostics(diagnostics))")
        #expect(documents.count == 1)
    }

    // MARK: Duplicate keys, in small and large mappings

    /// A mapping's keys are scanned for duplicates while it is small and
    /// looked up in a dictionary past `KeyIndex.limit` keys: each way finds every
    /// duplicate, at the second key, with a note at the first, whether the
    /// first came before or after the switch.
    @Test(arguments: [3, 15, 16, 17, 40])
    func duplicateKeysAreFoundInMappingsOfEverySize(_ count: Int) {
        var lines = (0..<count).map { "k\($0): \($0)" }
        // A duplicate of the first key, of the last, and of a middle one, at the end.
        lines += ["k0: again", "k\(count - 1): again", "k\(count / 2): again"]
        let text = lines.joined(separator: "\n") + "\n"
        let read = YAMLReader().read(Array(text.utf8), file: "f.yaml")
        let found = read.diagnostics.filter { $0.code == .E007 }.map { d in
            "\(d.span?.start.line ?? 0)→\(d.notes.first?.span?.start.line ?? 0)"
        }
        #expect(found == ["\(count + 1)→1", "\(count + 2)→\(count)", "\(count + 3)→\(count / 2 + 1)"])
        // The duplicates' values are dropped: the first values stay.
        let root = read.documents.first?.root
        #expect(root?.pairs?.count == count)
        #expect(root?["k0"]?.scalar == "0")
    }

    // MARK: Helpers

    /// Writes `prefix` followed by the marked `text` (each U+FFFD replaced by
    /// `replacement` bytes, to write invalid UTF-8) and verifies the diagnostics.
    private func checkWithPrefix(_ prefix: [UInt8], _ text: String, _ expected: [ExpectedDiagnostic],
                                 replacingFFFDWith replacement: [UInt8] = [],
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let marked = MarkedSource(text)
        var bytes = prefix
        for scalar in marked.text.unicodeScalars {
            if scalar == "\u{FFFD}", !replacement.isEmpty { bytes += replacement } else { bytes += Array(String(scalar).utf8) }
        }
        let project = try TestProject()
        try project.write("spec.yaml", bytes: bytes)
        let check = project.check()
        verifyDiagnostics(check.diagnostics, expected, places: marked.positions.mapValues { ("spec.yaml", $0) }, sourceLocation: sourceLocation)
    }
}
