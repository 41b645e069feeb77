import LogocCore
import LogocRenderTree

/// The colour Cairo 1.16 and pixman 0.42 (Debian 12) give each pixel of an
/// opaque linear gradient painted with `CAIRO_EXTEND_PAD` on an ARGB32
/// surface, computed as they compute it, bit for bit — so that the contrast
/// over a gradient can be read from its geometry (`BackgroundExtremes`)
/// and still be the contrast over the pixels `build` draws.
///
/// What it mirrors, in their order:
/// - Cairo hands pixman each stop (`cairo_pattern_add_color_stop_rgba`:
///   values clamped to 0–1, stops kept sorted, a later stop after an equal
///   offset) with 16-bit colours `d·65535 + 0.5` truncated, offsets and end
///   points in 16.16 fixed point (rounded to nearest, ties to even: Cairo's
///   "magic number" conversion).
/// - An integer translation of the pattern (the window `check` draws is the
///   canvas moved by whole pixels) becomes a source offset, not a
///   transform, so a pixel's gradient parameter comes from its source
///   coordinates (`linear_get_scanline`): the first pixel of each composite
///   row directly, in doubles, truncated to 16.16; the others as that plus
///   the truncated `inc·i`; a whole row is one colour when `inc·width`
///   truncates to 0; and every row is the first row's when the parameter
///   changes by less than one unit down the whole box
///   (`linear_gradient_is_horizontal`).
/// - The colour is the gradient walker's: each stop pair's straight
///   colours as single-precision slopes and intercepts, premultiplied, each
///   channel `+ 0.5` truncated (`pixman_gradient_walker_pixel_32`); before
///   the first stop and after the last, their colour (`PIXMAN_REPEAT_PAD`).
///
/// Nothing here is an approximation: a test compares it with Cairo's
/// pixels, and the measurement tests compare every decision with the pixel
/// path, so a new Cairo or pixman that computes differently fails them.
struct PixmanLinearGradient {
    /// A stop as pixman holds it: 16.16 position, 16-bit straight colour.
    struct Stop {
        let x: Int64
        let r: UInt16, g: UInt16, b: UInt16, a: UInt16
    }

    /// One interval between stops, as the walker sets it up for a position
    /// in `[left, right)`: single-precision slopes and intercepts.
    struct Segment {
        let left: Int64, right: Int64
        let aS: Float, aB: Float, rS: Float, rB: Float, gS: Float, gB: Float, bS: Float, bB: Float
    }

    /// A pixel as pixman writes it (premultiplied; alpha 255 for the opaque
    /// gradients this is used for).
    struct Pixel: Equatable {
        let r: UInt8, g: UInt8, b: UInt8, a: UInt8
    }

    /// The composite box the gradient is painted in, in source coordinates:
    /// its first column and row and its size. The window `check` draws is
    /// `(x0, y0, x1 − x0, y1 − y0)`; the whole canvas `build` draws is
    /// `(0, 0, size, size)`. The box decides where each row's parameter is
    /// computed directly, so the two can differ by one 16.16 unit.
    struct Box {
        let x: Int, y: Int, width: Int, height: Int
    }

    let segments: [Segment]
    private let dx: Int64, dy: Int64, p1x: Int64, p1y: Int64
    private let l: Int64
    private let invden: Double
    private let inc: Double
    let box: Box
    private let horizontal: Bool
    private let fill: Bool

    /// Coordinates beyond this many pixels are not mirrored (their 64-bit
    /// products could overflow); the caller measures on pixels instead.
    static let coordinateLimit = 8192.0

    /// Nil when the gradient is outside what is mirrored exactly: a stop
    /// not opaque, all stops one colour (Cairo paints that as a solid),
    /// coordinates too large, or an empty box.
    init?(from: Point, to: Point, stops given: [GradientStop], box: Box) {
        let stops = PremultipliedStops.stops(given)
        guard !stops.isEmpty, box.width > 0, box.height > 0,
              box.x >= 0, box.y >= 0, Double(box.x + box.width) <= Self.coordinateLimit, Double(box.y + box.height) <= Self.coordinateLimit,
              [from.x, from.y, to.x, to.y].allSatisfy({ $0.isFinite && abs($0) <= Self.coordinateLimit }) else { return nil }
        // Cairo's stops: clamped, sorted stably by offset, 16-bit colours.
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        func short(_ v: Double) -> UInt16 { UInt16(clamp(v) * 65535 + 0.5) }
        var sorted: [PremultipliedStops.Stop] = []
        for stop in stops {
            let offset = clamp(stop.offset)
            let index = sorted.firstIndex { offset < $0.offset } ?? sorted.count
            sorted.insert(PremultipliedStops.Stop(offset: offset, r: stop.r, g: stop.g, b: stop.b, a: stop.a), at: index)
        }
        let held = sorted.map { Stop(x: Self.fixed($0.offset), r: short($0.r), g: short($0.g), b: short($0.b), a: short($0.a)) }
        guard held.allSatisfy({ $0.a == 65535 }) else { return nil }
        if let first = held.first, held.allSatisfy({ $0.r == first.r && $0.g == first.g && $0.b == first.b }) { return nil }
        segments = Self.segments(held)

        p1x = Self.fixed(from.x)
        p1y = Self.fixed(from.y)
        dx = Self.fixed(to.x) &- p1x
        dy = Self.fixed(to.y) &- p1y
        l = dx &* dx &+ dy &* dy
        guard l != 0 else { return nil }   // Cairo paints a degenerate line as a solid
        self.box = box
        // linear_get_scanline: v.vector[2] is pixman_fixed_1, no transform.
        invden = 65536.0 * 65536.0 / (Double(l) * 65536.0)
        inc = Double(dx &* 65536) * invden
        // linear_gradient_is_horizontal, for the box's height.
        let vertical = Double(box.height) * 65536.0 * 65536.0 * Double(dy &* 65536) / (65536.0 * Double(l))
        horizontal = -1 < vertical && vertical < 1
        guard let whole = Self.truncated(inc * Double(box.width)) else { return nil }
        fill = whole == 0
        // Every parameter must be a finite 64-bit value.
        for y in [box.y, box.y + box.height - 1] where rowStart(y) == nil { return nil }
    }

