import LogocCore
import LogocImageIO
import LogocRenderTree

/// The background pixels under a text's ink box, read once.
///
/// Contrast is asked for several colours of one backdrop (white, black, the
/// text's own, each under colour-vision simulation), and the common case is
/// opaque text held to the exact minimum. For that case the backdrop keeps
/// one WCAG luminance per pixel (two for a translucent pixel: over white and
/// over black), read straight from Cairo's bytes, so each ask is a scan of
/// doubles; making straight colours for every pixel and looking each one up
/// per ask was most of the cost of measuring a build.
final class Backdrop {
    private let buffer: PixelBuffer?
    private let rect: Rect
    /// Straight-alpha colours, for images (a percentile), translucent text
    /// and colour-vision simulations; made on first use.
    private(set) lazy var colors: [RGBA] = buffer?.colors(in: rect) ?? []
    /// Luminance of every pixel as seen (translucent pixels over white and black).
    let luminances: [Double]
    /// The extremes of `luminances`: for text lighter or darker than every
    /// pixel (white and black, so `auto`) they are the nearest luminance.
    let darkest: Double, lightest: Double

    init(_ buffer: PixelBuffer, in rect: Rect) {
        self.buffer = buffer
        self.rect = rect
        luminances = Self.luminances(buffer, in: rect)
        (darkest, lightest) = (luminances.min() ?? 2, luminances.max() ?? -1)
    }

    init(colors: [RGBA]) {
        buffer = nil
        rect = Rect(x: 0, y: 0, width: 0, height: 0)
        var out: [Double] = []
        out.reserveCapacity(colors.count)
        for c in colors {
            if c.isOpaque {
                out.append(Luminance.of(c))
            } else {
                out.append(Luminance.of(c.over(.white)))
                out.append(Luminance.of(c.over(.black)))
            }
        }
        luminances = out
        (darkest, lightest) = (out.min() ?? 2, out.max() ?? -1)
        self.colors = colors
    }

    /// Same pixels and the same arithmetic as `PixelBuffer.colors(in:)`
    /// followed by `Luminance.of`: opaque pixels are their own straight colour.
    private static func luminances(_ buffer: PixelBuffer, in rect: Rect) -> [Double] {
        let x0 = max(0, Int(rect.x.rounded(.down))), y0 = max(0, Int(rect.y.rounded(.down)))
        let x1 = min(buffer.width, Int((rect.x + rect.width).rounded(.up))), y1 = min(buffer.height, Int((rect.y + rect.height).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return [] }
        var out: [Double] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        let (red, green, blue) = (Luminance.red, Luminance.green, Luminance.blue)
        red.withUnsafeBufferPointer { r in
            green.withUnsafeBufferPointer { g in
                blue.withUnsafeBufferPointer { b in
                    buffer.bytes.withUnsafeBufferPointer { bytes in
                        for y in y0..<y1 {
                            var i = y * buffer.stride + x0 * 4
                            for _ in x0..<x1 {
                                // Little-endian ARGB32: B, G, R, A in memory.
                                if bytes[i + 3] == 255 {
                                    out.append(r[Int(bytes[i + 2])] + g[Int(bytes[i + 1])] + b[Int(bytes[i])])
                                } else {
                                    let c = buffer.straightColor(at: i)
                                    out.append(Luminance.of(c.over(.white)))
                                    out.append(Luminance.of(c.over(.black)))
                                }
                                i += 4
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The lowest contrast of opaque text of luminance `text` over the
    /// backdrop. The ratio grows with the distance between the two
    /// luminances, so the minimum is at the luminance nearest the text's
    /// from below or from above; only those two ratios are worked out.
    func minimumContrast(_ text: Double) -> Double {
        var below = -1.0, above = 2.0   // nearest luminance ≤ text, ≥ text
        if text >= lightest {
            // White text, and any text at least as light as every pixel.
            below = lightest
            if text == lightest { above = text }
        } else if text <= darkest {
            above = darkest
            if text == darkest { below = text }
        } else {
            for l in luminances {
                if l <= text, l > below { below = l }
                if l >= text, l < above { above = l }
            }
        }
        func ratio(_ background: Double) -> Double {
            (max(background, text) + 0.05) / (min(background, text) + 0.05)
        }
        var minimum = 21.0
        if below >= 0 { minimum = min(minimum, ratio(below)) }
        if above <= 1 { minimum = min(minimum, ratio(above)) }
        return minimum
    }
}
