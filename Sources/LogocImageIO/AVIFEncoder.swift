import CAVIF

/// Writes pixels as an AVIF file in memory with libavif and libaom.
///
/// Every setting that could change the bytes is fixed (docs/rendering.md):
/// the AV1 encoder is libaom by name (Debian's libavif also links rav1e and
/// SVT-AV1, and "auto" would pick by build order), one thread (so the
/// bytes cannot depend on how work is split between threads), speed 8 (a
/// 512 px avatar in 50 ms instead of 180 ms at avifenc's default 6, for 4 %
/// more bytes; 9 doubled the bytes), no tiling, 8-bit 4:4:4 full-range YUV with BT.601 coefficients, sRGB
/// primaries and transfer signalled in `nclx`, and libavif's own RGB→YUV
/// code rather than libyuv's CPU-specific paths. Alpha is kept, lossless.
public enum AVIFEncoder {
    /// AV1's largest edge for one still picture that libavif writes whole.
    static let maxEdge = 16_384
    /// The default of `quality` for AVIF (SPEC-v2 §1).
    public static let defaultQuality = 80
    static let speed: Int32 = 8

    /// `quality` 1–100, mapped to AV1's quantizer 0–63 as avifenc 1.x maps
    /// its `--quality` (libavif 0.11 has only quantizers).
    public static func encode(_ pixels: PixelView, quality: Int) throws(ImageError) -> [UInt8] {
        guard pixels.width > 0, pixels.height > 0, pixels.width <= maxEdge, pixels.height <= maxEdge else {
            throw .unsupported("AVIF cannot hold an image of \(pixels.width)×\(pixels.height) pixels")
        }
        let avif = try AVIFLibrary.shared.get()
        guard avif.codecName(AVIF_CODEC_CHOICE_AOM, avifCodecFlags(AVIF_CODEC_FLAG_CAN_ENCODE.rawValue)) != nil else {
            throw .unsupported("this libavif has no libaom encoder")
        }
        guard let image = avif.imageCreate(UInt32(pixels.width), UInt32(pixels.height), 8, AVIF_PIXEL_FORMAT_YUV444) else {
            throw .unsupported("libavif could not make an image (out of memory)")
        }
        defer { avif.imageDestroy(image) }
        image.pointee.yuvRange = AVIF_RANGE_FULL
        image.pointee.colorPrimaries = avifColorPrimaries(AVIF_COLOR_PRIMARIES_BT709)
        image.pointee.transferCharacteristics = avifTransferCharacteristics(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
        image.pointee.matrixCoefficients = avifMatrixCoefficients(AVIF_MATRIX_COEFFICIENTS_BT601)

        var rgba = pixels.straightRGBA()
        let converted = rgba.withUnsafeMutableBufferPointer { buffer -> avifResult in
            var rgb = avifRGBImage()
            avif.rgbImageSetDefaults(&rgb, image)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            rgb.avoidLibYUV = avifBool(AVIF_TRUE)
            rgb.pixels = buffer.baseAddress
            rgb.rowBytes = UInt32(pixels.width * 4)
            return avif.imageRGBToYUV(image, &rgb)
        }
        guard converted == AVIF_RESULT_OK else { throw .unsupported("AVIF conversion failed: " + avif.text(converted)) }
        rgba = []

        guard let encoder = avif.encoderCreate() else { throw .unsupported("libavif could not make an encoder (out of memory)") }
        defer { avif.encoderDestroy(encoder) }
        encoder.pointee.codecChoice = AVIF_CODEC_CHOICE_AOM
        encoder.pointee.maxThreads = 1
        encoder.pointee.speed = speed
        let quantizer = Int32(quantizer(forQuality: quality))
        (encoder.pointee.minQuantizer, encoder.pointee.maxQuantizer) = (quantizer, quantizer)
        (encoder.pointee.minQuantizerAlpha, encoder.pointee.maxQuantizerAlpha) = (Int32(AVIF_QUANTIZER_LOSSLESS), Int32(AVIF_QUANTIZER_LOSSLESS))
        (encoder.pointee.tileRowsLog2, encoder.pointee.tileColsLog2) = (0, 0)
        encoder.pointee.autoTiling = avifBool(AVIF_FALSE)

        var output = avifRWData(data: nil, size: 0)
        defer { avif.rwDataFree(&output) }
        let written = avif.encoderWrite(encoder, image, &output)
        guard written == AVIF_RESULT_OK, let data = output.data else {
            throw .unsupported("AVIF encoding failed: " + avif.text(written))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    /// avifenc's mapping of a quality to a quantizer: 100 → 0 (best), 1 → 62.
    static func quantizer(forQuality quality: Int) -> Int {
        let q = min(100, max(1, quality))
        return ((100 - q) * 63 + 50) / 100
    }

    /// libavif's and its codecs' versions, for cache keys.
    public static var version: String {
        guard case .success(let avif) = AVIFLibrary.shared else { return "libavif missing" }
        var buffer = [CChar](repeating: 0, count: 256)
        avif.codecVersions(&buffer)
        let codecs = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "libavif \(avif.version().map { String(cString: $0) } ?? "?") \(codecs)"
    }
}
