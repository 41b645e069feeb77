import Testing
@testable import LogocCore

struct SourceFileTests {
    @Test func linesSplitOnLFCRLFAndCR() {
        let file = SourceFile(path: "a.yaml", text: "one\r\ntwo\rthree\nfour")
        #expect(file.line(1) == "one")
        #expect(file.line(2) == "two")
        #expect(file.line(3) == "three")
        #expect(file.line(4) == "four")
        #expect(file.line(5) == nil)
        #expect(file.line(0) == nil)
    }

    @Test func emptyLinesAndATrailingBreak() {
        let file = SourceFile(path: "a.yaml", text: "a\n\n\r\n\rb\n")
        #expect((1...6).map { file.line($0) } == ["a", "", "", "", "b", ""])
        #expect(file.line(7) == nil)
        #expect(SourceFile(path: "e", text: "").line(1) == "")
    }

    /// Lines found on bytes are the lines the scalars give, with multi-byte
    /// characters, U+FFFD from invalid bytes, and every kind of break.
    @Test func linesFoundOnBytesAreTheScalarLines() {
        let texts = ["", "\n", "\r", "\r\n", "\n\r", "é\r\nü\rß\n", "王芳\n🦊\r\n\u{301}x", "a\u{2028}b\u{85}c\nd", "\u{2029}\u{85}\r\n\u{2028}",
                     // Bytes that start NEL, LS and PS in other characters: Ā (C4 80), ¤ (C2 A4), † (E2 80 A0), ₀ (E2 82 80).
                     "Ā¤†₀\u{85}x",
                     String(decoding: [0x61, 0xFF, 0x0D, 0xC3, 0x0A, 0x62], as: UTF8.self), "\r\r\n\n", "x\r"]
        for text in texts {
            // The lines as splitting the scalars at LF, CR LF, CR, NEL, LS and PS
            // (libyaml's breaks) gives them.
            var expected: [String] = [], current = String.UnicodeScalarView(), scalars = Array(text.unicodeScalars), i = 0
            while i < scalars.count {
                let c = scalars[i]
                if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(c) {
                    expected.append(String(current))
                    current = String.UnicodeScalarView()
                    if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                } else {
                    current.append(c)
                }
                i += 1
            }
            expected.append(String(current))
            let file = SourceFile(path: "a.yaml", text: text)
            #expect((1...expected.count).map { file.line($0) } == expected, "\(text.debugDescription)")
            #expect(file.line(expected.count + 1) == nil)
        }
    }

    /// NEL, LS and PS end lines, as they do for libyaml (YAML 1.1).
    @Test func unicodeLineBreaksEndLines() {
        let file = SourceFile(path: "a.yaml", text: "one\u{85}two\u{2028}three\u{2029}four\r\nfive")
        #expect((1...5).map { file.line($0) } == ["one", "two", "three", "four", "five"])
        #expect(file.line(6) == nil)
    }

    /// Lines are indexed once: quoting every line of a large file is linear
    /// (it was quadratic: 20,000 diagnostics took 30 s).
    @Test func quotingEveryLineOfALargeFileIsFast() {
        let file = SourceFile(path: "a.yaml", text: String(repeating: "---\n", count: 100_000))
        let start = ContinuousClock.now
        var total = 0
        for line in 1...100_000 { total += file.line(line)?.count ?? 0 }
        #expect(total == 300_000)
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}

struct DiagnosticTests {
    @Test func orderIsFileThenPositionThenCode() {
        let a = Diagnostic(.E005, "x", at: SourceSpan(file: "a.yaml", start: .init(line: 2, column: 1), end: .init(line: 2, column: 2)))
        let b = Diagnostic(.E002, "x", at: SourceSpan(file: "a.yaml", start: .init(line: 10, column: 1), end: .init(line: 10, column: 2)))
        let c = Diagnostic(.E001, "x", at: SourceSpan(file: "b.yaml", start: .init(line: 1, column: 1), end: .init(line: 1, column: 2)))
        #expect([c, b, a, a].normalized() == [a, b, c])
    }

    @Test func severityComesFromTheCode() {
        #expect(DiagnosticCode.W001.severity == .warning)
        #expect(DiagnosticCode.E016.severity == .error)
    }

    @Test func everyCodeHasACatalogEntryWithExamples() {
        for code in DiagnosticCode.allCases {
            let entry = code.explanation
            #expect(entry.code == code)
            #expect(!entry.title.isEmpty && !entry.explanation.isEmpty)
            #expect(!entry.failing.isEmpty && !entry.fixed.isEmpty && entry.failing != entry.fixed)
        }
    }
}

struct JSONTests {
    @Test func quotingEscapesControlsAndQuotes() {
        #expect(JSON.quote("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
        #expect(JSON.quote("李🦊") == "\"李🦊\"")
    }

