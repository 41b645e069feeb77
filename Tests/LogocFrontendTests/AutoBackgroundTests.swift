import Foundation
import LogocCore
import LogocFrontend
import LogocRenderTree
import Testing

/// `background: auto`: a stable colour per name from a palette whose every
/// entry passes the spec's contrast minimum.
struct AutoBackgroundTests {
    /// 10,000 names of many shapes and scripts, the same every run.
    static let names: [String] = {
        let given = ["Ada", "Alan", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Edsger", "Frances", "Donald", "李", "박", "ليلى", "נועה", "Ζωή", "Дмитрий"]
        let family = ["Lovelace", "Turing", "Hopper", "Torvalds", "Hamilton", "Thompson", "Liskov", "Dijkstra", "Allen", "Knuth", "小龍", "서연", "حداد", "כהן", "Παππά", "Иванов"]
        return (0..<10_000).map { i in "\(given[i % given.count]) \(family[(i / given.count) % family.count]) \(i)" }
    }()

    /// White text (what `auto` assumes) or black, whichever auto would pick, reaches `minimum`.
    static func autoTextPasses(_ background: RGBA, minimum: Double, vision: [ColorVision] = []) -> Bool {
        [RGBA.white, .black].contains { AutoBackground.passes(background, text: $0, minimum: minimum, vision: vision) }
    }

    @Test(arguments: [3.0, 4.5, 7.0])
    func everyNameGetsAColourThatPasses(_ minimum: Double) {
        let palette = AutoBackground.palette(text: nil, minimum: minimum)
        #expect(palette.count >= 12, "palette of \(palette.count) at \(minimum)")
        var uses: [RGBA: Int] = [:]
        for name in Self.names {
            guard let colour = AutoBackground.pick(name, from: palette) else { Issue.record("no colour for \(name)"); return }
            #expect(AutoBackground.passes(colour, text: .white, minimum: minimum, vision: []), "\(name) → \(colour)")
            uses[colour, default: 0] += 1
        }
        // The hash spreads names over the whole palette.
        #expect(uses.count == palette.count)
        #expect(uses.values.min() ?? 0 > Self.names.count / palette.count / 2)
    }

    @Test func everyEntryPassesUnderColourVisionWhenAsked() {
        let vision = ColorVision.allCases
        let palette = AutoBackground.palette(text: nil, minimum: 4.5, vision: vision)
        #expect(palette.count >= 12)
        for colour in palette { #expect(Self.autoTextPasses(colour, minimum: 4.5, vision: vision), "\(colour)") }
    }

    @Test func sameNameSameColourEverywhere() {
        let palette = AutoBackground.palette(text: nil, minimum: 3)
        let first = Self.names.map { AutoBackground.pick($0, from: palette) }
        // (`colour(for:)` works the palette out again for each name: 50 of them.)
        let again = Self.names.prefix(50).map { AutoBackground.colour(for: $0, text: nil, minimum: 3) }
        #expect(Array(first.prefix(50)) == again)
        #expect(Self.names.map { AutoBackground.pick($0, from: palette) } == first)
        // Pinned: a change here changes every user's avatars; do it on purpose only.
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        // A string's hash is its bytes' (read where they are stored, for a
        // long or non-ASCII one too), and hashing in pieces joins them.
        for text in ["team/longer-folder-name/jane-doe@2x.png", "équipe/Åsa Ørsted.webp", "a"] {
            #expect(StableHash.fnv1a64(text) == StableHash.fnv1a64(Array(text.utf8)))
            let (head, tail) = (String(text.prefix(3)), String(text.dropFirst(3)))
            #expect(StableHash.fnv1a64(tail, continuing: StableHash.fnv1a64(head)) == StableHash.fnv1a64(text))
        }
        #expect(AutoBackground.colour(for: "Jane Doe", text: nil, minimum: 3)?.description == "#906349")
        #expect(AutoBackground.colour(for: "Ada Lovelace", text: nil, minimum: 4.5)?.description == "#2F2087")
        // Case, composition and surrounding spaces do not matter.
        #expect(AutoBackground.colour(for: " jane doe ", text: nil, minimum: 3) == AutoBackground.colour(for: "Jane Doe", text: nil, minimum: 3))
        #expect(AutoBackground.colour(for: "Zoe\u{0308}", text: nil, minimum: 3) == AutoBackground.colour(for: "Zoë", text: nil, minimum: 3))
    }

    @Test func darkTextGetsLightColours() {
        let palette = AutoBackground.palette(text: RGBA(rgb: 0x111827), minimum: 7)
        #expect(!palette.isEmpty)
        for colour in palette {
            #expect(AutoBackground.passes(colour, text: RGBA(rgb: 0x111827), minimum: 7, vision: []))
            #expect(WCAG.luminance(colour) > 0.3)
        }
    }

    @Test func specsResolveToTheirNameOrInitialsColour() throws {
        let project = try TestProject()
        try project.write("team/jane.yaml", "background: auto\ncontrast: AA\ntext: {initials: Jane Doe}\n")
        try project.write("team/logo.yaml", "background: auto\ncontrast: AA\ntext: LG\n")
        let resolver = Resolver(project: project.load())
        for (file, key) in [("team/jane.yaml", "Jane Doe"), ("team/logo.yaml", "logo")] {
            let check = project.check(file)
            #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
            guard let spec = check.specs.first else { Issue.record("no spec"); continue }
            let tree = resolver.resolve(spec).light
            #expect(tree.background == .solid(AutoBackground.colour(for: key, text: nil, minimum: 4.5) ?? .black))
        }
    }

    @Test func impossibleMinimumWithAFixedTextColourIsE011() {
        assertDiagnostics("""
            background: auto
            contrast: AAA
            text: {content: AB, color: 1️⃣"#777777"}
            """, [("1️⃣", .E011, "no colour of the automatic background palette reaches the minimum 7:1 (AAA) with text #777777")])
        assertDiagnostics("""
            background: auto
            text: {content: AB, color: 1️⃣nope}
            """, [("1️⃣", .E005, "'nope' is not a colour or 'auto' or 'fromImage'")])
    }
}

/// `fromImage` and `auto` colours where they cannot apply.
struct ChosenColourTests {
    @Test func fromImageWithoutAPictureWarns() {
        assertDiagnostics("""
            background: "#1E88E5"
            border: {width: 8, color: 1️⃣fromImage}
            text: {content: AB, color: 2️⃣fromImage}
            """, [("1️⃣", .W002, "'fromImage' has no effect without an image background; the border is black or white"),
                  ("2️⃣", .W002, "'fromImage' has no effect without an image background; the text is black or white")])
    }

    @Test func autoRingAndAutoBackgroundAreQuiet() {
        assertDiagnostics("""
            background: auto
            border: {width: 8, color: auto}
            text: {initials: Ada Lovelace}
            """, [])
    }

    @Test func withoutAMinimumTheTextsOwnColourIsLeftOut() {
        let all = AutoBackground.palette(text: nil, minimum: nil)
        let text = all[all.count / 2]
        let palette = AutoBackground.palette(text: text, minimum: nil)
        #expect(palette.count == all.count - 1)
        #expect(!palette.contains(text))
        // So no name gives E010 with contrast off.
        for name in AutoBackgroundTests.names.prefix(500) {
            #expect(AutoBackground.pick(name, from: palette) != text)
        }
    }
}
