import LogocCore
import LogocFrontend
import Testing

/// `text.initialsStyle` and the initials of names in scripts without
/// capitals, without spaces, written right to left or joining.
struct InitialsStyleTests {
    static let zwnj = "\u{200C}"

    @Test(arguments: [
        // name, firstLast, first, firstTwo
        ("John Karmarkar", "JK", "J", "Jo"),
        ("Ada", "A", "A", "Ad"),
        ("Jean-Luc Picard", "JP", "J", "Je"),
        ("李小龍", "李", "李", "李小"),             // Chinese: one word
        ("山田 花子", "山花", "山", "山田"),         // Japanese with a space: two words
        ("박서연", "박", "박", "박서"),              // Hangul: one block word
        ("박 서연", "박서", "박", "박"),             // Hangul, family name apart
        ("ليلى حداد", "ل\u{200C}ح", "ل", "لي"),   // Arabic: the two initials must not join
        ("נועה כהן", "נכ", "נ", "נו"),            // Hebrew: no joining, no capitals
    ])
    func styles(_ name: String, _ firstLast: String, _ first: String, _ firstTwo: String) {
        #expect(Initials.of(name) == firstLast)
        #expect(Initials.of(name, style: .firstLast) == firstLast)
        #expect(Initials.of(name, style: .first) == first)
        #expect(Initials.of(name, style: .firstTwo) == firstTwo)
    }

    @Test func theJoinerDoesNotCountAsAGrapheme() {
        #expect(Initials.of("ليلى حداد").count == 2)
        var text = TextSyntax()
        text.initials = Located("ليلى حداد", at: .startOf("spec.yaml"))
        #expect(text.shown?.value == "ل" + Self.zwnj + "ح")
    }

    @Test func shownTextUsesTheStyleThenMaxLengthAndCase() {
        var text = TextSyntax()
        text.initials = Located("grace hopper", at: .startOf("spec.yaml"))
        text.initialsStyle = Located(.firstTwo, at: .startOf("spec.yaml"))
        #expect(text.shown?.value == "GR")
        text.initialsStyle = Located(.first, at: .startOf("spec.yaml"))
        #expect(text.shown?.value == "G")
    }

    @Test func unknownStyleAndStyleWithoutInitials() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              initials: Ada Lovelace
              initialsStyle: 1️⃣firsttwo
            """], [ExpectedDiagnostic("1️⃣", .E003, "unknown initialsStyle 'firsttwo'", help: "did you mean 'firstTwo'?")])
        assertDiagnostics("""
            text:
              content: AL
              initialsStyle: 1️⃣first
            """, [("1️⃣", .W002, "'initialsStyle' has no effect without 'initials'")])
    }
}