    /// `_cairo_fixed_16_16_from_double`: to nearest, ties to even.
    static func fixed(_ v: Double) -> Int64 {
        Int64((v * 65536).rounded(.toNearestOrEven))
    }

    /// C's conversion of a double to a 64-bit integer (toward zero); nil
    /// where C's would be undefined.
    @inline(__always)
    static func truncated(_ v: Double) -> Int64? {
        guard v.isFinite, abs(v) < 9.0e18 else { return nil }
        return Int64(v)
    }

    /// The parameter of the first pixel of source row `y`.
    private func rowStart(_ y: Int) -> Int64? {
        let vx = Int64(box.x) << 16 + 0x8000, vy = Int64(horizontal ? box.y : y) << 16 + 0x8000
        let a = dx &* vx &+ dy &* vy
        let b = dx &* p1x &+ dy &* p1y
        return Self.truncated((Double(a) - Double(b) * 1.0) * invden)
    }

    /// The 16.16 gradient parameter pixman gives source pixel (`x`, `y`) of the box.
    func parameter(x: Int, y: Int) -> Int64 {
        // Checked in `init` for the first and last rows; rows between lie between them.
        let start = rowStart(y) ?? 0
        guard !fill else { return start }
        return start &+ (Self.truncated(inc * Double(x - box.x)) ?? 0)
    }

    /// Writes every pixel of the box into Cairo image data (ARGB32:
    /// native-endian `0xAARRGGBB` words, `stride` bytes a row, the box's
    /// first pixel at `data`'s) as pixman would paint them; false, writing
    /// nothing, when that would not be faster than pixman.
    ///
    /// A pixel's colour depends on its 16.16 parameter alone, and a CSS
    /// gradient across the canvas spans about 65,536 of them whatever the
    /// canvas's size; each row's parameters are its first one plus the same
    /// `inc·i` steps. So the colour of every parameter in the box's range is
    /// computed once into a table, and each pixel is one addition and one
    /// look-up — where pixman computes every pixel's colour in floats,
    /// fetches a scanline and then composites it. Only worth it when the box
    /// has at least twice as many pixels as the table has entries (from
    /// about 360 × 360 px up). The pixels are opaque, so this is what OVER
    /// and SOURCE both leave, whatever was there.
    func paint(into data: UnsafeMutableRawPointer, stride: Int) -> Bool {
        let width = box.width, rows = horizontal ? 1 : box.height
        // Safe to convert: |inc·width| was checked finite and in range in `init`.
        let steps = fill ? [Int64](repeating: 0, count: width) : (0..<width).map { Int64(inc * Double($0)) }
        var starts: [Int64] = []
        starts.reserveCapacity(rows)
        for row in 0..<rows {
            guard let start = rowStart(box.y + row) else { return false }
            starts.append(start)
        }
        // The steps grow (or fall) with i: each row's extremes are its ends.
        let last = steps[width - 1]
        guard let low = starts.map({ $0 &+ min(0, last) }).min(), let high = starts.map({ $0 &+ max(0, last) }).max(),
              high >= low, high - low < Int64(box.height * width / 2) else { return false }
        let table = colours(from: low, count: Int(high - low) + 1)
        table.withUnsafeBufferPointer { table in
            steps.withUnsafeBufferPointer { steps in
                for row in 0..<box.height {
                    let line = (data + row * stride).assumingMemoryBound(to: UInt32.self)
                    let base = Int(starts[horizontal ? 0 : row] &- low)
                    for i in 0..<width { line[i] = table[base + Int(steps[i])] }
                }
            }
        }
        return true
    }

