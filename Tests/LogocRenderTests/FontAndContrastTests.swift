import Foundation
import Testing
import LogocCore
import LogocImageIO
import LogocRenderTree
@testable import LogocFonts
@testable import LogocRender

/// The bundled fonts read from fontconfig's cache files must be exactly the
/// fonts FreeType reads from the files themselves: same faces, names,
/// weights, slants and character coverage.
struct FontconfigCacheTests {
    @Test func debianCachesTheBundledFolders() {
        // `make deps` installs the font packages, whose install runs fc-cache.
        #expect(FontconfigCache.shared.folders.count == 3, "\(FontconfigCache.shared.folders)")
    }

    @Test(arguments: FontCatalog.bundled.flatMap(\.files))
    func cachedFacesMatchTheFiles(_ file: String) throws {
        guard let cached = FontconfigCache.shared.faces(ofFile: file) else { return }   // that folder is read from files
        let fromCache = FontCatalog().faces(ofFile: file)
        #expect(fromCache.count == cached.count)
        let count = FontFace.faceCount(path: file)
        #expect(Int(count) == cached.count, "\(file): \(count) faces in the file, \(cached.count) in the cache")
        let probes: [Unicode.Scalar] = ["A", "é", "Ж", "λ", "ش", "ש", "क", "中", "한", "😀"]
        for (face, index) in zip(fromCache, 0..<count) {
            let read = try #require(FontFace(path: file, index: index))
            #expect(face.families == read.families)
            #expect(face.weight == read.weight && face.italic == read.italic)
            #expect(probes.map(face.covers) == probes.map(read.covers), "\(file) #\(index)")
        }
    }
}

/// The image percentile picks what sorting would, in linear time.
struct PercentileTests {
    @Test func selectAgreesWithSorting() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 10, 101, 1000] {
            for _ in 0..<20 {
                // Few distinct values too: ties are where a partition goes wrong.
                let values = (0..<count).map { _ in Double(Int.random(in: 0..<(count / 3 + 2), using: &generator)) / 7 }
                let rank = Int.random(in: 0..<count, using: &generator)
                var scratch = values
                let picked = MeasureStage.select(&scratch, rank: rank)
                let expected = values.sorted()[rank]
                #expect(picked == expected, "count \(count) rank \(rank)")
            }
        }
    }
}

/// The minimum contrast found without a division per pixel is the minimum
/// of every pixel's ratio.
struct MinimumContrastTests {
    @Test func agreesWithEveryPixelsRatio() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let samples = (0..<Int.random(in: 1...50, using: &generator)).map { _ in
                RGBA(r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator),
                     b: .random(in: 0...255, using: &generator), a: Bool.random(using: &generator) ? 255 : .random(in: 0...255, using: &generator))
            }
            let text = RGBA(r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator), b: .random(in: 0...255, using: &generator))
            var expected = 21.0
            for s in samples {
                for backdrop in s.isOpaque ? [s] : [s.over(.white), s.over(.black)] {
                    expected = min(expected, WCAG.contrast(text, backdrop))
                }
            }
            #expect(MeasureStage.contrast(text, over: samples, percentile: 0) == expected)
        }
    }
}

/// The contrast at a percentile, read from the luminance at the matching
/// rank for text lighter or darker than every pixel, is exactly the ratio a
/// selection over every pixel's ratio gives; asked again on one backdrop
/// (where ranks are remembered) too.
struct PercentileContrastTests {
    /// A fixed sequence, so a failure can be run again.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    static func everyRatio(_ text: RGBA, _ samples: [RGBA], percentile: Double) -> Double {
        let ratios = samples.flatMap { $0.isOpaque ? [$0] : [$0.over(.white), $0.over(.black)] }
            .map { WCAG.contrast(text, $0) }.sorted()
        guard !ratios.isEmpty else { return 21 }
        return ratios[min(ratios.count - 1, Int(Double(ratios.count) * percentile))]
    }

    @Test func agreesWithEveryPixelsRatio() {
        var generator = Generator(state: 6)
        let fixed: [RGBA] = [.white, .black, RGBA(r: 250, g: 250, b: 250), RGBA(r: 3, g: 3, b: 3)]
        for round in 0..<300 {
            // Few distinct values in some rounds, for ties at the rank.
            let spread: ClosedRange<UInt8> = round % 3 == 0 ? 0...3 : 0...255
            let samples = (0..<Int.random(in: 0...400, using: &generator)).map { _ in
                let pick = fixed[Int.random(in: 0..<fixed.count, using: &generator)]
                return round % 5 == 0 ? pick : RGBA(r: .random(in: spread, using: &generator), g: .random(in: spread, using: &generator),
                                                    b: .random(in: spread, using: &generator),
                                                    a: round % 4 == 0 ? .random(in: 0...255, using: &generator) : 255)
            }
            let backdrop = Backdrop(colors: samples)
            let random = RGBA(r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator), b: .random(in: 0...255, using: &generator))
            for percentile in [0.05, 0.25] {
                for text in fixed + [random, .white, .black] {
                    #expect(MeasureStage.contrast(text, over: backdrop, percentile: percentile) == Self.everyRatio(text, samples, percentile: percentile),
                            "round \(round) text \(text) percentile \(percentile)")
                }
            }
        }
    }
}

