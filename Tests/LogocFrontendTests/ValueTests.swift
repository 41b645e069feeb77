import Testing
import LogocCore
@testable import LogocFrontend

/// Colours, initials, contrast and suggestions: the small pure functions.
struct ColorParserTests {
    @Test(arguments: [
        ("#1E88E5", RGBA(r: 0x1E, g: 0x88, b: 0xE5)),
        ("#fff", RGBA.white),
        ("#0008", RGBA(r: 0, g: 0, b: 0, a: 0x88)),
        ("#11223344", RGBA(r: 0x11, g: 0x22, b: 0x33, a: 0x44)),
        ("Teal", RGBA(r: 0, g: 0x80, b: 0x80)),
        ("rebeccapurple", RGBA(r: 0x66, g: 0x33, b: 0x99)),
        ("transparent", RGBA.transparent),
        ("rgb(30 136 229)", RGBA(r: 30, g: 136, b: 229)),
        ("rgb(30, 136, 229)", RGBA(r: 30, g: 136, b: 229)),
        ("rgba(0, 0, 0, 0.5)", RGBA(r: 0, g: 0, b: 0, a: 128)),
        ("rgb(100% 0% 0% / 50%)", RGBA(r: 255, g: 0, b: 0, a: 128)),
        ("hsl(120 100% 25%)", RGBA(r: 0, g: 128, b: 0)),
        ("hsla(0, 100%, 50%, 1)", RGBA(r: 255, g: 0, b: 0)),
    ])
    func parses(_ text: String, _ expected: RGBA) {
        #expect(ColorParser.parse(text) == expected)
    }

    @Test(arguments: ["#GG0000", "#12345", "", "reddish", "rgb(1 2)", "rgb(300 0 0)", "hsl(0 100 50)", "rgba(0,0,0,2)", "#",
                       // What Swift's own parsing or character properties would take: a sign, fullwidth
                       // digits, a combining mark on a digit, a 9th digit, a blank inside.
                       "#+fff", "#-fff", "#ＦＦＦ", "#fff\u{301}", "#112233445", "#11 2233"])
    func refuses(_ text: String) {
        #expect(ColorParser.parse(text) == nil)
    }

    @Test func cssNamesAreAll148() {
        #expect(CSSColorNames.all.count == 148)
    }
}

/// `TextSyntax.shown`, kept once worked out, follows every later change.
struct SettledShownTests {
    @Test func aSettledTextFollowsItsChanges() {
        let at = SourceSpan.startOf("a.yaml")
        var text = TextSyntax()
        text.initials = Located("Ada Lovelace", at: at)
        text.settleShown()
        #expect(text.shown?.value == "AL")
        let copy = text
        text.initials = Located("Grace Hopper", at: at)
        #expect(text.shown?.value == "GH")
        #expect(copy.shown?.value == "AL")  // the copy keeps its own
        text.settleShown()
        text.maxLength = Located(1, at: at)
        #expect(text.shown?.value == "G")
        text.content = Located("hello", at: at)
        #expect(text.shown?.value == "h")
    }

    /// Settling is no part of a text's value: a settled text equals the same text unsettled.
    @Test func settlingChangesNoComparison() {
        let at = SourceSpan.startOf("a.yaml")
        var settled = TextSyntax()
        settled.initials = Located("Ada Lovelace", at: at)
        let unsettled = settled
        settled.settleShown()
        #expect(settled == unsettled)
        var other = unsettled
        other.uppercase = Located(false, at: at)
        #expect(other != settled)
    }
}

struct InitialsTests {
    @Test(arguments: [
        ("John Karmarkar", "JK"), ("Jean-Luc Picard", "JP"), ("Ada", "A"), ("李小龍", "李"),
        ("Conan O'Brien", "CO"), ("O'Brien", "O"), ("jane.doe@example.com", "jd"), ("  Zoë   Lefèvre ", "ZL"),
        ("María José García", "MG"), ("Дмитрий Иванов", "ДИ"), ("🦊", "🦊"), ("R2 D2", "RD"),
        // Two Arabic initials: the same two graphemes, kept from joining by a zero-width non-joiner.
        ("محمد علي", "م\u{200C}ع"),
    ])
    func derives(_ name: String, _ initials: String) {
        #expect(Initials.of(name) == initials)
    }
}