    /// The words of parameters `low`, `low + 1`, … (`count` of them).
    ///
    /// Computed run by run, not one by one: within a segment each channel
    /// is monotonic in the parameter (a float conversion, products with
    /// constants, a sum with a constant, the constant alpha of an opaque
    /// gradient, a truncation — each keeps the order), so when the words of
    /// two parameters are equal, every parameter between them has that
    /// word. A run is tried 32 parameters ahead and, when the colour
    /// changes within it, its end is found by halving: a few hundred
    /// colour changes and about 10,000 colours computed for a 512 px canvas
    /// instead of 65,536.
    private func colours(from low: Int64, count: Int) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: count) { table, initialized in
            var offset = 0
            while offset < count {
                let t = low &+ Int64(offset)
                let s = segment(at: t)
                let word = Self.word(Self.pixel(s, t))
                // The run's candidate end: 32 ahead, within the table and the segment.
                var end = min(offset + 32, count - 1, Int(clamping: s.right &- 1 &- low))
                if end > offset, Self.word(Self.pixel(s, low &+ Int64(end))) != word {
                    var same = offset, differs = end
                    while differs - same > 1 {
                        let middle = (same + differs) / 2
                        if Self.word(Self.pixel(s, low &+ Int64(middle))) == word { same = middle } else { differs = middle }
                    }
                    end = same
                }
                end = max(end, offset)
                for k in offset...end { table[k] = word }
                offset = end + 1
            }
            initialized = count
        }
    }

    /// A pixel as the word Cairo's ARGB32 data holds.
    @inline(__always)
    private static func word(_ p: Pixel) -> UInt32 {
        UInt32(p.a) << 24 | UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
    }

    /// The walker's segment for parameter `t`.
    @inline(__always)
    func segment(at t: Int64) -> Segment {
        var n = 0
        while n < segments.count - 1, t >= segments[n].right { n += 1 }
        return segments[n]
    }

    /// The pixel pixman writes for parameter `t`.
    func pixel(at t: Int64) -> Pixel {
        Self.pixel(segment(at: t), t)
    }

    @inline(__always)
    static func pixel(_ s: Segment, _ t: Int64) -> Pixel {
        let y = Float(t) * (1.0 as Float / 65536.0)
        let a = 255.0 as Float * (s.aS * y + s.aB)
        let r = a * (s.rS * y + s.rB)
        let g = a * (s.gS * y + s.gB)
        let b = a * (s.bS * y + s.bB)
        return Pixel(r: byte(r), g: byte(g), b: byte(b), a: byte(a))
    }

    /// `(uint32_t)(f + .5f)` kept to its low byte, as pixman shifts and masks it.
    @inline(__always)
    private static func byte(_ f: Float) -> UInt8 {
        let v = f + 0.5
        guard v.isFinite, v > -1, v < 4.0e9 else { return 0 }
        return UInt8(truncatingIfNeeded: Int64(v))
    }

    /// The walker's set-up for each interval: before the first stop, between
    /// each pair, after the last (`gradient_walker_reset` with pad sentinels).
    private static func segments(_ stops: [Stop]) -> [Segment] {
        let minX = Int64(Int32.min), maxX = Int64(Int32.max)
        let begin = Stop(x: minX, r: stops[0].r, g: stops[0].g, b: stops[0].b, a: stops[0].a)
        let last = stops[stops.count - 1]
        let end = Stop(x: maxX, r: last.r, g: last.g, b: last.b, a: last.a)
        let all = [begin] + stops + [end]
        var out: [Segment] = []
        for n in 0...stops.count {
            let left = all[n], right = all[n + 1]
            let k: Float = 1.0 / 257.0
            let la = Float(left.a) * k, lr = Float(left.r) * k, lg = Float(left.g) * k, lb = Float(left.b) * k
            let ra = Float(right.a) * k, rr = Float(right.r) * k, rg = Float(right.g) * k, rb = Float(right.b) * k
            let lx = Float(left.x) * (1.0 as Float / 65536.0), rx = Float(right.x) * (1.0 as Float / 65536.0)
            let width = rx - lx
            if (-Float.leastNormalMagnitude < width && width < Float.leastNormalMagnitude) || left.x == minX || right.x == maxX {
                out.append(Segment(left: left.x, right: right.x, aS: 0, aB: (la + ra) / 510, rS: 0, rB: (lr + rr) / 510,
                                   gS: 0, gB: (lg + rg) / 510, bS: 0, bB: (lb + rb) / 510))
            } else {
                let w = 1.0 as Float / width
                let c: Float = 1.0 / 255.0
                out.append(Segment(left: left.x, right: right.x,
                                   aS: (ra - la) * w * c, aB: (la * rx - ra * lx) * w * c,
                                   rS: (rr - lr) * w * c, rB: (lr * rx - rr * lx) * w * c,
                                   gS: (rg - lg) * w * c, gB: (lg * rx - rg * lx) * w * c,
                                   bS: (rb - lb) * w * c, bB: (lb * rx - rb * lx) * w * c))
            }
        }
        return out
    }
}
