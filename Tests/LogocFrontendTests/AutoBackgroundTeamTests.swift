import Foundation
import LogocCore
import LogocFrontend
import LogocRenderTree
import Testing

/// `background: auto` for a team (SPEC-v2 §6): at least 64 colours told
/// apart, a `seed` that deals them again, a team palette with `from`, and
/// the collision figure the guide states.
struct AutoBackgroundTeamTests {
    /// Text colours, minimums and colour-vision checks a spec can ask for.
    static let settings: [(text: RGBA?, minimum: Double?, vision: [ColorVision])] = [
        (nil, nil, []), (nil, 3, []), (nil, 4.5, []), (nil, 7, []), (nil, 7, ColorVision.allCases),
        (RGBA(rgb: 0x111827), 7, []), (.black, 4.5, []), (.white, 4.5, ColorVision.allCases), (RGBA(rgb: 0xFFF8E1), 4.5, []),
    ]

    @Test(arguments: 0..<settings.count)
    func atLeast64ColoursToldApartThatAllPass(_ index: Int) {
        let (text, minimum, vision) = Self.settings[index]
        let palette = AutoBackground.palette(text: text, minimum: minimum, vision: vision)
        #expect(palette.count >= 64, "\(palette.count) colours for text \(String(describing: text)) at \(String(describing: minimum))")
        let labs = palette.map(OKLab.init)
        var closest = Double.infinity
        for i in labs.indices {
            for j in labs.indices where j > i { closest = min(closest, labs[i].distance(to: labs[j])) }
        }
        #expect(closest >= 0.04, "two colours only ΔE \(closest) apart")
        if let minimum {
            for colour in palette {
                #expect(AutoBackground.passes(colour, text: text ?? AutoBackground.autoText, minimum: minimum, vision: vision), "\(colour)")
            }
        }
    }

    @Test func aSeedDealsTheColoursAgainTheSameWayEveryTime() {
        let palette = AutoBackground.palette(text: nil, minimum: 4.5)
        let names = AutoBackgroundTests.names.prefix(1_000)
        let plain = names.map { AutoBackground.pick($0, from: palette) }
        let seeded = names.map { AutoBackground.pick($0, seed: "2026", from: palette) }
        let other = names.map { AutoBackground.pick($0, seed: "2027", from: palette) }
        #expect(names.map { AutoBackground.pick($0, seed: "2026", from: palette) } == seeded)
        // A new seed moves almost every name (a name keeps its colour by chance, 1 in `palette.count`).
        let kept = zip(plain, seeded).filter { $0 == $1 }.count
        #expect(kept < names.count / 20, "\(kept) of \(names.count) names kept their colour")
        #expect(zip(seeded, other).filter { $0 == $1 }.count < names.count / 20)
        // Pinned: a change here deals every seeded team's avatars again; do it on purpose only.
        #expect(AutoBackground.pick("Jane Doe", seed: "2026", from: palette)?.description == Self.pinnedSeeded)
    }

    static let pinnedSeeded = "#5E58D8"

    @Test func aTeamPaletteGivesOnlyItsOwnHues() {
        let team = [RGBA(rgb: 0x5B2EFF), RGBA(rgb: 0x00C2A8), RGBA(rgb: 0xFFB000), RGBA(rgb: 0xE0245E)]
        let palette = AutoBackground.palette(text: nil, minimum: 4.5, from: team)
        #expect(palette.count == team.count)
        for (written, used) in zip(team, palette) {
            #expect(AutoBackground.passes(used, text: .white, minimum: 4.5, vision: []), "\(used)")
            // Only the lightness moved: the same hue, within 8-bit rounding.
            let (a, b) = (OKLab(written), OKLab(used))
            var turn = abs(atan2(a.b, a.a) - atan2(b.b, b.a)) * 180 / .pi
            turn = min(turn, 360 - turn)
            #expect(turn < 3, "\(written) became \(used), \(turn)° away")
        }
        for name in AutoBackgroundTests.names.prefix(2_000) {
            guard let picked = AutoBackground.pick(name, seed: "x", from: palette) else { Issue.record("no colour"); return }
            #expect(palette.contains(picked))
        }
    }

    /// 200 names from a fixed generator: letters, a space, letters.
    static let randomNames: [String] = {
        var random = SplitMix64(seed: 2026)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func word(_ range: ClosedRange<Int>) -> String {
            let count = range.lowerBound + Int(random.next() % UInt64(range.count))
            return String((0..<count).map { _ in letters[Int(random.next() % 26)] }).capitalized
        }
        return (0..<200).map { _ in word(3...8) + " " + word(4...10) }
    }()

