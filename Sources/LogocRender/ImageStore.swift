import CCairo
import Foundation
import LogocImageIO

/// Decoded photos and their copies scaled to device sizes, shared by every
/// renderer of one run.
///
/// A build draws the same few photos at a few sizes over and over, on every
/// core. Kept per renderer, each core decoded and scaled its own copies:
/// twice the memory at `--jobs 2` (about 50 MB of a 10,000-spec build) and
/// twice the scaling. The pixels here are written once, before they are
/// shared, and only read after; each renderer wraps them in Cairo surfaces
/// of its own (`ImageCache`), since Cairo objects stay on one thread.
public final class ImageStore: @unchecked Sendable {
    // @unchecked: `decoded`, `scaled` and `scaledBytes` are only touched
    // under `lock`; a `Pixels` is immutable once published.

    /// Pixel memory in Cairo's ARGB32 layout, freed with the last user.
    final class Pixels: @unchecked Sendable {
        let data: UnsafeMutableRawPointer
        let width: Int, height: Int, stride: Int
        /// Whether these are the file's own pixels (not turned by EXIF
        /// orientation, not converted from a colour profile), so an SVG may
        /// embed the original file instead.
        let isAsStored: Bool
        var byteCount: Int { stride * height }

        /// Cleared pixels, or a copy of `bytes` (at least `stride × height`).
        init(width: Int, height: Int, stride: Int, copying bytes: UnsafeRawBufferPointer? = nil, isAsStored: Bool = false) {
            self.width = width
            self.height = height
            self.stride = stride
            self.isAsStored = isAsStored
            data = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 16)
            if let base = bytes?.baseAddress {
                data.copyMemory(from: base, byteCount: stride * height)
            } else {
                data.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
            }
        }

        deinit { data.deallocate() }
    }

    private let lock = NSLock()
    /// Decoded images, least recently used first; a few are kept.
    private var decoded: [(key: String, pixels: Pixels)] = []
    static let decodedLimit = 8
    /// Scaled copies by "path|width|height", least recently used first,
    /// within a memory budget: a build draws the same photo at a few sizes
    /// over and over, in no particular order.
    private var scaled: [(key: String, pixels: Pixels)] = []
    private var scaledBytes = 0
    static let scaledBudget = 32 << 20

    public init() {}

    /// The decoded image at `path`, upright and in sRGB, decoding it on
    /// first use. Two renderers asking at once may both decode; the result
    /// is the same.
    func decoded(_ path: String) throws(RenderError) -> Pixels {
        if let hit = lookUp(path, in: \.decoded) { return hit }
        let picture: DecodedPicture
        do {
            picture = try ImageDecoder.decodePicture(contentsOfFile: path)
        } catch {
            throw .image(path: path, message: error.message)
        }
        let buffer = picture.pixels
        guard buffer.width > 0, buffer.height > 0, buffer.bytes.count >= buffer.stride * buffer.height else {
            throw .image(path: path, message: "the image has no pixels")
        }
        let pixels = buffer.bytes.withUnsafeBytes {
            Pixels(width: buffer.width, height: buffer.height, stride: buffer.stride, copying: $0, isAsStored: picture.isAsStored)
        }
        lock.lock()
        defer { lock.unlock() }
        decoded.append((path, pixels))
        if decoded.count > Self.decodedLimit { decoded.removeFirst() }
        return pixels
    }

    /// The copy of `path` at `width` × `height`, made by `scale` on first use.
    func scaled(_ path: String, width: Int, height: Int, scale: (Pixels) throws(RenderError) -> Void) throws(RenderError) -> Pixels {
        let key = "\(path)|\(width)|\(height)"
        if let hit = lookUp(key, in: \.scaled) { return hit }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let pixels = Pixels(width: width, height: height, stride: stride)
        try scale(pixels)
        lock.lock()
        defer { lock.unlock() }
        scaled.append((key, pixels))
        scaledBytes += pixels.byteCount
        while scaledBytes > Self.scaledBudget, scaled.count > 1 { scaledBytes -= scaled.removeFirst().pixels.byteCount }
        return pixels
    }

    private func lookUp(_ key: String, in list: ReferenceWritableKeyPath<ImageStore, [(key: String, pixels: Pixels)]>) -> Pixels? {
        lock.lock()
        defer { lock.unlock() }
        guard let i = self[keyPath: list].firstIndex(where: { $0.key == key }) else { return nil }
        let hit = self[keyPath: list].remove(at: i)
        self[keyPath: list].append(hit)
        return hit.pixels
    }
}
