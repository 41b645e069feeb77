import LogocImageIO
import PhotoFixtures
import Testing

/// A JPEG drawn smaller than it is stored is decoded reduced, at the
/// smallest TurboJPEG scale that still has the pixels asked for (issue 15,
/// item 14: a 40-megapixel photo drawn at 512 px took 160 MB decoded).
struct ReducedDecodeTests {
    static let photo = PhotoFixtures.jpeg(width: 800, height: 600) { _, _ in (200, 40, 90) }

    @Test(arguments: [
        // (asked, expected): 1/8, 1/4, 5/8 (400 is not 401), and whole.
        ((90, 60), (100, 75)),
        ((150, 100), (200, 150)),
        ((401, 10), (500, 375)),
        ((800, 600), (800, 600)),
        ((2_000, 2_000), (800, 600)),
    ])
    func smallestScaleWithThePixelsAsked(_ asked: (Int, Int), _ expected: (Int, Int)) throws {
        let picture = try ImageDecoder.decodePicture(bytes: Self.photo, atLeast: (asked.0, asked.1))
        #expect((picture.pixels.width, picture.pixels.height) == expected)
        #expect(picture.isReduced == (expected != (800, 600)))
        // Still the photo's colour (BGRA in memory): 8 bits of JPEG rounding allowed.
        let bytes = picture.pixels.bytes
        #expect(abs(Int(bytes[2]) - 200) <= 3 && abs(Int(bytes[1]) - 40) <= 3 && abs(Int(bytes[0]) - 90) <= 3 && bytes[3] == 255)
    }

    /// The size asked is upright; a photo stored on its side (EXIF 6) is
    /// reduced by its stored edges, then turned.
    @Test func aTurnedPhotoIsReducedByItsStoredEdges() throws {
        let turned = PhotoFixtures.inserting([(0xE1, PhotoFixtures.exifPayload(orientation: 6))], into: Self.photo)
        let picture = try ImageDecoder.decodePicture(bytes: turned, atLeast: (60, 90))
        #expect((picture.pixels.width, picture.pixels.height) == (75, 100))
        #expect(picture.isReduced)
        // Asked 90 wide upright, which is 90 of the stored 600 rows: 1/4, not 1/8.
        let wider = try ImageDecoder.decodePicture(bytes: turned, atLeast: (90, 60))
        #expect((wider.pixels.width, wider.pixels.height) == (150, 200))
    }

    @Test func aPNGIsDecodedWhole() throws {
        let png = PhotoFixtures.stripedPNG(width: 800, height: 600)
        let picture = try ImageDecoder.decodePicture(bytes: png, atLeast: (90, 60))
        #expect((picture.pixels.width, picture.pixels.height) == (800, 600))
        #expect(!picture.isReduced)
    }
}
