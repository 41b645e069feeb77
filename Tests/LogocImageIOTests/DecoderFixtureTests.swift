import Testing
@testable import LogocImageIO

/// Decoding the committed files of Tests/Fixtures/images (made by its
/// make_fixtures.py); each test pins colours or the exact error.
struct DecoderFixtureTests {
    func decode(_ name: String) throws -> PixelBuffer {
        try ImageDecoder.decode(bytes: Fixtures.bytes(name))
    }

    func expect(_ image: PixelBuffer, _ x: Int, _ y: Int, _ expected: Pixel, tolerance: Int,
                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image[x, y].isClose(to: expected, tolerance: tolerance),
                "pixel (\(x), \(y)) is \(image[x, y]), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["baseline.jpg", "progressive.jpg"])
    func rgbJPEG(name: String) throws {
        let image = try decode(name)
        #expect(image.width == 32 && image.height == 32 && image.stride == 128)
        expect(image, 8, 8, Pixel(220, 30, 30), tolerance: 3)
        expect(image, 24, 8, Pixel(30, 180, 60), tolerance: 3)
        expect(image, 8, 24, Pixel(40, 60, 200), tolerance: 3)
        expect(image, 24, 24, Pixel(255, 255, 255), tolerance: 3)
    }

    /// Adobe CMYK (Pillow) and YCCK (libjpeg-turbo) both store inverted
    /// samples; read as plain CMYK, cyan would come out black.
    @Test(arguments: ["cmyk.jpg", "ycck.jpg"])
    func cmykJPEG(name: String) throws {
        let image = try decode(name)
        expect(image, 8, 8, Pixel(0, 255, 255), tolerance: 3)  // cyan
        expect(image, 24, 8, Pixel(255, 0, 255), tolerance: 3)  // magenta
        expect(image, 8, 24, Pixel(255, 255, 0), tolerance: 3)  // yellow
        expect(image, 24, 24, Pixel(127, 127, 127), tolerance: 3)  // 50 % black
    }

    @Test func truncatedJPEGIsAnErrorNotAGreyHalf() throws {
        #expect(throws: ImageError.truncated("JPEG data is truncated")) { try decode("truncated.jpg") }
    }

    @Test func sixteenBitPNGWithAlpha() throws {
        let image = try decode("rgba16.png")
        expect(image, 0, 0, Pixel(128, 255, 0, 255), tolerance: 1)  // 0x8080 is 128, not linear-to-sRGB 188
        expect(image, 1, 0, Pixel(128, 0, 0, 128), tolerance: 1)  // half-transparent red, premultiplied
        expect(image, 2, 0, Pixel(0, 0, 0, 0), tolerance: 0)
        expect(image, 3, 3, Pixel(255, 255, 255, 255), tolerance: 0)
    }

    @Test func interlacedPNG() throws {
        let image = try decode("interlaced.png")
        expect(image, 4, 4, Pixel(220, 30, 30), tolerance: 0)
        expect(image, 12, 4, Pixel(30, 180, 60), tolerance: 0)
        expect(image, 4, 12, Pixel(40, 60, 200), tolerance: 0)
        expect(image, 12, 12, Pixel(255, 255, 255), tolerance: 0)
        expect(image, 5, 3, Pixel(255, 255, 0), tolerance: 0)  // stored in Adam7 pass 6
        expect(image, 4, 3, Pixel(220, 30, 30), tolerance: 0)
    }

    @Test func paletteWithTransparency() throws {
        let image = try decode("palette-trns.png")
        expect(image, 0, 0, Pixel(255, 0, 0, 255), tolerance: 0)
        expect(image, 4, 5, Pixel(0, 0, 128, 128), tolerance: 0)  // blue at alpha 128, premultiplied
        expect(image, 7, 7, Pixel(0, 0, 0, 0), tolerance: 0)
    }

    @Test func greyPNG() throws {
        let image = try decode("grey.png")
        for (x, y) in [(0, 0), (3, 5), (9, 1), (15, 15)] {
            let v = 16 * x + y
            expect(image, x, y, Pixel(v, v, v), tolerance: 0)
        }
    }

    /// libpng inflates an IDAT before it checks the chunk's CRC, so the
    /// damaged deflate stream is what it reports.
    @Test func corruptIDATIsAnError() throws {
        #expect(throws: ImageError.notDecodable("PNG data is not decodable: IDAT: invalid stored block lengths")) {
            try decode("corrupt-idat.png")
        }
    }

    @Test func hugeHeaderIsRefusedBeforeDecoding() throws {
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000, maxPixels: 40_000_000, maxEdge: 16_384)) {
            try decode("huge-header.png")
        }
    }

    @Test func decodesFromAFilePath() throws {
        let image = try ImageDecoder.decode(contentsOfFile: Fixtures.path("interlaced.png"))
        #expect(image == (try decode("interlaced.png")))
    }
}
