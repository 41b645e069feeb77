import LogocCore
import LogocImageIO
import LogocRenderTree

/// The background pixels under a text's ink box, read once.
///
/// Contrast is asked for several colours of one backdrop (white, black, the
/// text's own, each under colour-vision simulation), and the common case is
/// opaque text held to the exact minimum. For that case the backdrop reads
/// WCAG luminances straight from Cairo's bytes, once for their extremes,
/// which answer white, black and any text lighter or darker than every
/// pixel; only a text in between scans again. Making straight colours for
/// every pixel and looking each one up per ask was most of the cost of
/// measuring a build.
final class Backdrop {
    private let buffer: PixelBuffer?
    private let rect: Rect
    /// Straight-alpha colours, for images (a percentile), translucent text
    /// and colour-vision simulations; made on first use.
    private(set) lazy var colors: [RGBA] = buffer?.colors(in: rect) ?? []
    /// The extremes of the luminances: for text lighter or darker than every
    /// pixel (white and black, so `auto`) they are the nearest luminance,
    /// and no further scan is needed.
    let darkest: Double, lightest: Double
    /// Every luminance, for a percentile over a picture; made on first use.
    private(set) lazy var luminances: [Double] = {
        var out: [Double] = []
        Self.forEachLuminance(buffer: buffer, rect: rect, colors: buffer == nil ? colors : [], seenBy: vision) { out.append($0) }
        return out
    }()

    /// `forPercentile`: the luminances will be needed (a picture's
    /// percentile), so they are made now, in one pass that also takes their
    /// extremes and ranks them (`RankedValues.Ranking`).
    init(_ buffer: PixelBuffer, in rect: Rect, forPercentile: Bool = false) {
        self.buffer = buffer
        self.rect = rect
        vision = nil
        guard forPercentile else {
            (darkest, lightest) = Self.extremes(buffer: buffer, rect: rect, colors: [])
            return
        }
        let window = Self.window(of: rect, in: buffer)
        let pixels = window.map { $0.x.count * $0.y.count } ?? 0
        var low = 2.0, high = -1.0
        var buckets = [UInt16]()
        var counts = [Int](repeating: 0, count: RankedValues.buckets + 1)
        // Written into storage sized once for the window (a translucent
        // pixel gives two): appending to a growing array, a uniqueness check
        // and now and then a copy per pixel, was a third of making it.
        let all = [Double](unsafeUninitializedCapacity: 2 * pixels) { out, count in
            buckets = [UInt16](unsafeUninitializedCapacity: 2 * pixels) { keys, keyCount in
                counts.withUnsafeMutableBufferPointer { counts in
                    guard let window, let out = out.baseAddress, let keys = keys.baseAddress, let counts = counts.baseAddress else { return }
                    let sink = Self.scan(buffer, columns: window.x, rows: window.y, into: RankSink(out: out, buckets: keys, counts: counts))
                    (count, low, high) = (sink.count, sink.low, sink.high)
                }
                keyCount = count
            }
        }
        (darkest, lightest) = (low, high)
        luminances = all
        ranking = RankedValues.Ranking(buckets: buckets, counts: counts)
    }

    /// Hands `sink` every pixel's luminance in `columns` × `rows` of
    /// `buffer`, as `forEachLuminance` gives them (a translucent pixel's
    /// over white, then over black), and returns it. One loop with the
    /// sink's state in registers (its copy is made inside the closures) and
    /// no call on an opaque pixel: through `forEachLuminance`'s closure
    /// each pixel read the tables' addresses and the extremes from memory
    /// and wrote them back (35 instructions a pixel).
    @inline(__always)
    private static func scan(_ buffer: PixelBuffer, columns: Range<Int>, rows: Range<Int>, into sink: RankSink) -> RankSink {
        WCAG.red.withUnsafeBufferPointer { r in
            WCAG.green.withUnsafeBufferPointer { g in
                WCAG.blue.withUnsafeBufferPointer { b in
                    buffer.bytes.withUnsafeBufferPointer { bytes in
                        var sink = sink
                        guard let base = bytes.baseAddress, let r = r.baseAddress, let g = g.baseAddress, let b = b.baseAddress else { return sink }
                        for y in rows {
                            // Little-endian ARGB32: B, G, R, A in memory.
                            var p = base + y * buffer.stride + columns.lowerBound * 4
                            for _ in columns {
                                if p[3] == 255 {
                                    sink.add(r[Int(p[2])] + g[Int(p[1])] + b[Int(p[0])])
                                } else {
                                    let (overWhite, overBlack) = Self.translucentLuminances(ofPixelAt: p)
                                    sink.add(overWhite)
                                    sink.add(overBlack)
                                }
                                p += 4
                            }
                        }
                        return sink
                    }
                }
            }
        }
    }

