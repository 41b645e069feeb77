import Testing
@testable import LogocCore

/// Raw control characters from a spec (ESC, BEL, NUL) reached the human
/// diagnostics on a terminal (issue 15, item 8): they are written out as
/// `\u{1B}`, as the JSON writer already did, and the caret still points at
/// the value.
@Suite struct TerminalEscapeTests {
    static let hostile = "text: \"\u{1B}]0;pwned\u{07}\u{1B}[2J\" # \u{202E}txt.exe\n"

    @Test func excerptMessageNoteAndHelpShowNoControlCharacter() {
        let source = SourceFile(path: "spec\u{1B}[31m.yaml", text: Self.hostile)
        let span = SourceSpan(file: source.path, start: .init(line: 1, column: 7), end: .init(line: 1, column: 23))
        let diagnostic = Diagnostic(.E003, "text '\u{1B}]0;pwned\u{07}' has a control character", at: span, help: "remove \u{00}it",
                                    notes: [.init("see \u{9B}here", at: span)])
        let text = DiagnosticRenderer(sources: [source.path: source]).human(diagnostic)
        let forbidden = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) }
        #expect(forbidden.isEmpty, "raw control characters reach the terminal: \(forbidden.map(\.value))")
        #expect(text.contains("spec\\u{1B}[31m.yaml:1:7:"))
        #expect(text.contains("text '\\u{1B}]0;pwned\\u{7}'"))
        #expect(text.contains("help: remove \\u{0}it") && text.contains("see \\u{9B}here"))
        // The caret starts under the opening quote, after the escapes' width.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let quoted = try? #require(lines.first { $0.hasPrefix("1 | ") })
        let carets = try? #require(lines.first { $0.contains("^") })
        if let quoted, let carets {
            let quoteAt = quoted.distance(from: quoted.startIndex, to: quoted.firstIndex(of: "\"")!)
            let caretAt = carets.distance(from: carets.startIndex, to: carets.firstIndex(of: "^")!)
            #expect(quoteAt == caretAt)
            #expect(carets.filter { $0 == "^" }.count == "\"\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\"".count)
        }
    }
}
