import Testing
import LogocCore
import PhotoFixtures
@testable import LogocImageIO

/// Embedded ICC profiles (and PNG gAMA/cHRM) are converted to sRGB with
/// littleCMS; unusable ones are named (W007) and the picture read as sRGB.
struct ColourProfileTests {
    /// 8 × 8 colours across the cube, saturated and mid tones.
    static func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(x * 36), UInt8(y * 36), UInt8(255 - (x + y) * 16))
    }

    static let p3 = PhotoFixtures.displayP3Profile()

    /// Every pixel of `converted` is littleCMS's conversion of the same pixel
    /// of `raw` (the picture decoded without its profile), within 1 level.
    static func expectConverted(_ converted: PixelBuffer, from raw: PixelBuffer, profile: [UInt8]) {
        var changed = 0
        for y in 0..<raw.height {
            for x in 0..<raw.width {
                let r = raw[x, y], c = converted[x, y]
                guard let e = PhotoFixtures.expectedSRGB((r.r, r.g, r.b), from: profile) else { Issue.record("no oracle"); return }
                #expect(c.isClose(to: Pixel(e.0, e.1, e.2, r.a), tolerance: 1), "(\(x), \(y)): \(r) became \(c), littleCMS says \(e)")
                if abs(c.r - r.r) > 4 || abs(c.g - r.g) > 4 || abs(c.b - r.b) > 4 { changed += 1 }
            }
        }
        #expect(changed > raw.width * raw.height / 4, "the profile changed only \(changed) pixels")
    }

    @Test func displayP3JPEGBecomesSRGB() throws {
        #expect(Self.p3.count > 132)
        let plain = PhotoFixtures.jpeg(width: 8, height: 8, Self.colour)
        let raw = try ImageDecoder.decode(bytes: plain)
        let tagged = PhotoFixtures.inserting(PhotoFixtures.iccPayloads(Self.p3).map { (0xE2, $0) }, into: plain)
        let picture = try ImageDecoder.decodePicture(bytes: tagged)
        #expect(picture.isConverted && !picture.isAsStored)
        Self.expectConverted(picture.pixels, from: raw, profile: Self.p3)
    }

    /// A real profile written by another tool: Debian's icc-profiles-free
    /// (installed by `make test`) ships one compatible with Adobe RGB (1998).
    @Test func adobeRGBProfileFromDebianBecomesSRGB() throws {
        let adobe = try Fixtures.bytesOf(file: "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc")
        let plain = PhotoFixtures.jpeg(width: 8, height: 8, Self.colour)
        let raw = try ImageDecoder.decode(bytes: plain)
        let tagged = PhotoFixtures.inserting(PhotoFixtures.iccPayloads(adobe).map { (0xE2, $0) }, into: plain)
        Self.expectConverted(try ImageDecoder.decode(bytes: tagged), from: raw, profile: adobe)
    }

    @Test func profileSplitOverSeveralMarkersIsReassembled() throws {
        let plain = PhotoFixtures.jpeg(width: 8, height: 8, Self.colour)
        let raw = try ImageDecoder.decode(bytes: plain)
        // Three markers, written out of order: the sequence numbers decide.
        let parts = PhotoFixtures.iccPayloads(Self.p3, parts: 3)
        let tagged = PhotoFixtures.inserting([parts[2], parts[0], parts[1]].map { (0xE2, $0) }, into: plain)
        #expect(ImageMetadata.read(tagged)?.colour == .profile(Self.p3))
        Self.expectConverted(try ImageDecoder.decode(bytes: tagged), from: raw, profile: Self.p3)
    }

    @Test func displayP3PNGBecomesSRGBKeepingAlpha() throws {
        let raw = PixelBuffer.make(width: 8, height: 8) { x, y in
            let c = Self.colour(x, y)
            return Pixel(Int(c.0), Int(c.1), Int(c.2))
        }
        let png = try PhotoFixtures.png(raw, chunks: [("iCCP", PhotoFixtures.iccpData(Self.p3)), ("gAMA", PhotoFixtures.be32(100_000))])
        Self.expectConverted(try ImageDecoder.decode(bytes: png), from: raw, profile: Self.p3)
        // A translucent pixel keeps its alpha, converted before premultiplying.
        let half = PixelBuffer.make(width: 1, height: 1) { _, _ in Pixel(100, 50, 25, 128) }
        let decoded = try ImageDecoder.decode(bytes: try PhotoFixtures.png(half, chunks: [("iCCP", PhotoFixtures.iccpData(Self.p3))]))
        #expect(decoded[0, 0].a == 128)
    }

    /// The broken cases, each named and read as sRGB.
    static func brokenJPEGs() -> [(String, [[UInt8]])] {
        let parts = PhotoFixtures.iccPayloads(Self.p3, parts: 3)
        var enormous: [[UInt8]] = []
        let piece = [UInt8](repeating: 0x41, count: 65_000)
        for k in 1...70 { enormous.append(Array("ICC_PROFILE\0".utf8) + [UInt8(k), 70] + piece) }
        var disagreeing = parts[1]
        disagreeing[13] = 4
        return [
            ("truncated", [Array(PhotoFixtures.iccPayloads(Self.p3)[0].prefix(300))]),
            ("too large", enormous),
            ("CMYK", PhotoFixtures.iccPayloads(PhotoFixtures.cmykHeaderedProfile())),
            ("Gray", PhotoFixtures.iccPayloads(PhotoFixtures.grayProfile())),
            ("a marker missing", [parts[0], parts[2]]),
            ("a marker twice", [parts[0], parts[1], parts[1], parts[2]]),
            ("counts disagree", [parts[0], disagreeing, parts[2]]),
            ("no sequence number", [Array("ICC_PROFILE\0".utf8)]),
            ("garbage", [Array("ICC_PROFILE\0".utf8) + [1, 1] + Array(repeating: 0xAB, count: 500)]),
        ]
    }

    @Test func unusableJPEGProfilesAreNamedAndReadAsSRGB() throws {
        let plain = PhotoFixtures.jpeg(width: 8, height: 8, Self.colour)
        let raw = try ImageDecoder.decode(bytes: plain)
        for (name, payloads) in Self.brokenJPEGs() {
            let tagged = PhotoFixtures.inserting(payloads.map { (0xE2, $0) }, into: plain)
            let metadata = try #require(ImageMetadata.read(tagged))
            let problem = ColourConversion.problem(with: metadata)
            #expect(problem != nil, "\(name)")
            let picture = try ImageDecoder.decodePicture(bytes: tagged)
            #expect(picture.pixels == raw && !picture.isConverted, "\(name): \(problem ?? "")")
        }
        let big = ColourConversion.problem(with: try #require(ImageMetadata.read(PhotoFixtures.inserting(Self.brokenJPEGs()[1].1.map { (0xE2, $0) }, into: plain))))
        #expect(big == "the ICC profile is larger than 4 MiB")
        let cmyk = ColourConversion.problem(with: try #require(ImageMetadata.read(PhotoFixtures.inserting(Self.brokenJPEGs()[2].1.map { (0xE2, $0) }, into: plain))))
        #expect(cmyk == "the ICC profile is for CMYK colours but the image is RGB")
    }

    @Test func unusablePNGProfilesAreNamedAndReadAsSRGB() throws {
        let raw = PixelBuffer.make(width: 4, height: 4) { x, y in Pixel(x * 60, y * 60, 200) }
        let enormous = PhotoFixtures.zlib([UInt8](repeating: 0, count: 5 << 20))
        let cases: [(String, [UInt8])] = [
            ("truncated", Array("photo\0\0".utf8) + PhotoFixtures.zlib(Array(Self.p3.prefix(200)))),
            ("too large", Array("photo\0\0".utf8) + enormous),
            ("CMYK", PhotoFixtures.iccpData(PhotoFixtures.cmykHeaderedProfile())),
            ("damaged stream", Array("photo\0\0".utf8) + Array(repeating: 0x55, count: 100)),
            ("no name terminator", Array(repeating: 0x61, count: 120)),
        ]
        for (name, data) in cases {
            let png = try PhotoFixtures.png(raw, chunks: [("iCCP", data)])
            let metadata = try #require(ImageMetadata.read(png))
            #expect(ColourConversion.problem(with: metadata) != nil, "\(name)")
            #expect(try ImageDecoder.decode(bytes: png) == raw, "\(name)")
        }
    }

    @Test func grayProfileOnAGreyJPEGIsUsed() throws {
        let gray = PhotoFixtures.grayProfile()
        let plain = PhotoFixtures.jpeg(width: 8, height: 1, gray: true) { x, _ in (UInt8(x * 30), UInt8(x * 30), UInt8(x * 30)) }
        let tagged = PhotoFixtures.inserting(PhotoFixtures.iccPayloads(gray).map { (0xE2, $0) }, into: plain)
        let metadata = try #require(ImageMetadata.read(tagged))
        #expect(metadata.channels == .gray && ColourConversion.problem(with: metadata) == nil)
        #expect(try ImageDecoder.decodePicture(bytes: tagged).isConverted)
    }

    @Test func pngChunksFollowTheirPrecedence() throws {
        let raw = PixelBuffer.make(width: 2, height: 1) { x, _ in x == 0 ? Pixel(128, 128, 128) : Pixel(200, 60, 30) }
        let linear = PhotoFixtures.be32(100_000)  // gAMA 1.0: linear samples
        let p3Chromaticities = [31_270, 32_900, 68_000, 32_000, 26_500, 69_000, 15_000, 6_000].flatMap(PhotoFixtures.be32)
        // gAMA with cHRM: a profile built from them.
        let both = try ImageDecoder.decode(bytes: try PhotoFixtures.png(raw, chunks: [("gAMA", PhotoFixtures.be32(45_455)), ("cHRM", p3Chromaticities)]))
        #expect(abs(both[1, 0].r - 200) > 4 || abs(both[1, 0].g - 60) > 4, "\(both[1, 0])")
        // gAMA alone, linear: mid grey 128 is sRGB 188 (±1).
        let gamma = try ImageDecoder.decode(bytes: try PhotoFixtures.png(raw, chunks: [("gAMA", linear)]))
        #expect(gamma[0, 0].isClose(to: Pixel(188, 188, 188), tolerance: 1), "\(gamma[0, 0])")
        // sRGB wins over gAMA; iCCP over both.
        let sRGB = try ImageDecoder.decode(bytes: try PhotoFixtures.png(raw, chunks: [("sRGB", [0]), ("gAMA", linear)]))
        #expect(sRGB == raw)
        let icc = try PhotoFixtures.png(raw, chunks: [("iCCP", PhotoFixtures.iccpData(Self.p3)), ("sRGB", [0]), ("gAMA", linear)])
        Self.expectConverted(try ImageDecoder.decode(bytes: icc), from: raw, profile: Self.p3)
        // A bare gAMA of 1/2.2 is how sRGB files are tagged: unchanged.
        #expect(try ImageDecoder.decode(bytes: try PhotoFixtures.png(raw, chunks: [("gAMA", PhotoFixtures.be32(45_455))])) == raw)
    }

    /// Random bytes in the EXIF and ICC segments never crash the metadata
    /// reader or the decoder, and the picture still decodes.
    @Test func randomMetadataNeverCrashes() throws {
        var random = SplitMix64(seed: 0x5EED)
        let plain = PhotoFixtures.jpeg(width: 8, height: 4) { x, y in OrientationTests.colour(x, y) }
        let pixels = PixelBuffer.make(width: 8, height: 4) { x, _ in Pixel(x * 30, 90, 160) }
        let exif = PhotoFixtures.exifPayload(orientation: 6, bigEndian: true)
        let icc = PhotoFixtures.iccPayloads(Self.p3)[0]
        for round in 0..<400 {
            func mutate(_ bytes: [UInt8], keep: Int) -> [UInt8] {
                var b = bytes
                for _ in 0..<(1 + Int(random.next() % 8)) {
                    let i = keep + Int(random.next() % UInt64(max(1, b.count - keep)))
                    if i < b.count { b[i] = UInt8(truncatingIfNeeded: random.next()) }
                }
                let cut = round % 3 == 0 ? keep + Int(random.next() % UInt64(max(1, b.count - keep))) : b.count
                return Array(b.prefix(cut))
            }
            let jpeg = PhotoFixtures.inserting([(0xE1, mutate(exif, keep: 6)), (0xE2, mutate(icc, keep: 12))], into: plain)
            let decoded = try ImageDecoder.decode(bytes: jpeg)
            #expect(decoded.width * decoded.height == 32)
            _ = ImageMetadata.read(jpeg).map(ColourConversion.problem(with:))
            let png = try PhotoFixtures.png(pixels, chunks: [
                ("eXIf", mutate(Array(exif.dropFirst(6)), keep: 0)),
                ("iCCP", Array("p\0\0".utf8) + PhotoFixtures.zlib(mutate(Self.p3, keep: 0))),
            ])
            let decodedPNG = try ImageDecoder.decode(bytes: png)
            #expect(decodedPNG.width * decodedPNG.height == 32)
            _ = ImageMetadata.read(png).map(ColourConversion.problem(with:))
        }
    }
}
