import Foundation
import LogocCore
import LogocFrontend
import Testing

/// `contrast: {minimum, colorVision}`: text contrast re-checked under
/// simulated protanopia, deuteranopia and tritanopia (E017).
struct ColorVisionTests {
    /// Red text on a bright green: 3.37:1 for normal vision, 2.63:1 under deuteranopia.
    static let redOnGreen = """
        background: "#00E676"
        contrast: {minimum: 3, colorVision: 1️⃣all}
        text:
          content: GO
          color: "#C62828"
        """

    @Test func redOnGreenFailsForDeuteranopiaOnly() {
        let check = assertDiagnostics(Self.redOnGreen, [("1️⃣", .E017, "for a viewer with deuteranopia (2.63:1)")])
        #expect(check?.diagnostics.first?.message.contains("protanopia") == false)
        #expect(check?.diagnostics.first?.message.contains("tritanopia") == false)
    }

    @Test func theSamePairPassesWithoutColorVision() {
        assertDiagnostics("""
            background: "#00E676"
            contrast: 3
            text:
              content: GO
              color: "#C62828"
            """, [])
    }

    @Test func aListNamesTheDeficienciesToCheck() {
        assertDiagnostics("""
            background: "#00E676"
            contrast: {minimum: 3, colorVision: [protanopia, tritanopia]}
            text: {content: GO, color: "#C62828"}
            """, [])
        assertDiagnostics("""
            background: "#00E676"
            contrast: {minimum: 3, colorVision: 1️⃣[deuteranopia]}
            text: {content: GO, color: "#C62828"}
            """, [("1️⃣", .E017, "deuteranopia")])
    }

    @Test func failingForNormalVisionIsE011Alone() {
        assertDiagnostics("""
            background: "#2E7D32"
            contrast: {minimum: 3, colorVision: all}
            text: {content: GO, color: 1️⃣"#FF8A80"}
            """, [("1️⃣", .E011, "contrast 2.24:1 between text #FF8A80")])
    }

    @Test func projectDefaultAppliesAndPointsAtTheTextColour() {
        assertDiagnostics("""
            background: "#00E676"
            text: {content: GO, color: 1️⃣"#C62828"}
            """, [("1️⃣", .E017, "deuteranopia")], config: "contrast: {minimum: 3, colorVision: all}\n")
    }

    @Test func mistakesInTheMappingAreReported() {
        assertDiagnostics("""
            background: "#00E676"
            contrast: {minimum: 3, colorVision: 1️⃣deutan}
            text: GO
            """, [("1️⃣", .E003, "unknown colorVision 'deutan'")])
        assertDiagnostics("""
            background: "#00E676"
            contrast: {minimum: 3, colorVision: [protanopia, 1️⃣protanopia]}
            text: GO
            """, [("1️⃣", .E007, "'protanopia' is listed twice")])
        assertDiagnostics("""
            background: "#00E676"
            contrast: {1️⃣minimun: 3}
            text: GO
            """, [("1️⃣", .E002, "unknown key 'minimun' in 'contrast'")])
        assertDiagnostics("""
            background: "#00E676"
            contrast: {colorVision: 1️⃣all}
            """, [("1️⃣", .W002, "'colorVision' has no effect without 'text'")])
    }

    @Test func greysLookTheSameToEveryone() {
        for vision in ColorVision.allCases {
            for grey in [RGBA.black, .white, RGBA(rgb: 0x777777)] {
                let seen = vision.simulate(grey)
                #expect(abs(Int(seen.r) - Int(grey.r)) <= 1 && abs(Int(seen.g) - Int(grey.g)) <= 1 && abs(Int(seen.b) - Int(grey.b)) <= 1)
            }
        }
        // Pure red loses most of its lightness without red cones.
        #expect(ColorVision.protanopia.simulate(RGBA(rgb: 0xFF0000)).relativeLuminance < 0.15)
    }
}
