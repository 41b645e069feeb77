import Testing
@testable import LogocImageIO

struct PNGEncoderTests {
    /// Byte 25 of a PNG is IHDR's colour type.
    func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

    /// One compressor encodes image after image with buffers left over from
    /// bigger ones (filtered rows, deflate output): every file must still be
    /// exactly what a fresh encoder makes of that image alone.
    @Test func aReusedCompressorEncodesEachImageAsAFreshOneWould() throws {
        let compressor = try PNGEncoder.Compressor()
        let images = [
            everyPremultipliedValue(),
            avatarLikeImage(size: 96, transparentCorners: true),
            avatarLikeImage(size: 300, transparentCorners: false),
            avatarLikeImage(size: 17, transparentCorners: true),
            imageOfColours(200, width: 64, height: 40),
            imageOfColours(3, width: 9, height: 3),
            everyPremultipliedValue(),
        ]
        for image in images {
            let reused = try PNGEncoder.encode(image, using: compressor)
            #expect(reused == (try PNGEncoder.encode(image)))
            #expect(try ImageDecoder.decode(bytes: reused) == image)
        }
    }

    @Test func opaqueImagesRoundTripExactlyAsRGB() throws {
        let image = avatarLikeImage(size: 300, transparentCorners: false)
        let png = try PNGEncoder.encode(image)
        #expect(colourType(png) == 2)
        #expect(try ImageDecoder.decode(bytes: png) == image)
    }

    @Test func translucentImagesRoundTripExactlyAsRGBA() throws {
        // Un-premultiplying with Cairo's rounding and premultiplying again
        // with Cairo's rounding is the identity on valid premultiplied data.
        let image = everyPremultipliedValue()
        let png = try PNGEncoder.encode(image)
        #expect(colourType(png) == 6)
        #expect(try ImageDecoder.decode(bytes: png) == image)
    }

    @Test func unpremultiplyMatchesCairosWriter() throws {
        let image = everyPremultipliedValue()
        let png = try PNGEncoder.encode(image)
        let stored = try PNGDecoding.decodeStraight(png, budget: Budget(maxPixels: 1 << 20, maxEdge: 1 << 10))
        func cairo(_ c: Int, _ a: Int) -> Int { a == 0 ? 0 : (c * 255 + a / 2) / a }
        var mismatches = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let p = image[x, y], s = stored[x, y]
                let expected = Pixel(cairo(p.r, p.a), cairo(p.g, p.a), cairo(p.b, p.a), p.a)
                if s != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Rows are converted four pixels at a time when the four are all
    /// opaque or all transparent, one by one otherwise and at a row's end:
    /// every mix, at every offset and row width, must store what Cairo's
    /// writer would.
    @Test func everyGroupOfFourPixelsIsConvertedAsCairosWriterWould() throws {
        var rgba = PNGEncoder.Options.standard
        rgba.usesPalette = false
        func cairo(_ c: Int, _ a: Int) -> Int { a == 0 ? 0 : (c * 255 + a / 2) / a }
        for width in 1...13 {
            let image = PixelBuffer.make(width: width, height: 9) { x, y in
                let a: Int
                switch (x / 4 + y) % 3 {
                case 0: a = 255
                case 1: a = 0
                default: a = (x * 53 + y * 31) % 256
                }
                let c = { (k: Int) in min(a, (x * 29 + y * 17 + k * 71) % 256) }
                return Pixel(c(0), c(1), c(2), a)
            }
            let stored = try PNGDecoding.decodeStraight(
                try PNGEncoder.encode(image, options: rgba), budget: Budget(maxPixels: 1 << 10, maxEdge: 64))
            for y in 0..<9 {
                for x in 0..<width {
                    let p = image[x, y]
                    #expect(stored[x, y] == Pixel(cairo(p.r, p.a), cairo(p.g, p.a), cairo(p.b, p.a), p.a), "width \(width), (\(x), \(y))")
                }
            }
            let opaque = PixelBuffer.make(width: width, height: 3) { x, y in Pixel(x * 19 % 256, y * 80, (x * y * 7) % 256) }
            let png = try PNGEncoder.encode(opaque, options: rgba)
            #expect(colourType(png) == 2)
            #expect(try ImageDecoder.decode(bytes: png) == opaque, "width \(width)")
        }
    }

    @Test func zeroAlphaStoresZeroColour() throws {
        let image = PixelBuffer.make(width: 2, height: 1) { x, _ in x == 0 ? Pixel(0, 0, 0, 0) : Pixel(10, 20, 30, 40) }
        let stored = try PNGDecoding.decodeStraight(try PNGEncoder.encode(image), budget: Budget(maxPixels: 4, maxEdge: 4))
        #expect(stored[0, 0] == Pixel(0, 0, 0, 0))
        #expect(stored[1, 0] == Pixel(64, 128, 191, 40))
    }

    @Test(arguments: [false, true])
    func pngcheckAcceptsTheOutput(transparent: Bool) throws {
        let png = try PNGEncoder.encode(avatarLikeImage(size: 300, transparentCorners: transparent))
        let result = try pngcheck(png)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("No errors detected"), "\(result.output)")
        #expect(result.output.contains(transparent ? "RGB+alpha" : "24-bit RGB"), "\(result.output)")
    }