    /// Where a picture's backdrop writes each luminance (`out`) with its
    /// bucket (`RankedValues.bucket`) and the count per bucket, and what it
    /// has seen: how many, and their extremes.
    private struct RankSink {
        let out: UnsafeMutablePointer<Double>
        let buckets: UnsafeMutablePointer<UInt16>
        let counts: UnsafeMutablePointer<Int>
        var count = 0, low = 2.0, high = -1.0

        @inline(__always)
        mutating func add(_ l: Double) {
            let k = RankedValues.bucket(l)
            out[count] = l
            buckets[count] = UInt16(truncatingIfNeeded: k)
            counts[k] &+= 1
            count &+= 1
            low = l < low ? l : low
            high = l > high ? l : high
        }
    }

    /// A translucent pixel's luminances over a white and a black page: rare,
    /// so out of `scan`'s loop (and `LuminanceHistogram`'s), which keep
    /// their state in registers.
    /// `p` points at the pixel's bytes (premultiplied ARGB32, B first).
    @inline(never)
    static func translucentLuminances(ofPixelAt p: UnsafePointer<UInt8>) -> (Double, Double) {
        let c = PixelBuffer.straightColor(b: p[0], g: p[1], r: p[2], a: p[3])
        return (WCAG.luminance(c.over(.white)), WCAG.luminance(c.over(.black)))
    }

    /// Colours (translucent ones seen over a white and a black page), seen
    /// with normal vision or, with `vision`, as that deficiency sees them:
    /// every luminance then comes from the exact simulated linear light
    /// (`ColorVision.luminance(of:)`), never from a simulated colour
    /// rounded to 8 bits.
    init(colors: [RGBA], seenBy vision: ColorVision? = nil) {
        buffer = nil
        rect = Rect(x: 0, y: 0, width: 0, height: 0)
        self.vision = vision
        (darkest, lightest) = Self.extremes(buffer: nil, rect: rect, colors: colors, seenBy: vision)
        self.colors = colors
    }

    /// Known extremes and nothing else (`BackgroundExtremes`): it answers
    /// the exact minimum contrast of opaque text at least as light as
    /// `lightest` or at most as dark as `darkest`, and only that; the
    /// caller sends every other measurement to the pixels.
    init(darkest: Double, lightest: Double) {
        buffer = nil
        rect = Rect(x: 0, y: 0, width: 0, height: 0)
        vision = nil
        (self.darkest, self.lightest) = (darkest, lightest)
        colors = []
    }

    /// The deficiency the backdrop is seen with; nil for normal vision.
    let vision: ColorVision?

    /// The relative luminance of an opaque colour as this backdrop's viewer sees it.
    func luminance(_ c: RGBA) -> Double { Self.luminance(c, seenBy: vision) }

    @inline(__always)
    private static func luminance(_ c: RGBA, seenBy vision: ColorVision?) -> Double {
        vision?.luminance(of: c) ?? WCAG.luminance(c)
    }

    private static func extremes(buffer: PixelBuffer?, rect: Rect, colors: [RGBA], seenBy vision: ColorVision? = nil) -> (Double, Double) {
        var darkest = 2.0, lightest = -1.0
        forEachLuminance(buffer: buffer, rect: rect, colors: colors, seenBy: vision, skippingRepeats: true) { l in
            darkest = min(darkest, l)
            lightest = max(lightest, l)
        }
        return (darkest, lightest)
    }

