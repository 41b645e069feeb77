import CDeflate

/// Writes Cairo ARGB32 pixels as a PNG file in memory.
///
/// A minimal writer around libdeflate instead of libpng or Cairo's own
/// writer, because encoding, not drawing, is the cost of a rendered avatar
/// and libdeflate compresses several times faster than zlib at the same
/// ratio (numbers and the reasons for the chosen filter and level are in
/// this module's `README.md`).
///
/// The output holds only the signature, `IHDR`, `IDAT` and `IEND`, and
/// `PLTE` and `tRNS` for indexed images: no time stamp, text, gamma or
/// background chunk, so identical pixels always give identical bytes.
/// Images of at most 256 colours are written with a palette (colour type 3,
/// 1 to 8 bits per index, unfiltered); other opaque images as RGB (colour
/// type 2), the rest as RGBA (colour type 6), 8 bits per channel, rows
/// unfiltered for drawn art and Average-filtered for photographic content.
/// All compressed at libdeflate level 6.
///
/// `encode(_:)` allocates its own compressor, so it is safe to call from
/// any number of tasks at once; a caller that encodes many images on one
/// thread passes its own `Compressor` instead (see there why).
public enum PNGEncoder {
    /// Encodes `pixels` (premultiplied ARGB32, as Cairo draws them) as a PNG.
    ///
    /// Colour channels are un-premultiplied the way Cairo's PNG writer does,
    /// `c' = (c·255 + a/2) / a` and 0 where `a` is 0, so the file matches
    /// what `cairo_surface_write_to_png` would store, pixel for pixel.
    ///
    /// - Throws: `ImageError.unsupported` for a buffer that is empty,
    ///   inconsistent (stride or byte count too small for its size) or
    ///   beyond PNG's limits.
    public static func encode(_ pixels: PixelBuffer) throws(ImageError) -> [UInt8] {
        try encode(pixels, options: .standard)
    }

    /// Encodes with `compressor`, which must not be used by another thread
    /// at the same time.
    public static func encode(_ pixels: PixelBuffer, using compressor: Compressor) throws(ImageError) -> [UInt8] {
        try pixels.withView { view throws(ImageError) in try encode(view, using: compressor) }
    }

    /// Encodes pixels where they are (a Cairo surface's own memory): no
    /// copy of a megabyte-sized image for every PNG.
    public static func encode(_ pixels: PixelView, using compressor: Compressor) throws(ImageError) -> [UInt8] {
        try encode(pixels, options: .standard, compressor: compressor.handle, scratch: &compressor.scratch)
    }

    /// Encodes as 32-bit RGBA (colour type 6) whatever the pixels: for a
    /// file whose reader asks for that format (the Play Store's icon: "32-bit
    /// PNG"), where a palette or RGB image of the same pixels is refused.
    public static func encodeRGBA(_ pixels: PixelBuffer, using compressor: Compressor) throws(ImageError) -> [UInt8] {
        try pixels.withView { view throws(ImageError) in try encode(view, options: .rgba, compressor: compressor.handle, scratch: &compressor.scratch) }
    }

    /// Encodes as RGB (colour type 2), never with a palette or an alpha
    /// channel, whatever the pixels: for files that must not have one (an
    /// App Store app icon, which App Store Connect refuses with alpha). A
    /// pixel that is not opaque comes out composited on black (its
    /// premultiplied colour); callers composite on their own matte first.
    public static func encodeRGB(_ pixels: PixelBuffer, using compressor: Compressor) throws(ImageError) -> [UInt8] {
        try pixels.withView { view throws(ImageError) in
            try encode(view, options: .rgb, compressor: compressor.handle, scratch: &compressor.scratch)
        }
    }

