import CWebP

/// Writes pixels as a WebP file in memory with libwebp.
///
/// Lossless by default, with `exact` set, so that the file decodes to
/// exactly the straight RGBA a PNG of the same pixels stores (transparent
/// pixels included); lossy (VP8 with a lossless alpha plane) when a quality
/// is given. One thread, libwebp's default method (4): the same pixels
/// always give the same bytes (docs/rendering.md).
public enum WebPEncoder {
    /// WebP's largest edge (a 14-bit field).
    static let maxEdge = 16_383

    /// `quality` 1–100 makes the file lossy; nil keeps it lossless.
    public static func encode(_ pixels: PixelView, quality: Int?) throws(ImageError) -> [UInt8] {
        guard pixels.width > 0, pixels.height > 0, pixels.width <= maxEdge, pixels.height <= maxEdge else {
            throw .unsupported("WebP cannot hold an image of \(pixels.width)×\(pixels.height) pixels")
        }
        var config = WebPConfig()
        guard WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, Float(quality ?? 75), WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw .unsupported("libwebp refused its configuration (version mismatch)")
        }
        if let quality {
            config.quality = Float(min(100, max(1, quality)))
            config.alpha_quality = 100
        } else {
            config.lossless = 1
            config.exact = 1
        }
        config.method = 4
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw .unsupported("libwebp refused its configuration") }

        var picture = WebPPicture()
        guard WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw .unsupported("libwebp refused its picture (version mismatch)")
        }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(pixels.width)
        picture.height = Int32(pixels.height)
        let rgba = pixels.straightRGBA()
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(pixels.width * 4)) }
        guard imported != 0 else { throw .unsupported("libwebp could not take the pixels (out of memory)") }

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let ok = withUnsafeMutablePointer(to: &writer) { writerPointer -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0, let mem = writer.mem else {
            throw .unsupported("WebP encoding failed (libwebp error \(picture.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: mem, count: writer.size))
    }

    /// libwebp's version, for cache keys: another encoder may give other bytes.
    public static var version: String {
        let v = WebPGetEncoderVersion()
        return "libwebp \(v >> 16).\(v >> 8 & 0xFF).\(v & 0xFF)"
    }
}
