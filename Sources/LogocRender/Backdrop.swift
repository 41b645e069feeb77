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
    /// percentile), so they are made now and the extremes taken from them
    /// in the same pass.
    init(_ buffer: PixelBuffer, in rect: Rect, forPercentile: Bool = false) {
        self.buffer = buffer
        self.rect = rect
        vision = nil
        guard forPercentile else {
            (darkest, lightest) = Self.extremes(buffer: buffer, rect: rect, colors: [])
            return
        }
        // Written into storage sized once for the window (a translucent
        // pixel gives two): appending to a growing array, a uniqueness check
        // and now and then a copy per pixel, was a third of making it.
        let pixels = Self.window(of: rect, in: buffer).map { $0.x.count * $0.y.count } ?? 0
        var low = 2.0, high = -1.0
        let all = [Double](unsafeUninitializedCapacity: 2 * pixels) { out, count in
            count = 0
            Self.forEachLuminance(buffer: buffer, rect: rect, colors: []) { l in
                out[count] = l
                count += 1
                low = min(low, l)
                high = max(high, l)
            }
        }
        (darkest, lightest) = (low, high)
        luminances = all
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
    private static func window(of rect: Rect, in buffer: PixelBuffer) -> (x: Range<Int>, y: Range<Int>)? {
        let x0 = max(0, Int(saturating: rect.x.rounded(.down))), y0 = max(0, Int(saturating: rect.y.rounded(.down)))
        let x1 = min(buffer.width, Int(saturating: (rect.x + rect.width).rounded(.up))), y1 = min(buffer.height, Int(saturating: (rect.y + rect.height).rounded(.up)))
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
    /// How many luminances fall in each of `RankedValues.buckets` equal
    /// parts of 0–1, counted once for every rank asked.
    private lazy var counts = RankedValues.counts(luminances)

    private func luminance(atRank rank: Int) -> Double {
        if let known = ranked[rank] { return known }
        // With the mirror rank from the other end, which the other of white
        // and black (`auto` asks both) needs next: one pass for the two.
        let mirror = luminances.count - 1 - rank
        let (value, other) = RankedValues.values(atRanks: rank, mirror, in: luminances, counts: counts)
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

    @inline(__always)
    static func bucket(_ value: Double) -> Int {
        let scaled = value * Double(buckets)
        return scaled >= Double(buckets) ? buckets : scaled > 0 ? Int(scaled) : 0
    }

    /// Values per bucket; the last holds 1 itself and anything above.
    static func counts(_ values: [Double]) -> [Int] {
        var counts = [Int](repeating: 0, count: buckets + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            for value in values { counts[bucket(value)] &+= 1 }
        }
        return counts
    }

    /// The value that would be at `rank` if `values` were sorted ascending;
    /// `counts` is `counts(values)`. `rank` must be below `values.count`.
    static func value(atRank rank: Int, in values: [Double], counts: [Int]) -> Double {
        RankedValues.values(atRanks: rank, rank, in: values, counts: counts).0
    }

    /// The values at two ranks (`value(atRank:in:counts:)` of each), the
    /// candidates of both gathered in one pass over `values`.
    static func values(atRanks first: Int, _ second: Int, in values: [Double], counts: [Int]) -> (Double, Double) {
        let a = place(ofRank: first, counts: counts), b = place(ofRank: second, counts: counts)
        var inA: [Double] = [], inB: [Double] = []
        inA.reserveCapacity(counts[a.bucket])
        if b.bucket != a.bucket { inB.reserveCapacity(counts[b.bucket]) }
        for value in values {
            let k = bucket(value)
            if k == a.bucket { inA.append(value) } else if k == b.bucket { inB.append(value) }
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
