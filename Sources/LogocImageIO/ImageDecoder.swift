#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes PNG and JPEG files into Cairo-ready premultiplied ARGB32 pixels.
///
/// Images named in specs are untrusted input, so decoding is defensive:
/// the declared size is checked against a pixel budget before anything is
/// allocated, libpng and TurboJPEG are used only through APIs that report
/// errors as return values (no `setjmp`), and anything libjpeg would merely
/// warn about (a truncated file decoding to a grey lower half) is an error.
///
/// There is no shared state: every call creates and frees its own libpng
/// and TurboJPEG handles, so any number of tasks may decode at once.
public enum ImageDecoder {
    /// Decodes a PNG or JPEG held in memory, recognised by its signature,
    /// upright and in sRGB (see `decodePicture(bytes:)`).
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - maxPixels: the largest `width × height` to accept; the default,
    ///     40 million, bounds memory at 160 MB per decoded image.
    ///   - maxEdge: the largest width or height to accept.
    /// - Returns: premultiplied ARGB32 with `stride == width × 4`; JPEGs are
    ///   opaque.
    /// - Throws: `ImageError` saying why the data could not be decoded.
    public static func decode(
        bytes: [UInt8], maxPixels: Int = 40_000_000, maxEdge: Int = 16_384
    ) throws(ImageError) -> PixelBuffer {
        try decodePicture(bytes: bytes, maxPixels: maxPixels, maxEdge: maxEdge).pixels
    }

    /// Decodes a PNG or JPEG held in memory as it is meant to be seen: EXIF
    /// orientation applied, colours converted to sRGB from an embedded ICC
    /// profile or PNG's `gAMA`/`cHRM` (an unusable profile is ignored: the
    /// validator warns, W007), and what was done.
    ///
    /// PNG goes through libpng's simplified API (every bit depth, grey,
    /// palette with `tRNS`, interlaced; 16-bit samples without gamma
    /// information are taken as sRGB, as browsers do). JPEG goes through
    /// TurboJPEG, including progressive files and CMYK/YCCK ones, whose
    /// colours are converted here because TurboJPEG 2.1 cannot.
    ///
    /// `atLeast` (upright pixels) lets a JPEG be decoded reduced, to the
    /// smallest size TurboJPEG can scale to that is still at least that
    /// large (see `JPEGDecoding.decode`); a PNG is always decoded whole.
    /// The limits apply to the stored size either way.
    public static func decodePicture(
        bytes: [UInt8], maxPixels: Int = 40_000_000, maxEdge: Int = 16_384, atLeast: (width: Int, height: Int)? = nil
    ) throws(ImageError) -> DecodedPicture {
        let budget = Budget(maxPixels: maxPixels, maxEdge: maxEdge)
        let isPNG = bytes.starts(with: PNGDecoding.signature)
        guard isPNG || bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
            throw .notDecodable(bytes.isEmpty ? "image data is empty" : "image data is neither PNG nor JPEG")
        }
        let metadata = ImageMetadata.read(bytes)
        let converter: Converter?
        switch metadata.map(ColourConversion.converter(for:)) {
        case .success(let made)?: converter = made
        case .failure?, nil: converter = nil  // read as sRGB; `check` warned (W007)
        }
        var pixels: PixelBuffer
        var scaling: JPEGScaling?
        if isPNG {
            // libpng would apply gAMA itself: logoc does (or, where iCCP or
            // sRGB take precedence, must not), so libpng never sees it.
            var input = bytes
            for chunk in (metadata?.gammaChunks ?? []).reversed() { input.removeSubrange(chunk) }
            pixels = try PNGDecoding.decodeStraight(input, budget: budget)
            converter?.convert(&pixels)
            PNGDecoding.premultiply(&pixels)
        } else {
            let turned = metadata?.orientation.swapsAxes == true
            let stored = atLeast.map { turned ? (width: $0.height, height: $0.width) : $0 }
            let decoded = try JPEGDecoding.decode(bytes, budget: budget, atLeast: stored)
            pixels = decoded.pixels
            scaling = JPEGScaling(storedWidth: decoded.stored.width, storedHeight: decoded.stored.height, swapsAxes: turned)
            if metadata?.channels != .cmyk { converter?.convert(&pixels) }  // opaque: straight is premultiplied
        }
        let orientation = metadata?.orientation ?? .up
        return DecodedPicture(pixels: orientation.apply(to: pixels), orientation: orientation, isConverted: converter != nil,
                              jpegScaling: scaling)
    }

    /// Reads the file at `path` and decodes it like `decode(bytes:)`.
    ///
    /// Only regular files (or symbolic links to them) are read, so a spec
    /// naming `/dev/zero` or a FIFO cannot hang or exhaust the process; a
    /// file larger than any image within the budget could be is refused
    /// unread.
    ///
    /// - Throws: `ImageError.unreadable` when the file cannot be read,
    ///   otherwise as `decode(bytes:)`.
    public static func decode(
        contentsOfFile path: String, maxPixels: Int = 40_000_000, maxEdge: Int = 16_384
    ) throws(ImageError) -> PixelBuffer {
        try decodePicture(contentsOfFile: path, maxPixels: maxPixels, maxEdge: maxEdge).pixels
    }

    /// Reads the file at `path` and decodes it like `decodePicture(bytes:)`.
    public static func decodePicture(
        contentsOfFile path: String, maxPixels: Int = 40_000_000, maxEdge: Int = 16_384, atLeast: (width: Int, height: Int)? = nil
    ) throws(ImageError) -> DecodedPicture {
        // 8 bytes per pixel (16-bit RGBA, stored) plus generous room for metadata.
        let (raw, overflow) = max(0, maxPixels).multipliedReportingOverflow(by: 8)
        let maxBytes = overflow ? Int.max : raw.addingReportingOverflow(16 << 20).partialValue
        let bytes = try readRegularFile(path, maxBytes: maxBytes)
        return try decodePicture(bytes: bytes, maxPixels: maxPixels, maxEdge: maxEdge, atLeast: atLeast)
    }

    /// Reads a whole regular file, checking the type on the open descriptor
    /// so the file cannot be swapped for a device between check and read.
    static func readRegularFile(_ path: String, maxBytes: Int) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw .unreadable("cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .unreadable("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable("'\(path)' is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            throw .unreadable("'\(path)' is \(size) bytes, more than an image within the pixel budget can be")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < size {
                let n = read(fd, buffer.baseAddress! + filled, size - filled)
                if n > 0 {
                    filled += n
                } else if n == 0 {
                    break  // the file shrank while being read
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        guard failure == 0 else {
            throw .unreadable("cannot read '\(path)': \(String(cString: strerror(failure)))")
        }
        return filled == size ? bytes : Array(bytes[..<filled])
    }
}

/// The caller's limits on a decoded image's size.
struct Budget {
    var maxPixels: Int
    var maxEdge: Int

    /// Throws `.tooLarge` unless `width × height` fits; called with the
    /// header's dimensions, before any pixel memory is allocated.
    func check(width: Int, height: Int) throws(ImageError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0 else {
            throw .notDecodable("image header declares \(width)×\(height) pixels")
        }
        if overflow || pixels > maxPixels || width > maxEdge || height > maxEdge {
            throw .tooLarge(width: width, height: height, maxPixels: maxPixels, maxEdge: maxEdge)
        }
    }
}
