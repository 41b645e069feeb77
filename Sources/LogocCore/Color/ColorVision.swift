/// A colour-vision deficiency that contrast can be re-checked under.
///
/// The simulation is Machado, Oliveira and Fernandes (2009), "A
/// Physiologically-based Model for Simulation of Color Vision Deficiency", at
/// severity 1.0 (dichromacy: the worst case, so a pass holds for milder
/// forms too), applied to linear-light RGB. The matrices' rows sum to 1, so
/// black, white and greys are unchanged: only coloured pairs can fail.
public enum ColorVision: String, Sendable, Hashable, CaseIterable, Comparable, Encodable {
    /// No long-wavelength (red) cones: reds look dark.
    case protanopia
    /// No medium-wavelength (green) cones: the most common form.
    case deuteranopia
    /// No short-wavelength (blue) cones: rare; blue–yellow confusions.
    case tritanopia

    /// Protanopia, deuteranopia, tritanopia: the order messages list them in.
    var rank: Int {
        switch self {
        case .protanopia: 0
        case .deuteranopia: 1
        case .tritanopia: 2
        }
    }

    public static func < (a: ColorVision, b: ColorVision) -> Bool { a.rank < b.rank }

    /// Machado et al. 2009, table of severity 1.0.
    var matrix: [Double] {
        switch self {
        case .protanopia:
            [0.152286, 1.052583, -0.204868,
             0.114503, 0.786281, 0.099216,
             -0.003882, -0.048116, 1.051998]
        case .deuteranopia:
            [0.367322, 0.860646, -0.227968,
             0.280085, 0.672501, 0.047413,
             -0.011820, 0.042940, 0.968881]
        case .tritanopia:
            [1.255528, -0.076749, -0.178779,
             -0.078411, 0.930809, 0.147602,
             0.004733, 0.691367, 0.303900]
        }
    }

    /// The linear light of each channel a viewer with this deficiency sees
    /// of `colour`'s RGB, unrounded; clamped to 0–1, as a screen shows it.
    public func simulatedLinear(_ colour: RGBA) -> (r: Double, g: Double, b: Double) {
        let m = matrix
        let r = SRGB.linear[Int(colour.r)], g = SRGB.linear[Int(colour.g)], b = SRGB.linear[Int(colour.b)]
        func clamped(_ v: Double) -> Double { min(1, max(0, v)) }
        return (clamped(m[0] * r + m[1] * g + m[2] * b), clamped(m[3] * r + m[4] * g + m[5] * b), clamped(m[6] * r + m[7] * g + m[8] * b))
    }

    /// WCAG relative luminance of opaque `colour` as this viewer sees it,
    /// from the exact simulated linear light. Contrast decisions (E017)
    /// use this, not `simulate`: rounding the simulated colour to 8 bits
    /// first moved ratios by up to 1 % and flipped decisions near a
    /// minimum both ways (`#780024` on `#99B3A7` read 4.50 under
    /// deuteranopia, exactly 4.466).
    public func luminance(of colour: RGBA) -> Double {
        let l = simulatedLinear(colour)
        return WCAG.luminance(linear: l.r, l.g, l.b)
    }

    /// WCAG contrast of two opaque colours as this viewer sees them.
    public func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        WCAG.contrast(luminance(of: a), luminance(of: b))
    }

    /// How `colour` looks to a viewer with this deficiency, as an 8-bit
    /// colour to show (alpha kept); not for measuring contrast (see
    /// `luminance(of:)`).
    public func simulate(_ colour: RGBA) -> RGBA {
        var out = SRGB.encode(simulatedLinear(colour))
        out.a = colour.a
        return out
    }
}
