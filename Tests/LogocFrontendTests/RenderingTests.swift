import Foundation
import LogocCore
import LogocFrontend
import Testing

/// The printed forms of diagnostics are a contract (SPEC.md, Diagnostics):
/// these tests pin the human form exactly and the JSON form's fields.
@Suite("Diagnostic rendering")
struct RenderingTests {
    /// Checks `yaml` as `spec.yaml` and renders its diagnostics.
    static func human(_ yaml: String, config: String? = nil, colour: Bool = false) throws -> String {
        let check = try TestProject.check(yaml, config: config)
        let renderer = DiagnosticRenderer(sources: Dictionary(check.sources.map { ($0.path, $0) }) { a, _ in a }, colour: colour)
        return renderer.human(check.diagnostics)
    }

    static func json(_ yaml: String) throws -> [[String: Any]] {
        let check = try TestProject.check(yaml)
        let text = DiagnosticRenderer.json(check.diagnostics)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(parsed as? [[String: Any]], "not an array of objects:\n\(text)")
    }

    // MARK: Human form

    @Test func unknownKeyWithHelp() throws {
        let text = try Self.human("""
            text:
              content: AB
              colour: white
            """)
        #expect(text == """
            spec.yaml:3:3: error[E002]: unknown key 'colour' in 'text'
              |
            3 |   colour: white
              |   ^^^^^^
              help: did you mean 'color'?

            """)
    }

    @Test func duplicateKeyWithNoteAndHelp() throws {
        let text = try Self.human("""
            shape: square
            text: AB
            shape: circle
            """)
        #expect(text == """
            spec.yaml:3:1: error[E007]: duplicate key 'shape'
              |
            3 | shape: circle
              | ^^^^^
              note: 'shape' is first set here (spec.yaml:1:1)
              help: remove one of the two 'shape' keys

            """)
    }

    @Test func commentedColourUnderlinesTheWholeWord() throws {
        let text = try Self.human("""
            size: 256
            background: #1E88E5
            text: AB
            """)
        #expect(text == """
            spec.yaml:2:13: error[E005]: 'background' is empty: YAML reads '#1E88E5' after a space as a comment, not a colour
              |
            2 | background: #1E88E5
              |             ^^^^^^^
              help: quote the colour: background: "#1E88E5"

            """)
    }

    @Test func warningLabel() throws {
        let text = try Self.human("""
            text: AB
            cornerRadius: 10%
            """)
        #expect(text == """
            spec.yaml:2:15: warning[W002]: 'cornerRadius' has no effect on a circle
              |
            2 | cornerRadius: 10%
              |               ^^^
              help: remove 'cornerRadius', or set 'shape: roundRect'

            """)
    }

    @Test func twoDigitLineNumbersWidenTheGutter() throws {
        let yaml = String(repeating: "# comment\n", count: 11) + "text: AB\nshape: oval\n"
        let text = try Self.human(yaml)
        #expect(text == """
            spec.yaml:13:8: error[E003]: unknown shape 'oval'; expected 'circle', 'square' or 'roundRect'
               |
            13 | shape: oval
               |        ^^^^
              help: use one of 'circle', 'square' or 'roundRect'

            """)
    }

    @Test func tabsInTheQuotedLineAreShownAsSpaces() throws {
        let text = try Self.human("text:\n\tcontent: AB\n")
        #expect(text == """
            spec.yaml:2:1: error[E001]: invalid YAML: found character that cannot start any token while scanning for the next token
              |
            2 |  content: AB
              | ^
              help: YAML indents with spaces only; replace the tabs on this line with spaces

            """)
    }

    /// The excerpt quotes the line where the quote opens, caret under it;
    /// it used to quote the empty line after the end of the file.
    @Test func unclosedQuoteQuotesTheOpeningLine() throws {
        let text = try Self.human("background: \"#1565C0\ntext: AB\nshape: circle\n")
        #expect(text == """
            spec.yaml:1:13: error[E001]: invalid YAML: this quote (") is never closed
              |
            1 | background: "#1565C0
              |             ^
              note: the YAML reader gave up here: found unexpected end of stream while scanning a quoted scalar (spec.yaml:4:1)
              help: end the value with " on the same line, or remove the opening "

            """)
    }

    /// After a NEL (U+0085), LS or PS, which libyaml counts as line breaks,
    /// the excerpt quotes the line the diagnostic names (it quoted the line
    /// above, or nothing).
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func unicodeLineBreaksQuoteTheRightLine(_ lineBreak: String) throws {
        let text = try Self.human("text: AB\(lineBreak)size: 64\nshape: oval\n")
        #expect(text == """
            spec.yaml:3:8: error[E003]: unknown shape 'oval'; expected 'circle', 'square' or 'roundRect'
              |
            3 | shape: oval
              |        ^^^^
              help: use one of 'circle', 'square' or 'roundRect'

            """)
    }

    @Test func severalDiagnosticsAreSeparatedByABlankLine() throws {
        let text = try Self.human("sise: 256\ntext: AB\nshape: oval\n")
        let blocks = text.components(separatedBy: "\n\n")
        #expect(blocks.count == 2)
        #expect(blocks[0].hasPrefix("spec.yaml:1:1: error[E002]: unknown key 'sise'\n"))
        #expect(blocks[1].hasPrefix("spec.yaml:3:8: error[E003]: unknown shape 'oval'"))
    }

    @Test func diagnosticWithoutASpan() {
        let diagnostic = Diagnostic(.E012, "cannot read 'logoc.yaml'", at: nil, help: "check the --config path")
        let text = DiagnosticRenderer(sources: [:]).human(diagnostic)
        #expect(text == """
            error[E012]: cannot read 'logoc.yaml'
              help: check the --config path

            """)
    }

    @Test func unknownSourceGivesHeaderWithoutExcerpt() {
        let span = SourceSpan(file: "elsewhere.yaml", start: .init(line: 2, column: 4), end: .init(line: 2, column: 6))
        let text = DiagnosticRenderer(sources: [:]).human(Diagnostic(.E003, "wrong", at: span))
        #expect(text == "elsewhere.yaml:2:4: error[E003]: wrong\n")
    }

    @Test func colourWrapsLabelsInANSICodes() throws {
        let text = try Self.human("text: AB\nshape: oval\n", colour: true)
        let esc = "\u{1B}"
        #expect(text.hasPrefix("\(esc)[1mspec.yaml:2:8:\(esc)[0m \(esc)[1;31merror[E003]\(esc)[0m: \(esc)[1munknown shape 'oval'"))
        #expect(text.contains("\(esc)[1;31m^^^^\(esc)[0m"))
        #expect(text.contains("\(esc)[1;32mhelp:\(esc)[0m"))
    }

    // MARK: JSON form

    @Test func jsonHasTheRequiredFields() throws {
        let objects = try Self.json("""
            text:
              content: AB
              colour: white
            shape: oval
            """)
        #expect(objects.count == 2)
        let first = try #require(objects.first)
        #expect(first["file"] as? String == "spec.yaml")
        #expect(first["line"] as? Int == 3)
        #expect(first["column"] as? Int == 3)
        #expect(first["endLine"] as? Int == 3)
        #expect(first["endColumn"] as? Int == 9)
        #expect(first["severity"] as? String == "error")
        #expect(first["code"] as? String == "E002")
        #expect(first["message"] as? String == "unknown key 'colour' in 'text'")
        #expect(first["help"] as? String == "did you mean 'color'?")
        let second = try #require(objects.last)
        #expect(second["code"] as? String == "E003")
        #expect(second["line"] as? Int == 4)
        #expect(second["column"] as? Int == 8)
    }

    @Test func jsonEscapesQuotesAndCarriesNotes() throws {
        let objects = try Self.json("""
            background: #1E88E5
            background: red
            text: AB
            """)
        #expect(objects.map { $0["code"] as? String } == ["E005", "E007"])
        #expect(objects[0]["help"] as? String == "quote the colour: background: \"#1E88E5\"")
        #expect(objects[0]["column"] as? Int == 13)
        let notes = try #require(objects[1]["notes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes[0]["file"] as? String == "spec.yaml")
        #expect(notes[0]["line"] as? Int == 1)
        #expect(notes[0]["column"] as? Int == 1)
        #expect((notes[0]["message"] as? String)?.contains("first set here") == true)
    }

    @Test func jsonWarningSeverity() throws {
        let objects = try Self.json("text: AB\ncornerRadius: 10%\n")
        #expect(objects.count == 1)
        #expect(objects.first?["severity"] as? String == "warning")
        #expect(objects.first?["code"] as? String == "W002")
    }

    @Test func jsonOfNoDiagnosticsIsAnEmptyArray() throws {
        #expect(DiagnosticRenderer.json([]) == "[]\n")
        #expect(try Self.json("text: AB\n").isEmpty)
    }

    @Test func jsonWithoutASpanHasNullPosition() throws {
        let text = DiagnosticRenderer.json([Diagnostic(.E014, "clash \"a\"\n", at: nil)])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects[0]["file"] is NSNull)
        #expect(objects[0]["line"] is NSNull)
        #expect(objects[0]["column"] is NSNull)
        #expect(objects[0]["message"] as? String == "clash \"a\"\n")
    }
}
