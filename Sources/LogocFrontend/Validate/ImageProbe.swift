/// Reads the size of a PNG or JPEG from its header, without decoding, so a
/// file that claims 60,000 × 60,000 pixels is refused before any allocation.
public enum ImageProbe {
    public enum Format: String, Sendable { case png, jpeg }

    public struct Header: Equatable, Sendable {
        public var format: Format
        public var width: Int
        public var height: Int
    }

    /// Largest accepted edge and pixel count of a background image.
    public static let maxEdge = 16_384
    public static let maxPixels = 40_000_000

    /// The start of an image file, enough for `header`: most headers are in
    /// the first 64 KiB; a JPEG with large metadata (EXIF thumbnails, ICC
    /// profiles) needs a longer look, up to 16 MiB. Reading no more is what
    /// keeps `check` from reading every photo whole.
    public static func headerBytes(ofFile path: String) -> Result<[UInt8], FileReader.Failure> {
        // A PNG's header is in its first 24 bytes and most JPEGs' in their
        // first few hundred: 4 KiB first, where 64 KiB per look (twice per
        // spec with a photo) was copied and cleared for nothing. `header`
        // reads from the start, so a header found in fewer bytes is the
        // header found in more.
        let small = FileReader.read(path, limit: 4_096)
        guard case .success(let bytes) = small, bytes.count > 4_096, header(bytes) == nil else { return small }
        let first = FileReader.read(path, limit: 65_536)
        if case .success(let bytes) = first, bytes.count > 65_536, header(bytes) == nil {
            return FileReader.read(path, limit: 16 << 20)
        }
        return first
    }

    /// The header, or nil when the bytes are neither a PNG nor a JPEG header.
    public static func header(_ bytes: [UInt8]) -> Header? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
            return Header(format: .png, width: Int(be32(bytes, 16)), height: Int(be32(bytes, 20)))
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                let height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                let width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return Header(format: .jpeg, width: width, height: height)
            }
            if marker == 0xDA || marker == 0xD9 || length < 2 { return nil }
            i += 2 + length
        }
        return nil
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
