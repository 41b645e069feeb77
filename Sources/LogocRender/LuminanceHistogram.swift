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

    /// Luminances per range, the `Backdrop`'s luminances exactly: an opaque
    /// pixel gives one, a translucent one two (over a white and a black page).
    private(set) var counts = [Int32](repeating: 0, count: buckets)
    private(set) var count = 0
    /// At most the darkest luminance and at least the lightest: the edges
    /// of the outermost ranges that hold any (the pass keeps no extremes,
    /// two comparisons a pixel). No luminance is above white's.
    private(set) var darkest = 0.0, lightest = WCAG.luminance(.white)

    /// The range of `value` (0–1): the top 10 bits of the fraction of
    /// `value + 1`, as `RankedValues.bucket` takes 12. Rounding the sum can
    /// only move a value within 2⁻⁵² of an edge into the range above,
    /// which `range(atRank:)` allows for.
    @inline(__always)
    static func bucket(_ value: Double) -> Int { RankedValues.range(of: value, bits: 10) }

    /// The luminances of `buffer`'s pixels under `rect` (`Backdrop.window`).
    init(_ buffer: PixelBuffer, in rect: Rect) {
        guard let window = Backdrop.window(of: rect, in: buffer) else { return }
        counts.withUnsafeMutableBufferPointer { counts in
            guard let counts = counts.baseAddress else { return }
            _ = Backdrop.scan(buffer, columns: window.x, rows: window.y, into: CountSink(counts: counts))
        }
        count = counts.reduce(0) { $0 + Int($1) }
        if let first = counts.firstIndex(where: { $0 > 0 }), let last = counts.lastIndex(where: { $0 > 0 }) {
            darkest = max(0, Self.edge(first))
            lightest = min(lightest, Self.edge(last + 1) + 2e-12)
        }
    }

    /// The lower edge of range `k`, moved out past rounding (`bucket`).
    private static func edge(_ k: Int) -> Double { Double(k) / Double(buckets) - (k == 0 ? 0 : 1e-12) }

    /// Counts each luminance `Backdrop.scan` hands it into its range.
    private struct CountSink: LuminanceSink {
        let counts: UnsafeMutablePointer<Int32>

        @inline(__always)
        mutating func add(_ luminance: Double) { counts[LuminanceHistogram.bucket(luminance)] &+= 1 }
    }

    /// The values the luminance at `rank` (ascending, below `count`) may
    /// have: its range, widened past rounding at the edges and kept within
    /// the extremes.
    func range(atRank rank: Int) -> ClosedRange<Double> {
        var below = 0, k = 0
        while k < Self.buckets - 1, below + Int(counts[k]) <= rank {
            below += Int(counts[k])
            k += 1
        }
        let low = max(darkest, Self.edge(k)), high = min(lightest, Self.edge(k + 1) + 2e-12)
        return min(low, high)...max(low, high)
    }
}
