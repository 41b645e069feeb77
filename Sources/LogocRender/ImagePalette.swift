import Foundation
import LogocCore
import LogocImageIO

/// The dominant colours of a picture: k-means clustering in OKLab (where
/// distance follows perceived difference) on a downsampled copy of at most
/// `maxSamples` pixels, so a 4000 × 3000 photo costs the same as a thumbnail.
///
/// Deterministic: the seeds come from k-means++ driven by a fixed-seed
/// SplitMix64 generator, and the result is sorted by share; the same pixels
/// give the same palette in every run, whatever the machine's load.
public struct ImagePalette: Sendable, Equatable {
    /// One dominant colour.
    public struct Swatch: Sendable, Equatable {
        /// The cluster's mean colour.
        public let color: RGBA
        /// Fraction of the (opaque) pixels in the cluster, 0–1.
        public let share: Double
        public let lab: OKLab

        /// OKLCH chroma: 0 for greys.
        public var chroma: Double { lab.chroma }
    }

    /// Most frequent first.
    public let swatches: [Swatch]

    /// Clusters asked for by default: enough for a photo's main areas,
    /// few enough that each is a real area, not noise.
    public static let defaultCount = 6
    /// Pixels clustered at most; larger pictures are box-filtered down first.
    public static let maxSamples = 4096
    /// Clusters smaller than this fraction are specks, or the blends a
    /// downscaled copy makes along edges, not the picture's colours: they
    /// are left out (so shares may add up to a little less than 1).
    public static let minimumShare = 0.02
    /// Clusters closer than this (OKLab distance) are one colour to the eye and are merged.
    public static let mergeDistance = 0.04

    /// The palette of a decoded picture (premultiplied ARGB32); pixels that
    /// are mostly transparent do not count.
    public init(_ buffer: PixelBuffer, count: Int = defaultCount) {
        self.init(samples: Self.downsample(buffer), count: count)
    }

    /// The palette of colours (straight alpha); translucent ones under half opacity are ignored.
    public init(samples: [RGBA], count: Int = defaultCount) {
        let points = samples.filter { $0.a >= 128 }.map(OKLab.init)
        swatches = Self.cluster(points, count: max(1, count))
    }

    // MARK: Clustering

    static func cluster(_ points: [OKLab], count: Int) -> [Swatch] {
        guard !points.isEmpty else { return [] }
        var centres = seeds(points, count: count)
        var assignment = [Int](repeating: 0, count: points.count)
        for iteration in 0..<24 {
            var changed = iteration == 0
            for (i, p) in points.enumerated() {
                let nearest = nearestIndex(p, in: centres)
                if nearest != assignment[i] { (assignment[i], changed) = (nearest, true) }
            }
            if !changed { break }
            // An emptied cluster keeps its centre (it may win points back).
            centres = zip(means(points, assignment, centres.count), centres).map { $0?.lab ?? $1 }
        }
        var clusters = means(points, assignment, centres.count).compactMap { $0 }
        // Merge clusters the eye cannot tell apart, largest first.
        clusters.sort { $0.count > $1.count }
        var merged: [(lab: OKLab, count: Int)] = []
        for c in clusters {
            if let j = merged.firstIndex(where: { $0.lab.distance(to: c.lab) < mergeDistance }) {
                let (a, n) = merged[j]
                let total = Double(n + c.count)
                merged[j] = (OKLab(l: (a.l * Double(n) + c.lab.l * Double(c.count)) / total,
                                   a: (a.a * Double(n) + c.lab.a * Double(c.count)) / total,
                                   b: (a.b * Double(n) + c.lab.b * Double(c.count)) / total), n + c.count)
            } else {
                merged.append(c)
            }
        }
        let total = Double(points.count)
        return merged.filter { Double($0.count) / total >= minimumShare }
            .map { Swatch(color: $0.lab.rgba, share: Double($0.count) / total, lab: $0.lab) }
            .sorted { $0.share != $1.share ? $0.share > $1.share : $0.lab.l > $1.lab.l }
    }

    private static func nearestIndex(_ p: OKLab, in centres: [OKLab]) -> Int {
        var best = 0, bestDistance = Double.infinity
        for (j, c) in centres.enumerated() {
            let d = squared(p, c)
            if d < bestDistance { (best, bestDistance) = (j, d) }
        }
        return best
    }

