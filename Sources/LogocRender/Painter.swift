import CCairo
import Foundation
import LogocCore
import LogocImageIO
import LogocRenderTree

/// Draws the parts of a render tree on any Cairo context (image or SVG
/// surface), in the 1× canvas's user space.
struct Painter {
    /// Decoded images, reused across scales and formats of one spec.
    let images: ImageCache

    func shapePath(_ shape: Shape, size: Double, inset: Double, on cr: OpaquePointer) {
        let s = size - 2 * inset
        cairo_new_path(cr)
        switch shape {
        case .circle:
            cairo_arc(cr, size / 2, size / 2, max(0, s / 2), 0, 2 * .pi)
        case .square:
            cairo_rectangle(cr, inset, inset, s, s)
        case .roundRect(let radius):
            let r = max(0, min(radius - inset, s / 2))
            let (x0, y0, x1, y1) = (inset, inset, inset + s, inset + s)
            cairo_new_sub_path(cr)
            cairo_arc(cr, x1 - r, y0 + r, r, -.pi / 2, 0)
            cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
            cairo_arc(cr, x0 + r, y1 - r, r, .pi / 2, .pi)
            cairo_arc(cr, x0 + r, y0 + r, r, .pi, 3 * .pi / 2)
            cairo_close_path(cr)
        }
    }

