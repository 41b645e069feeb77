import Foundation
import LogocCore
import LogocFrontend
import Testing

/// `contrast: {minimum, colorVision}`: text contrast re-checked under
/// simulated protanopia, deuteranopia and tritanopia (E017).
struct ColorVisionTests {
    /// Red text on a bright green: 3.37:1 for normal vision, 2.64:1 under deuteranopia.
    static let redOnGreen = """
        background: "#00E676"
        contrast: {minimum: 3, colorVision: 1️⃣all}
        text:
          content: GO
          color: "#C62828"
        """

    @Test func redOnGreenFailsForDeuteranopiaOnly() {
        let check = assertDiagnostics(Self.redOnGreen, [("1️⃣", .E017, "for a viewer with deuteranopia (2.64:1)")])
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

    /// Decided on the simulated colours' exact linear light. Rounded to 8
    /// bits first, `#780024` on `#99B3A7` reached 4.50 under deuteranopia
    /// (exactly 4.466) and passed; `#4D5085` on `#949EF7` reached 2.992
    /// (exactly 3.0035) and failed.
    @Test func aPairJustBelowTheMinimumFails() {
        assertDiagnostics("""
            background: "#99B3A7"
            contrast: {minimum: 4.5, colorVision: 1️⃣[deuteranopia]}
            text: {content: GO, color: "#780024"}
            """, [("1️⃣", .E017, "below the minimum 4.5:1 (AA) for a viewer with deuteranopia (4.46:1)")])
    }

    @Test func aPairJustAboveTheMinimumPasses() {
        assertDiagnostics("""
            background: "#949EF7"
            contrast: {minimum: 3, colorVision: all}
            text: {content: GO, color: "#4D5085"}
            """, [])
    }

    /// The simulation is linear in linear light, so along a ramp of one
    /// primary the luminance seen is the ramp's linear light times one
    /// constant (each simulated channel keeps its sign, so clamping at 0
    /// keeps a channel at zero or leaves it alone; the ramp stops at 200,
    /// below where a coefficient over 1 reaches the clamp at 1), and the
    /// ratio against black follows exactly. A simulated colour rounded to 8
    /// bits breaks this (a channel of 0.4 levels rounds to 0 or 1).
    @Test func simulatedContrastIsComputedWithoutRounding() {
        for vision in ColorVision.allCases {
            for primary in [RGBA(rgb: 0xFF0000), RGBA(rgb: 0x00FF00), RGBA(rgb: 0x0000FF)] {
                func ramp(_ v: Int) -> RGBA {
                    RGBA(r: primary.r == 0 ? 0 : UInt8(v), g: primary.g == 0 ? 0 : UInt8(v), b: primary.b == 0 ? 0 : UInt8(v))
                }
                let perLinear = vision.luminance(of: ramp(128)) / SRGB.linear[128]
                var worstRounded = 0.0
                for v in 1...200 {
                    let c = ramp(v), expected = perLinear * SRGB.linear[v]
                    #expect(abs(vision.luminance(of: c) - expected) <= 1e-12, "\(vision) \(c)")
                    let ratio = vision.contrast(c, .black), exact = (expected + 0.05) / (vision.luminance(of: .black) + 0.05)
                    #expect(abs(ratio - exact) <= 1e-9, "\(vision) \(c): \(ratio) against \(exact)")
                    worstRounded = max(worstRounded, abs(WCAG.luminance(vision.simulate(c)) - expected) / (expected + 0.05))
                }
                // The ramp is sensitive to rounding: the 8-bit route misses somewhere.
                #expect(worstRounded > 1e-4, "\(vision) \(primary): \(worstRounded)")
            }
        }
    }

    @Test func greysLookTheSameToEveryone() {
        for vision in ColorVision.allCases {
            for grey in [RGBA.black, .white, RGBA(rgb: 0x777777)] {
                let seen = vision.simulate(grey)
                #expect(abs(Int(seen.r) - Int(grey.r)) <= 1 && abs(Int(seen.g) - Int(grey.g)) <= 1 && abs(Int(seen.b) - Int(grey.b)) <= 1)
            }
        }
        // Pure red loses most of its lightness without red cones.
        #expect(WCAG.luminance(ColorVision.protanopia.simulate(RGBA(rgb: 0xFF0000))) < 0.15)
    }
}
