/// The colours of an image that has at most 256 of them, for writing it as
/// an indexed-colour PNG (colour type 3): one byte or less per pixel for
/// deflate to read instead of three or four, and a palette of straight
/// colours (`PLTE`) with their alphas (`tRNS`).
///
/// Keyed by the premultiplied ARGB32 pixel as Cairo stores it. Every valid
/// premultiplied pixel un-premultiplies to a different straight colour, so
/// each entry is one colour of the file and the file decodes to exactly the
/// pixels it was made from.
struct PNGPalette {
    /// PNG's limit for a palette.
    static let capacity = 256
    /// Slots of the open-addressing table: four per entry keeps probes short.
    private static let slotCount = 1024

    private var keys = [UInt32](repeating: 0, count: slotCount)
    /// 0 for an empty slot, else the entry's index + 1.
    private var slots = [UInt16](repeating: 0, count: slotCount)
    /// The distinct pixels by index, premultiplied.
    private(set) var pixels: [UInt32] = []

    init() { pixels.reserveCapacity(Self.capacity) }

    /// The translucent entries first, each group in the order given, so
    /// `tRNS` lists only the alphas that are not 255 (PNG takes the rest as
    /// opaque).
    init(ordering other: PNGPalette) {
        self.init()
        for pixel in other.pixels where pixel >> 24 != 255 { _ = insert(pixel) }
        for pixel in other.pixels where pixel >> 24 == 255 { _ = insert(pixel) }
    }

    /// Adds `pixel` if it is new; false when it would be the 257th colour.
    mutating func insert(_ pixel: UInt32) -> Bool {
        var slot = Self.slot(of: pixel)
        while slots[slot] != 0 {
            if keys[slot] == pixel { return true }
            slot = (slot &+ 1) & (Self.slotCount - 1)
        }
        guard pixels.count < Self.capacity else { return false }
        pixels.append(pixel)
        keys[slot] = pixel
        slots[slot] = UInt16(pixels.count)
        return true
    }

    /// The index of `pixel`, which must have been inserted.
    func index(of pixel: UInt32) -> UInt32 {
        var slot = Self.slot(of: pixel)
        while keys[slot] != pixel || slots[slot] == 0 {
            slot = (slot &+ 1) & (Self.slotCount - 1)
        }
        return UInt32(slots[slot] - 1)
    }

    private static func slot(of pixel: UInt32) -> Int {
        Int((pixel &* 0x9E37_79B1) >> 22)  // Fibonacci hashing onto 1024 slots
    }

    /// The fewest bits per index PNG allows for this many colours.
    var bitDepth: Int {
        switch pixels.count {
        case ...2: 1
        case ...4: 2
        case ...16: 4
        default: 8
        }
    }

    /// How many entries, from the first, are translucent.
    var translucentCount: Int { pixels.firstIndex { $0 >> 24 == 255 } ?? pixels.count }

    /// The `PLTE` chunk's data: each entry's straight red, green and blue,
    /// un-premultiplied as the RGB(A) rows are.
    var plte: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(pixels.count * 3)
        for pixel in pixels {
            let a = Int(pixel >> 24)
            for shift: UInt32 in [16, 8, 0] {
                let c = Int(pixel >> shift & 0xFF)
                out.append(a == 255 ? UInt8(c) : unpremultiplyTable[a << 8 | c])
            }
        }
        return out
    }

    /// The `tRNS` chunk's data: the alphas of the translucent entries.
    var trns: [UInt8] {
        pixels.prefix(translucentCount).map { UInt8($0 >> 24) }
    }

    /// What one pass over the pixels tells the encoder.
    struct Scan {
        /// Every pixel has alpha 255.
        var opaque: Bool
        /// The image's colours, translucent first; nil past 256.
        var palette: PNGPalette?
    }

    /// Whether `pixels` is opaque and, when `wantsPalette`, its palette.
    /// Stops as soon as both answers are known. Runs of equal pixels, most
    /// of drawn art, cost one comparison each.
    static func scan(_ pixels: PixelView, wantsPalette: Bool) -> Scan {
        var palette = PNGPalette()
        var fits = wantsPalette, opaque = true
        guard let base = pixels.bytes.baseAddress else { return Scan(opaque: true, palette: nil) }
        for y in 0..<pixels.height {
            let row = base + y * pixels.stride
            var last = ~row.loadUnaligned(as: UInt32.self)
            var x = 0
            while x < pixels.width {
                let pixel = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                if pixel != last {
                    last = pixel
                    if pixel >> 24 != 255 { opaque = false }
                    if fits, !palette.insert(pixel) { fits = false }
                    if !fits, !opaque { return Scan(opaque: false, palette: nil) }
                }
                x &+= 1
            }
        }
        return Scan(opaque: opaque, palette: fits ? PNGPalette(ordering: palette) : nil)
    }

    /// Each row as filter type None and the pixels' indices packed at
    /// `bitDepth`, leftmost pixel in the high bits, into the first bytes of
    /// `out` (grown when too small; the bits after a row's last pixel are 0).
    /// Returns the number of bytes written.
    func indexedScanlines(_ pixels: PixelView, into out: inout [UInt8]) -> Int {
        let depth = bitDepth
        let scanline = 1 + (pixels.width * depth + 7) / 8
        let length = scanline * pixels.height
        if out.count < length { out = [UInt8](repeating: 0, count: length) }
        guard let base = pixels.bytes.baseAddress else { return 0 }
        out.withUnsafeMutableBufferPointer { out in
            for y in 0..<pixels.height {
                let row = base + y * pixels.stride
                var o = y * scanline
                out[o] = PNGEncoder.Filter.none.rawValue
                o &+= 1
                var last = row.loadUnaligned(as: UInt32.self)
                var index = self.index(of: last)
                var bits: UInt32 = 0, filled = 0
                var x = 0
                while x < pixels.width {
                    let pixel = row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                    if pixel != last {
                        last = pixel
                        index = self.index(of: pixel)
                    }
                    bits = bits << depth | index
                    filled &+= depth
                    if filled == 8 {
                        out[o] = UInt8(truncatingIfNeeded: bits)
                        o &+= 1
                        bits = 0
                        filled = 0
                    }
                    x &+= 1
                }
                if filled > 0 { out[o] = UInt8(truncatingIfNeeded: bits << (8 - filled)) }
            }
        }
        return length
    }
}
