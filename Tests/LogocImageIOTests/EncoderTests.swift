import CAVIF
import CTurboJPEG
import CWebP
import Foundation
import LogocCore
import Testing
@testable import LogocImageIO

/// The WebP, AVIF and JPEG encoders, read back by the libraries' own
/// decoders: lossless WebP gives exactly the PNG's pixels, every format is
/// deterministic, AVIF keeps alpha, JPEG composites over its matte.
struct EncoderTests {
    /// A disc on transparency with a soft (half-transparent) rim and a
    /// gradient inside: every case of alpha the un-premultiplying meets.
    static let disc = PixelBuffer.make(width: 48, height: 48, padding: 8) { x, y in
        let dx = Double(x) - 23.5, dy = Double(y) - 23.5
        let d = (dx * dx + dy * dy).squareRoot()
        let a = d < 18 ? 255 : d < 22 ? 128 : 0
        let r = 40 + x * 4, g = 200 - y * 3, b = 120
        return Pixel(r * a / 255, g * a / 255, b * a / 255, a)
    }

    static func straight(_ pixels: PixelBuffer) -> [UInt8] {
        pixels.withView { $0.straightRGBA() }
    }

    static func webp(_ pixels: PixelBuffer, quality: Int?) throws -> [UInt8] {
        try pixels.withView { view throws(ImageError) in try WebPEncoder.encode(view, quality: quality) }
    }

    static func avif(_ pixels: PixelBuffer, quality: Int) throws -> [UInt8] {
        try pixels.withView { view throws(ImageError) in try AVIFEncoder.encode(view, quality: quality) }
    }

    static func jpeg(_ pixels: PixelBuffer, quality: Int, matte: RGBA) throws -> [UInt8] {
        try pixels.withView { view throws(ImageError) in try JPEGEncoder.encode(view, quality: quality, matte: matte) }
    }

