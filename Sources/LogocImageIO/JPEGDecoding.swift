import CTurboJPEG

/// JPEG input through the TurboJPEG API, which reports errors as return
/// codes instead of through `setjmp`/`longjmp`.
enum JPEGDecoding {
    /// Decodes to opaque ARGB32. Every libjpeg warning is an error: a
    /// truncated or damaged file would otherwise "succeed" with grey or
    /// garbled rows.
    static func decode(_ bytes: [UInt8], budget: Budget) throws(ImageError) -> PixelBuffer {
        guard let handle = tjInitDecompress() else {
            throw .unsupported("cannot create a JPEG decompressor")
        }
        defer { tjDestroy(handle) }
        let result: Result<PixelBuffer, ImageError> = bytes.withUnsafeBufferPointer { data in
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
            guard tjDecompressHeader3(
                handle, data.baseAddress, UInt(data.count), &width, &height, &subsampling, &colourspace) == 0
            else {
                return .failure(error(handle))
            }
            do throws(ImageError) {
                try budget.check(width: Int(width), height: Int(height))
            } catch {
                return .failure(error)
            }
            let cmyk = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
            let format = cmyk ? TJPF_CMYK : nativeFormat
            let stride = Int(width) * 4
            var pixels = [UInt8](repeating: 0, count: stride * Int(height))
            let status = pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(
                    handle, data.baseAddress, UInt(data.count), out.baseAddress, width, Int32(stride), height,
                    Int32(format.rawValue), TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
            }
            // tjDecompress2 returns -1 for warnings too (TJERR_WARNING), and those are errors here.
            guard status == 0 else {
                return .failure(error(handle))
            }
            if cmyk {
                convertCMYK(&pixels, inverted: hasAdobeMarker(data))
            } else {
                setOpaque(&pixels)
            }
            return .success(PixelBuffer(width: Int(width), height: Int(height), stride: stride, bytes: pixels))
        }
        return try result.get()
    }

    /// The TurboJPEG format whose bytes are native-endian ARGB32 with an unused alpha byte.
    static var nativeFormat: TJPF {
        #if _endian(little)
        TJPF_BGRX
        #else
        TJPF_XRGB
        #endif
    }

    /// The `ImageError` for the handle's last error or warning.
    static func error(_ handle: tjhandle) -> ImageError {
        let text = tjGetErrorStr2(handle).map { String(cString: $0) } ?? ""
        if text.contains("Premature end of JPEG file") {
            return .truncated("JPEG data is truncated")
        }
        if text.hasPrefix("Unsupported") {
            return .unsupported("JPEG data uses a variant that is not supported: \(text)")
        }
        let kind = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) ? "damaged" : "not decodable"
        return .notDecodable(text.isEmpty ? "JPEG data is \(kind)" : "JPEG data is \(kind): \(text)")
    }

    static func setOpaque(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            var i = ARGB32.alpha
            while i < buffer.count {
                buffer[i] = 255
                i &+= 4
            }
        }
    }

    /// Converts CMYK samples (C, M, Y, K bytes) to opaque ARGB32 in place,
    /// naively, without a colour profile: `r = (1 − c)(1 − k)`.
    ///
    /// Adobe applications store CMYK inverted (0 means full ink) and mark
    /// the file with an `APP14 Adobe` segment; libjpeg-turbo and Pillow
    /// write inverted CMYK with that marker too. Without the marker the
    /// samples are read as plain CMYK, as Chromium and Skia do.
    static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            while i + 3 < buffer.count {
                var c = Int(buffer[i]), m = Int(buffer[i &+ 1]), y = Int(buffer[i &+ 2]), k = Int(buffer[i &+ 3])
                if !inverted {
                    c = 255 &- c; m = 255 &- m; y = 255 &- y; k = 255 &- k
                }
                // Now each value is the amount of *no* ink; (x·k + 127) / 255 rounds x·k / 255.
                buffer[i &+ ARGB32.red] = UInt8(truncatingIfNeeded: (c &* k &+ 127) / 255)
                buffer[i &+ ARGB32.green] = UInt8(truncatingIfNeeded: (m &* k &+ 127) / 255)
                buffer[i &+ ARGB32.blue] = UInt8(truncatingIfNeeded: (y &* k &+ 127) / 255)
                buffer[i &+ ARGB32.alpha] = 255
                i &+= 4
            }
        }
    }

    /// Whether an `APP14` segment starting with `Adobe` precedes the first
    /// scan. TurboJPEG does not expose libjpeg's `saw_Adobe_marker`.
    static func hasAdobeMarker(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 2  // after SOI
        while i + 4 <= data.count {
            guard data[i] == 0xFF else { return false }
            let marker = data[i + 1]
            if marker == 0xFF {  // fill byte
                i += 1
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return false }  // start of scan, end of image
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // no length field
                i += 2
                continue
            }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            if marker == 0xEE, length >= 7, i + 9 <= data.count,
               Array(data[(i + 4)..<(i + 9)]) == Array("Adobe".utf8) {
                return true
            }
            i += 2 + length
        }
        return false
    }
}
