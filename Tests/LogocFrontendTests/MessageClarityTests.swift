import Foundation
import LogocCore
import LogocFrontend
import Testing

/// Issue #16, item 4: one mistake, one clear message — no advice that is
/// already followed, no second diagnostic that only follows from the first,
/// and the place and words of the real mistake.
struct MessageClarityTests {
    /// E017 with `color: auto` told the user to write 'color: auto'.
    @Test func e017OfAutoTextDoesNotSuggestAutoAgain() throws {
        let check = assertDiagnostics(files: ["spec.yaml": """
            background: "#E53935"
            contrast: {minimum: AA, colorVision: 1️⃣all}
            text:
              initials: Jane Doe
              color: auto
            """], [ExpectedDiagnostic("1️⃣", .E017, "auto text (black)", help: "use a lighter background")])
        let help = try #require(check?.diagnostics.first?.help)
        #expect(!help.contains("color: auto"), "\(help)")
    }

    /// A fixed colour still gets the advice to try `auto`.
    @Test func e017OfAFixedColourStillSuggestsAuto() {
        assertDiagnostics(files: ["spec.yaml": """
            background: "#00E676"
            contrast: {minimum: 3, colorVision: 1️⃣all}
            text: {content: GO, color: "#C62828"}
            """], [ExpectedDiagnostic("1️⃣", .E017, "deuteranopia", help: "or use 'color: auto'")])
    }

    /// `intials` gave E002 and also E004 "'text' needs one of 'content' or 'initials'".
    @Test func aMisspeltRequiredKeyIsOneError() {
        assertDiagnostics("""
            background: teal
            text:
              1️⃣intials: Jane Doe
            """, [("1️⃣", .E002, "unknown key 'intials' in 'text'")])
    }

    /// A misspelt key of a mapping that needs another key is E002 alone too.
    @Test func aMisspeltKeyOfABorderIsOneError() {
        assertDiagnostics("""
            border:
              width: 4
              1️⃣colr: white
            """, [("1️⃣", .E002, "unknown key 'colr' in 'border'")])
    }

    /// A key missing outright is still E004.
    @Test func aMissingKeyIsStillE004() {
        assertDiagnostics("""
            text:
              1️⃣maxLength: 2
            """, [("1️⃣", .E004, "'text' needs one of 'content' or 'initials'")])
    }

    /// `shape: rounded` also warned that cornerRadius has no effect "on a
    /// circle", and did not suggest roundRect.
    @Test func anUnknownShapeSuggestsRoundRectAndNoKnockOnWarning() {
        assertDiagnostics(files: ["spec.yaml": """
            shape: 1️⃣rounded
            cornerRadius: 20%
            background: teal
            """], [ExpectedDiagnostic("1️⃣", .E003, "unknown shape 'rounded'", help: "did you mean 'roundRect'?")])
    }

    /// cornerRadius with a valid shape other than roundRect still warns.
    @Test func cornerRadiusOnAValidCircleStillWarns() {
        assertDiagnostics("""
            shape: circle
            cornerRadius: 1️⃣20%
            """, [("1️⃣", .W002, "'cornerRadius' has no effect on a circle")])
    }

    /// `color:` indented under `colors:` said "found a mapping" with the
    /// generic list help; it names the key that made the mapping.
    @Test func aKeyIndentedUnderAListIsNamed() {
        assertDiagnostics(files: ["spec.yaml": """
            background:
              gradient:
                colors:
                  1️⃣color: red
            """], [ExpectedDiagnostic("1️⃣", .E003, "'colors' must be a list, but the key 'color' indented under it makes it a mapping",
                                       help: "start each item with '- '")])
    }

    /// An unquoted `#` inside `[...]` pointed past the end of the file with
    /// "did not find expected node content".
    @Test func anUnquotedHashInAFlowListIsThePitfall() throws {
        let check = assertDiagnostics(files: ["spec.yaml": """
            background:
              gradient:
                colors: [1️⃣#FF0000, "#0000FF"]
            """], [ExpectedDiagnostic("1️⃣", .E001, "an unquoted '#' starts a comment, so '#FF0000' and the rest of the line, with the list's closing ']', are not read",
                                       help: "quote the value: \"#FF0000\"")])
        #expect(check?.diagnostics.first?.notes.first?.message.contains("gave up") == true)
    }

    /// The same in a flow mapping, and after a comma.
    @Test func anUnquotedHashInAFlowMappingIsThePitfall() {
        assertDiagnostics(files: ["spec.yaml": """
            text: {initials: JD, color: 1️⃣#FFF}
            """], [ExpectedDiagnostic("1️⃣", .E001, "'#FFF' and the rest of the line, with the mapping's closing '}'", help: "\"#FFF\"")])
    }

    /// A quoted `#` and a real comment inside a flow list are fine.
    @Test func quotedHashesAndCommentsInFlowListsAreValid() {
        assertDiagnostics("""
            background:
              gradient:
                colors: ["#FF0000",  # the brand red
                         "#0000FF"]
            """, [])
    }
}

extension MessageClarityTests {
    /// A missing image said only "check the spelling"; the file beside it
    /// with a near name is named.
    @Test func aMissingImageSuggestsTheNearestFile() {
        assertDiagnostics(files: ["spec.yaml": """
            background:
              image: 1️⃣photos/priya.jpeg
            """], [ExpectedDiagnostic("1️⃣", .E012, "image 'photos/priya.jpeg' does not exist", help: "did you mean 'photos/priya.jpg'?")],
                          setup: { try $0.write("photos/priya.jpg", bytes: [0xFF, 0xD8]) })
    }

    /// Nothing near: the general advice stays.
    @Test func aMissingImageWithNothingNearKeepsTheGeneralHelp() {
        assertDiagnostics(files: ["spec.yaml": """
            background:
              image: 1️⃣photos/ada.png
            """], [ExpectedDiagnostic("1️⃣", .E012, "does not exist", help: "paths are relative to the spec's folder")],
                          setup: { try $0.write("photos/priya.jpg", bytes: [0xFF, 0xD8]) })
    }
}