    /// A libdeflate compressor at the standard level and the buffers an
    /// encoding needs, to reuse across images. Allocating them is cheap in
    /// time (2 µs for the compressor) but not in memory: 668 KB of hash
    /// tables at level 6, and a megabyte each for the filtered rows and
    /// the deflate stream of a 512 px image. A build that allocated and freed
    /// them for every PNG left the heap fragmented between the small things
    /// it keeps (most of the growth of a 10,000-spec build's memory,
    /// docs/performance.md).
    public final class Compressor {
        let handle: OpaquePointer
        /// The filtered rows and the deflate stream of the last image,
        /// kept at the largest size seen for the next one.
        var scratch = Scratch()

        public init() throws(ImageError) {
            guard let handle = libdeflate_alloc_compressor(Options.standard.level) else {
                throw .unsupported("cannot allocate a PNG compressor at level \(Options.standard.level)")
            }
            self.handle = handle
        }

        deinit { libdeflate_free_compressor(handle) }
    }

    /// Encodes with explicit options; `encode(_:)` uses `.standard`. Kept
    /// internal so tests can exercise every filter and `IDAT` splitting.
    static func encode(_ pixels: PixelBuffer, options: Options) throws(ImageError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(options.level) else {
            throw .unsupported("cannot allocate a PNG compressor at level \(options.level)")
        }
        defer { libdeflate_free_compressor(compressor) }
        return try encode(pixels, options: options, compressor: compressor)
    }

    /// How the encoder filters and compresses; see `README.md` for why
    /// `.standard` is what it is.
    struct Options: Sendable {
        /// PNG row filter strategy.
        var filter: Filter
        /// libdeflate compression level, 0 (store) to 12.
        var level: Int32
        /// Write colour type 2 (RGB) when every pixel is opaque.
        var writesRGBWhenOpaque: Bool
        /// Write colour type 3 (indexed, with `PLTE` and `tRNS`) when the
        /// image has at most 256 colours.
        var usesPalette: Bool
        /// Largest `IDAT` payload before the stream is split into another
        /// chunk; PNG allows at most 2³¹−1 bytes per chunk.
        var maxIDATLength: Int
        /// Write RGB even when a pixel is not opaque (its alpha dropped: `encodeRGB`).
        var dropsAlpha = false

        static let standard = Options(
            filter: .byContent, level: 6, writesRGBWhenOpaque: true, usesPalette: true, maxIDATLength: Int(Int32.max))
        /// `.standard` that always writes RGBA.
        static let rgba = Options(
            filter: .byContent, level: 6, writesRGBWhenOpaque: false, usesPalette: false, maxIDATLength: Int(Int32.max))
        /// `standard` as RGB always: no palette, no alpha.
        static let rgb = Options(
            filter: .byContent, level: 6, writesRGBWhenOpaque: true, usesPalette: false, maxIDATLength: Int(Int32.max), dropsAlpha: true)
    }

    /// The five PNG row filters and two strategies for choosing among them.
    /// Only `.byContent` is used in production; the others stay so the
    /// README's measurements can be repeated, and tests cover them all.
    enum Filter: UInt8, CaseIterable, Sendable {
        case none = 0, sub = 1, up = 2, average = 3, paeth = 4
        /// libpng's per-row heuristic: the filter whose output has the
        /// minimum sum of absolute (signed) values.
        case adaptive = 255
        /// One filter for the whole image: `.none` for flat art, `.average`
        /// for photographic content; see `flatFraction`.
        case byContent = 254
    }
}

extension PNGEncoder {
    /// Buffers one encoder reuses from image to image; see `Compressor`.
    struct Scratch {
        var scanlines: [UInt8] = []

        /// Scanlines larger than this are freed after their image, not kept
        /// for the next: a build's one 8,192 px PNG must not leave a job
        /// holding 256 MiB for the 512 px ones after it.
        static let keptBytes = 16 << 20

        mutating func releaseIfLarge() {
            if scanlines.count > Self.keptBytes { scanlines = [] }
        }
    }

    static func encode(
        _ pixels: PixelBuffer, options: Options, compressor: OpaquePointer
    ) throws(ImageError) -> [UInt8] {
        var scratch = Scratch()
        return try pixels.withView { view throws(ImageError) in
            try encode(view, options: options, compressor: compressor, scratch: &scratch)
        }
    }

