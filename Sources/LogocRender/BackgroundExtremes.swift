import Foundation
import LogocCore
import LogocRenderTree

/// The darkest and lightest luminance of the background pixels under a
/// text's ink window, worked out from the background's geometry instead of
/// drawn and scanned — for an opaque solid colour or an opaque linear
/// gradient, in a window wholly inside the shape and clear of the ring.
/// Anything else (pictures, radial gradients, translucent stops, a window
/// that reaches the shape's antialiased edge or the ring) gives nil, and
/// the measure stage draws the pixels as before.
///
/// The answer is the pixel scan's, to the last bit: a gradient's pixels
/// are Cairo's own (`PixmanLinearGradient`), and the window is searched by
/// branch and bound. Within one stop interval each channel is monotone in
/// the gradient parameter, and the parameter is monotone along rows and
/// columns, so a rectangle of the window holds channel values between
/// those at its corners' parameters, give or take the rounding to 8 bits.
/// That bounds its luminances from above and below (the WCAG tables are
/// increasing); a rectangle that cannot hold a pixel darker or lighter
/// than the extremes found so far is skipped, the others are halved, and
/// small ones are read pixel by pixel. Starting from the window's corners
/// (where a linear gradient's lightest pixel lies, its luminance being
/// convex along each interval), this reads a few hundred pixels of a
/// window of tens of thousands. The darkest can lie inside an interval
/// (red to green passes a darker olive), which the bounds find as well.
enum BackgroundExtremes {
    /// The window of pixels (canvas coordinates, `x1`, `y1` excluded).
    struct Window: Equatable {
        let x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// How far inside the shape's outline (and inside the ring) every pixel
    /// of the window must lie, in canvas pixels: Cairo draws arcs as
    /// splines within 0.1 px of the circle and antialiases the pixels the
    /// outline crosses, so a pixel a whole pixel inside is fully covered.
    static let edgeMargin = 1.0

    /// Past this share of the window's pixels read one by one, the search is
    /// no cheaper than the scan (a gradient of nearly one luminance), and
    /// the caller scans.
    static let maximumShareRead = 0.25

    /// The extremes over `window` of `tree`'s background at 1× (ring drawn
    /// in `border` when there is one), with the gradient painted in `box`
    /// (`PixmanLinearGradient.Box`); nil when only pixels can tell.
    static func of(_ tree: RenderTree, border: RGBA?, window: Window, box: PixmanLinearGradient.Box) -> (darkest: Double, lightest: Double)? {
        guard window.x0 < window.x1, window.y0 < window.y1, clearOfEdges(tree, border: border, window: window) else { return nil }
        switch tree.background {
        case .solid(let c):
            guard c.isOpaque else { return nil }
            let l = WCAG.luminance(c)
            return (l, l)
        case .linear(let from, let to, let stops):
            guard let gradient = PixmanLinearGradient(from: from, to: to, stops: stops, box: box) else { return nil }
            var search = Search(gradient: gradient, window: window)
            return search.run()
        case .radial, .image:
            return nil
        }
    }

    /// Whether every pixel of the window is painted by the background alone:
    /// inside the shape by `edgeMargin` (a square's edge is the canvas's,
    /// pixel-aligned), and clear of the ring.
    static func clearOfEdges(_ tree: RenderTree, border: RGBA?, window: Window) -> Bool {
        let ring = border != nil ? (tree.border?.width ?? 0) : 0
        if tree.shape == .square, ring == 0 { return true }
        let needed = ring + edgeMargin
        let size = Double(tree.size)
        // The distance inside a convex shape is least at a rectangle's corners.
        for (x, y) in [(window.x0, window.y0), (window.x1, window.y0), (window.x0, window.y1), (window.x1, window.y1)] {
            guard BackgroundSample.insideDistance(tree.shape, size: size, x: Double(x), y: Double(y)) >= needed else { return false }
        }
        return true
    }

    /// The branch-and-bound search over one gradient's window.
    struct Search {
        let gradient: PixmanLinearGradient
        let window: Window
        var darkest = 2.0, lightest = -1.0
        /// Rectangles looked at and pixels read one by one so far, against `budget`.
        var read = 0
        let budget: Int

        init(gradient: PixmanLinearGradient, window: Window) {
            self.gradient = gradient
            self.window = window
            let pixels = (window.x1 - window.x0) * (window.y1 - window.y0)
            budget = max(64, Int(Double(pixels) * BackgroundExtremes.maximumShareRead))
        }