    /// Pairs of names that share a colour, and what a uniform hash gives on
    /// average (the birthday bound, n(n−1)/2k).
    static func collisions(in palette: [RGBA]) -> (pairs: Int, expected: Double) {
        var uses: [RGBA: Int] = [:]
        for name in randomNames { uses[AutoBackground.pick(name, from: palette) ?? .black, default: 0] += 1 }
        let pairs = uses.values.reduce(0) { $0 + $1 * ($1 - 1) / 2 }
        let n = Double(randomNames.count)
        return (pairs, n * (n - 1) / 2 / Double(palette.count))
    }

    /// The sentence of docs/spec-language.md that states the measurement.
    static func documentedSentence() -> String {
        let palette = AutoBackground.palette(text: nil, minimum: 3)
        let (pairs, expected) = collisions(in: palette)
        return "200 random names over the \(palette.count) colours of the default AA-large palette share a colour in \(pairs) pairs, "
            + "against \(String(format: "%.1f", expected)) expected"
    }

    /// The guide's palette sizes, from the code.
    static func documentedSizes() -> String {
        let sizes = [3.0, 4.5, 7].map { AutoBackground.palette(text: nil, minimum: $0).count }
        return "\(sizes[0]) at `AA-large`, \(sizes[1]) at `AA`, \(sizes[2]) at `AAA`. With `contrast: off`, or without text, the whole grid is used "
            + "(\(AutoBackground.palette(text: nil, minimum: nil).count) colours)"
    }

    @Test func collisionsOfTwoHundredNamesAreWhatTheBirthdayBoundSaysAndWhatTheGuideStates() throws {
        let palette = AutoBackground.palette(text: nil, minimum: 3)
        let (pairs, expected) = Self.collisions(in: palette)
        #expect(Set(Self.randomNames).count == 200)
        // A uniform hash: within three standard deviations (Poisson, √expected) of the bound.
        #expect(abs(Double(pairs) - expected) <= 3 * expected.squareRoot(), "\(pairs) pairs against \(expected)")
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/spec-language.md")
        // Line breaks and the indents of list items are one space.
        let text = try String(contentsOf: guide, encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let stated = text.contains(Self.documentedSentence())
        #expect(stated, "docs/spec-language.md should say: \(Self.documentedSentence())")
        let sized = text.contains(Self.documentedSizes())
        #expect(sized, "docs/spec-language.md should say: \(Self.documentedSizes())")
    }

    @Test func specsResolveSeedAndTeamPalette() throws {
        let project = try TestProject()
        try project.write("logoc.yaml", "palette: {brand: \"#5B2EFF\", sky: \"#38BDF8\"}\n")
        try project.write("seeded.yaml", "background: {auto: {seed: \"2026\"}}\ncontrast: AA\ntext: {initials: Jane Doe}\n")
        try project.write("team.yaml", "background: {auto: {from: [$brand, $sky]}}\ncontrast: AA\ntext: {initials: Jane Doe}\n")
        let loaded = project.load()
        let resolver = Resolver(project: loaded)
        let team = AutoBackground.palette(text: nil, minimum: 4.5, from: [RGBA(rgb: 0x5B2EFF), RGBA(rgb: 0x38BDF8)])
        let expected = [
            "seeded.yaml": AutoBackground.colour(for: "Jane Doe", seed: "2026", text: nil, minimum: 4.5),
            "team.yaml": AutoBackground.pick("Jane Doe", from: team),
        ]
        for (file, colour) in expected {
            let check = project.check(file)
            #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
            guard let spec = check.specs.first, let colour else { Issue.record("no spec or colour for \(file)"); continue }
            #expect(resolver.resolve(spec).light.background == .solid(colour), "\(file)")
        }
        #expect(team.count == 2)
    }

    @Test func mistakesInTheAutoForms() {
        assertDiagnostics("""
            background: {auto: {from: [1️⃣$nope, "#5B2EFF"]}}
            text: AB
            """, [("1️⃣", .E005, "'$nope' is not in the palette")])
        assertDiagnostics("""
            background: {auto: {2️⃣colours: [red]}}
            text: AB
            """, [("2️⃣", .E002, "unknown key 'colours' in 'auto'")])
        assertDiagnostics("""
            background: {auto: {from: 3️⃣red}}
            text: AB
            """, [("3️⃣", .E003, "'from' must be a list")])
        assertDiagnostics("""
            background: {color: red, 4️⃣auto: {seed: a}}
            text: AB
            """, [("4️⃣", .E004, "sets both 'color' and 'auto'")])
        assertDiagnostics("""
            background: {auto: {from: 6️⃣[]}}
            text: AB
            """, [("6️⃣", .E006, "'from' has 0 items")])
        assertDiagnostics("""
            contrast: AAA
            background: {auto: {from: ["#777777"]}}
            text: {content: AB, color: 5️⃣"#777777"}
            """, [("5️⃣", .E011, "no colour of the automatic background palette reaches the minimum 7:1 (AAA)")])
    }
}