/// The bucketed selection gives exactly what sorting gives, at every rank,
/// with ties, values on bucket edges, 0, 1 and just above 1 (rounding).
struct RankedValuesTests {
    @Test func everyRankIsTheSortedValue() {
        var generator = PercentileContrastTests.Generator(state: 11)
        let edges = [0.0, 1.0, 1.0000000000000002, 0.5, 1.0 / 4096, 2.0 / 4096, 4095.0 / 4096, 0.25 - 1e-17]
        for round in 0..<60 {
            let count = Int.random(in: 1...700, using: &generator)
            let values: [Double] = (0..<count).map { _ in
                switch round % 3 {
                case 0: edges[Int.random(in: 0..<edges.count, using: &generator)]
                case 1: Double(Int.random(in: 0...5, using: &generator)) / 4096   // few values, many ties
                default: Double.random(in: 0...1, using: &generator)
                }
            }
            let sorted = values.sorted(), ranking = RankedValues.Ranking(values)
            for rank in 0..<count {
                #expect(RankedValues.value(atRank: rank, in: values, ranking: ranking) == sorted[rank], "round \(round) rank \(rank)")
                // Two ranks in one pass, as a backdrop asks them (a rank and its mirror), and any two.
                let other = Int.random(in: 0..<count, using: &generator)
                for (a, b) in [(rank, count - 1 - rank), (rank, other)] {
                    let (x, y) = RankedValues.values(atRanks: a, b, in: values, ranking: ranking)
                    #expect(x == sorted[a] && y == sorted[b], "round \(round) ranks \(a) \(b)")
                }
            }
        }
    }

    /// Buckets never decrease as values grow (all the selection needs), and
    /// put values where their fraction says: 0 and below in the first, 1 and
    /// above in the last, an exact edge in its own bucket.
    @Test func bucketsNeverDecrease() {
        #expect(RankedValues.bucket(0) == 0 && RankedValues.bucket(-1e-300) == 0 && RankedValues.bucket(.nan) == 0)
        #expect(RankedValues.bucket(1) == RankedValues.buckets && RankedValues.bucket(1.0000000000000002) == RankedValues.buckets)
        #expect(RankedValues.bucket(1.0.nextDown) == RankedValues.buckets - 1)   // 1 + it rounds to 2
        for k in [1, 2, 1000, 2048, 4095] {
            #expect(RankedValues.bucket(Double(k) / 4096) == k)
            #expect(RankedValues.bucket((Double(k) / 4096).nextUp) == k)
        }
        var generator = PercentileContrastTests.Generator(state: 12)
        var values: [Double] = (0..<20_000).map { _ in Double.random(in: 0...1, using: &generator) }
        for k in 0...4096 {
            let edge = Double(k) / 4096
            values += [edge, edge.nextDown, edge.nextUp]
        }
        values.sort()
        let decreasing = zip(values, values.dropFirst()).first { RankedValues.bucket($0.0) > RankedValues.bucket($0.1) }
        #expect(decreasing == nil, "\(String(describing: decreasing))")
    }