        /// A rectangle of source pixels, both ends included.
        struct Block {
            let xa: Int, ya: Int, xb: Int, yb: Int
        }

        mutating func run() -> (darkest: Double, lightest: Double)? {
            let whole = Block(xa: window.x0, ya: window.y0, xb: window.x1 - 1, yb: window.y1 - 1)
            for (x, y) in [(whole.xa, whole.ya), (whole.xb, whole.ya), (whole.xa, whole.yb), (whole.xb, whole.yb)] {
                guard look(gradient.parameter(x: x, y: y)) else { return nil }
            }
            var pending = [whole]
            while let block = pending.popLast() {
                let t00 = gradient.parameter(x: block.xa, y: block.ya), t10 = gradient.parameter(x: block.xb, y: block.ya)
                let t01 = gradient.parameter(x: block.xa, y: block.yb), t11 = gradient.parameter(x: block.xb, y: block.yb)
                let low = min(min(t00, t10), min(t01, t11)), high = max(max(t00, t10), max(t01, t11))
                read += 1
                guard read <= budget else { return nil }
                if low == high {
                    // One parameter, one colour, however many pixels.
                    guard look(low) else { return nil }
                    continue
                }
                let (below, above) = bounds(low, high)
                guard below < darkest || above > lightest else { continue }
                let count = (block.xb - block.xa + 1) * (block.yb - block.ya + 1)
                if count <= 16 {
                    for y in block.ya...block.yb {
                        for x in block.xa...block.xb {
                            guard look(gradient.parameter(x: x, y: y)) else { return nil }
                        }
                    }
                    read += count
                    guard read <= budget else { return nil }
                    continue
                }
                // Halve across the direction the parameter changes most.
                let across = abs(t10 - t00), down = abs(t01 - t00)
                let width = block.xb - block.xa, height = block.yb - block.ya
                if (across >= down && width > 0) || height == 0 {
                    let mid = block.xa + width / 2
                    pending.append(Block(xa: block.xa, ya: block.ya, xb: mid, yb: block.yb))
                    pending.append(Block(xa: mid + 1, ya: block.ya, xb: block.xb, yb: block.yb))
                } else {
                    let mid = block.ya + height / 2
                    pending.append(Block(xa: block.xa, ya: block.ya, xb: block.xb, yb: mid))
                    pending.append(Block(xa: block.xa, ya: mid + 1, xb: block.xb, yb: block.yb))
                }
            }
            return (darkest, lightest)
        }

        /// Takes the pixel of parameter `t` into the extremes; false when it
        /// is not opaque (then only the scan reads it as the viewer sees it).
        private mutating func look(_ t: Int64) -> Bool {
            let p = gradient.pixel(at: t)
            guard p.a == 255 else { return false }
            // The sum in the scan's order (`Backdrop`), so the same double.
            let l = WCAG.red[Int(p.r)] + WCAG.green[Int(p.g)] + WCAG.blue[Int(p.b)]
            darkest = min(darkest, l)
            lightest = max(lightest, l)
            return true
        }

        /// Luminances no pixel with a parameter in `low...high` goes below or
        /// above. In each stop interval the range crosses, each channel is
        /// affine in the parameter, so it lies between its values at the
        /// ends of the part crossed; a written byte is within 0.51 of the
        /// double computed here (the walker rounds its single-precision
        /// value to nearest, and that value is within 0.01 of the double).
        /// First each channel's extreme byte, through the increasing tables
        /// (cheap, loose when channels move apart); when that cannot skip
        /// the rectangle, the luminance of channels 0.51 below (above) the
        /// line, a convex function of the parameter, bounded below by its
        /// tangents at the ends and above by its larger end.
        private func bounds(_ low: Int64, _ high: Int64) -> (Double, Double) {
            var below = 2.0, above = -1.0
            for s in gradient.segments where s.right > low && s.left <= high {
                let a = Double(max(low, s.left)), b = Double(min(high, s.right - 1))
                let line = Line(s)
                let cheap = line.byteBounds(a, b)
                var partBelow = cheap.below, partAbove = cheap.above
                if partBelow < darkest { partBelow = max(partBelow, line.convexBelow(a, b)) }
                if partAbove > lightest { partAbove = min(partAbove, line.convexAbove(a, b)) }
                below = min(below, partBelow)
                above = max(above, partAbove)
            }
            return (below, above)
        }
    }

