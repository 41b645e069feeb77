import Foundation
import LogocImageIO
@testable import LogocDriver

/// An output folder holding one spec's own picture and the files the web
/// target writes (SPEC-v2 §3), made by the test with logoc's PNG encoder and
/// a hand-made ICO, with their manifest entries: what the gallery is fed
/// when a spec has `targets: {web: favicon}`. Removed when released.
final class WebTargetFolder: @unchecked Sendable {
    let root = NSTemporaryDirectory() + "logoc-gallery-web-" + UUID().uuidString
    var output: String { root + "/dist" }
    /// The images of favicon.ico, by width: each a disc of its own colour,
    /// so a test (and a person looking at the screenshot) tells them apart.
    private(set) var faviconImages: [Int: [UInt8]] = [:]
    private(set) var entries: [Manifest.Entry] = []

    static let spec = "Specs/team/jane-doe.yaml", name = "jane-doe", title = "Jane Doe", folder = "web/team/jane-doe/"

    init() throws {
        try add("team/jane-doe.png", Self.png(size: 128, disc: 0xFF1565C0, on: 0), format: "png", size: 128, target: nil)
        for (size, colour) in [(16, 0xFFE53935 as UInt32), (32, 0xFF43A047), (48, 0xFF1E88E5)] {
            faviconImages[size] = try Self.png(size: size, disc: colour, on: 0)
        }
        try add(Self.folder + "favicon.ico", Self.ico([16, 32, 48].compactMap { faviconImages[$0] }, sizes: [16, 32, 48]), format: "ico", size: 48)
        try add(Self.folder + "favicon.svg", Array(Self.svg.utf8), format: "svg", size: 0)
        try add(Self.folder + "apple-touch-icon.png", Self.png(size: 180, disc: 0xFFFFFFFF, on: 0xFF1565C0), format: "png", size: 180)
        try add(Self.folder + "icon-192.png", Self.png(size: 192, disc: 0xFF1565C0, on: 0), format: "png", size: 192)
        try add(Self.folder + "icon-512.png", Self.png(size: 512, disc: 0xFF1565C0, on: 0), format: "png", size: 512)
        try add(Self.folder + "icon-maskable-512.png", Self.png(size: 512, disc: 0xFFFFFFFF, on: 0xFF1565C0, radius: 0.3), format: "png", size: 512)
        try add(Self.folder + "icon-monochrome-512.png", Self.png(size: 512, disc: 0xFF000000, on: 0, radius: 0.3), format: "png", size: 512)
        try add(Self.folder + "manifest.webmanifest", Array("{\"icons\": []}\n".utf8), format: "webmanifest", size: 0)
        try add(Self.folder + "head.html", Array("<link rel=\"icon\" href=\"favicon.ico\" sizes=\"32x32\">\n".utf8), format: "html", size: 0)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// A favicon.svg that switches with the colour scheme, as the web target writes it.
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><style>circle { fill: #1565C0 } \
        @media (prefers-color-scheme: dark) { circle { fill: #90CAF9 } }</style><circle cx="8" cy="8" r="8"/></svg>
        """

    private func add(_ path: String, _ bytes: [UInt8], format: String, size: Int, target: String? = "web") throws {
        let full = output + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        entries.append(Manifest.Entry(path: path, spec: Self.spec, name: Self.name, format: format, scale: 1, variant: "light", width: size,
                                      height: size, sha256: String(repeating: "0", count: 64), contrast: target == nil ? 4.97 : nil,
                                      warnings: [], title: Self.title, target: target))
    }

    /// A square PNG of `size` pixels: a disc of `disc` (ARGB) of `radius`
    /// times the width, on `on` (ARGB; 0 is transparent), edges smoothed.
    static func png(size: Int, disc: UInt32, on: UInt32, radius: Double = 0.5) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                // n × n samples per pixel: the share of it inside the disc
                // (one for large images: their edges need no smoothing to be looked at).
                let n = size >= 256 ? 1 : 4
                var inside = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let dx = (Double(x) + (Double(sx) + 0.5) / Double(n)) / Double(size) - 0.5
                        let dy = (Double(y) + (Double(sy) + 0.5) / Double(n)) / Double(size) - 0.5
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                let t = Double(inside) / Double(n * n)
                for (channel, shift) in [(0, 0), (1, 8), (2, 16), (3, 24)] as [(Int, UInt32)] {
                    // Premultiplied: blend the premultiplied values.
                    func premultiplied(_ c: UInt32) -> Double { shift == 24 ? Double(c >> 24) : Double((c >> shift) & 0xFF) * Double(c >> 24) / 255 }
                    bytes[(y * size + x) * 4 + channel] = UInt8((premultiplied(disc) * t + premultiplied(on) * (1 - t)).rounded())
                }
            }
        }
        return try PNGEncoder.encode(PixelBuffer(width: size, height: size, stride: size * 4, bytes: bytes))
    }

    /// An ICO holding `images` (PNGs) of `sizes`: a 6-byte header and a
    /// 16-byte entry per image, then the images.
    static func ico(_ images: [[UInt8]], sizes: [Int]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        var out = le16(0) + le16(1) + le16(images.count)
        var offset = 6 + 16 * images.count
        for (image, size) in zip(images, sizes) {
            out += [UInt8(size & 0xFF), UInt8(size & 0xFF), 0, 0] + le16(1) + le16(32) + le32(image.count) + le32(offset)
            offset += image.count
        }
        return out + images.flatMap { $0 }
    }
}
