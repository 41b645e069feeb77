import CTurboJPEG

/// JPEG input through the TurboJPEG API, which reports errors as return
/// codes instead of through `setjmp`/`longjmp`.
enum JPEGDecoding {
    /// Decodes to opaque ARGB32. Every libjpeg warning is an error: a
    /// truncated or damaged file would otherwise "succeed" with grey or
    /// garbled rows.
    ///
    /// `atLeast`, in stored (not EXIF-turned) pixels, asks for the image
    /// reduced in the DCT domain: the smallest of TurboJPEG's scales (1/8,
    /// 1/4, 3/8, … 1) that still gives that many pixels. A 40-megapixel
    /// photo drawn at 512 px is then decoded at 1/8 of its edge: 2.5 MB of
    /// pixels instead of 160 MB, and about a tenth of the time.
    static func decode(_ bytes: [UInt8], budget: Budget, atLeast: (width: Int, height: Int)? = nil) throws(ImageError) -> (pixels: PixelBuffer, stored: (width: Int, height: Int)) {
        guard let handle = tjInitDecompress() else {
            throw .unsupported("cannot create a JPEG decompressor")
        }
        defer { tjDestroy(handle) }
        let result: Result<(pixels: PixelBuffer, stored: (width: Int, height: Int)), ImageError> = bytes.withUnsafeBufferPointer { data in
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
            guard tjDecompressHeader3(
                handle, data.baseAddress, UInt(data.count), &width, &height, &subsampling, &colourspace) == 0
            else {
                return .failure(error(handle, data))
            }
            guard width > 0, height > 0 else {
                // TurboJPEG reports a stream without a frame header (cut short, or tables only) as 0×0.
                return .failure(isTruncated(data) ? .truncated("JPEG data is truncated") : .notDecodable("JPEG data holds no image"))
            }
            do throws(ImageError) {
                try budget.check(width: Int(width), height: Int(height))
            } catch {
                return .failure(error)
            }
            let cmyk = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
            let format = cmyk ? TJPF_CMYK : nativeFormat
            let stored = (width: Int(width), height: Int(height))
            if let atLeast {
                (width, height) = reducedSize(width: width, height: height, atLeast: atLeast)
            }
            let stride = Int(width) * 4
            var pixels = [UInt8](repeating: 0, count: stride * Int(height))
            let status = pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(
                    handle, data.baseAddress, UInt(data.count), out.baseAddress, width, Int32(stride), height,
                    Int32(format.rawValue), TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
            }
            // tjDecompress2 returns -1 for warnings too (TJERR_WARNING), and those are errors here.
            guard status == 0 else {
                return .failure(error(handle, data))
            }
            if cmyk {
                convertCMYK(&pixels, inverted: hasAdobeMarker(data))
            } else {
                setOpaque(&pixels)
            }
            return .success((PixelBuffer(width: Int(width), height: Int(height), stride: stride, bytes: pixels), stored))
        }
        return try result.get()
    }

    /// The size TurboJPEG decodes `width` × `height` to at the smallest of
    /// its scaling factors (at most 1) that keeps both edges at least
    /// `atLeast`'s.
    static func reducedSize(width: Int32, height: Int32, atLeast: (width: Int, height: Int)) -> (Int32, Int32) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
        var best = (width, height)
        for factor in UnsafeBufferPointer(start: factors, count: Int(max(0, count))) where factor.num > 0 && factor.num <= factor.denom {
            // TJSCALED(), a macro Swift cannot import.
            let w = (Int(width) * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            let h = (Int(height) * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            if w >= atLeast.width, h >= atLeast.height, w < Int(best.0) {
                best = (Int32(w), Int32(h))
            }
        }
        return best
    }

    /// The TurboJPEG format whose bytes are native-endian ARGB32 with an unused alpha byte.
    static var nativeFormat: TJPF {
        #if _endian(little)
        TJPF_BGRX
        #else
        TJPF_XRGB
        #endif
    }

    /// The `ImageError` for the handle's last error or warning. Data that
    /// ends before its EOI is reported as truncated whatever libjpeg said:
    /// it may first complain about the tables or markers it did not get.
    static func error(_ handle: tjhandle, _ data: UnsafeBufferPointer<UInt8>) -> ImageError {
        // Warnings' text lives in a thread-local buffer of libturbojpeg 2.1;
        // this runs synchronously right after the failing call, on its thread.
        let text = tjGetErrorStr2(handle).map { String(cString: $0) } ?? ""
        if text.contains("Premature end of JPEG file") || isTruncated(data) {
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

    /// What precedes the first scan: the marker segments, and where the
    /// scan starts (`nil` when the data ends or goes wrong before it).
    struct Header {
        var segments: [(marker: UInt8, payload: Range<Int>)] = []
        var scanStart: Int?
        var endsEarly = false
    }

    /// Walks the marker segments after SOI up to the first SOS. TurboJPEG
    /// exposes neither libjpeg's `saw_Adobe_marker` nor whether it ran out
    /// of data, so both are read here.
    static func header(_ data: UnsafeBufferPointer<UInt8>) -> Header {
        var header = Header()
        var i = 2  // after SOI
        while true {
            guard i + 2 <= data.count else { header.endsEarly = true; return header }
            guard data[i] == 0xFF else { return header }
            let marker = data[i + 1]
            if marker == 0xFF {  // fill byte
                i += 1
                continue
            }
            if marker == 0xDA { header.scanStart = i; return header }
            if marker == 0xD9 { return header }  // EOI before any scan
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // no length field
                i += 2
                continue
            }
            guard i + 4 <= data.count else { header.endsEarly = true; return header }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2 else { return header }
            guard i + 2 + length <= data.count else { header.endsEarly = true; return header }
            header.segments.append((marker, (i + 4)..<(i + 2 + length)))
            i += 2 + length
        }
    }

    /// Whether an `APP14` segment starting with `Adobe` precedes the first scan.
    static func hasAdobeMarker(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        header(data).segments.contains { segment in
            segment.marker == 0xEE && segment.payload.count >= 5
                && data[segment.payload.prefix(5)].elementsEqual("Adobe".utf8)
        }
    }

    /// Whether the data stops before its end-of-image marker. Entropy-coded
    /// data escapes every 0xFF byte, so an `FF D9` after the first scan
    /// begins can only be EOI.
    static func isTruncated(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        let header = header(data)
        guard let scan = header.scanStart else { return header.endsEarly }
        var i = scan + 2
        while i + 1 < data.count {
            if data[i] == 0xFF && data[i + 1] == 0xD9 { return false }
            i += 1
        }
        return true
    }
}