    static func encode(
        _ pixels: PixelView, options: Options, compressor: OpaquePointer, scratch: inout Scratch
    ) throws(ImageError) -> [UInt8] {
        let width = pixels.width, height = pixels.height, stride = pixels.stride
        guard width > 0, height > 0 else {
            throw .unsupported("PNG cannot hold an image of \(width)×\(height) pixels")
        }
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .unsupported("PNG cannot hold an image of \(width)×\(height) pixels; at most 2147483647 per edge")
        }
        let (minStride, o1) = width.multipliedReportingOverflow(by: 4)
        let (lastRow, o2) = stride.multipliedReportingOverflow(by: height - 1)
        let (needed, o3) = lastRow.addingReportingOverflow(minStride)
        guard !o1, !o2, !o3, stride >= minStride, pixels.bytes.count >= needed else {
            throw .unsupported(
                "pixel buffer of \(width)×\(height) pixels with stride \(stride) "
                    + "and \(pixels.bytes.count) bytes is inconsistent")
        }

        let scan = PNGPalette.scan(pixels, wantsPalette: options.usesPalette)
        let rawLength: Int, bitDepth: UInt8, colourType: UInt8
        if let palette = scan.palette {
            rawLength = palette.indexedScanlines(pixels, into: &scratch.scanlines)
            (bitDepth, colourType) = (UInt8(palette.bitDepth), 3)
        } else {
            let opaque = options.dropsAlpha || (options.writesRGBWhenOpaque && scan.opaque)
            let channels = opaque ? 3 : 4
            let (length, overflow) = (width * channels + 1).multipliedReportingOverflow(by: height)
            guard !overflow else {
                throw .unsupported("PNG image of \(width)×\(height) pixels does not fit in memory")
            }
            Self.filteredScanlines(pixels, channels: channels, filter: options.filter, into: &scratch.scanlines)
            (rawLength, bitDepth, colourType) = (length, 8, opaque ? 2 : 6)
        }
        defer { scratch.releaseIfLarge() }
        var prefix: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [bitDepth, colourType, 0, 0, 0]  // deflate, filter method 0, no interlace
        header.withUnsafeBytes { prefix.appendChunk(.IHDR, $0) }
        if let palette = scan.palette {
            palette.plte.withUnsafeBytes { prefix.appendChunk(.PLTE, $0) }
            let alphas = palette.trns
            if !alphas.isEmpty { alphas.withUnsafeBytes { prefix.appendChunk(.tRNS, $0) } }
        }

