import Foundation

/// A colour in Björn Ottosson's OKLab space: `l` is perceived lightness
/// (0–1), `a` and `b` are the green–red and blue–yellow axes. Euclidean
/// distance here tracks perceived difference far better than in sRGB, which
/// is why palettes are clustered and look-alikes compared in it.
public struct OKLab: Sendable, Equatable {
    public var l: Double, a: Double, b: Double

    public init(l: Double, a: Double, b: Double) {
        (self.l, self.a, self.b) = (l, a, b)
    }

    /// The OKLab of an sRGB colour (alpha ignored).
    public init(_ c: RGBA) {
        self.init(linear: (SRGB.linear[Int(c.r)], SRGB.linear[Int(c.g)], SRGB.linear[Int(c.b)]))
    }

    /// The OKLab of linear-light RGB, each 0–1.
    public init(linear c: (r: Double, g: Double, b: Double)) {
        let l = cbrt(0.4122214708 * c.r + 0.5363325363 * c.g + 0.0514459929 * c.b)
        let m = cbrt(0.2119034982 * c.r + 0.6806995451 * c.g + 0.1073969566 * c.b)
        let s = cbrt(0.0883024619 * c.r + 0.2817188376 * c.g + 0.6299787005 * c.b)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// Linear-light RGB, unclamped (out-of-gamut colours leave 0–1).
    public var linear: (r: Double, g: Double, b: Double) {
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let (l3, m3, s3) = (l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_)
        return (4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
                -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
                -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)
    }

    /// The nearest opaque sRGB colour (channels clamped).
    public var rgba: RGBA { SRGB.encode(linear) }

    /// Chroma, the distance from grey: 0 for greys, about 0.3 for the most vivid sRGB colours.
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// Euclidean distance (ΔE in OKLab units; 0.02 is about a just noticeable difference).
    public func distance(to o: OKLab) -> Double {
        let (dl, da, db) = (l - o.l, a - o.a, b - o.b)
        return (dl * dl + da * da + db * db).squareRoot()
    }
}
