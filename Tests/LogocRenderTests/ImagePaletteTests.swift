import Foundation
import Testing
import LogocCore
import LogocImageIO
@testable import LogocRender

/// Dominant colours by k-means in OKLab, on pictures whose colours are known.
struct ImagePaletteTests {
    /// A picture of vertical bands: each colour covers `share` of the width.
    static func bands(_ bands: [(UInt32, Double)], width: Int = 400, height: Int = 100, alpha: UInt8 = 255) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for x in 0..<width {
            var edge = 0.0
            var colour = RGBA(rgb: bands[0].0)
            for (rgb, share) in bands {
                edge += share
                colour = RGBA(rgb: rgb)
                if Double(x) + 0.5 < edge * Double(width) { break }
            }
            for y in 0..<height {
                let i = (y * width + x) * 4
                let premultiply = { (c: UInt8) in UInt8((Int(c) * Int(alpha) + 127) / 255) }
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (premultiply(colour.b), premultiply(colour.g), premultiply(colour.r), alpha)
            }
        }
        return PixelBuffer(width: width, height: height, stride: width * 4, bytes: bytes)
    }

    static func close(_ a: RGBA, _ b: RGBA, within: Int = 3) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= within && abs(Int(a.g) - Int(b.g)) <= within && abs(Int(a.b) - Int(b.b)) <= within
    }

    @Test func findsKnownColoursAndTheirShares() {
        let picture = Self.bands([(0xE53935, 0.6), (0x1E88E5, 0.3), (0xFDD835, 0.1)])
        let palette = ImagePalette(picture)
        #expect(palette.swatches.count == 3, "\(palette.swatches)")
        let expected: [(UInt32, Double)] = [(0xE53935, 0.6), (0x1E88E5, 0.3), (0xFDD835, 0.1)]
        for (swatch, (rgb, share)) in zip(palette.swatches, expected) {
            #expect(Self.close(swatch.color, RGBA(rgb: rgb)), "\(swatch.color) for \(RGBA(rgb: rgb))")
            #expect(abs(swatch.share - share) < 0.02, "\(swatch.share) for \(share)")
        }
    }

    @Test func nearlyEqualColoursAreOneSwatch() {
        let picture = Self.bands([(0x1E88E5, 0.5), (0x1F89E6, 0.5)])
        #expect(ImagePalette(picture).swatches.count == 1)
    }

    @Test func transparentPixelsDoNotCount() {
        let clear = Self.bands([(0x00FF00, 1)], alpha: 0)
        #expect(ImagePalette(clear).swatches.isEmpty)
        let samples = [RGBA](repeating: RGBA(rgb: 0x3949AB), count: 50) + [RGBA](repeating: .transparent, count: 50)
        #expect(ImagePalette(samples: samples).swatches.map(\.share) == [1])
    }

    /// (How fast this is belongs to `make bench`, not to a test.)
    @Test func deterministicOnLargePictures() {
        let picture = Self.bands([(0x00897B, 0.25), (0xFB8C00, 0.25), (0x5E35B1, 0.25), (0x212121, 0.25)], width: 3000, height: 2000)
        let a = ImagePalette(picture), b = ImagePalette(picture)
        #expect(a == b)
        #expect(a.swatches.count == 4)
        for swatch in a.swatches { #expect(abs(swatch.share - 0.25) < 0.03) }
    }
}