struct ContrastTests {
    @Test func wcagRatios() {
        #expect(abs(WCAG.contrast(RGBA.white, .black) - 21) < 1e-9)
        #expect(abs(WCAG.contrast(RGBA.white, RGBA(rgb: 0x4CAF50)) - 2.78) < 0.01)
        #expect(abs(WCAG.contrast(RGBA.white, RGBA(rgb: 0x777777)) - 4.48) < 0.01)
    }

    @Test func translucentBackgroundsCountTheWorseBackdrop() {
        // Half-transparent white: white text vanishes over a white page.
        let half = RGBA(r: 255, g: 255, b: 255, a: 128)
        let backdrops = ContrastMeter.backdrops(half)
        #expect(backdrops.count == 2)
        #expect(ContrastMeter.minimum(.white, over: backdrops) < 2)
    }

    @Test func autoPicksTheBetterOfBlackAndWhite() {
        #expect(ContrastMeter.auto(over: [RGBA(rgb: 0x1565C0)]) == .white)
        #expect(ContrastMeter.auto(over: [RGBA(rgb: 0xFFF8E1)]) == .black)
    }
}

struct SuggestTests {
    @Test func nearestHandlesTyposTranspositionsAndCase() {
        #expect(Suggest.nearest("colour", in: ["color", "content"]) == "color")
        #expect(Suggest.nearest("tael", in: ["teal", "tan"]) == "teal")
        #expect(Suggest.nearest("cornerradius", in: ["cornerRadius"]) == "cornerRadius")
        #expect(Suggest.nearest("xyz", in: ["background"]) == nil)
    }

    /// Bounded work (issue 15, item 12): the full matrix computed
    /// word × candidate cells for every candidate, whatever their lengths
    /// (a 30,000-character family against a 3,000-character one: 737 MB).
    @Test func workIsBoundedByTheBandAndTheLengthCap() {
        var cells = 0
        // Long words get no suggestion, and cost nothing.
        let long = String(repeating: "a", count: 30_000)
        #expect(Suggest.nearest(long, in: [String(repeating: "a", count: 29_999), "teal"], cells: &cells) == nil)
        #expect(cells == 0)
        // Candidates whose length is out of reach are not compared.
        #expect(Suggest.nearest("teal", in: ["background", "transparent", "al"], cells: &cells) == nil)
        #expect(cells == 0)
        // Within the band: at most (2 × limit + 1) cells a row.
        let word = String(repeating: "ab", count: 32), near = String(repeating: "ab", count: 31) + "ba"
        #expect(Suggest.nearest(word, in: Array(repeating: near, count: 100), cells: &cells) == near)
        #expect(cells <= 100 * 64 * 7, "\(cells) cells")
        // The same answers as the full matrix on typos.
        #expect(Suggest.distance(Array("tael"), Array("teal"), limit: 3, cells: &cells) == 1)
        #expect(Suggest.distance(Array("kitten"), Array("sitting"), limit: 3, cells: &cells) == 3)
        #expect(Suggest.distance(Array("kitten"), Array("sitting"), limit: 2, cells: &cells) == nil)
    }
}

/// Numbers as the spec language reads them: decimal only, finite.
struct NumberTests {
    @Test(arguments: [("42", 42.0), (" 3 ", 3), ("-1.5", -1.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("2.5E-1", 0.25)])
    func accepted(_ text: String, _ value: Double) {
        #expect(SyntaxDecoder.parseNumber(text) == value)
    }

    @Test(arguments: ["", ".", "-", "1e", "1e+", "--1", "0x10", "inf", "nan", "Infinity", "1e999", "1.2.3", "12px", "١٢"])
    func refused(_ text: String) {
        #expect(SyntaxDecoder.parseNumber(text) == nil)
    }
}
