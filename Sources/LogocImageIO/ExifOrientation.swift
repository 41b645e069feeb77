/// How a picture's stored pixels must be turned to be seen upright: the
/// EXIF `Orientation` tag (0x0112).
///
/// A phone holds its sensor one way and writes the pixels as they come off
/// it: a portrait photo is stored landscape with orientation 6 ("turn 90°
/// clockwise to view"). Browsers (CSS `image-orientation: from-image`),
/// Pillow's `exif_transpose`, libvips and sharp all apply the tag; so does
/// logoc, before anything measures or places the picture.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned 180°.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the main diagonal (transpose).
    case leftMirrored = 5
    /// Turned 90° clockwise.
    case right = 6
    /// Mirrored along the other diagonal (transverse).
    case rightMirrored = 7
    /// Turned 90° counter-clockwise.
    case left = 8

    /// Whether the upright picture's width is the stored height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation an EXIF block (a TIFF structure: byte order mark,
    /// IFD0, entries) declares; `.up` when it declares none or nonsense.
    ///
    /// The block is untrusted: every offset is checked against its size,
    /// only IFD0 is read, and a missing, malformed or out-of-range value is
    /// `.up`, as in browsers.
    public static func parse(tiff: ArraySlice<UInt8>) -> ExifOrientation {
        let reader = TIFFReader(bytes: tiff)
        return reader?.orientation().flatMap(ExifOrientation.init(rawValue:)) ?? .up
    }

    /// Where the stored pixel at (`x`, `y`) of a `width` × `height` picture
    /// goes in the upright one.
    func destination(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (width - 1 - x, y)
        case .down: return (width - 1 - x, height - 1 - y)
        case .downMirrored: return (x, height - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (height - 1 - y, x)
        case .rightMirrored: return (height - 1 - y, width - 1 - x)
        case .left: return (y, width - 1 - x)
        }
    }

    /// The upright copy of `pixels` (stride `width × 4`); `pixels` itself
    /// when the orientation is `.up`.
    func apply(to pixels: PixelBuffer) -> PixelBuffer {
        guard self != .up else { return pixels }
        let width = pixels.width, height = pixels.height
        let outWidth = swapsAxes ? height : width, outHeight = swapsAxes ? width : height
        let outStride = outWidth * 4
        var out = [UInt8](repeating: 0, count: outStride * outHeight)
        out.withUnsafeMutableBytes { target in
            pixels.bytes.withUnsafeBytes { source in
                for y in 0..<height {
                    let row = y * pixels.stride
                    for x in 0..<width {
                        let d = destination(x: x, y: y, width: width, height: height)
                        let to = d.y * outStride + d.x * 4
                        target.storeBytes(of: source.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self),
                                          toByteOffset: to, as: UInt32.self)
                    }
                }
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, stride: outStride, bytes: out)
    }
}

/// Reads IFD0 of a TIFF structure, bounds-checking every access.
private struct TIFFReader {
    let bytes: ArraySlice<UInt8>
    let bigEndian: Bool

    init?(bytes: ArraySlice<UInt8>) {
        guard bytes.count >= 8 else { return nil }
        let s = bytes.startIndex
        switch (bytes[s], bytes[s + 1]) {
        case (0x49, 0x49): bigEndian = false  // "II", Intel
        case (0x4D, 0x4D): bigEndian = true  // "MM", Motorola
        default: return nil
        }
        self.bytes = bytes
        guard uint16(at: 2) == 42 else { return nil }
    }

    /// The value of tag 0x0112 in IFD0, if it is a SHORT or LONG there.
    func orientation() -> Int? {
        guard let ifd = uint32(at: 4), let count = uint16(at: ifd) else { return nil }
        for k in 0..<count {
            let entry = ifd + 2 + k * 12
            guard let tag = uint16(at: entry), let type = uint16(at: entry + 2), let n = uint32(at: entry + 4) else { return nil }
            guard tag == 0x0112 else { continue }
            guard n >= 1 else { return nil }
            switch type {
            case 3: return uint16(at: entry + 8)  // SHORT, the type the standard names
            case 4: return uint32(at: entry + 8)  // LONG, written by a few tools
            default: return nil
            }
        }
        return nil
    }

    func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let i = bytes.startIndex + offset
        let a = Int(bytes[i]), b = Int(bytes[i + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int) -> Int? {
        guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
        return bigEndian ? first << 16 | second : second << 16 | first
    }
}
