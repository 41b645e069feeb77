import LogocImageIO

/// Reads the size, EXIF orientation and colour description of a PNG or
/// JPEG from its first bytes, without decoding, so a file that claims
/// 60,000 × 60,000 pixels is refused before any allocation, and the sizes
/// the validator and resolver use are the upright ones the renderer draws.
public enum ImageProbe {
    /// Largest accepted edge and pixel count of a background image.
    public static let maxEdge = 16_384
    public static let maxPixels = 40_000_000

    /// The start of an image file, enough for `header` to see everything
    /// before the image data: most headers are in the first 64 KiB; a JPEG
    /// or PNG with large metadata (EXIF thumbnails, ICC profiles) needs a
    /// longer look, up to `maxHeaderBytes`. Reading no more is what
    /// keeps `check` from reading every photo whole.
    public static func headerBytes(ofFile path: String) -> Result<[UInt8], FileReader.Failure> {
        // Most PNGs' metadata ends in their first hundred bytes and most
        // JPEGs' in their first few hundred: 4 KiB first, where 64 KiB per
        // look (twice per spec with a photo) was copied and cleared for
        // nothing. `header` reads from the start, so metadata seen whole
        // in fewer bytes is the metadata of more.
        let small = FileReader.read(path, limit: 4_096)
        guard case .success(let bytes) = small, bytes.count > 4_096, !isWhole(header(bytes)) else { return small }
        let first = FileReader.read(path, limit: 65_536)
        if case .success(let bytes) = first, bytes.count > 65_536, !isWhole(header(bytes)) {
            return FileReader.read(path, limit: maxHeaderBytes)
        }
        return first
    }

    private static func isWhole(_ header: ImageMetadata?) -> Bool { header?.isComplete ?? false }

    /// The most bytes read looking for a header: metadata (EXIF thumbnails,
    /// ICC profiles) before a JPEG's frame header is rarely more than 1 MiB.
    public static let maxHeaderBytes = 16 << 20

    /// What a plain look at a file's first segments finds, to say why
    /// `header` found no image header: one was there, or why there is none.
    public enum Scan: Equatable, Sendable {
        case found
        /// Neither PNG's nor JPEG's signature.
        case notAnImage
        /// A PNG signature without its `IHDR` chunk after it.
        case pngWithoutHeader
        /// A JPEG whose segments end (or break) before a frame header.
        case jpegWithoutFrame
        /// A JPEG whose segments before the frame header run on past the
        /// `maxHeaderBytes` that are read; `metadata` counts their bytes
        /// as far as they were read.
        case jpegHeaderTooFar(metadata: Int)
    }

    /// Looks at the start of a file (`headerBytes`) for the header.
    public static func scan(_ bytes: [UInt8]) -> Scan {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return .pngWithoutHeader }
            return .found
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return .notAnImage }
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { return .jpegWithoutFrame }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame { return .found }
            if marker == 0xDA || marker == 0xD9 || length < 2 { return .jpegWithoutFrame }
            i += 2 + length
        }
        // `headerBytes` reads one byte past the limit to tell a longer file.
        return bytes.count > maxHeaderBytes ? .jpegHeaderTooFar(metadata: min(i, bytes.count)) : .jpegWithoutFrame
    }

    /// Why `scan` found no header, as a message after the image's name and
    /// a help saying how to fix the file; nil when it found one.
    public static func problem(_ scan: Scan) -> (message: String, help: String)? {
        switch scan {
        case .found: nil
        case .notAnImage: ("is not a PNG or JPEG image", "convert the image to PNG or JPEG")
        case .pngWithoutHeader: ("is a PNG without its header (IHDR): the file is damaged or cut short", "export the image again")
        case .jpegWithoutFrame: ("is a JPEG without a frame header (SOF): the file is damaged or cut short", "export the image again")
        case .jpegHeaderTooFar(let metadata):
            ("is a JPEG whose header (SOF, which gives its size) is not within the first \(maxHeaderBytes >> 20) MiB that logoc reads: more than \(metadata >> 20) MiB of metadata come before it",
             "remove the metadata (for example 'exiftool -all= FILE', or save the photo again without EXIF and thumbnails)")
        }
    }

    /// The header, or nil when the bytes are neither a PNG nor a JPEG header.
    public static func header(_ bytes: [UInt8]) -> ImageMetadata? {
        ImageMetadata.read(bytes)
    }
}
