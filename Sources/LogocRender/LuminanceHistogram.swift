import LogocCore
import LogocImageIO
import LogocRenderTree

/// A picture's luminances under a text's ink, counted into equal ranges
/// rather than kept and ranked: where the value at a rank lies, to within
/// a range's width, in one pass that stores nothing per pixel.
///
/// `check` asks only whether a text over a photo passes its contrast rule,
/// and which of black and white `auto` picks; for most photos these ranges
/// answer both (`MeasureStage.decide`), and the exact luminances
/// (`Backdrop`, a value and a bucket written for every pixel, then a
/// selection) are made only when they do not.
struct LuminanceHistogram {
    static let buckets = 1024

    /// Luminances per range: an opaque pixel gives one, a translucent one
    /// two (over a white and a black page), as in a `Backdrop`.
    private(set) var counts = [Int32](repeating: 0, count: buckets)
    private(set) var count = 0
    /// At most the darkest luminance and at least the lightest: the edges
    /// of the outermost ranges that hold any (the pass keeps no extremes).
    /// No luminance is above white's.
    private(set) var darkest = 0.0, lightest = WCAG.luminance(.white)

    /// A luminance in whole units of 2⁻³⁰, the sum of one table entry per
    /// channel (`WCAG.red` and the others, rounded to units): a pixel's
    /// range is then the sum's top bits, three loads and a shift, where the
    /// `Double` sum and its bits were half again as much work a pixel.
    static let unitBits = 30
    private static let rangeShift = UInt32(unitBits - 10)
    static let red = units(WCAG.red), green = units(WCAG.green), blue = units(WCAG.blue)
    private static func units(_ table: [Double]) -> [UInt32] { table.map { UInt32(($0 * Double(1 << unitBits)).rounded()) } }

    /// How far a luminance may lie outside the range it was counted in:
    /// each table entry is rounded by at most half a unit (1.5 units in a
    /// sum), a translucent pixel's luminance is truncated by less than one,
    /// and the exact `Double` luminances carry their own rounding, far
    /// below a unit. 4 × 10⁻⁹ is more than four units (2⁻³⁰ ≈ 0.93 × 10⁻⁹).
    static let slack = 4e-9

    /// The luminances of `buffer`'s pixels under `rect` (`Backdrop.window`).
    init(_ buffer: PixelBuffer, in rect: Rect) {
        self = buffer.bytes.withUnsafeBytes { bytes in
            LuminanceHistogram(PixelView(width: buffer.width, height: buffer.height, stride: buffer.stride, bytes: bytes), in: rect)
        }
    }

    /// The same, read where the pixels are (a surface being measured).
    init(_ pixels: PixelView, in rect: Rect) {
        guard let window = Backdrop.window(of: rect, width: pixels.width, height: pixels.height),
              let base = pixels.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        // One more than the ranges: white's sum, 2³⁰ exactly, lands in it,
        // and is moved to the top range after the pass.
        var counts = [Int32](repeating: 0, count: Self.buckets + 1)
        var translucent = 0
        counts.withUnsafeMutableBufferPointer { counts in
            Self.red.withUnsafeBufferPointer { r in
                Self.green.withUnsafeBufferPointer { g in
                    Self.blue.withUnsafeBufferPointer { b in
                        guard let counts = counts.baseAddress, let r = r.baseAddress, let g = g.baseAddress, let b = b.baseAddress else { return }
                        for y in window.y {
                            // Little-endian ARGB32: B, G, R, A in memory.
                            var p = base + y * pixels.stride + window.x.lowerBound * 4
                            for _ in window.x {
                                if p[3] == 255 {
                                    counts[Int((r[Int(p[2])] &+ g[Int(p[1])] &+ b[Int(p[0])]) >> Self.rangeShift)] &+= 1
                                } else {
                                    let (overWhite, overBlack) = Backdrop.translucentLuminances(ofPixelAt: p)
                                    counts[Self.range(of: overWhite)] &+= 1
                                    counts[Self.range(of: overBlack)] &+= 1
                                    translucent &+= 1
                                }
                                p += 4
                            }
                        }
                    }
                }
            }
        }
        counts[Self.buckets - 1] &+= counts.removeLast()
        self.counts = counts
        count = window.x.count * window.y.count + translucent
        if let first = counts.firstIndex(where: { $0 > 0 }), let last = counts.lastIndex(where: { $0 > 0 }) {
            darkest = max(0, Self.edge(first) - Self.slack)
            lightest = min(lightest, Self.edge(last + 1) + Self.slack)
        }
    }

    /// The range of a luminance (0–1) worked out apart from the tables: a
    /// translucent pixel's. Truncated to units, as the tables' sums are.
    private static func range(of luminance: Double) -> Int {
        min(buckets, Int(UInt32(max(0, min(1, luminance)) * Double(1 << unitBits)) >> rangeShift))
    }

    /// The lower edge of range `k`.
    private static func edge(_ k: Int) -> Double { Double(k) / Double(buckets) }

    /// The values the luminance at `rank` (ascending, below `count`) may
    /// have: its range, widened by `slack` and kept within the extremes.
    func range(atRank rank: Int) -> ClosedRange<Double> {
        var below = 0, k = 0
        while k < Self.buckets - 1, below + Int(counts[k]) <= rank {
            below += Int(counts[k])
            k += 1
        }
        let low = max(darkest, Self.edge(k) - Self.slack), high = min(lightest, Self.edge(k + 1) + Self.slack)
        return min(low, high)...max(low, high)
    }
}
