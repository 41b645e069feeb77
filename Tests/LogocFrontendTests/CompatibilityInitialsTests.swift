import Testing
import LogocCore
@testable import LogocFrontend

/// Initials of names written with compatibility characters: ligatures,
/// full-width and circled letters give the plain letter a person reads.
struct CompatibilityInitialsTests {
    @Test(arguments: [
        // Ligatures: the first letter of the ligature, not both.
        ("ﬁona ﬂetcher", "ff"), ("ﬀion Ross", "fR"), ("Anna ﬃnch", "Af"), ("ﬂ", "f"),
        // Full-width Latin: normal-width letters.
        ("Ｊａｎｅ Ｄｏｅ", "JD"),
        // A circled letter is a symbol: before, the word started after it.
        ("Ⓐnna", "A"), ("Ⓐnna Ⓑell", "AB"),
        // A full-width at sign ends the local part like `@`.
        ("ｊａｎｅ＠example.com", "j"),
    ])
    func compatibilityCharactersGiveTheirPlainLetter(_ name: String, _ initials: String) {
        #expect(Initials.of(name) == initials)
    }

    @Test func styleFirstTwoCountsTheLettersOfALigatureApart() {
        #expect(Initials.of("ﬁona", style: .firstTwo) == "fi")
        #expect(Initials.of("Ｊａｎｅ", style: .firstTwo) == "Ja")
    }

    /// Canonical forms are not compatibility forms: these stay as written.
    @Test(arguments: [
        ("ㄱㄴ", "ㄱ"),                       // Hangul compatibility jamo: NFKC would make conjoining jamo
        ("\u{0958}\u{093F}शोर", "\u{0958}\u{093F}"),   // a precomposed nukta letter: NFKC decomposes it as NFC does
        ("🅰 🅱", "🅰"),                        // emoji letters have no compatibility form
        ("Zoë Lefèvre", "ZL"),
    ])
    func otherGraphemesAreUnchanged(_ name: String, _ initials: String) {
        // Scalar by scalar: String's == would accept a canonical equivalent.
        #expect(Array(Initials.of(name).unicodeScalars) == Array(initials.unicodeScalars))
    }

    @Test func theDrawnTextIsUpperCasedAfterwards() throws {
        let tree = try ResolverTests.tree("text: {initials: ﬁona ﬂetcher}\n")
        #expect(tree.text?.text == "FF")
        let wide = try ResolverTests.tree("text: {initials: Ｊａｎｅ Ｄｏｅ}\n")
        #expect(wide.text?.text == "JD")
    }
}
