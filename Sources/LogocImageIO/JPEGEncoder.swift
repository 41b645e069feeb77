import CTurboJPEG
import LogocCore

/// Writes pixels as a baseline JPEG in memory with TurboJPEG.
///
/// JPEG has no alpha, so the drawing is composited over an opaque `matte`
/// first (white by default, as a mail client's page): the transparent
/// corners of a circle come out as the matte, not black. Colour is sRGB,
/// the JFIF default every viewer assumes (no ICC profile is written);
/// chroma is not subsampled (4:4:4), since logos are flat colours with
/// sharp edges that 4:2:0 smears; the accurate integer DCT, which gives
/// the same bytes on every machine (docs/rendering.md).
public enum JPEGEncoder {
    /// JPEG's largest edge.
    static let maxEdge = 65_500

    public static func encode(_ pixels: PixelView, quality: Int, matte: RGBA) throws(ImageError) -> [UInt8] {
        guard pixels.width > 0, pixels.height > 0, pixels.width <= maxEdge, pixels.height <= maxEdge,
              pixels.stride >= pixels.width * 4, pixels.bytes.count >= pixels.stride * (pixels.height - 1) + pixels.width * 4 else {
            throw .unsupported("JPEG cannot hold an image of \(pixels.width)×\(pixels.height) pixels")
        }
        let rgb = composited(pixels, over: matte)
        guard let handle = tjInitCompress() else { throw .unsupported("TurboJPEG could not start a compressor") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let buffer { tjFree(buffer) } }
        let status = rgb.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(pixels.width), 0, Int32(pixels.height), Int32(TJPF_RGB.rawValue),
                        &buffer, &size, Int32(TJSAMP_444.rawValue), Int32(min(100, max(1, quality))), TJFLAG_ACCURATEDCT)
        }
        guard status == 0, let buffer else {
            throw .unsupported("JPEG encoding failed: " + String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Premultiplied ARGB32 over an opaque colour, as packed RGB:
    /// `c + m·(255 − a)/255`, rounded, per channel ("source over").
    static func composited(_ pixels: PixelView, over matte: RGBA) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.width * pixels.height * 3)
        guard let source = pixels.bytes.baseAddress else { return out }
        let (mr, mg, mb) = (UInt32(matte.r), UInt32(matte.g), UInt32(matte.b))
        out.withUnsafeMutableBufferPointer { destination in
            guard let destination = destination.baseAddress else { return }
            var o = 0
            for y in 0..<pixels.height {
                let row = source + y * pixels.stride
                for x in 0..<pixels.width {
                    let p = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let a = p >> 24, rest = 255 - a
                    let (r, g, b) = (p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF)
                    destination[o] = UInt8(min(255, (r * 255 + mr * rest + 127) / 255))
                    destination[o + 1] = UInt8(min(255, (g * 255 + mg * rest + 127) / 255))
                    destination[o + 2] = UInt8(min(255, (b * 255 + mb * rest + 127) / 255))
                    o += 3
                }
            }
        }
        return out
    }

    /// libjpeg-turbo's version, for cache keys.
    public static var version: String { "libjpeg-turbo \(LIBJPEG_TURBO_VERSION_NUMBER)" }
}
