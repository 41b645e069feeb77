/// The ICO container (`favicon.ico`) around PNG-compressed images: a 6-byte
/// ICONDIR (reserved 0, type 1, count) then one 16-byte ICONDIRENTRY per
/// image (width, height — 0 for 256 —, colours 0, reserved 0, planes 1,
/// 32 bits per pixel, size and offset of its bytes), then the PNG files,
/// all little-endian. Every browser since Windows Vista reads PNG entries.
enum ICOContainer {
    /// `images`: each edge in pixels (1–256) with its PNG file's bytes, in order.
    static func encode(_ images: [(edge: Int, png: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ v: Int) { out += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
        func u32(_ v: Int) { u16(v & 0xFFFF); u16(v >> 16) }
        u16(0)
        u16(1)
        u16(images.count)
        var offset = 6 + 16 * images.count
        for image in images {
            let side = UInt8(truncatingIfNeeded: image.edge >= 256 ? 0 : image.edge)
            out += [side, side, 0, 0]
            u16(1)
            u16(32)
            u32(image.png.count)
            u32(offset)
            offset += image.png.count
        }
        for image in images { out += image.png }
        return out
    }
}