    /// RGBA as libwebp decodes it.
    static func decodeWebP(_ bytes: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        var width: Int32 = 0, height: Int32 = 0
        guard let decoded = WebPDecodeRGBA(bytes, bytes.count, &width, &height) else { return nil }
        defer { WebPFree(decoded) }
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: decoded, count: Int(width * height * 4))))
    }

    /// RGBA as libavif decodes it (dav1d or aom, whichever it has).
    static func decodeAVIF(_ bytes: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard let decoder = avifDecoderCreate(), let image = avifImageCreateEmpty() else { return nil }
        defer { avifDecoderDestroy(decoder); avifImageDestroy(image) }
        guard avifDecoderReadMemory(decoder, image, bytes, bytes.count) == AVIF_RESULT_OK else { return nil }
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        rgb.depth = 8
        var out = [UInt8](repeating: 0, count: Int(image.pointee.width * image.pointee.height * 4))
        let result = out.withUnsafeMutableBufferPointer { buffer -> avifResult in
            rgb.pixels = buffer.baseAddress
            rgb.rowBytes = image.pointee.width * 4
            return avifImageYUVToRGB(image, &rgb)
        }
        guard result == AVIF_RESULT_OK else { return nil }
        return (Int(image.pointee.width), Int(image.pointee.height), out)
    }

    /// RGB as TurboJPEG decodes it.
    static func decodeJPEG(_ bytes: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colourspace) == 0 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(width * height * 3))
        guard tjDecompress2(handle, bytes, UInt(bytes.count), &out, width, 0, height, Int32(TJPF_RGB.rawValue), 0) == 0 else { return nil }
        return (Int(width), Int(height), out)
    }

    @Test func straightRGBAUnpremultipliesAsThePNGEncoderDoes() {
        let rgba = Self.straight(Self.disc)
        for (x, y) in [(23, 23), (4, 23), (23, 2), (0, 0)] {
            let o = (y * 48 + x) * 4
            let p = Self.disc[x, y]
            // Cairo's formula, which the PNG encoder uses: c' = (c·255 + a/2) / a.
            var expected = [0, 0, 0, 0]
            if p.a > 0 {
                expected = [p.r, p.g, p.b].map { c in (c * 255 + p.a / 2) / p.a }
                expected.append(p.a)
            }
            #expect(rgba[o..<o + 4].map(Int.init) == expected, "pixel \(x), \(y)")
        }
    }

    @Test func losslessWebPDecodesToExactlyThePNGsPixels() throws {
        let bytes = try Self.webp(Self.disc, quality: nil)
        #expect(bytes.count > 12 && Array(bytes[12..<16]) == Array("VP8L".utf8), "lossless WebP uses the VP8L chunk")
        let decoded = try #require(Self.decodeWebP(bytes))
        #expect(decoded.width == 48 && decoded.height == 48)
        let same = decoded.rgba == Self.straight(Self.disc)
        #expect(same, "lossless WebP differs from the PNG encoder's straight RGBA")
    }

    @Test func lossyWebPFollowsQualityAndKeepsAlpha() throws {
        let low = try Self.webp(Self.disc, quality: 20), high = try Self.webp(Self.disc, quality: 95)
        #expect(low != high)
        #expect(String(decoding: high, as: UTF8.self).contains("VP8 "), "lossy WebP has a VP8 chunk")
        let decoded = try #require(Self.decodeWebP(high))
        #expect(decoded.rgba[3] == 0, "the transparent corner stays transparent")
        #expect(decoded.rgba[(23 * 48 + 23) * 4 + 3] == 255)
    }

    @Test(arguments: [nil, 60] as [Int?])
    func webPIsDeterministic(_ quality: Int?) throws {
        #expect(try Self.webp(Self.disc, quality: quality) == Self.webp(Self.disc, quality: quality))
    }

    @Test func avifIsDeterministicAndDecodesCloseToTheOriginalWithAlpha() throws {
        let first = try Self.avif(Self.disc, quality: 80)
        let second = try Self.avif(Self.disc, quality: 80)
        #expect(first == second, "two AVIF encodings of the same pixels differ")
        #expect(try Self.avif(Self.disc, quality: 30) != first)
        let decoded = try #require(Self.decodeAVIF(first))
        #expect(decoded.width == 48 && decoded.height == 48)
        let original = Self.straight(Self.disc)
        // Alpha is lossless; colour within a lossy tolerance where opaque.
        var alphaSame = true, total = 0, count = 0
        for i in stride(from: 0, to: original.count, by: 4) {
            if decoded.rgba[i + 3] != original[i + 3] { alphaSame = false }
            guard original[i + 3] == 255 else { continue }
            for c in 0..<3 { total += abs(Int(decoded.rgba[i + c]) - Int(original[i + c])) }
            count += 3
        }
        #expect(alphaSame, "AVIF's alpha is not what was drawn")
        let mean = Double(total) / Double(max(1, count))
        #expect(mean < 4, "mean colour difference \(mean)")
    }

    @Test func avifQualityMapsToAV1QuantizersAsAvifencDoes() {
        #expect(AVIFEncoder.quantizer(forQuality: 100) == 0)
        #expect(AVIFEncoder.quantizer(forQuality: 80) == 13)
        #expect(AVIFEncoder.quantizer(forQuality: 1) == 62)
    }

    @Test func jpegCompositesOverItsMatte() throws {
        let cream = RGBA(r: 255, g: 248, b: 225)
        let bytes = try Self.jpeg(Self.disc, quality: 90, matte: cream)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try #require(Self.decodeJPEG(bytes))
        #expect(decoded.width == 48 && decoded.height == 48)
        let corner = decoded.rgb[0..<3].map(Int.init)
        #expect(abs(corner[0] - 255) <= 3 && abs(corner[1] - 248) <= 3 && abs(corner[2] - 225) <= 3, "corner \(corner)")
        // The same drawing over black: the corner follows the matte.
        let black = try #require(Self.decodeJPEG(try Self.jpeg(Self.disc, quality: 90, matte: .black)))
        #expect(black.rgb[0..<3].allSatisfy { $0 <= 3 })
        #expect(try Self.jpeg(Self.disc, quality: 90, matte: cream) == bytes, "JPEG is not deterministic")
        #expect(try Self.jpeg(Self.disc, quality: 50, matte: cream) != bytes)
    }

    @Test func compositingIsSourceOver() {
        // A half-transparent red (premultiplied 128, 0, 0, 128) over white.
        let pixel = PixelBuffer.make(width: 1, height: 1) { _, _ in Pixel(128, 0, 0, 128) }
        let rgb = pixel.withView { JPEGEncoder.composited($0, over: .white) }
        #expect(rgb == [255, 127, 127])
    }

    @Test func emptyPicturesAreRefusedNotCrashed() {
        let empty = PixelBuffer(width: 0, height: 0, stride: 0, bytes: [])
        #expect(throws: ImageError.self) { try Self.webp(empty, quality: nil) }
        #expect(throws: ImageError.self) { try Self.avif(empty, quality: 80) }
        #expect(throws: ImageError.self) { try Self.jpeg(empty, quality: 90, matte: .white) }
    }
}
