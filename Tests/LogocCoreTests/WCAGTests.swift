import Foundation
import Testing
@testable import LogocCore

/// `WCAG` is the one home of luminance and contrast: its table must give the
/// exact double of the formula (check and build decide on it to the last
/// bit), and a simulated viewer's luminance must use the same weights.
struct WCAGTests {
    /// WCAG 2.x as written, with `pow` at every call.
    static func formula(_ c: RGBA) -> Double {
        func channel(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }

    @Test func tableLuminanceIsTheFormulasDouble() {
        for v in 0...255 {
            let x = UInt8(v), y = UInt8(255 - v), z = UInt8((v * 7) % 256)
            for c in [RGBA(r: x, g: 0, b: 0), RGBA(r: 0, g: x, b: 0), RGBA(r: 0, g: 0, b: x), RGBA(r: x, g: y, b: z)] {
                #expect(WCAG.luminance(c) == Self.formula(c))
            }
        }
    }

    @Test func contrastOfKnownPairs() {
        #expect(WCAG.contrast(RGBA.white, .black) == 21)
        #expect(WCAG.contrast(RGBA.black, .white) == 21)
        #expect(WCAG.contrast(RGBA(rgb: 0x777777), RGBA(rgb: 0x777777)) == 1)
        #expect(abs(WCAG.contrast(RGBA.white, RGBA(rgb: 0x777777)) - 4.48) < 0.01)
    }

    /// Greys look the same to every viewer, so a simulation's luminance of
    /// a grey is the normal one (the same weights, from the same home; the
    /// published matrices' rows sum to 1 within 1e-6).
    @Test func simulatedGreyKeepsItsLuminance() {
        for vision in ColorVision.allCases {
            for v in stride(from: 0, through: 255, by: 17) {
                let grey = RGBA(r: UInt8(v), g: UInt8(v), b: UInt8(v))
                #expect(abs(vision.luminance(of: grey) - WCAG.luminance(grey)) < 1e-5)
            }
        }
    }
}
