/// Reads the PNG images out of an ICO file, for the gallery's browser-tab
/// mock-ups. A browser tab shows the ICO's 16 px image (its 32 px one on a
/// 2× screen), but an `<img>` of the ICO shows its largest image scaled down
/// (measured in Chromium 156: `naturalWidth` 48 for a 16/32/48 file), so
/// the gallery takes the image of each size out of the file itself.
///
/// The container is small enough to read by hand: a 6-byte header
/// (reserved 0, type 1, count) and one 16-byte entry per image (width,
/// height, colours, reserved, planes, bits, byte count, offset; little
/// endian). Only PNG-compressed images are returned. Any byte sequence is
/// safe to pass: what does not add up is nil.
enum ICOFrameReader {
    /// The PNG image of `width` × `width` pixels in `bytes`, checked against
    /// its own header; nil when the file has none or is not an ICO.
    static func png(width: Int, in bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 6, u16(bytes, 0) == 0, u16(bytes, 2) == 1 else { return nil }
        let count = Int(u16(bytes, 4))
        guard 6 + 16 * count <= bytes.count else { return nil }
        for i in 0..<count {
            let entry = 6 + 16 * i
            // A width byte of 0 means 256.
            let entryWidth = bytes[entry] == 0 ? 256 : Int(bytes[entry])
            let size = Int(u32(bytes, entry + 8)), offset = Int(u32(bytes, entry + 12))
            guard entryWidth == width, size >= 24, offset <= bytes.count, size <= bytes.count - offset else { continue }
            let image = Array(bytes[offset..<(offset + size)])
            guard image.starts(with: pngSignature), Int(u32BigEndian(image, 16)) == width, Int(u32BigEndian(image, 20)) == width else { continue }
            return image
        }
        return nil
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }

    private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    private static func u32BigEndian(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