    /// Shape, background and border (in `border`, the ring's colour as picked;
    /// no ring when nil): everything but the text.
    func drawBackground(_ tree: RenderTree, border borderColor: RGBA?, on cr: OpaquePointer, forSVG: Bool) throws(RenderError) {
        let size = Double(tree.size)
        cairo_save(cr)
        shapePath(tree.shape, size: size, inset: 0, on: cr)
        cairo_clip(cr)
        try paint(tree.background, size: size, on: cr, forSVG: forSVG)
        if let border = tree.border, let borderColor {
            shapePath(tree.shape, size: size, inset: border.width / 2, on: cr)
            setSource(borderColor, on: cr)
            cairo_set_line_width(cr, border.width)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    private func paint(_ paint: Paint, size: Double, on cr: OpaquePointer, forSVG: Bool) throws(RenderError) {
        switch paint {
        case .solid(let c):
            setSource(c, on: cr)
            cairo_paint(cr)
        case .linear(let from, let to, let stops):
            guard let pattern = cairo_pattern_create_linear(from.x, from.y, to.x, to.y) else { throw .environment("cairo could not create a gradient") }
            fill(with: pattern, stops: stops, on: cr)
        case .radial(let center, let radius, let stops):
            guard let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius) else {
                throw .environment("cairo could not create a gradient")
            }
            fill(with: pattern, stops: stops, on: cr)
        case .image(let image):
            if image.underlay.a > 0 {
                setSource(image.underlay, on: cr)
                cairo_paint(cr)
            }
            // Raster outputs draw a copy already scaled to the device size:
            // shrinking an 800 px photo with a good filter for every output
            // and every contrast measurement was most of an image spec's time.
            var deviceWidth = image.placement.width, deviceHeight = image.placement.height
            cairo_user_to_device_distance(cr, &deviceWidth, &deviceHeight)
            let targetWidth = Int(abs(deviceWidth).rounded(.up)), targetHeight = Int(abs(deviceHeight).rounded(.up))
            let shrink = !forSVG && targetWidth > 0 && targetHeight > 0 && targetWidth < image.pixelWidth && targetHeight < image.pixelHeight
            let decoded = shrink
                ? try images.scaled(image.path, width: targetWidth, height: targetHeight)
                : try images.surface(for: image.path, embedOriginal: forSVG)
            let sourceWidth = shrink ? targetWidth : image.pixelWidth, sourceHeight = shrink ? targetHeight : image.pixelHeight
            cairo_save(cr)
            // Padding the edge pixels outwards keeps the image's border from
            // fading into transparency; the clip keeps the padding off the
            // rest of a contained image's canvas.
            cairo_rectangle(cr, image.placement.x, image.placement.y, image.placement.width, image.placement.height)
            cairo_clip(cr)
            cairo_translate(cr, image.placement.x, image.placement.y)
            cairo_scale(cr, image.placement.width / Double(sourceWidth), image.placement.height / Double(sourceHeight))
            cairo_set_source_surface(cr, decoded.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    private func fill(with pattern: OpaquePointer, stops: [GradientStop], on cr: OpaquePointer) {
        for stop in stops {
            let c = Self.components(stop.color)
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, c.r, c.g, c.b, c.a)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
    }

    func setSource(_ c: RGBA, on cr: OpaquePointer) {
        let v = Self.components(c)
        cairo_set_source_rgba(cr, v.r, v.g, v.b, v.a)
    }

    static func components(_ c: RGBA) -> (r: Double, g: Double, b: Double, a: Double) {
        (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
    }
}

/// Decoded image files as Cairo surfaces, kept for one renderer.
final class ImageCache {
    final class Entry {
        let surface: OpaquePointer
        let pixels: UnsafeMutableRawPointer
        /// The original file is attached for SVG.
        var embedded = false
        init(surface: OpaquePointer, pixels: UnsafeMutableRawPointer) {
            self.surface = surface
            self.pixels = pixels
        }
        deinit {
            cairo_surface_destroy(surface)
            pixels.deallocate()
        }
    }

    /// Decoded images, least recently used first; a few are kept.
    private var entries: [(path: String, entry: Entry)] = []
    private static let decodedLimit = 8
    /// Copies scaled to a device size, by "path|width|height", least
    /// recently used first, within a memory budget: a build draws the same
    /// photo at a few sizes over and over, in no particular order.
    private var scaledEntries: [(key: String, entry: Entry, bytes: Int)] = []
    private var scaledBytes = 0
    private static let scaledBudget = 32 << 20

    /// The image at `width` × `height` pixels, scaled once with a good filter.
    func scaled(_ path: String, width: Int, height: Int) throws(RenderError) -> Entry {
        let key = "\(path)|\(width)|\(height)"
        if let i = scaledEntries.firstIndex(where: { $0.key == key }) {
            let hit = scaledEntries.remove(at: i)
            scaledEntries.append(hit)
            return hit.entry
        }
        let full = try surface(for: path, embedOriginal: false)
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        guard let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)),
              let cr = cairo_create(surface) else {
            pixels.deallocate()
            throw .environment("cairo could not scale '\(path)'")
        }
        let sourceWidth = Double(cairo_image_surface_get_width(full.surface)), sourceHeight = Double(cairo_image_surface_get_height(full.surface))
        cairo_scale(cr, Double(width) / sourceWidth, Double(height) / sourceHeight)
        cairo_set_source_surface(cr, full.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let entry = Entry(surface: surface, pixels: pixels)
        guard status == CAIRO_STATUS_SUCCESS else { throw .environment("cairo could not scale '\(path)'") }
        scaledEntries.append((key, entry, stride * height))
        scaledBytes += stride * height
        while scaledBytes > Self.scaledBudget, scaledEntries.count > 1 { scaledBytes -= scaledEntries.removeFirst().bytes }
        return entry
    }

    func surface(for path: String, embedOriginal: Bool) throws(RenderError) -> Entry {
        let entry: Entry
        if let i = entries.firstIndex(where: { $0.path == path }) {
            entry = entries.remove(at: i).entry
            entries.append((path, entry))
        } else {
            let buffer: PixelBuffer
            do {
                buffer = try ImageDecoder.decode(contentsOfFile: path)
            } catch {
                throw .image(path: path, message: error.message)
            }
            guard buffer.width > 0, buffer.height > 0, buffer.bytes.count >= buffer.stride * buffer.height else {
                throw .image(path: path, message: "the image has no pixels")
            }
            let pixels = UnsafeMutableRawPointer.allocate(byteCount: buffer.bytes.count, alignment: 16)
            buffer.bytes.withUnsafeBytes { if let base = $0.baseAddress { pixels.copyMemory(from: base, byteCount: buffer.bytes.count) } }
            guard let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                    Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride)),
                  cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                pixels.deallocate()
                throw .environment("cairo could not wrap the pixels of '\(path)'")
            }
            entry = Entry(surface: surface, pixels: pixels)
            entries.append((path, entry))
            if entries.count > Self.decodedLimit { entries.removeFirst() }
        }
        // In SVG a JPEG or PNG is embedded as the original file, not
        // re-encoded by Cairo (slower, and larger than the original).
        if embedOriginal, !entry.embedded, let data = FileManager.default.contents(atPath: path),
           let mime = data.starts(with: [0xFF, 0xD8]) ? CAIRO_MIME_TYPE_JPEG : data.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? CAIRO_MIME_TYPE_PNG : nil {
            entry.embedded = true
            let copy = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 1)
            data.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: data.count) } }
            cairo_surface_set_mime_data(entry.surface, mime, copy.assumingMemoryBound(to: UInt8.self), UInt(data.count),
                                        { $0?.deallocate() }, copy)
        }
        return entry
    }
}
