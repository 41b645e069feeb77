import LogocRenderTree

/// The gradient stops to hand Cairo so that it draws what CSS draws.
///
/// CSS interpolates gradient colours premultiplied by alpha: half-way from
/// `transparent` to blue is half-transparent pure blue. Cairo (pixman) and
/// SVG interpolate straight colours, so the transparent stop's black showed
/// (`(0, 0, 128, 128)` half-way, a purple fringe from a transparent red).
/// Between two stops of different alpha this adds stops whose straight
/// colours are CSS's, so the straight interpolation between them stays
/// within `maximumError` of CSS, and the PNG and the SVG (the same stops)
/// agree.
///
/// Between stops of straight colours `c0`, `c1` and alphas `a0`, `a1`, CSS's
/// colour at `s` (0–1 between them) is `w·c0 + (1 − w)·c1` with
/// `w = (1 − s)·a0 / α(s)`, `α(s) = (1 − s)·a0 + s·a1`. Interpolating
/// straight colours between two exact stops at `s0` and `s1 = s0 + h` is
/// off, premultiplied (what a pixel adds over any page), by a quadratic in
/// `s` that is zero at both ends and at most `|a1 − a0|·|ΔC|·h/4` between
/// them, where `ΔC = |c1 − c0|·Δw` is the straight colour's change across
/// the step. With stops at `s = k/N` and at the `s` where `w = 1 − k/N`
/// (k = 1…N−1), every step has `h ≤ 1/N` and `Δw ≤ 1/N`, so the error is at
/// most `|a1 − a0|·|c1 − c0| / (4N²)`: `N = ⌈√(255·|Δa|·|Δc| / (4·0.5))⌉`
/// keeps it within half a level, at most 12 (24 stops between a pair),
/// and Cairo's own rounding to 8 bits brings the pixel within one level.
///
/// A fully transparent end is exact with no added stop: CSS's colour is
/// the other end's all the way, so the transparent stop takes that colour
/// (a transparent stop between two colours becomes two stops at one
/// offset, one of each colour).
enum PremultipliedStops {
    /// A stop as Cairo takes it: straight colour and alpha, 0–1.
    struct Stop: Equatable {
        let offset: Double
        let r: Double, g: Double, b: Double, a: Double
    }

    /// The largest premultiplied difference from CSS between the stops
    /// given to Cairo, in levels of 255.
    static let maximumError = 0.5

    /// The stops to draw `stops` with (CSS's semantics).
    static func stops(_ stops: [GradientStop]) -> [Stop] {
        let given = stops.map { stop in
            let c = Painter.components(stop.color)
            return Stop(offset: stop.offset, r: c.r, g: c.g, b: c.b, a: c.a)
        }
        guard given.count > 1 else { return given }
        var out: [Stop] = []
        for i in 0..<(given.count - 1) {
            var (start, end) = (given[i], given[i + 1])
            if start.a == 0, end.a > 0 { start = Stop(offset: start.offset, r: end.r, g: end.g, b: end.b, a: 0) }
            if end.a == 0, start.a > 0 { end = Stop(offset: end.offset, r: start.r, g: start.g, b: start.b, a: 0) }
            if out.last != start { out.append(start) }
            out += between(start, end)
            out.append(end)
        }
        return out
    }

    /// The stops strictly between `p` and `q` (none when their alphas are
    /// equal, one is transparent, or they share an offset).
    static func between(_ p: Stop, _ q: Stop) -> [Stop] {
        let da = abs(q.a - p.a)
        let dc = max(abs(q.r - p.r), abs(q.g - p.g), abs(q.b - p.b))
        guard da > 0, p.a > 0, q.a > 0, q.offset > p.offset, dc > 0 else { return [] }
        let n = Int((255 * da * dc / (4 * maximumError)).squareRoot().rounded(.up))
        guard n > 1 else { return [] }
        var positions: [Double] = []
        for k in 1..<n {
            positions.append(Double(k) / Double(n))
            // Where CSS's weight of p's colour is 1 − k/n.
            positions.append(p.a * Double(k) / (p.a * Double(k) + q.a * Double(n - k)))
        }
        positions.sort()
        var result: [Stop] = []
        var last = 0.0
        for s in positions where s - last > 1e-9 && s < 1 - 1e-9 {
            last = s
            let alpha = (1 - s) * p.a + s * q.a
            let w = (1 - s) * p.a / alpha
            func mix(_ x: Double, _ y: Double) -> Double { w * x + (1 - w) * y }
            result.append(Stop(offset: p.offset + s * (q.offset - p.offset), r: mix(p.r, q.r), g: mix(p.g, q.g), b: mix(p.b, q.b), a: alpha))
        }
        return result
    }
}
