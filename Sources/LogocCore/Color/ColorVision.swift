/// A colour-vision deficiency that contrast can be re-checked under.
///
/// The simulation is Machado, Oliveira and Fernandes (2009), "A
/// Physiologically-based Model for Simulation of Color Vision Deficiency", at
/// severity 1.0 (dichromacy: the worst case, so a pass holds for milder
/// forms too), applied to linear-light RGB. The matrices' rows sum to 1, so
/// black, white and greys are unchanged: only coloured pairs can fail.
public enum ColorVision: String, Sendable, Hashable, CaseIterable, Comparable {
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

    /// How `colour` looks to a viewer with this deficiency (alpha kept).
    public func simulate(_ colour: RGBA) -> RGBA {
        let m = matrix
        let r = SRGB.linear[Int(colour.r)], g = SRGB.linear[Int(colour.g)], b = SRGB.linear[Int(colour.b)]
        var out = SRGB.encode((m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b))
        out.a = colour.a
        return out
    }
}
