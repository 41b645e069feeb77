import Foundation

/// The outline of a superellipse, |x|ⁿ + |y|ⁿ = 1, as a CSS `clip-path`
/// polygon in percentages of the box, so one rule fits an icon of any size.
/// Home screens do not round icons with circular corners: iOS's icon shape
/// has continuous corners, close to a superellipse of exponent 5 (its point
/// on the diagonal lies 0.8706 of the half-width out, where a rounded square
/// of radius 22.37 % has it at 0.869), and Android's "squircle" mask is a
/// rounder superellipse, of exponent 4.
enum Superellipse {
    /// `polygon(…)` with `points` vertices, starting at the right-hand
    /// middle and going round; two decimals (the same text on every machine).
    static func clipPath(exponent: Double, points: Int = 96) -> String {
        let vertices = (0..<points).map { i -> String in
            let angle = 2 * Double.pi * Double(i) / Double(points)
            let x = 50 + 50 * curve(cos(angle), exponent), y = 50 + 50 * curve(sin(angle), exponent)
            return "\(fixed(x))% \(fixed(y))%"
        }
        return "polygon(" + vertices.joined(separator: ", ") + ")"
    }

    /// sign(t)·|t|^(2/n): the superellipse's parametric form.
    private static func curve(_ t: Double, _ n: Double) -> Double {
        let magnitude = pow(abs(t), 2 / n)
        return t < 0 ? -magnitude : magnitude
    }

    /// `x` rounded to hundredths, without a trailing `-0`.
    private static func fixed(_ x: Double) -> String {
        let hundredths = Int((x * 100).rounded())
        return "\(hundredths / 100).\(String(format: "%02d", hundredths % 100))"
    }
}
