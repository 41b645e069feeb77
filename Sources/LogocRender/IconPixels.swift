import LogocCore
import LogocImageIO

/// Measurements on an icon's pixels for the checks where icons land
/// (W005, W006; docs/targets.md): on the very pixels that are encoded.
public enum IconPixels {
    /// The share (0–1) of the ink of `icon` that lies outside the central
    /// circle of `share` of the width. Ink: a pixel that differs from
    /// `layer` (the same square with the background alone) by more than
    /// `inkDelta` in a channel; with `layer` nil (a layer on transparent,
    /// such as an adaptive icon's foreground), a pixel whose alpha is more
    /// than `inkDelta`. Outside: the pixel's centre is more than one
    /// pixel beyond the circle, so that the antialiased rim of a drawing
    /// that touches the circle does not count. 0 when there is no ink.
    public static func shareOutside(icon: PixelBuffer, layer: PixelBuffer?, share: Double) -> Double {
        if let layer, layer.width != icon.width || layer.height != icon.height { return 0 }
        guard icon.width > 0 else { return 0 }
        let centre = Double(icon.width) / 2
        let limit = Double(icon.width) * share / 2 + 1
        var (ink, outside) = (0, 0)
        for y in 0..<icon.height {
            for x in 0..<icon.width {
                let i = y * icon.stride + x * 4
                var differs = false
                if let layer {
                    let j = y * layer.stride + x * 4
                    for c in 0..<4 where abs(Int(icon.bytes[i + c]) - Int(layer.bytes[j + c])) > inkDelta { differs = true }
                } else {
                    differs = Int(icon.bytes[i + 3]) > inkDelta
                }
                guard differs else { continue }
                ink += 1
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                if dx * dx + dy * dy > limit * limit { outside += 1 }
            }
        }
        return ink == 0 ? 0 : Double(outside) / Double(ink)
    }

    /// A channel difference up to this is the same colour (gradient dither, rounding).
    public static let inkDelta = 8

    /// The colour of the icon's outer edge as it shows on a tab of colour
    /// `tab`: the outermost opaque-ish pixel (alpha ≥ 128) met from each
    /// side along every row and column (a pixel met from two sides counts
    /// twice), each composited on `tab`, averaged. Nil when no pixel is.
    public static func edgeColour(_ pixels: PixelBuffer, on tab: RGBA) -> RGBA? {
        let (w, h) = (pixels.width, pixels.height)
        var sums = (0.0, 0.0, 0.0), count = 0
        func add(_ x: Int, _ y: Int) -> Bool {
            let c = straight(pixels, x, y)
            guard c.a >= 128 else { return false }
            let shown = c.over(tab)
            sums.0 += Double(shown.r); sums.1 += Double(shown.g); sums.2 += Double(shown.b)
            count += 1
            return true
        }
        for y in 0..<h {
            for x in 0..<w where add(x, y) { break }
            for x in stride(from: w - 1, through: 0, by: -1) where add(x, y) { break }
        }
        for x in 0..<w {
            for y in 0..<h where add(x, y) { break }
            for y in stride(from: h - 1, through: 0, by: -1) where add(x, y) { break }
        }
        guard count > 0 else { return nil }
        let n = Double(count)
        return RGBA(r: UInt8((sums.0 / n).rounded()), g: UInt8((sums.1 / n).rounded()), b: UInt8((sums.2 / n).rounded()))
    }

    /// Straight-alpha colour of pixel (x, y) of premultiplied ARGB32 (B, G, R, A in memory).
    static func straight(_ p: PixelBuffer, _ x: Int, _ y: Int) -> RGBA {
        p.straightColor(at: y * p.stride + x * 4)
    }
}
