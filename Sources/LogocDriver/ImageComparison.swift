import LogocImageIO

/// Compares rendered pixels with expected ones, the rule the golden tests
/// use: a pixel differs when any channel (straight alpha) differs by more
/// than `tolerance`; the images match when at most `allowedFraction` of the
/// pixels differ. Antialiasing may move by a level between library builds;
/// a real change moves many pixels by much more.
public struct ImageComparison: Sendable {
    public var tolerance: Int = 2
    public var allowedFraction: Double = 0.0005

    public init(tolerance: Int = 2, allowedFraction: Double = 0.0005) {
        self.tolerance = tolerance
        self.allowedFraction = allowedFraction
    }

    public struct Result: Sendable, Equatable {
        /// Pixels beyond the tolerance, or every pixel when the sizes differ.
        public var differing: Int
        public var total: Int
        /// The largest channel difference seen.
        public var maxDelta: Int
        public var sameSize: Bool
        public var matches: Bool
    }

    public func compare(_ expected: PixelBuffer, _ actual: PixelBuffer) -> Result {
        guard expected.width == actual.width, expected.height == actual.height else {
            let total = max(expected.width * expected.height, actual.width * actual.height)
            return Result(differing: total, total: total, maxDelta: 255, sameSize: false, matches: false)
        }
        var differing = 0, maxDelta = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = Self.straight(expected, x, y), b = Self.straight(actual, x, y)
                let delta = max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2), abs(a.3 - b.3))
                maxDelta = max(maxDelta, delta)
                if delta > tolerance { differing += 1 }
            }
        }
        let total = expected.width * expected.height
        return Result(differing: differing, total: total, maxDelta: maxDelta, sameSize: true,
                      matches: Double(differing) <= allowedFraction * Double(total))
    }

    /// The three pictures a person compares, each over white: the expected
    /// image, the actual one, and their difference (differing pixels in red
    /// over a faded copy of the expected), all of the larger size.
    public func panels(_ expected: PixelBuffer, _ actual: PixelBuffer) -> (expected: PixelBuffer, actual: PixelBuffer, difference: PixelBuffer) {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        func blank() -> PixelBuffer { PixelBuffer(width: w, height: h, stride: w * 4, bytes: [UInt8](repeating: 255, count: w * 4 * h)) }
        var (e, a, d) = (blank(), blank(), blank())
        func put(_ out: inout PixelBuffer, _ x: Int, _ y: Int, _ c: (Int, Int, Int, Int)) {
            let i = y * out.stride + x * 4
            // Premultiplied BGRA.
            out.bytes[i] = UInt8(c.2 * c.3 / 255)
            out.bytes[i + 1] = UInt8(c.1 * c.3 / 255)
            out.bytes[i + 2] = UInt8(c.0 * c.3 / 255)
            out.bytes[i + 3] = UInt8(c.3)
        }
        for y in 0..<h {
            for x in 0..<w {
                let ep = x < expected.width && y < expected.height ? Self.straight(expected, x, y) : (0, 0, 0, 0)
                let ap = x < actual.width && y < actual.height ? Self.straight(actual, x, y) : (0, 0, 0, 0)
                let faded = Self.overWhite(ep)
                put(&e, x, y, faded)
                put(&a, x, y, Self.overWhite(ap))
                let delta = max(abs(ep.0 - ap.0), abs(ep.1 - ap.1), abs(ep.2 - ap.2), abs(ep.3 - ap.3))
                put(&d, x, y, delta > tolerance ? (255, 0, 0, 255) : (200 + faded.0 / 5, 200 + faded.1 / 5, 200 + faded.2 / 5, 255))
            }
        }
        return (e, a, d)
    }

    /// expected | diff | actual, side by side and without captions, for the
    /// project's own golden tests (`logoc verify` captions them with the renderer).
    public func sheet(_ expected: PixelBuffer, _ actual: PixelBuffer) -> PixelBuffer {
        let p = panels(expected, actual)
        let (w, h, gap) = (p.expected.width, p.expected.height, 8)
        let width = 3 * w + 2 * gap
        var out = PixelBuffer(width: width, height: h, stride: width * 4, bytes: [UInt8](repeating: 255, count: width * 4 * h))
        for (column, panel) in [p.expected, p.difference, p.actual].enumerated() {
            for y in 0..<h {
                let from = y * panel.stride, to = y * out.stride + column * (w + gap) * 4
                out.bytes.replaceSubrange(to..<(to + w * 4), with: panel.bytes[from..<(from + w * 4)])
            }
        }
        return out
    }

    /// Straight-alpha RGBA of a premultiplied ARGB32 pixel.
    static func straight(_ p: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let i = y * p.stride + x * 4
        let b = Int(p.bytes[i]), g = Int(p.bytes[i + 1]), r = Int(p.bytes[i + 2]), a = Int(p.bytes[i + 3])
        guard a > 0 else { return (0, 0, 0, 0) }
        return ((r * 255 + a / 2) / a, (g * 255 + a / 2) / a, (b * 255 + a / 2) / a, a)
    }

    private static func overWhite(_ c: (Int, Int, Int, Int)) -> (Int, Int, Int, Int) {
        let a = c.3
        return ((c.0 * a + 255 * (255 - a)) / 255, (c.1 * a + 255 * (255 - a)) / 255, (c.2 * a + 255 * (255 - a)) / 255, 255)
    }
}
