import Foundation

/// The sRGB transfer function, both ways.
public enum SRGB {
    /// Linear light of each 8-bit channel value.
    public static let linear: [Double] = (0..<256).map { v in
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// An 8-bit channel value of linear light `v` (clamped to 0–1).
    public static func encode(_ v: Double) -> UInt8 {
        let c = min(1, max(0, v))
        let s = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        return UInt8((s * 255).rounded())
    }

    public static func encode(_ c: (r: Double, g: Double, b: Double)) -> RGBA {
        RGBA(r: encode(c.r), g: encode(c.g), b: encode(c.b))
    }
}