    /// One stop interval's channels as doubles: `value(k, t)` is channel
    /// `k`'s unrounded level at parameter `t` (affine in `t`).
    struct Line {
        let alpha: Double
        let slopes: (Double, Double, Double), intercepts: (Double, Double, Double)
        static let weights = (WCAG.redWeight, WCAG.greenWeight, WCAG.blueWeight)
        /// How far a written byte may lie from the double level.
        static let rounding = 0.51
        /// Kept off every convex bound, far above the doubles' own error.
        static let slack = 1e-12

        init(_ s: PixmanLinearGradient.Segment) {
            alpha = 255 * Double(s.aB)   // opaque stops: no alpha slope
            slopes = (Double(s.rS), Double(s.gS), Double(s.bS))
            intercepts = (Double(s.rB), Double(s.gB), Double(s.bB))
        }

        @inline(__always)
        func levels(_ t: Double) -> (Double, Double, Double) {
            let y = t / 65536
            return (alpha * (slopes.0 * y + intercepts.0), alpha * (slopes.1 * y + intercepts.1), alpha * (slopes.2 * y + intercepts.2))
        }

        /// Each channel's lowest and highest byte over the part, through the tables.
        func byteBounds(_ a: Double, _ b: Double) -> (below: Double, above: Double) {
            let la = levels(a), lb = levels(b)
            func bytes(_ x: Double, _ y: Double) -> (Int, Int) {
                let lo = (min(x, y) + 0.5 - 0.01).rounded(.down), hi = (max(x, y) + 0.5 + 0.01).rounded(.down)
                return (Int(min(255, max(0, lo.isFinite ? lo : 0))), Int(min(255, max(0, hi.isFinite ? hi : 255))))
            }
            let r = bytes(la.0, lb.0), g = bytes(la.1, lb.1), bl = bytes(la.2, lb.2)
            return (WCAG.red[r.0] + WCAG.green[g.0] + WCAG.blue[bl.0], WCAG.red[r.1] + WCAG.green[g.1] + WCAG.blue[bl.1])
        }

        /// The sRGB curve at `level` (0–255, extended beyond as the same
        /// formulas, which stay convex and increasing) and its slope per level.
        @inline(__always)
        static func linear(_ level: Double) -> (value: Double, slope: Double) {
            let c = level / 255
            if c <= 0.04045 { return (c / 12.92, 1 / (12.92 * 255)) }
            let v = pow((c + 0.055) / 1.055, 2.4)
            return (v, 2.4 * v / (c + 0.055) / 255)
        }

        /// The luminance of every channel shifted by `shift` levels, and its
        /// slope in the parameter, at `t`.
        private func shifted(_ t: Double, by shift: Double) -> (value: Double, slope: Double) {
            let l = levels(t)
            let r = Self.linear(l.0 + shift), g = Self.linear(l.1 + shift), b = Self.linear(l.2 + shift)
            let w = Self.weights, k = alpha / 65536
            return (w.0 * r.value + w.1 * g.value + w.2 * b.value,
                    (w.0 * r.slope * slopes.0 + w.1 * g.slope * slopes.1 + w.2 * b.slope * slopes.2) * k)
        }

        /// A luminance no pixel of the part goes below: the convex lower
        /// envelope's least value, at most its tangents' crossing.
        func convexBelow(_ a: Double, _ b: Double) -> Double {
            let fa = shifted(a, by: -Self.rounding), fb = shifted(b, by: -Self.rounding)
            var least: Double
            if fa.slope >= 0 || a == b {
                least = fa.value
            } else if fb.slope <= 0 {
                least = fb.value
            } else {
                // Between the ends, since the slope turns from falling to rising.
                let crossing = (fb.value - fa.value + fa.slope * a - fb.slope * b) / (fa.slope - fb.slope)
                guard crossing >= a, crossing <= b else { return -1 }
                least = fa.value + fa.slope * (crossing - a)
            }
            return least.isFinite ? least - Self.slack : -1
        }

        /// A luminance no pixel of the part goes above: the convex upper
        /// envelope's larger end.
        func convexAbove(_ a: Double, _ b: Double) -> Double {
            let most = max(shifted(a, by: Self.rounding).value, shifted(b, by: Self.rounding).value)
            return most.isFinite ? most + Self.slack : 2
        }
    }
}