        // The deflate stream is written straight into the file's one IDAT
        // chunk: no second buffer of the bound's size and no copy of it (an
        // 8,192 px image's bound is 256 MiB). The room past the stream's end
        // is reserved, never touched, so it costs address space, not memory.
        let bound = libdeflate_zlib_compress_bound(compressor, rawLength)
        let dataStart = prefix.count + 8
        let (capacity, overflow) = dataStart.addingReportingOverflow(bound + 4 + 12)
        guard !overflow, bound < Int.max - 16 else {
            throw .unsupported("PNG image of \(width)×\(height) pixels does not fit in memory")
        }
        var zlibCount = 0
        var png = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            prefix.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
            zlibCount = scratch.scanlines.withUnsafeBytes { input in
                libdeflate_zlib_compress(compressor, input.baseAddress, rawLength, base + dataStart, bound)
            }
            var idat: [UInt8] = []
            idat.appendBigEndian(UInt32(truncatingIfNeeded: zlibCount))
            idat += Array(PNGChunkType.IDAT.rawValue.utf8)
            (base + prefix.count).initialize(from: idat, count: idat.count)
            count = zlibCount > 0 ? dataStart + zlibCount : prefix.count
        }
        guard zlibCount > 0 else {
            // libdeflate guarantees the bound is enough; reaching here means it broke its contract.
            throw .unsupported("PNG compression failed for an image of \(width)×\(height) pixels")
        }
        let maxIDAT = max(1, min(options.maxIDATLength, Int(Int32.max)))
        if zlibCount <= maxIDAT {
            let crc = png.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress! + prefix.count + 4, 4 + zlibCount) }
            png.appendBigEndian(crc)
        } else {
            // Split into several chunks (only the tests' small maxIDATLength gets here).
            let stream = Array(png[dataStart...])
            png.removeSubrange(prefix.count...)
            stream.withUnsafeBytes { all in
                var start = 0
                while start < all.count {
                    let end = min(start + maxIDAT, all.count)
                    png.appendChunk(.IDAT, UnsafeRawBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
        }
        png.appendChunk(.IEND, UnsafeRawBufferPointer(start: nil, count: 0))
        return png
    }

    /// Converts every row to straight RGB(A) and filters it, giving the
    /// bytes that deflate compresses: per row one filter-type byte and
    /// `width × channels` filtered samples.
    static func filteredScanlines(_ pixels: PixelBuffer, channels: Int, filter: Filter) -> [UInt8] {
        var out: [UInt8] = []
        pixels.withView { filteredScanlines($0, channels: channels, filter: filter, into: &out) }
        return out
    }

    /// `filteredScanlines` into the first bytes of `out`, which grows when
    /// it is too small and never shrinks (its other bytes are left as they are).
    static func filteredScanlines(_ pixels: PixelView, channels: Int, filter requested: Filter, into out: inout [UInt8]) {
        let filter = requested == .byContent ? (flatFraction(pixels) >= 0.5 ? .none : .average) : requested
        let width = pixels.width, height = pixels.height
        let rowLength = width * channels
        let scanline = rowLength + 1
        if out.count < scanline * height { out = [UInt8](repeating: 0, count: scanline * height) }
        guard let src = pixels.bytes.baseAddress else { return }
        func convert(row y: Int, to destination: UnsafeMutablePointer<UInt8>, table: UnsafePointer<UInt8>) {
            let source = src + y * pixels.stride
            if channels == 3 {
                convertOpaqueRow(source, to: destination, width: width)
            } else {
                convertRow(source, to: destination, width: width, table: table)
            }
        }
        unpremultiplyTable.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            out.withUnsafeMutableBufferPointer { out in
                let out = out.baseAddress!
                if filter == .none {
                    // Unfiltered rows are the converted pixels: made in place, no copy.
                    for y in 0..<height {
                        let line = out + y * scanline
                        line[0] = Filter.none.rawValue
                        convert(row: y, to: line + 1, table: table)
                    }
                    return
                }
                // Two unfiltered rows (previous and current), then five filter candidates for .adaptive.
                var scratch = [UInt8](repeating: 0, count: rowLength * (filter == .adaptive ? 7 : 2))
                scratch.withUnsafeMutableBufferPointer { scratch in
                    var previous = scratch.baseAddress!
                    var current = previous + rowLength
                    for y in 0..<height {
                        convert(row: y, to: current, table: table)
                        let line = out + y * scanline
                        var type = filter
                        if filter == .adaptive {
                            type = chooseFilter(
                                current, previous, length: rowLength, bpp: channels,
                                candidates: scratch.baseAddress! + 2 * rowLength)
                        }
                        line[0] = type.rawValue
                        apply(type, current, previous, to: line + 1, length: rowLength, bpp: channels)
                        swap(&previous, &current)
                    }
                }
            }
        }
    }

    /// The fraction of pixels equal to their left, upper-left, upper or
    /// upper-right neighbour, sampled on every fourth row.
    ///
    /// Drawn art (flat fills, Cairo's undithered gradients, text) scored
    /// 0.72–0.99 in the measurements of README.md, at 64 to 512 px: its rows repeat, shifted or not, which deflate's matches
    /// capture best from unfiltered rows, so `.none` wins by 40–70 %.
    /// Photographs score near 0 (a photo clipped to a circle under text,
    /// 0.27): there predicting from neighbours wins, `.average` by 23 %.
    static func flatFraction(_ pixels: PixelBuffer) -> Double {
        pixels.withView { flatFraction($0) }
    }

    static func flatFraction(_ pixels: PixelView) -> Double {
        let width = pixels.width, stride = pixels.stride
        guard width > 2, pixels.height > 1 else { return 1 }
        var equal = 0, sampled = 0
        do {
            let raw = pixels.bytes
            var y = 1
            while y < pixels.height {
                let row = raw.baseAddress! + y * stride, up = row - stride
                var x = 1
                while x < width &- 1 {
                    let p = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                    if p == row.loadUnaligned(fromByteOffset: x &* 4 &- 4, as: UInt32.self)
                        || p == up.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                        || p == up.loadUnaligned(fromByteOffset: x &* 4 &- 4, as: UInt32.self)
                        || p == up.loadUnaligned(fromByteOffset: x &* 4 &+ 4, as: UInt32.self) {
                        equal &+= 1
                    }
                    x &+= 1
                }
                sampled &+= width &- 2
                y &+= 4
            }
        }
        return Double(equal) / Double(sampled)
    }

    /// Straight RGBA from premultiplied ARGB32 through the un-premultiply
    /// table, on whole 32-bit pixels, four at a time where all four are
    /// opaque (an avatar's inside: only red and blue swap places) or all
    /// transparent (its corners: 0).
    @inline(__always)
    static func convertRow(
        _ src: UnsafeRawPointer, to dst: UnsafeMutablePointer<UInt8>, width: Int,
        table: UnsafePointer<UInt8>
    ) {
        let out = UnsafeMutableRawPointer(dst)
        var x = 0
        #if _endian(little)
        while x &+ 4 <= width {
            let p = src.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            let alphas = p &>> 24
            let rgba: SIMD4<UInt32>
            if alphas == SIMD4(repeating: 255) {
                rgba = (p & 0xFF00_FF00) | (p &>> 16 & 0xFF) | (p & 0xFF) &<< 16
            } else if alphas == .zero {
                rgba = .zero
            } else {
                rgba = SIMD4(straight(p[0], table), straight(p[1], table), straight(p[2], table), straight(p[3], table))
            }
            out.storeBytes(of: rgba, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            x &+= 4
        }
        #endif
        while x < width {
            let rgba = straight(src.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), table)
            out.storeBytes(of: rgba.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            x &+= 1
        }
    }

    /// One premultiplied ARGB32 pixel as straight R, G, B, A from the low byte up.
    @inline(__always)
    static func straight(_ p: UInt32, _ table: UnsafePointer<UInt8>) -> UInt32 {
        let a = p >> 24
        if a == 255 { return (p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16 }
        if a == 0 { return 0 }
        let t = table + Int(a &<< 8)
        return UInt32(t[Int(p >> 16 & 0xFF)]) | UInt32(t[Int(p >> 8 & 0xFF)]) << 8
            | UInt32(t[Int(p & 0xFF)]) << 16 | a << 24
    }

    /// RGB from ARGB32 whose alpha is known to be 255 everywhere. Each pixel
    /// is stored as four bytes whose last the next pixel overwrites; the
    /// row's last pixel is stored as three, so nothing past the row changes.
    @inline(__always)
    static func convertOpaqueRow(_ src: UnsafeRawPointer, to dst: UnsafeMutablePointer<UInt8>, width: Int) {
        let out = UnsafeMutableRawPointer(dst)
        var x = 0
        while x < width &- 1 {
            let p = src.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
            let rgb = (p & 0x0000_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16
            out.storeBytes(of: rgb.littleEndian, toByteOffset: x &* 3, as: UInt32.self)
            x &+= 1
        }
        if width > 0 {
            let p = src.loadUnaligned(fromByteOffset: (width - 1) * 4, as: UInt32.self), d = dst + (width - 1) * 3
            d[0] = UInt8(truncatingIfNeeded: p >> 16); d[1] = UInt8(truncatingIfNeeded: p >> 8); d[2] = UInt8(truncatingIfNeeded: p)
        }
    }

    /// Writes `current` filtered with `type` (never `.adaptive`) to `out`.
    static func apply(
        _ type: Filter, _ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
        to out: UnsafeMutablePointer<UInt8>, length: Int, bpp: Int
    ) {
        switch type {
        case .none, .adaptive, .byContent:
            out.update(from: current, count: length)
        case .sub:
            var i = 0
            while i < bpp { out[i] = current[i]; i &+= 1 }
            while i < length { out[i] = current[i] &- current[i &- bpp]; i &+= 1 }
        case .up:
            var i = 0
            while i < length { out[i] = current[i] &- previous[i]; i &+= 1 }
        case .average:
            var i = 0
            while i < bpp { out[i] = current[i] &- previous[i] >> 1; i &+= 1 }
            while i < length {
                out[i] = current[i] &- UInt8(truncatingIfNeeded: (Int(current[i &- bpp]) &+ Int(previous[i])) >> 1)
                i &+= 1
            }
        case .paeth:
            var i = 0
            while i < bpp { out[i] = current[i] &- previous[i]; i &+= 1 }  // Paeth(0, b, 0) == b
            while i < length {
                out[i] = current[i] &- paeth(current[i &- bpp], previous[i], previous[i &- bpp])
                i &+= 1
            }
        }
    }

    /// The PNG Paeth predictor of left `a`, above `b` and upper-left `c`.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int(a), ib = Int(b), ic = Int(c)
        let pa = abs(ib &- ic), pb = abs(ia &- ic), pc = abs(ia &+ ib &- 2 &* ic)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// libpng's heuristic: the filter whose output, read as signed bytes,
    /// has the smallest sum of absolute values.
    static func chooseFilter(
        _ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, length: Int, bpp: Int,
        candidates: UnsafeMutablePointer<UInt8>
    ) -> Filter {
        var best = Filter.none
        var bestSum = Int.max
        for (index, type) in [Filter.none, .sub, .up, .average, .paeth].enumerated() {
            let out = candidates + index * length
            apply(type, current, previous, to: out, length: length, bpp: bpp)
            var sum = 0
            var i = 0
            while i < length {
                let v = Int(out[i])
                sum &+= v < 128 ? v : 256 &- v
                i &+= 1
            }
            if sum < bestSum { bestSum = sum; best = type }
        }
        return best
    }
}

/// Byte offsets of the channels inside one native-endian ARGB32 pixel.
enum ARGB32 {
    #if _endian(little)
    static let blue = 0, green = 1, red = 2, alpha = 3
    #else
    static let alpha = 0, red = 1, green = 2, blue = 3
    #endif
}

/// `table[a << 8 | c]` is colour `c` un-premultiplied by alpha `a` exactly
/// as Cairo's PNG writer computes it, `(c·255 + a/2) / a`, and 0 for `a` 0.
/// Cairo never produces `c > a`; such invalid input clamps to 255 here
/// where Cairo's writer would wrap around. Immutable, so sharing it between
/// tasks is safe.
let unpremultiplyTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256 * 256)
    for a in 1..<256 {
        for c in 0..<256 {
            table[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a))
        }
    }
    return table
}()

/// The chunks logoc writes; a type, so no other name can reach the writer.
enum PNGChunkType: String {
    case IHDR, PLTE, tRNS, IDAT, IEND
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends one PNG chunk: length, type, data, CRC-32 of type and data.
    mutating func appendChunk(_ type: PNGChunkType, _ data: UnsafeRawBufferPointer) {
        let name = Array(type.rawValue.utf8)
        appendBigEndian(UInt32(data.count))
        var crc = name.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        append(contentsOf: name)
        if data.count > 0 {
            crc = libdeflate_crc32(crc, data.baseAddress, data.count)
            append(contentsOf: data)
        }
        appendBigEndian(crc)
    }
}
