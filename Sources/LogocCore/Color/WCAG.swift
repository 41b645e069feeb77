/// WCAG 2.x relative luminance and contrast ratio: the one home of these
/// formulas. The validator, the automatic palette, the renderer's pixel
/// scans and colour-vision checks all read them from here, so a contrast
/// decided by `check` is the contrast `build` measures, to the last bit.
///
/// Luminance goes through a table of each channel's weighted linear light:
/// three look-ups per colour, and the same double as weighting each time
/// (`0.2126 × linear(r)` is one product either way).
public enum WCAG {
    /// Each 8-bit channel value's share of the luminance, weighted once.
    public static let red = SRGB.linear.map { redWeight * $0 }
    public static let green = SRGB.linear.map { greenWeight * $0 }
    public static let blue = SRGB.linear.map { blueWeight * $0 }

    /// The weights of linear red, green and blue in the luminance.
    public static let redWeight = 0.2126, greenWeight = 0.7152, blueWeight = 0.0722

    /// The relative luminance (0–1) of a colour's RGB; alpha is ignored
    /// (lay a translucent colour over its backdrop first).
    @inlinable
    public static func luminance(_ c: RGBA) -> Double {
        red[Int(c.r)] + green[Int(c.g)] + blue[Int(c.b)]
    }

    /// The relative luminance of linear-light channels (a simulated colour,
    /// unrounded).
    @inlinable
    public static func luminance(linear r: Double, _ g: Double, _ b: Double) -> Double {
        redWeight * r + greenWeight * g + blueWeight * b
    }

    /// The contrast ratio (1–21) of two relative luminances, in either order.
    @inlinable
    public static func contrast(_ l1: Double, _ l2: Double) -> Double {
        (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// The contrast ratio (1–21) of two colours' RGB.
    @inlinable
    public static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        contrast(luminance(a), luminance(b))
    }
}
