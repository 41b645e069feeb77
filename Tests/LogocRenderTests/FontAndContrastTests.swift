import Testing
import LogocCore
import LogocFonts
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
                let picked = Renderer.select(&scratch, rank: rank)
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
                    expected = min(expected, Luminance.contrast(text, backdrop))
                }
            }
            #expect(Renderer.contrast(text, over: samples, percentile: 0) == expected)
        }
    }
}
