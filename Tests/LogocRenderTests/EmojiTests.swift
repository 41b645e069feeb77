import Testing
@testable import LogocRender

/// `TextLayout.isEmoji` answers a lone scalar without building an array of
/// scalars or looking up properties below U+231A; it must answer every
/// character exactly as the full test does.
struct EmojiTests {
    /// The full test, as written before the lone-scalar shortcut.
    static func reference(_ c: Character) -> Bool {
        let scalars = Array(c.unicodeScalars)
        guard let first = scalars.first, !scalars.contains("\u{FE0E}") else { return false }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") { return true }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        return scalars.contains("\u{200D}") && first.properties.isEmoji
    }

    @Test func everyLoneScalarIsJudgedAsByTheFullTest() {
        var differing: [UInt32] = []
        var emoji = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let c = Character(scalar)
            let judged = TextLayout.isEmoji(c)
            if judged != Self.reference(c) { differing.append(value) }
            if judged { emoji += 1 }
        }
        #expect(differing.isEmpty, "first differing: \(differing.prefix(5).map { String($0, radix: 16) })")
        // Unicode 15 has about 1,200 scalars with emoji presentation: the test sees them.
        #expect(emoji > 1_000)
    }

    @Test(arguments: ["A", "é", "Ж", "界", "😀", "⌚", "☺", "☺\u{FE0F}", "☺\u{FE0E}", "1\u{FE0F}\u{20E3}", "🇫🇷", "👩\u{200D}💻",
                      "e\u{301}", "\u{FE0F}", "\u{20E3}", "\u{200D}", "©", "©\u{FE0F}"])
    func sequencesAreJudgedAsByTheFullTest(_ text: String) throws {
        let c = try #require(text.first)
        #expect(TextLayout.isEmoji(c) == Self.reference(c))
    }
}
