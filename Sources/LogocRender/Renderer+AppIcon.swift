import CCairo
import LogocCore
import LogocImageIO
import LogocRenderTree

/// The layers of an iOS 18 app icon beyond the light one (docs/targets.md,
/// "## ios"): the foreground alone on transparent, which iOS puts on its
/// own dark gradient, and that foreground as a greyscale image, which iOS
/// tints with the colour the user picks.
extension Renderer {
    /// The measured tree's foreground — its ring (border) and text, no
    /// background — on a transparent square of `edge` pixels, at full size.
    public func foregroundOnly(_ measured: Measured, edge: Int) throws(RenderError) -> PixelBuffer {
        let tree = measured.tree
        return try square(tree, edge: edge) { cr throws(RenderError) in
            cairo_scale(cr, Double(edge) / Double(tree.size), Double(edge) / Double(tree.size))
            let ring = RenderTree(size: tree.size, shape: tree.shape, background: .solid(.transparent), border: tree.border, text: nil)
            try painter.drawBackground(ring, border: measured.border, on: cr, forSVG: false)
            if let layout = measured.layout, let text = measured.text {
                FontSystem.shared.locked { layout.draw(on: cr, color: Painter.components(text.color), outlines: true) }
            }
        }
    }

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

    /// A PNG file of drawn pixels as RGB, with no alpha channel (colour
    /// type 2), for the App Store's icon: see `PNGEncoder.encodeRGB`.
    public func pngRGB(_ pixels: PixelBuffer) throws(RenderError) -> [UInt8] {
        do throws(ImageError) {
            return try clock.time(.encodePNG) { () throws(ImageError) -> [UInt8] in try PNGEncoder.encodeRGB(pixels, using: try pngCompressor()) }
        } catch {
            throw .environment("PNG encoding failed: \(error.message)")
        }
    }
}
