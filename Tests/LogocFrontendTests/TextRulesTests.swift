import LogocFrontend
import Testing

/// What a drawn text may hold (docs/limits.md): visible text and emoji
/// sequences pass; characters that hide or reorder what a reviewer reads do not.
struct TextRulesTests {
    @Test(arguments: ["AB", "Straße", "李龍", "👩‍💻", "👨‍👩‍👧‍👦", "👍🏽", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "مرحبا", "Jane O'Brien"])
    func visibleTextPasses(_ text: String) {
        #expect(TextRules.forbidden(in: text) == nil)
    }

    @Test(arguments: [
        ("A\u{202E}B", 0x202E), ("\u{2067}AB", 0x2067), ("A\u{200F}", 0x200F),
        ("A\u{200D}B", 0x200D), ("\u{200D}👩", 0x200D), ("👩\u{200D}", 0x200D),
        ("A\u{200B}B", 0x200B), ("A\u{FEFF}B", 0xFEFF), ("A\u{2060}", 0x2060),
        ("A\u{7}B", 0x7), ("A\tB", 0x9), ("A\nB", 0xA), ("A\u{85}B", 0x85),
        ("A\u{2028}B", 0x2028), ("A\u{2029}B", 0x2029),
    ])
    func hiddenCharactersAreRefused(_ text: String, _ scalar: UInt32) {
        #expect(TextRules.forbidden(in: text)?.0.value == scalar)
    }

    /// Text that draws nothing is refused; text with one visible character passes.
    @Test(arguments: [" ", "\u{3000}", "\u{3164}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{2800}", "\u{E0041}\u{E007F}", "\u{FE0F}", "\u{3164} \u{FE0F}"])
    func invisibleTextHasNoInk(_ text: String) {
        #expect(!TextRules.hasInk(text))
        #expect(TextRules.hasInk(text + "A"))
    }

    @Test func lengthsAreCountedAsTheySay() {
        let marks = "A" + String(repeating: "\u{0301}", count: 400)
        #expect(TextRules.lengthProblem(in: marks)?.message == "is 1 character of 401 code points; a logo's text is limited to 400 code points")
        let stacked = "A" + String(repeating: "\u{0301}", count: TextRules.maxScalarsPerCharacter)
        #expect(TextRules.lengthProblem(in: stacked)?.message.hasPrefix("has a character (the 1st) made of 33 code points") == true)
        #expect(TextRules.lengthProblem(in: "A" + String(repeating: "\u{0301}", count: TextRules.maxScalarsPerCharacter - 1)) == nil)
        #expect(TextRules.lengthProblem(in: "👩🏽‍❤️‍💋‍👨🏿") == nil)
    }

    @Test func longTextIsRefusedWithItsLength() throws {
        let check = try TestProject.check("text: " + String(repeating: "W", count: TextRules.maxCharacters + 1) + "\n")
        #expect(check.diagnostics.map(\.code) == [.E003])
        #expect(check.diagnostics.first?.message.contains("101 characters") == true)
        let fine = try TestProject.check("text: " + String(repeating: "W", count: TextRules.maxCharacters) + "\n")
        #expect(!fine.diagnostics.contains { $0.code == .E003 })
    }
}
