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
    /// longer look, up to 16 MiB. Reading no more is what
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
            return FileReader.read(path, limit: 16 << 20)
        }
        return first
    }

    private static func isWhole(_ header: ImageMetadata?) -> Bool { header?.isComplete ?? false }

    /// The header, or nil when the bytes are neither a PNG nor a JPEG header.
    public static func header(_ bytes: [UInt8]) -> ImageMetadata? {
        ImageMetadata.read(bytes)
    }
}
