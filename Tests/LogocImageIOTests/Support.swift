import Foundation
@testable import LogocImageIO

/// One pixel's channels as stored in a `PixelBuffer` (premultiplied).
struct Pixel: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int, a: Int

    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: Pixel, tolerance: Int) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance
            && abs(b - other.b) <= tolerance && abs(a - other.a) <= tolerance
    }

    var description: String { "(\(r), \(g), \(b), \(a))" }
}

extension PixelBuffer {
    subscript(x: Int, y: Int) -> Pixel {
        let p = y * stride + x * 4
        return Pixel(
            Int(bytes[p + ARGB32.red]), Int(bytes[p + ARGB32.green]),
            Int(bytes[p + ARGB32.blue]), Int(bytes[p + ARGB32.alpha]))
    }

    /// A buffer of `width × height` pixels from `pixel(x, y)` (premultiplied
    /// values), with `padding` unused bytes after each row.
    static func make(width: Int, height: Int, padding: Int = 0, _ pixel: (Int, Int) -> Pixel) -> PixelBuffer {
        let stride = width * 4 + padding
        var bytes = [UInt8](repeating: 0xEE, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y), o = y * stride + x * 4
                bytes[o + ARGB32.red] = UInt8(p.r)
                bytes[o + ARGB32.green] = UInt8(p.g)
                bytes[o + ARGB32.blue] = UInt8(p.b)
                bytes[o + ARGB32.alpha] = UInt8(p.a)
            }
        }
        return PixelBuffer(width: width, height: height, stride: stride, bytes: bytes)
    }

    /// The same pixels with `stride == width × 4`, for comparing buffers
    /// whose padding differs.
    var packed: PixelBuffer {
        .make(width: width, height: height) { self[$0, $1] }
    }
}

enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// A file outside the fixtures, by absolute path.
    static func bytesOf(file path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// Premultiplied art like a rendered avatar: a diagonal gradient, an
/// antialiased disc, and (when `transparentCorners`) a transparent
/// background outside a larger antialiased circle.
func avatarLikeImage(size: Int, transparentCorners: Bool) -> PixelBuffer {
    .make(width: size, height: size) { x, y in
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5, half = Double(size) / 2
        let t = (fx + fy) / Double(2 * size)
        var r = 40 + 180 * t, g = 90 + 60 * t, b = 200 - 120 * t
        // inner disc, antialiased over one pixel
        let d = ((fx - half) * (fx - half) + (fy - half) * (fy - half)).squareRoot()
        let inner = min(max(half * 0.5 - d + 0.5, 0), 1)
        r = r * (1 - inner) + 250 * inner; g = g * (1 - inner) + 240 * inner; b = b * (1 - inner) + 230 * inner
        let coverage = transparentCorners ? min(max(half - d + 0.5, 0), 1) : 1
        let a = (coverage * 255).rounded()
        func premultiplied(_ c: Double) -> Int { Int((c * a / 255).rounded()) }
        return Pixel(premultiplied(r), premultiplied(g), premultiplied(b), Int(a))
    }
}

/// Every (alpha, colour) pair that is valid premultiplied data (c ≤ a),
/// spread over a 256×256 image: x is alpha, y is the colour.
func everyPremultipliedValue() -> PixelBuffer {
    .make(width: 256, height: 256) { a, c in
        let v = min(c, a)
        return Pixel(v, min(255 - c, a), a / 2, a)
    }
}

/// Runs /usr/bin/pngcheck on `png`; returns its exit status and output.
func pngcheck(_ png: [UInt8]) throws -> (status: Int32, output: String) {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("logoc-pngcheck-\(UUID().uuidString).png")
    try Data(png).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pngcheck")
    process.arguments = ["-v", file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// The chunk types of a PNG, in order.
func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var i = 8
    while i + 8 <= png.count {
        let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
        types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
        i += 12 + length
    }
    return types
}

/// CRC-32 as PNG uses it, for tests that forge chunks.
func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// The data of the first chunk of `type` in a PNG; nil when there is none.
func chunkData(_ png: [UInt8], _ type: String) -> [UInt8]? {
    var i = 8
    while i + 8 <= png.count {
        let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
        if String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self) == type {
            return Array(png[(i + 8)..<(i + 8 + length)])
        }
        i += 12 + length
    }
    return nil
}

/// An image of exactly `count` distinct premultiplied pixels (every third
/// one translucent, one fully transparent when `count` > 3), laid out in
/// runs so that every colour appears, on a `width × height` grid.
func imageOfColours(_ count: Int, width: Int, height: Int, padding: Int = 0) -> PixelBuffer {
    func colour(_ i: Int) -> Pixel {
        if count > 3, i == 3 { return Pixel(0, 0, 0, 0) }
        let a = i % 3 == 2 ? 64 + i % 128 : 255
        let r = (i * 37) % 256, g = (i * 91 + 13) % 256, b = (i / 3 * 7) % 256
        func premultiplied(_ c: Int) -> Int { (c * a + 127) / 255 }
        return Pixel(premultiplied(r), premultiplied(g), premultiplied(b), a)
    }
    precondition(count <= width * height)
    return .make(width: width, height: height, padding: padding) { x, y in
        let n = y * width + x
        return colour(n < count ? n : (n / 3) % count)
    }
}
