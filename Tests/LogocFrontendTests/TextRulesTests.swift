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
    ])
    func hiddenCharactersAreRefused(_ text: String, _ scalar: UInt32) {
        #expect(TextRules.forbidden(in: text)?.0.value == scalar)
    }

    @Test func longTextIsRefusedWithItsLength() throws {
        let check = try TestProject.check("text: " + String(repeating: "W", count: TextRules.maxCharacters + 1) + "\n")
        #expect(check.diagnostics.map(\.code) == [.E003])
        #expect(check.diagnostics.first?.message.contains("101 characters") == true)
        let fine = try TestProject.check("text: " + String(repeating: "W", count: TextRules.maxCharacters) + "\n")
        #expect(!fine.diagnostics.contains { $0.code == .E003 })
    }
}