    /// Every pixel's luminance as seen (a translucent pixel twice: over white
    /// and over black). From the buffer, the same pixels and the same
    /// arithmetic as `PixelBuffer.colors(in:)` then `WCAG.luminance`: an
    /// opaque pixel is its own straight colour.
    /// `skippingRepeats`: a pixel equal to the one before it is not seen
    /// again (its luminances are the same), for answers such as extremes
    /// that do not count pixels.
    @inline(__always)
    /// `seenBy`: the deficiency `colors` are seen with (a buffer is always
    /// seen with normal vision).
    private static func forEachLuminance(buffer: PixelBuffer?, rect: Rect, colors: [RGBA], seenBy vision: ColorVision? = nil,
                                         skippingRepeats: Bool = false, _ body: (Double) -> Void) {
        guard let buffer else {
            for c in colors {
                if c.isOpaque {
                    body(luminance(c, seenBy: vision))
                } else {
                    body(luminance(c.over(.white), seenBy: vision))
                    body(luminance(c.over(.black), seenBy: vision))
                }
            }
            return
        }
        guard let (columns, rows) = window(of: rect, in: buffer) else { return }
        let (x0, x1, y0, y1) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
        WCAG.red.withUnsafeBufferPointer { r in
            WCAG.green.withUnsafeBufferPointer { g in
                WCAG.blue.withUnsafeBufferPointer { b in
                    buffer.bytes.withUnsafeBufferPointer { bytes in
                        guard let raw = UnsafeRawPointer(bytes.baseAddress) else { return }
                        for y in y0..<y1 {
                            var i = y * buffer.stride + x0 * 4
                            var previous: UInt32? = nil
                            for _ in x0..<x1 {
                                if skippingRepeats {
                                    let pixel = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                                    if pixel == previous { i += 4; continue }
                                    previous = pixel
                                }
                                // Little-endian ARGB32: B, G, R, A in memory.
                                if bytes[i + 3] == 255 {
                                    body(r[Int(bytes[i + 2])] + g[Int(bytes[i + 1])] + b[Int(bytes[i])])
                                } else {
                                    let c = buffer.straightColor(at: i)
                                    body(WCAG.luminance(c.over(.white)))
                                    body(WCAG.luminance(c.over(.black)))
                                }
                                i += 4
                            }
                        }
                    }
                }
            }
        }
    }

    /// The whole pixels of `buffer` that `rect` touches; nil when none.
    static func window(of rect: Rect, in buffer: PixelBuffer) -> (x: Range<Int>, y: Range<Int>)? {
        window(of: rect, width: buffer.width, height: buffer.height)
    }