    @Test(arguments: PNGEncoder.Filter.allCases)
    func everyFilterRoundTripsAndPassesPngcheck(filter: PNGEncoder.Filter) throws {
        for transparent in [false, true] {
            let image = avatarLikeImage(size: 40, transparentCorners: transparent)
            var options = PNGEncoder.Options.standard
            options.filter = filter
            options.usesPalette = false  // an indexed image is never filtered
            let png = try PNGEncoder.encode(image, options: options)
            #expect(try ImageDecoder.decode(bytes: png) == image)
            let result = try pngcheck(png)
            #expect(result.status == 0, "\(result.output)")
        }
    }

    @Test func drawnArtIsUnfilteredAndPhotosAreAverageFiltered() {
        func filterBytes(_ image: PixelBuffer) -> Set<UInt8> {
            let raw = PNGEncoder.filteredScanlines(image, channels: 4, filter: .byContent)
            return Set(stride(from: 0, to: raw.count, by: image.width * 4 + 1).map { raw[$0] })
        }
        let art = avatarLikeImage(size: 64, transparentCorners: true)
        #expect(PNGEncoder.flatFraction(art) > 0.5)
        #expect(filterBytes(art) == [PNGEncoder.Filter.none.rawValue])
        var seed: UInt32 = 12345
        let noise = PixelBuffer.make(width: 64, height: 64) { x, y in
            seed = seed &* 1_103_515_245 &+ 12345
            return Pixel(x * 2 + Int(seed >> 28), y * 3 + Int(seed >> 24 & 15), 90, 255)
        }
        #expect(PNGEncoder.flatFraction(noise) < 0.5)
        #expect(filterBytes(noise) == [PNGEncoder.Filter.average.rawValue])
    }

    @Test func longStreamsAreSplitIntoSeveralIDATChunks() throws {
        let image = avatarLikeImage(size: 64, transparentCorners: true)
        var options = PNGEncoder.Options.standard
        options.maxIDATLength = 100
        let png = try PNGEncoder.encode(image, options: options)
        let types = chunkTypes(png)
        #expect(types.first == "IHDR" && types.last == "IEND")
        #expect(types.filter { $0 == "IDAT" }.count > 3)
        #expect(try ImageDecoder.decode(bytes: png) == image)
        #expect(try pngcheck(png).status == 0)
    }

    @Test func writesOnlyTheChunksThePixelsNeed() throws {
        let png = try PNGEncoder.encode(avatarLikeImage(size: 300, transparentCorners: true))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(chunkTypes(png) == ["IHDR", "IDAT", "IEND"])
        let translucent = try PNGEncoder.encode(imageOfColours(20, width: 8, height: 8))
        #expect(chunkTypes(translucent) == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        let opaque = try PNGEncoder.encode(PixelBuffer.make(width: 8, height: 8) { x, _ in Pixel(x * 30, 9, 9) })
        #expect(chunkTypes(opaque) == ["IHDR", "PLTE", "IDAT", "IEND"])
    }

    /// Byte 24 of a PNG is IHDR's bit depth.
    func bitDepth(_ png: [UInt8]) -> UInt8 { png[24] }

    /// Images of at most 256 colours are indexed, at the fewest bits per
    /// index; odd widths check the padding bits after each row's last pixel.
    @Test(arguments: [(1, 1), (2, 1), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (255, 8), (256, 8)])
    func fewColoursAreWrittenWithAPalette(colours: Int, depth: UInt8) throws {
        for (width, height) in [(13, 20), (32, 8), (257, 3)] where width * height >= colours {
            let image = imageOfColours(colours, width: width, height: height)
            let png = try PNGEncoder.encode(image)
            #expect(colourType(png) == 3)
            #expect(bitDepth(png) == depth)
            #expect(chunkData(png, "PLTE")?.count == 3 * colours)
            #expect(try ImageDecoder.decode(bytes: png) == image)
            let check = try pngcheck(png)
            #expect(check.status == 0, "\(check.output)")
            #expect(check.output.contains("palette"), "\(check.output)")
        }
    }

