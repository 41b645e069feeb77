import CCairo
import Foundation
import LogocCore
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
public final class ImageStore: Sendable {

    /// Pixel memory in Cairo's ARGB32 layout, freed with the last user.
    final class Pixels: @unchecked Sendable {
        let data: UnsafeMutableRawPointer
        let width: Int, height: Int, stride: Int
        /// Whether these are the file's own pixels (not turned by EXIF
        /// orientation, not converted from a colour profile), so an SVG may
        /// embed the original file instead.
        let isAsStored: Bool
        /// For a JPEG, which reduction these pixels are (nil for a PNG).
        let jpegScaling: JPEGScaling?
        var byteCount: Int { stride * height }

        /// Cleared pixels, or a copy of `bytes` (at least `stride × height`).
        init(width: Int, height: Int, stride: Int, copying bytes: UnsafeRawBufferPointer? = nil,
             isAsStored: Bool = false, jpegScaling: JPEGScaling? = nil) {
            self.width = width
            self.height = height
            self.stride = stride
            self.isAsStored = isAsStored
            self.jpegScaling = jpegScaling
            data = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 16)
            if let base = bytes?.baseAddress {
                data.copyMemory(from: base, byteCount: stride * height)
            } else {
                data.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
            }
        }

        deinit { data.deallocate() }

        /// Whether these are exactly the pixels a decode asked for `atLeast`
        /// (nil: the whole picture) gives. Exactly, not "at least as large":
        /// the copy scaled from them must not depend on what was cached.
        func answer(_ atLeast: (width: Int, height: Int)?) -> Bool {
            guard let jpegScaling else { return true }  // a PNG is decoded whole
            let size = jpegScaling.decodedSize(atLeast: atLeast)
            return size.width == width && size.height == height
        }
    }

    /// Images by key, least recently used first, within a byte budget.
    private struct Kept {
        var entries: [(key: String, pixels: Pixels)] = []
        var bytes = 0
        let budget: Int

        /// Adds `entry` as the most recently used, evicting the least
        /// recently used until the list fits the budget; an entry larger
        /// than the whole budget is not kept at all.
        mutating func keep(_ entry: (key: String, pixels: Pixels)) {
            guard entry.pixels.byteCount <= budget else { return }
            entries.append(entry)
            bytes += entry.pixels.byteCount
            while bytes > budget { bytes -= entries.removeFirst().pixels.byteCount }
        }

        /// The first entry that `matches`, made the most recently used.
        mutating func use(where matches: (String, Pixels) -> Bool) -> Pixels? {
            guard let i = entries.firstIndex(where: { matches($0.key, $0.pixels) }) else { return nil }
            let hit = entries.remove(at: i)
            entries.append(hit)
            return hit.pixels
        }
    }

    /// Decoded images within `decodedBudget`. A JPEG may be here reduced
    /// (see `decoded(_:atLeast:)`), so a path can have several entries.
    private let decoded = Locked(Kept(budget: ImageStore.decodedBudget))
    /// One 40-megapixel photo (160 MB) fits: each spec draws its photo at
    /// 1×, at each scale, as a ring sample and a fingerprint, and decoding a
    /// large PNG for each took seconds. What does not fit is not kept.
    static let decodedBudget = 160 << 20
    /// Scaled copies by "path|width|height", least recently used first,
    /// within a memory budget: a build draws the same photo at a few sizes
    /// over and over, in no particular order.
    private let scaled = Locked(Kept(budget: ImageStore.scaledBudget))
    static let scaledBudget = 32 << 20

    public init() {}

    /// The image at `path`, upright and in sRGB, decoding it on first use.
    /// With `atLeast` (a scaled copy's size) a JPEG may come reduced to the
    /// smallest size TurboJPEG scales to that still has that many pixels; a
    /// copy decoded for another size is not used, even when larger, so what
    /// is drawn never depends on the order of the specs. Two renderers
    /// asking at once may both decode; the result is the same.
    func decoded(_ path: String, atLeast: (width: Int, height: Int)? = nil) throws(RenderError) -> Pixels {
        if let hit = decoded.withLock({ kept in
            kept.use { key, pixels in key == path && pixels.answer(atLeast) }
        }) {
            return hit
        }
        let picture: DecodedPicture
        do {
            picture = try ImageDecoder.decodePicture(contentsOfFile: path, atLeast: atLeast)
        } catch {
            throw .image(path: path, message: error.message)
        }
        let buffer = picture.pixels
        guard buffer.width > 0, buffer.height > 0, buffer.bytes.count >= buffer.stride * buffer.height else {
            throw .image(path: path, message: "the image has no pixels")
        }
        let pixels = buffer.bytes.withUnsafeBytes {
            Pixels(width: buffer.width, height: buffer.height, stride: buffer.stride, copying: $0,
                   isAsStored: picture.isAsStored, jpegScaling: picture.jpegScaling)
        }
        decoded.withLock { $0.keep((path, pixels)) }
        return pixels
    }

    /// Whether `path` is decoded and kept at full size, so drawing it costs
    /// no decoding memory.
    func hasDecoded(_ path: String) -> Bool {
        decoded.withLock { kept in kept.entries.contains { $0.key == path && $0.pixels.answer(nil) } }
    }

    /// The copy of `path` at `width` × `height`, made by `scale` on first use.
    func scaled(_ path: String, width: Int, height: Int, scale: (Pixels) throws(RenderError) -> Void) throws(RenderError) -> Pixels {
        let key = "\(path)|\(width)|\(height)"
        if let hit = scaled.withLock({ $0.use { found, _ in found == key } }) { return hit }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let pixels = Pixels(width: width, height: height, stride: stride)
        try scale(pixels)
        scaled.withLock { $0.keep((key, pixels)) }
        return pixels
    }
}
