import CPNG

/// PNG input through libpng's simplified API, which reports errors in the
/// `png_image` structure instead of through `setjmp`/`longjmp`.
enum PNGDecoding {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    // png.h's format macros are `|` expressions that do not import into
    // Swift; these are their values from libpng 1.6.
    static let imageVersion: UInt32 = 1  // PNG_IMAGE_VERSION
    static let formatFlagAlpha: UInt32 = 0x01  // PNG_FORMAT_FLAG_ALPHA
    static let formatFlagColor: UInt32 = 0x02  // PNG_FORMAT_FLAG_COLOR
    static let formatFlagBGR: UInt32 = 0x10  // PNG_FORMAT_FLAG_BGR
    static let formatFlagAlphaFirst: UInt32 = 0x20  // PNG_FORMAT_FLAG_AFIRST
    static let imageFlag16BitSRGB: UInt32 = 0x04  // PNG_IMAGE_FLAG_16BIT_sRGB
    static let imageWarning: UInt32 = 1  // PNG_IMAGE_WARNING

    /// The in-memory format whose bytes are native-endian ARGB32:
    /// B, G, R, A on little-endian machines, A, R, G, B on big-endian ones.
    static var argb32Format: UInt32 {
        #if _endian(little)
        formatFlagColor | formatFlagAlpha | formatFlagBGR
        #else
        formatFlagColor | formatFlagAlpha | formatFlagAlphaFirst
        #endif
    }

    /// Decodes to premultiplied ARGB32, premultiplying exactly as Cairo's
    /// own PNG reader does so a PNG drawn through either path is identical.
    static func decode(_ bytes: [UInt8], budget: Budget) throws(ImageError) -> PixelBuffer {
        var pixels = try decodeStraight(bytes, budget: budget)
        premultiply(&pixels)
        return pixels
    }

    /// Decodes to ARGB32 byte order with straight (not premultiplied) alpha,
    /// the values stored in the file.
    static func decodeStraight(_ bytes: [UInt8], budget: Budget) throws(ImageError) -> PixelBuffer {
        // IHDR's size first: libpng itself rejects edges over 1,000,000 with a
        // generic error, and those are "too large" just like 60000×60000.
        if bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) {
            func uint32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let width = uint32(16), height = uint32(20)
            if width > 0, height > 0 { try budget.check(width: width, height: height) }
        }
        var image = png_image()
        image.version = imageVersion
        let result: Result<PixelBuffer, ImageError> = bytes.withUnsafeBytes { data in
            // libpng reads `data` until png_image_finish_read returns, so both calls stay in here.
            guard png_image_begin_read_from_memory(&image, data.baseAddress, data.count) != 0 else {
                return .failure(error(from: image))
            }
            let width = Int(image.width), height = Int(image.height)
            do throws(ImageError) {
                try budget.check(width: width, height: height)
            } catch {
                png_image_free(&image)
                return .failure(error)
            }
            let rowBytes = width * 4
            guard rowBytes <= Int(Int32.max) else {
                png_image_free(&image)
                return .failure(.tooLarge(width: width, height: height, maxPixels: budget.maxPixels, maxEdge: budget.maxEdge))
            }
            image.format = argb32Format
            // Untagged 16-bit samples are sRGB in practice (browsers agree); libpng would assume linear.
            image.flags |= imageFlag16BitSRGB
            var pixels = [UInt8](repeating: 0, count: rowBytes * height)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(rowBytes), nil)
            }
            // Success with only a warning recorded is accepted: libpng 1.6 warns
            // about ancillary matters (an odd iCCP profile, data after the
            // last row), while missing or damaged image data is an error (the
            // tests cut files at every byte and drop rows).
            guard finished != 0 else {
                return .failure(error(from: image))
            }
            return .success(PixelBuffer(width: width, height: height, stride: rowBytes, bytes: pixels))
        }
        return try result.get()
    }

    /// The `ImageError` for libpng's recorded message.
    static func error(from image: png_image) -> ImageError {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if text.contains("beyond end of data") || text.contains("Not enough image data") {
            return .truncated("PNG data is truncated")
        }
        return .notDecodable(text.isEmpty ? "PNG data is not decodable" : "PNG data is not decodable: \(text)")
    }

    /// Premultiplies in place with Cairo's rounding, `t = a·c + 128;
    /// (t + t >> 8) >> 8`, the exact rounding of `a·c / 255`.
    static func premultiply(_ pixels: inout PixelBuffer) {
        let width = pixels.width, height = pixels.height, stride = pixels.stride
        pixels.bytes.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let row = buffer.baseAddress! + y * stride
                var x = 0
                while x < width {
                    let p = row + x &* 4
                    let a = p[ARGB32.alpha]
                    if a == 0 {
                        p[ARGB32.red] = 0; p[ARGB32.green] = 0; p[ARGB32.blue] = 0
                    } else if a != 255 {
                        p[ARGB32.red] = multiply(a, p[ARGB32.red])
                        p[ARGB32.green] = multiply(a, p[ARGB32.green])
                        p[ARGB32.blue] = multiply(a, p[ARGB32.blue])
                    }
                    x &+= 1
                }
            }
        }
    }

    @inline(__always)
    static func multiply(_ alpha: UInt8, _ colour: UInt8) -> UInt8 {
        let t = Int(alpha) &* Int(colour) &+ 0x80
        return UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
    }
}