    @Test func aPaletteStoresStraightColoursAndListsTranslucentEntriesFirst() throws {
        let image = PixelBuffer.make(width: 4, height: 1) { x, _ in
            [Pixel(10, 20, 30), Pixel(32, 64, 96, 128), Pixel(0, 0, 0, 0), Pixel(200, 100, 0)][x]
        }
        let png = try PNGEncoder.encode(image)
        #expect(colourType(png) == 3)
        // Translucent (in order of appearance), then opaque; colours un-premultiplied as Cairo's writer does.
        #expect(chunkData(png, "PLTE") == [64, 128, 191, 0, 0, 0, 10, 20, 30, 200, 100, 0])
        #expect(chunkData(png, "tRNS") == [128, 0])
        #expect(try ImageDecoder.decode(bytes: png) == image)
    }

    @Test func aFullyTransparentImageIsOneBitPerPixel() throws {
        let image = PixelBuffer.make(width: 100, height: 100) { _, _ in Pixel(0, 0, 0, 0) }
        let png = try PNGEncoder.encode(image)
        #expect(colourType(png) == 3 && bitDepth(png) == 1)
        #expect(chunkData(png, "PLTE") == [0, 0, 0])
        #expect(chunkData(png, "tRNS") == [0])
        #expect(try ImageDecoder.decode(bytes: png) == image)
    }

    @Test func moreThan256ColoursAreWrittenAsRGBOrRGBA() throws {
        let translucent = imageOfColours(257, width: 32, height: 32)
        let png = try PNGEncoder.encode(translucent)
        #expect(colourType(png) == 6)
        #expect(try ImageDecoder.decode(bytes: png) == translucent)
        let opaque = PixelBuffer.make(width: 257, height: 2) { x, y in Pixel(x % 256, x / 256, y) }
        #expect(colourType(try PNGEncoder.encode(opaque)) == 2)
        let fewer = PixelBuffer.make(width: 256, height: 2) { x, y in Pixel(x, 0, 0) }
        #expect(colourType(try PNGEncoder.encode(fewer)) == 3)
    }

    /// An indexed file is smaller than the RGB(A) one of the same pixels.
    @Test func aPaletteMakesFewColourImagesSmaller() throws {
        var rgb = PNGEncoder.Options.standard
        rgb.usesPalette = false
        for image in [imageOfColours(40, width: 128, height: 128), imageOfColours(200, width: 300, height: 90)] {
            let indexed = try PNGEncoder.encode(image)
            let direct = try PNGEncoder.encode(image, options: rgb)
            #expect(colourType(indexed) == 3 && colourType(direct) == 6)
            #expect(indexed.count < direct.count)
            #expect(try ImageDecoder.decode(bytes: direct) == (try ImageDecoder.decode(bytes: indexed)))
        }
    }

    @Test func outputIsDeterministic() throws {
        let image = avatarLikeImage(size: 128, transparentCorners: true)
        let first = try PNGEncoder.encode(image)
        let second = try PNGEncoder.encode(avatarLikeImage(size: 128, transparentCorners: true))
        #expect(first == second)
        // Row padding is not part of the image.
        let padded = PixelBuffer.make(width: 128, height: 128, padding: 12) { image[$0, $1] }
        #expect(try PNGEncoder.encode(padded) == first)
        let indexed = imageOfColours(30, width: 37, height: 11)
        let indexedPadded = imageOfColours(30, width: 37, height: 11, padding: 20)
        #expect(try PNGEncoder.encode(indexed) == (try PNGEncoder.encode(indexedPadded)))
    }

    @Test func paddedRowsAreRead() throws {
        let image = PixelBuffer.make(width: 5, height: 3, padding: 8) { x, y in Pixel(x * 50, y * 100, 7, 255) }
        #expect(try ImageDecoder.decode(bytes: try PNGEncoder.encode(image)) == image.packed)
    }

    @Test func onePixel() throws {
        let image = PixelBuffer.make(width: 1, height: 1) { _, _ in Pixel(1, 2, 3, 4) }
        let png = try PNGEncoder.encode(image)
        #expect(try ImageDecoder.decode(bytes: png) == image)
        #expect(try pngcheck(png).status == 0)
    }

    @Test func refusesEmptyAndInconsistentBuffers() {
        #expect(throws: ImageError.unsupported("PNG cannot hold an image of 0×4 pixels")) {
            try PNGEncoder.encode(PixelBuffer(width: 0, height: 4, stride: 0, bytes: []))
        }
        #expect(throws: ImageError.unsupported("pixel buffer of 4×4 pixels with stride 12 and 64 bytes is inconsistent")) {
            try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, stride: 12, bytes: .init(repeating: 0, count: 64)))
        }
        #expect(throws: ImageError.unsupported("pixel buffer of 4×4 pixels with stride 16 and 63 bytes is inconsistent")) {
            try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, stride: 16, bytes: .init(repeating: 0, count: 63)))
        }
    }
}