    private static func means(_ points: [OKLab], _ assignment: [Int], _ k: Int) -> [(lab: OKLab, count: Int)?] {
        var sums = [(Double, Double, Double, Int)](repeating: (0, 0, 0, 0), count: k)
        for (i, p) in points.enumerated() {
            let j = assignment[i]
            sums[j] = (sums[j].0 + p.l, sums[j].1 + p.a, sums[j].2 + p.b, sums[j].3 + 1)
        }
        return sums.map { s in
            s.3 == 0 ? nil : (OKLab(l: s.0 / Double(s.3), a: s.1 / Double(s.3), b: s.2 / Double(s.3)), s.3)
        }
    }

    /// k-means++ seeding with a fixed-seed generator: spread-out seeds, same every run.
    static func seeds(_ points: [OKLab], count: Int) -> [OKLab] {
        var random = SplitMix64(seed: 0x6C6F_676F_63)
        var centres = [points[Int(random.next() % UInt64(points.count))]]
        var distances = points.map { squared($0, centres[0]) }
        while centres.count < count {
            let total = distances.reduce(0, +)
            guard total > 0 else { break }   // fewer distinct colours than clusters
            var target = Double(random.next() >> 11) / Double(1 << 53) * total
            var chosen = points.count - 1
            for (i, d) in distances.enumerated() {
                target -= d
                if target < 0 { chosen = i; break }
            }
            centres.append(points[chosen])
            for i in points.indices { distances[i] = min(distances[i], squared(points[i], points[chosen])) }
        }
        return centres
    }

    private static func squared(_ p: OKLab, _ q: OKLab) -> Double {
        let (dl, da, db) = (p.l - q.l, p.a - q.a, p.b - q.b)
        return dl * dl + da * da + db * db
    }

    // MARK: Downsampling

    /// Straight-alpha colours of a box-filtered copy of at most `maxSamples` pixels.
    static func downsample(_ buffer: PixelBuffer) -> [RGBA] {
        guard buffer.width > 0, buffer.height > 0 else { return [] }
        let step = max(1, Int((Double(buffer.width * buffer.height) / Double(maxSamples)).squareRoot().rounded(.up)))
        var out: [RGBA] = []
        out.reserveCapacity((buffer.width / step + 1) * (buffer.height / step + 1))
        var y0 = 0
        while y0 < buffer.height {
            var x0 = 0
            while x0 < buffer.width {
                var (b, g, r, a, n) = (0, 0, 0, 0, 0)
                for y in y0..<min(buffer.height, y0 + step) {
                    var i = y * buffer.stride + x0 * 4
                    for _ in x0..<min(buffer.width, x0 + step) where i + 3 < buffer.bytes.count {
                        b += Int(buffer.bytes[i]); g += Int(buffer.bytes[i + 1]); r += Int(buffer.bytes[i + 2]); a += Int(buffer.bytes[i + 3])
                        n += 1
                        i += 4
                    }
                }
                if n > 0, a > 0 {
                    // Premultiplied sums: dividing by the alpha sum un-premultiplies.
                    let straight = { (c: Int) in UInt8(min(255, (c * 255 + a / 2) / a)) }
                    out.append(RGBA(r: straight(r), g: straight(g), b: straight(b), a: UInt8(min(255, (a + n / 2) / n))))
                }
                x0 += step
            }
            y0 += step
        }
        return out
    }
}

extension ImagePalette {
    /// A decoded picture file's size and palette, for `logoc inspect`.
    public struct FileReport: Sendable {
        public let width: Int
        public let height: Int
        public let palette: ImagePalette
    }

    /// Decodes the PNG or JPEG at `path` and clusters its colours.
    public static func inspect(file path: String, count: Int = defaultCount) throws(RenderError) -> FileReport {
        let buffer: PixelBuffer
        do {
            buffer = try ImageDecoder.decode(contentsOfFile: path)
        } catch {
            throw .image(path: path, message: error.message)
        }
        return FileReport(width: buffer.width, height: buffer.height, palette: ImagePalette(buffer, count: count))
    }
}
