import Foundation
import LogocCore
import LogocImageIO

/// A perceptual fingerprint of a drawn logo, for the look-alike check
/// (W003): a 64-bit DCT hash of its lightness and its mean colour.
///
/// The hash is the classic pHash: the 32 × 32 drawing (over white, as most
/// pages are) in OKLab lightness, its 2-D DCT, and one bit per coefficient of
/// the 8 × 8 lowest frequencies, set when the coefficient is above their
/// median (the DC bit: when the mean lightness is above one half). Small
/// changes — a letter's serif, a shade of the same colour — flip few bits;
/// another layout flips many. Lightness alone cannot tell a red disc from a
/// green one of the same lightness, so the mean colour is kept beside it.
public struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
    /// Edge of the drawing the hash is taken from.
    public static let edge = 32

    public let hash: UInt64
    /// The mean colour over the canvas, composited over white.
    public let mean: RGBA

    public init(hash: UInt64, mean: RGBA) {
        self.hash = hash
        self.mean = mean
    }

    /// The fingerprint of pixels (premultiplied ARGB32, any size; sampled at `edge` × `edge`).
    public init(_ buffer: PixelBuffer) {
        let n = Self.edge
        var lightness = [Double](repeating: 1, count: n * n)
        var sum = (0.0, 0.0, 0.0)
        var last = (color: RGBA.white, lab: OKLab(RGBA.white))
        for y in 0..<n {
            for x in 0..<n {
                let sx = min(buffer.width - 1, x * buffer.width / n), sy = min(buffer.height - 1, y * buffer.height / n)
                let i = sy * buffer.stride + sx * 4
                guard sx >= 0, sy >= 0, i + 3 < buffer.bytes.count else { continue }
                // Premultiplied over white: c + (255 - a).
                let white = 255 - Int(buffer.bytes[i + 3])
                let c = RGBA(r: UInt8(min(255, Int(buffer.bytes[i + 2]) + white)), g: UInt8(min(255, Int(buffer.bytes[i + 1]) + white)),
                             b: UInt8(min(255, Int(buffer.bytes[i]) + white)))
                // Neighbours are often the same colour (a flat fill, the white around a circle).
                if c != last.color { last = (c, OKLab(c)) }
                let lab = last.lab
                lightness[y * n + x] = lab.l
                sum = (sum.0 + lab.l, sum.1 + lab.a, sum.2 + lab.b)
            }
        }
        let count = Double(n * n)
        mean = OKLab(l: sum.0 / count, a: sum.1 / count, b: sum.2 / count).rgba
        let low = Self.lowFrequencies(lightness, n: n, k: 8)
        let median = low.dropFirst().sorted()[31]
        var hash: UInt64 = 0
        for (i, v) in low.enumerated() {
            let bit = i == 0 ? v / Double(n * n) > 0.5 : v > median   // DC: the sum of all n × n lightnesses
            if bit { hash |= 1 << UInt64(i) }
        }
        self.hash = hash
    }

    /// The k × k lowest coefficients of the 2-D DCT-II of an n × n image, row by row.
    static func lowFrequencies(_ image: [Double], n: Int, k: Int) -> [Double] {
        let basis = n == edge && k == 8 ? hashBasis : dctBasis(n: n, k: k)
        // Rows first, then columns: k·n·n + k·k·n multiplications.
        var rows = [Double](repeating: 0, count: n * k)   // [y][u]
        for y in 0..<n {
            for u in 0..<k {
                var s = 0.0
                for x in 0..<n { s += image[y * n + x] * basis[u][x] }
                rows[y * k + u] = s
            }
        }
        var out = [Double](repeating: 0, count: k * k)
        for v in 0..<k {
            for u in 0..<k {
                var s = 0.0
                for y in 0..<n { s += rows[y * k + u] * basis[v][y] }
                out[v * k + u] = s
            }
        }
        return out
    }

    /// `basis[u][x]`: the DCT-II's cosines for the k lowest frequencies over n samples.
    static func dctBasis(n: Int, k: Int) -> [[Double]] {
        (0..<k).map { u in
            (0..<n).map { x in
                let angle: Double = Double(2 * x + 1) * Double(u) * Double.pi / Double(2 * n)
                return cos(angle)
            }
        }
    }

    /// The basis of every hash, made once per process.
    private static let hashBasis = dctBasis(n: edge, k: 8)

    /// Bits that differ between the two hashes, 0–64.
    public func distance(to other: Fingerprint) -> Int { (hash ^ other.hash).nonzeroBitCount }

    /// OKLab distance between the two mean colours.
    public func colorDistance(to other: Fingerprint) -> Double { OKLab(mean).distance(to: OKLab(other.mean)) }

    /// `0123456789abcdef-RRGGBB`: the form kept in the manifest and the cache.
    public var description: String {
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-" + mean.description.dropFirst()
    }

    /// Reads `description`'s form back; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 16, parts[1].count == 6,
              let hash = UInt64(parts[0], radix: 16), let rgb = UInt32(parts[1], radix: 16) else { return nil }
        self.init(hash: hash, mean: RGBA(rgb: rgb))
    }
}
