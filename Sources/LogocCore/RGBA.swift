import Foundation

/// A colour in sRGB with straight (not premultiplied) alpha, 0–255 per channel.
public struct RGBA: Hashable, Sendable, CustomStringConvertible, Encodable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8((rgb >> 16) & 0xFF), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF), a: alpha)
    }

    public static let black = RGBA(r: 0, g: 0, b: 0)
    public static let white = RGBA(r: 255, g: 255, b: 255)
    public static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        let hex = { (v: UInt8) in String(format: "%02X", v) }
        return "#" + hex(r) + hex(g) + hex(b) + (a == 255 ? "" : hex(a))
    }

    public var isOpaque: Bool { a == 255 }

    /// This colour painted over an opaque `backdrop` ("source over").
    public func over(_ backdrop: RGBA) -> RGBA {
        if a == 255 { return self }
        let alpha = Double(a) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return RGBA(r: mix(r, backdrop.r), g: mix(g, backdrop.g), b: mix(b, backdrop.b))
    }
}