    /// The same, in pixels of `width` × `height`.
    static func window(of rect: Rect, width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>)? {
        let x0 = max(0, Int(saturating: rect.x.rounded(.down))), y0 = max(0, Int(saturating: rect.y.rounded(.down)))
        let x1 = min(width, Int(saturating: (rect.x + rect.width).rounded(.up))), y1 = min(height, Int(saturating: (rect.y + rect.height).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// The contrast that all but the lowest `percentile` of the pixels
    /// reach, for opaque text of luminance `text` lighter or darker than
    /// every pixel (white and black, so `auto`, and most chosen colours);
    /// nil for any other text, or an empty backdrop.
    ///
    /// For such a text the ratio only falls as a pixel's luminance nears
    /// the text's, and rounding keeps that order, so the ratio at a rank is
    /// the ratio of the luminance at the matching rank: one selection over
    /// the luminances, shared by every such colour, rather than a ratio per
    /// pixel and a selection over them for each colour asked.
    func percentileContrast(_ text: Double, percentile: Double) -> Double? {
        let count = luminances.count
        guard count > 0, text >= lightest || text <= darkest else { return nil }
        let rank = min(count - 1, Int(Double(count) * percentile))
        // Lighter than every pixel: the lowest ratios are over the lightest pixels.
        let pixel = luminance(atRank: text >= lightest ? count - 1 - rank : rank)
        return (max(pixel, text) + 0.05) / (min(pixel, text) + 0.05)
    }

    /// Luminances at ranks asked so far (ascending order, 0 the darkest).
    private var ranked: [Int: Double] = [:]
    /// Each luminance's bucket and the count per bucket, made once for
    /// every rank asked (as the luminances are made, for a picture).
    private lazy var ranking = RankedValues.Ranking(luminances)

    private func luminance(atRank rank: Int) -> Double {
        if let known = ranked[rank] { return known }
        // With the mirror rank from the other end, which the other of white
        // and black (`auto` asks both) needs next: one pass for the two.
        let mirror = luminances.count - 1 - rank
        let (value, other) = RankedValues.values(atRanks: rank, mirror, in: luminances, ranking: ranking)
        ranked[rank] = value
        ranked[mirror] = other
        return value
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
            Self.forEachLuminance(buffer: buffer, rect: rect, colors: buffer == nil ? colors : [], seenBy: vision) { l in
                if l <= text, l > below { below = l }
                if l >= text, l < above { above = l }
            }
        }
        func ratio(_ background: Double) -> Double { WCAG.contrast(background, text) }
        var minimum = 21.0
        if below >= 0 { minimum = min(minimum, ratio(below)) }
        if above <= 1 { minimum = min(minimum, ratio(above)) }
        return minimum
    }
}

/// Exact order statistics of values in 0–1 (luminances) in two linear passes:
/// counts per bucket find the bucket that holds the rank, and only that
/// bucket's values are selected among. The bucket of a value never decreases
/// as the value grows (a product by a power of two, truncated), so every
/// value of a lower bucket is smaller. Quickselect over all of a picture's
/// luminances swapped them round several times for each rank and was a
/// tenth of a `check` of many specs.
enum RankedValues {
    static let buckets = 4096

    /// `value`'s bucket: 0 up to 0, `buckets` from 1, else the top 12 bits
    /// of the fraction of `value + 1` (in [1, 2)). Rounding the sum may put
    /// a value just below a bucket's edge in the bucket above (and one just
    /// below 1 on 2 itself: the last bucket below 1), but never a larger
    /// value in a lower bucket, which is all the selection needs; and it
    /// costs no conversion to an integer, whose range checks were half of
    /// ranking a picture's luminances.
    @inline(__always)
    static func bucket(_ value: Double) -> Int {
        if value >= 1 { return buckets }
        guard value > 0 else { return 0 }
        let sum = value + 1
        // The fraction's top 12 bits (of 52): a power of two, truncated.
        return sum < 2 ? Int(truncatingIfNeeded: sum.bitPattern >> 40) & (buckets - 1) : buckets - 1
    }

    /// Each value's bucket, and the values per bucket (the last holds 1
    /// itself and anything above): made once, for every rank asked.
    struct Ranking {
        /// `bucket` of each value, in the values' order.
        let buckets: [UInt16]
        let counts: [Int]

        init(buckets: [UInt16], counts: [Int]) {
            self.buckets = buckets
            self.counts = counts
        }

        init(_ values: [Double]) {
            var counts = [Int](repeating: 0, count: RankedValues.buckets + 1)
            buckets = counts.withUnsafeMutableBufferPointer { counts in
                values.map { value in
                    let k = bucket(value)
                    counts[k] &+= 1
                    return UInt16(truncatingIfNeeded: k)
                }
            }
            self.counts = counts
        }
    }

    /// The value that would be at `rank` if `values` were sorted ascending;
    /// `ranking` is `Ranking(values)`. `rank` must be below `values.count`.
    static func value(atRank rank: Int, in values: [Double], ranking: Ranking) -> Double {
        RankedValues.values(atRanks: rank, rank, in: values, ranking: ranking).0
    }

    /// The values at two ranks (`value(atRank:in:ranking:)` of each), the
    /// candidates of both gathered in one pass over the buckets.
    static func values(atRanks first: Int, _ second: Int, in values: [Double], ranking: Ranking) -> (Double, Double) {
        let counts = ranking.counts
        let a = place(ofRank: first, counts: counts), b = place(ofRank: second, counts: counts)
        var inA: [Double] = [], inB: [Double] = []
        inA.reserveCapacity(counts[a.bucket])
        if b.bucket != a.bucket { inB.reserveCapacity(counts[b.bucket]) }
        let bucketA = UInt16(truncatingIfNeeded: a.bucket), bucketB = UInt16(truncatingIfNeeded: b.bucket)
        values.withUnsafeBufferPointer { values in
            ranking.buckets.withUnsafeBufferPointer { buckets in
                for i in 0..<min(values.count, buckets.count) {
                    let k = buckets[i]
                    if k == bucketA { inA.append(values[i]) } else if k == bucketB { inB.append(values[i]) }
                }
            }
        }
        let valueA = MeasureStage.select(&inA, rank: first - a.below)
        // Both in one bucket: select the second among the same candidates.
        let valueB = b.bucket == a.bucket ? MeasureStage.select(&inA, rank: second - b.below) : MeasureStage.select(&inB, rank: second - b.below)
        return (valueA, valueB)
    }

    /// The bucket that holds the value at `rank` (ascending), and how many
    /// values lie in the buckets below it.
    static func place(ofRank rank: Int, counts: [Int]) -> (bucket: Int, below: Int) {
        var below = 0, target = 0
        while target < buckets, below + counts[target] <= rank {
            below += counts[target]
            target += 1
        }
        return (target, below)
    }
}