    /// A picture's backdrop made with its luminances up front (one pass for
    /// them and the extremes) answers exactly as one made from its colours.
    @Test func aBackdropForAPercentileAnswersAsItsColoursDo() throws {
        var generator = PercentileContrastTests.Generator(state: 12)
        for round in 0..<40 {
            let (width, height) = (Int.random(in: 1...40, using: &generator), Int.random(in: 1...30, using: &generator))
            var bytes = [UInt8](repeating: 0, count: width * 4 * height)
            for i in stride(from: 0, to: bytes.count, by: 4) {
                let a = round % 2 == 0 ? 255 : Int.random(in: 0...255, using: &generator)
                for c in 0..<3 { bytes[i + c] = UInt8(Int.random(in: 0...a, using: &generator)) }
                bytes[i + 3] = UInt8(a)
            }
            let buffer = PixelBuffer(width: width, height: height, stride: width * 4, bytes: bytes)
            let rect = Rect(x: 0.4, y: 0.6, width: Double(width) - 1.2, height: Double(height) - 0.9)
            let eager = Backdrop(buffer, in: rect, forPercentile: true), plain = Backdrop(colors: buffer.colors(in: rect))
            #expect(eager.darkest == plain.darkest && eager.lightest == plain.lightest, "round \(round)")
            for text in [RGBA.white, .black, RGBA(r: 120, g: 30, b: 200)] {
                for percentile in [0.0, 0.05, 0.5] {
                    #expect(MeasureStage.contrast(text, over: eager, percentile: percentile) == MeasureStage.contrast(text, over: plain, percentile: percentile),
                            "round \(round) text \(text) percentile \(percentile)")
                }
            }
        }
    }
}

/// `LuminanceHistogram` counts the luminances a `Backdrop` ranks, and the
/// range it gives for a rank holds the exact value there; `decide` answers
/// only what the exact contrasts answer.
struct LuminanceHistogramTests {
    /// Random windows (opaque, translucent, few colours, edge values):
    /// every rank's exact luminance lies in the histogram's range for it.
    @Test func everyRankLiesInItsRange() {
        var generator = PercentileContrastTests.Generator(state: 21)
        for round in 0..<60 {
            let (width, height) = (Int.random(in: 1...40, using: &generator), Int.random(in: 1...30, using: &generator))
            var bytes = [UInt8](repeating: 0, count: width * 4 * height)
            for i in stride(from: 0, to: bytes.count, by: 4) {
                let a = round % 3 == 0 ? Int.random(in: 0...255, using: &generator) : 255
                for c in 0..<3 {
                    let level = round % 3 == 2 ? [0, 255, 128][Int.random(in: 0...2, using: &generator)] : Int.random(in: 0...a, using: &generator)
                    bytes[i + c] = UInt8(min(level, a))
                }
                bytes[i + 3] = UInt8(a)
            }
            let buffer = PixelBuffer(width: width, height: height, stride: width * 4, bytes: bytes)
            let rect = Rect(x: 0.4, y: 0.6, width: Double(width) - 1.2, height: Double(height) - 0.9)
            let exact = Backdrop(buffer, in: rect, forPercentile: true), histogram = LuminanceHistogram(buffer, in: rect)
            let sorted = exact.luminances.sorted()
            #expect(histogram.count == sorted.count, "round \(round)")
            guard let first = sorted.first, let last = sorted.last else { continue }
            #expect(histogram.darkest <= first && histogram.lightest >= last, "round \(round)")
            for rank in sorted.indices {
                #expect(histogram.range(atRank: rank).contains(sorted[rank]), "round \(round) rank \(rank): \(sorted[rank]) not in \(histogram.range(atRank: rank))")
            }
        }
    }