    @Test func objectsKeepTheirKeyOrder() {
        let value = JSONValue.object([("z", .number(1)), ("a", .array([.string("x")]))])
        #expect(value.rendered() == "{\n  \"z\": 1,\n  \"a\": [\"x\"]\n}")
    }
}

struct RGBATests {
    @Test func overBlendsStraightAlpha() {
        let half = RGBA(r: 0, g: 0, b: 0, a: 128)
        #expect(half.over(.white) == RGBA(r: 127, g: 127, b: 127))
        #expect(RGBA.white.over(.black) == .white)
    }

    @Test func descriptionIsHex() {
        #expect(RGBA(rgb: 0x1E88E5).description == "#1E88E5")
        #expect(RGBA(r: 1, g: 2, b: 3, a: 4).description == "#01020304")
    }
}

struct CaretTests {
    @Test func wideCharactersTakeTwoCells() {
        #expect(DiagnosticRenderer.cells("李") == 2)
        #expect(DiagnosticRenderer.cells("🦊") == 2)
        #expect(DiagnosticRenderer.cells("a") == 1)
        #expect(DiagnosticRenderer.cells("\u{301}") == 0)
    }

    @Test func caretLinesUpAfterWideText() {
        let file = SourceFile(path: "a.yaml", text: "text: {content: 李龍, color: tael}")
        let span = SourceSpan(file: "a.yaml", start: .init(line: 1, column: 28), end: .init(line: 1, column: 32))
        let out = DiagnosticRenderer(sources: ["a.yaml": file]).human(Diagnostic(.E005, "'tael' is not a colour", at: span))
        let lines = out.split(separator: "\n").map(String.init)
        // "text: {content: 李龍, color: " is 27 scalars but 29 cells wide.
        #expect(lines[3] == "  | " + String(repeating: " ", count: 29) + "^^^^")
    }
}

struct LongLineExcerptTests {
    /// A hostile file's 200,000-character line is quoted as a window of 160
    /// around the span, with the caret still under the right character.
    @Test func longLinesAreQuotedAsAWindow() throws {
        let line = String(repeating: "[", count: 100_000) + "X" + String(repeating: "]", count: 100_000)
        let file = SourceFile(path: "a.yaml", text: "x: 1\n" + line + "\n")
        let span = SourceSpan(file: "a.yaml", start: .init(line: 2, column: 100_001), end: .init(line: 2, column: 100_002))
        let text = DiagnosticRenderer(sources: ["a.yaml": file]).human(Diagnostic(.E001, "here", at: span))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(text.count < 1_000)
        let quoted = try #require(lines.first { $0.hasPrefix("2 | ") })
        let caret = try #require(lines.first { $0.hasSuffix("^") && $0.hasPrefix("  | ") })
        #expect(quoted.hasPrefix("2 | …") && quoted.hasSuffix("…"))
        let index = caret.count - 1
        #expect(Array(quoted)[index] == "X", "\(quoted)\n\(caret)")
    }
}

/// Values quoted in diagnostics are cut (issue 15, item 13): a 1 MiB value
/// once made every diagnostic about it a megabyte, in every format.
struct QuotedTests {
    @Test func aLongValueIsCutWithItsLength() {
        let value = String(repeating: "x", count: 1 << 20)
        let quoted = Quoted.value(value)
        #expect(quoted == String(repeating: "x", count: Quoted.maxScalars) + "… (1048576 characters)")
        #expect(Quoted.value("teal") == "teal")
        // Scalars, not bytes: 40 CJK characters are kept whole.
        let cjk = String(repeating: "漢", count: Quoted.maxScalars)
        #expect(Quoted.value(cjk) == cjk)
    }

    @Test func messagesHelpAndNotesAreBoundedInEveryFormat() {
        let value = String(repeating: "y", count: 1 << 20)
        let diagnostic = Diagnostic(.E005, "'\(value)' is not a colour", at: SourceSpan(file: "a.yaml", start: .init(line: 1, column: 1), end: .init(line: 1, column: 2)),
                                    help: "did you mean \(value)?", notes: [.init("see \(value)")])
        #expect(diagnostic.message.unicodeScalars.count == Quoted.maxMessageScalars)
        #expect(diagnostic.message.hasSuffix("…"))
        #expect(diagnostic.help?.unicodeScalars.count == Quoted.maxMessageScalars)
        #expect(diagnostic.notes[0].message.unicodeScalars.count == Quoted.maxMessageScalars)
        #expect(DiagnosticRenderer.json([diagnostic]).utf8.count < 4 * Quoted.maxMessageScalars)
        #expect(DiagnosticRenderer(sources: [:]).human(diagnostic).utf8.count < 4 * Quoted.maxMessageScalars)
    }
}
