import Foundation
import LogocCore
@testable import LogocFrontend
import Testing

/// `logoc check` of a template: refused when some name could make it fail,
/// on some auto colour or in some script.
struct TemplateCheckTests {
    @Test func translucentTextThatFailsOnSomeAutoColourIsRefusedNamingIt() throws {
        let project = try TestProject()
        // The palette passes with opaque white; drawn at 60 % it does not on every colour.
        let check = try project.check(spec: "template: true\nbackground: auto\ncontrast: AA\ntext:\n  color: \"#FFFFFF99\"\n")
        #expect(check.summary == ["E011@5:10"])
        let message = try #require(check.diagnostics.first?.message)
        #expect(message.hasPrefix("on the auto colour #"), "\(message)")
        #expect(message.contains("(for names like '"), "\(message)")
        #expect(message.contains("more of the auto colours"), "\(message)")
        #expect(check.specs.isEmpty)
        // The colour named is one auto gives, and a name it is given for really gets it.
        let hex = String(message.dropFirst("on the auto colour ".count).prefix(7))
        let person = try #require(message.components(separatedBy: "names like '").last?.components(separatedBy: "'").first)
        let palette = AutoBackground.palette(text: RGBA(r: 255, g: 255, b: 255, a: 0x99), minimum: 4.5)
        #expect(AutoBackground.pick(person, from: palette)?.description == hex)
    }

    @Test func theSameSpecAsANonTemplateFailsOnlyForNamesThatGetAFailingColour() throws {
        // Without `template`, only its own name's colour is checked: some names pass.
        let project = try TestProject()
        var passing = 0
        for name in ["Jane Doe", "Ada Lovelace", "Omar Farouk", "Wang Fang", "Yuki Tanaka", "Ravi Kumar"] {
            let check = try project.check(spec: "background: auto\ncontrast: AA\ntext:\n  initials: \(name)\n  color: \"#FFFFFF99\"\n")
            if check.diagnostics.isEmpty { passing += 1 }
        }
        #expect(passing > 0)
    }

    @Test func aGoodTemplatePassesAcrossHuesAndScriptsQuickly() throws {
        let project = try TestProject()
        let start = Date()
        let check = try project.check(spec: "template: true\nbackground: auto\ncontrast: {minimum: AA, colorVision: all}\ntext: {color: white}\n"
                                      + "dark: {text: {color: black}}\nsmall: {maxSize: 48, text: {maxLength: 1}}\n")
        let elapsed = Date().timeIntervalSince(start)
        #expect(check.summary == [])
        #expect(check.specs.count == 1)
        #expect(check.specs.first?.outputs == [])
        // Not a timing test: a bound ten times what it takes, so that a check per name per colour cannot slip in.
        #expect(elapsed < 5, "\(elapsed) s")
    }

    @Test func aTeamPaletteTemplateNamesTheFailingTeamColour() throws {
        let project = try TestProject()
        let check = try project.check(spec: """
            template: true
            contrast: AA
            background: {auto: {from: ["#1565C0", "#F9A825"]}}
            text: {color: "#FFFFFFA0"}

            """)
        #expect(check.summary == ["E011@4:15"])
        #expect(check.diagnostics.first?.message.hasPrefix("on the auto colour #") == true)
    }

    @Test func aFontWithoutCJKStillDrawsCJKNamesThroughTheBundledFallbacks() throws {
        // Inter has no Hangul or Han: the bundled Noto CJK draws them, so no sample name fails.
        let project = try TestProject()
        let check = try project.check(spec: "template: true\nbackground: auto\ntext: {font: Inter, color: white}\n")
        #expect(check.summary == [])
        #expect(project.load().fonts.canDraw("王", primary: project.load().fonts.faces(ofFamily: "Inter")))
    }
}
