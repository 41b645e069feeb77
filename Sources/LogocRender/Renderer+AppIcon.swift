import CCairo
import LogocCore
import LogocImageIO
import LogocRenderTree

/// The tinted layer of an iOS 18 app icon (docs/targets.md, "## ios"): the
/// foreground (`foregroundOnly`, Renderer+Layers.swift) as a greyscale
/// image, which iOS tints with the colour the user picks.
extension Renderer {
    /// `pixels` (premultiplied, as drawn) as an opaque greyscale image on
    /// black: each pixel's grey is its luminance composited on black
    /// (Rec. 709 weights on the sRGB values), mirrored about mid-grey for a
    /// dark colour — black initials would otherwise vanish into the black,
    /// where iOS's tint shows only what is light. R = G = B everywhere.
    public static func greyscaleOnBlack(_ pixels: PixelBuffer) -> PixelBuffer {
        var out = pixels
        let (width, height, stride) = (pixels.width, pixels.height, pixels.stride)
        out.bytes.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * stride + x * 4
                    // Cairo's ARGB32, little-endian: B, G, R, A.
                    let (b, g, r, a) = (Double(bytes[i]), Double(bytes[i + 1]), Double(bytes[i + 2]), Double(bytes[i + 3]))
                    var grey = 0.0
                    if a > 0 {
                        let luminance = min(1, (0.2126 * r + 0.7152 * g + 0.0722 * b) / a)   // straight, 0…1
                        grey = a * max(luminance, 1 - luminance)
                    }
                    let level = UInt8(max(0, min(255, grey.rounded())))
                    (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (level, level, level, 255)
                }
            }
        }
        return out
    }
}
