import Foundation
import LogocCore

/// The colours `background: auto` draws from when no team palette is given:
/// a grid of OKLCH colours (hue every 10°, five chroma rings, sixteen
/// lightness steps), kept where the colour is inside sRGB and passes the
/// spec's contrast, then thinned so that any two kept colours are at least
/// `minimumDistance` apart in OKLab.
///
/// Why a grid and not a list of named hues: the 17 Material hues of v1 gave
/// 4 of 8 avatars of one team two identical pairs. The grid keeps the hues a
/// person tells apart *and* the lightness and chroma steps within one hue, so
/// the palette holds 97 colours under AAA white text and 174 under AA
/// (`AutoBackgroundTests` checks every palette logoc can be asked for has at
/// least `minimumCount`).
enum AutoPaletteGrid {
    /// Two colours closer than this in OKLab (Euclidean ΔE) count as one
    /// (0.02 is about a just noticeable difference; side by side in a grid of
    /// avatars 0.04 is clearly another colour).
    static let minimumDistance = 0.04
    /// What a palette must reach; the smallest logoc makes (AAA under white
    /// text and every colour-vision check) is above it.
    static let minimumCount = 64

    /// Chroma rings, most vivid first: the thinning keeps the first of two
    /// close colours, so vivid colours win over dull ones.
    static let chromas: [Double] = [0.19, 0.16, 0.13, 0.10, 0.07]
    /// OKLab lightness from 0.90 down to 0.30: darker is murky, lighter is
    /// white whatever the hue.
    static let lightnesses: [Double] = (0..<16).map { 0.90 - 0.04 * Double($0) }
    /// Hue steps in degrees.
    static let hueStep = 10

    /// The palette's colours in their fixed order, given which colours pass
    /// (`passes` is the spec's contrast test, or always true without one).
    static func colours(passing passes: (RGBA) -> Bool) -> [RGBA] {
        var kept: [RGBA] = []
        var labs: [OKLab] = []
        for chroma in chromas {
            for lightness in lightnesses {
                for hue in stride(from: 0, to: 360, by: hueStep) {
                    let angle = Double(hue) * .pi / 180
                    let linear = OKLab(l: lightness, a: chroma * cos(angle), b: chroma * sin(angle)).linear
                    // Outside sRGB the colour would be clipped to another hue: left out.
                    guard [linear.r, linear.g, linear.b].allSatisfy({ $0 >= -1e-9 && $0 <= 1 + 1e-9 }) else { continue }
                    let colour = SRGB.encode(linear)
                    guard passes(colour) else { continue }
                    // Distances of the 8-bit colour actually drawn.
                    let lab = OKLab(colour)
                    guard labs.allSatisfy({ $0.distance(to: lab) >= minimumDistance }) else { continue }
                    kept.append(colour)
                    labs.append(lab)
                }
            }
        }
        return kept
    }
}