    /// Every opaque colour's luminance in units, as the pass sums it, is
    /// within `slack` of the exact one (all 2²⁴ colours), and white's sum
    /// lands in the top range: the ranges can hold every value only if so.
    @Test func unitSumsAreWithinTheSlackForEveryColour() {
        let unit = 1 / Double(1 << LuminanceHistogram.unitBits)
        var worst = 0.0
        for r in 0..<256 {
            for g in 0..<256 {
                let rg = WCAG.red[r] + WCAG.green[g], rgUnits = LuminanceHistogram.red[r] + LuminanceHistogram.green[g]
                for b in 0..<256 {
                    worst = max(worst, abs(Double(rgUnits + LuminanceHistogram.blue[b]) * unit - (rg + WCAG.blue[b])))
                }
            }
        }
        #expect(worst < LuminanceHistogram.slack / 2, "worst difference \(worst)")
        #expect(worst > 0, "the sums are rounded, so some differ")
        let white = PixelBuffer(width: 1, height: 1, stride: 4, bytes: [255, 255, 255, 255])
        let histogram = LuminanceHistogram(white, in: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(histogram.counts.count == LuminanceHistogram.buckets && histogram.counts.last == 1 && histogram.count == 1)
        #expect(histogram.range(atRank: 0).contains(1) && histogram.lightest == 1)
    }

    /// Whatever `decide` answers is what the exact luminances answer: the
    /// colour `auto` picks, a fixed colour's, and a pass of the minimum; and
    /// it answers often (else it would save nothing).
    @Test func decisionsAreTheExactOnes() {
        var generator = PercentileContrastTests.Generator(state: 22)
        var decided = 0, asked = 0
        for round in 0..<400 {
            let (width, height) = (Int.random(in: 4...60, using: &generator), Int.random(in: 4...40, using: &generator))
            // A photo-like window: a base colour with noise, sometimes a few translucent pixels.
            let base = (0..<3).map { _ in Int.random(in: 0...255, using: &generator) }
            let noise = Int.random(in: 0...120, using: &generator)
            var bytes = [UInt8](repeating: 0, count: width * 4 * height)
            for i in stride(from: 0, to: bytes.count, by: 4) {
                let a = round % 5 == 0 && Int.random(in: 0...9, using: &generator) == 0 ? Int.random(in: 0...254, using: &generator) : 255
                for c in 0..<3 { bytes[i + c] = UInt8(min(a, max(0, base[c] + Int.random(in: -noise...noise, using: &generator)))) }
                bytes[i + 3] = UInt8(a)
            }
            let buffer = PixelBuffer(width: width, height: height, stride: width * 4, bytes: bytes)
            let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            let exact = Backdrop(buffer, in: rect, forPercentile: true), histogram = LuminanceHistogram(buffer, in: rect)
            let percentile = Renderer.imagePercentile
            let white = MeasureStage.contrast(.white, over: exact, percentile: percentile)
            let black = MeasureStage.contrast(.black, over: exact, percentile: percentile)
            let auto: RGBA = white > black ? .white : .black
            let colours: [TextColor] = [.auto, .fixed(.white), .fixed(.black), .fixed(RGBA(r: UInt8(base[0] / 4), g: 20, b: 90)), .fixed(RGBA(r: 250, g: 240, b: 200))]
            for colour in colours {
                let colourDrawn: RGBA
                if case .fixed(let c) = colour { colourDrawn = c } else { colourDrawn = auto }
                let ratio = MeasureStage.contrast(colourDrawn, over: exact, percentile: percentile)
                // The rule's levels, any minimum, and minimums just around the ratio reached.
                let minimum = [1.5, 3, 4.5, 7, Double.random(in: 1...12, using: &generator),
                               ratio + Double.random(in: -0.05...0.05, using: &generator)][Int.random(in: 0...5, using: &generator)]
                let run = TextRun(text: "AB", font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: .auto(maximum: 100),
                                  safeArea: .rect(rect), color: colour, minimumContrast: minimum)
                asked += 1
                guard let answer = MeasureStage.decide(run, over: histogram, percentile: percentile, minimum: minimum) else { continue }
                decided += 1
                #expect(answer.color == colourDrawn && answer.autoColor == auto, "round \(round) \(colour)")
                #expect(answer.ratio <= ratio && ratio + 1e-9 >= minimum, "round \(round) \(colour): \(answer.ratio) against \(ratio), minimum \(minimum)")
                #expect(answer.autoRatio <= max(white, black), "round \(round)")
            }
        }
        #expect(decided > asked / 3, "\(decided) of \(asked) decided")
        #expect(decided < asked, "every case decided: the test shows nothing of the cases left to the exact luminances")
    }
}

/// The folder of each bundled font file, found in its UTF-8 bytes, is the
/// one Foundation's path methods give.
struct BundledFolderTests {
    @Test func folderOfEveryBundledFile() {
        for path in FontCatalog.bundled.flatMap(\.files) + ["/a", "a", "/", "é/ü/x.ttf", "dir/"] {
            let expected = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            #expect(FontconfigCache.folder(of: path) == expected, "\(path.debugDescription)")
        }
    }
}
