import CCairo
// Cairo's constants reach this file through the module that first read
// cairo.h, which in a sanitizer build is CPango (pangocairo.h includes it):
// without this import `make test-tsan` did not find CAIRO_STATUS_SUCCESS.
import CPango
import Foundation
import LogocCore
import LogocImageIO
import LogocRenderTree

/// Draws the parts of a render tree on any Cairo context (image or SVG
/// surface), in the 1× canvas's user space.
struct Painter {
    /// Decoded images, reused across scales and formats of one spec.
    let images: ImageCache
    /// Opaque linear gradients filling a large raster canvas are written
    /// straight into its pixels by `PixmanLinearGradient`, the bytes pixman
    /// paints, in less of its time (docs/rendering.md). Off only in tests
    /// that need Cairo's own pixels to compare with.
    var fillsGradientsDirectly = true

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
    /// no ring when nil): everything but the text. A raster `cr` must be a
    /// fresh, transparent surface.
    func drawBackground(_ tree: RenderTree, border borderColor: RGBA?, on cr: OpaquePointer, forSVG: Bool) throws(RenderError) {
        let size = Double(tree.size)
        cairo_save(cr)
        if !forSVG, tree.shape != .square, tree.background.isGradient {
            // A gradient painted through a round clip is composited span by
            // span, and pixman clears three float scanlines for each span
            // (a sixth of the time of drawing an avatar). Painting it whole
            // and then keeping only the shape (DEST_IN) gives the same bytes
            // (`x·coverage` either way) in one pass.
            try paint(tree.background, size: size, on: cr, forSVG: forSVG)
            shapePath(tree.shape, size: size, inset: 0, on: cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill_preserve(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_clip(cr)
        } else {
            shapePath(tree.shape, size: size, inset: 0, on: cr)
            cairo_clip(cr)
            try paint(tree.background, size: size, on: cr, forSVG: forSVG)
        }
        if let borderColor { drawBorder(tree, color: borderColor, on: cr) }
        cairo_restore(cr)
    }

    /// The background alone, with neither the shape's clip nor the ring: the
    /// bytes `drawBackground` gives inside a window that the shape covers
    /// whole and the ring does not reach (`BackgroundExtremes.clearOfEdges`).
    /// There the clip's coverage is 255, which changes no byte, while
    /// composited through it a photo is sampled one span at a time on
    /// pixman's slowest path (most of a photo spec's contrast).
    func drawBackgroundUnclipped(_ tree: RenderTree, on cr: OpaquePointer) throws(RenderError) {
        cairo_save(cr)
        try paint(tree.background, size: Double(tree.size), on: cr, forSVG: false)
        cairo_restore(cr)
    }

    /// The ring alone (nothing when the tree has none), in `color`, inside the shape.
    func drawBorder(_ tree: RenderTree, color: RGBA, on cr: OpaquePointer) {
        guard let border = tree.border else { return }
        shapePath(tree.shape, size: Double(tree.size), inset: border.width / 2, on: cr)
        setSource(color, on: cr)
        cairo_set_line_width(cr, border.width)
        cairo_stroke(cr)
    }

    private func paint(_ paint: Paint, size: Double, on cr: OpaquePointer, forSVG: Bool) throws(RenderError) {
        switch paint {
        case .solid(let c):
            setSource(c, on: cr)
            cairo_paint(cr)
        case .linear(let from, let to, let stops):
            if !forSVG, fillsGradientsDirectly, fillDirectly(from: from, to: to, stops: stops, on: cr) { return }
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

    /// Paints an opaque linear gradient over the whole of an ARGB32 image
    /// surface by writing its pixels, when Cairo would hand pixman exactly
    /// what `PixmanLinearGradient` mirrors (no transform, no device offset
    /// or scale, no clip but the whole surface, OVER or SOURCE) and the
    /// canvas is large enough for that to be faster. False (nothing done)
    /// for anything else, which Cairo then paints.
    func fillDirectly(from: Point, to: Point, stops: [GradientStop], on cr: OpaquePointer) -> Bool {
        let operation = cairo_get_operator(cr)
        guard operation == CAIRO_OPERATOR_OVER || operation == CAIRO_OPERATOR_SOURCE, let surface = cairo_get_target(cr),
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return false }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var offsetX = 0.0, offsetY = 0.0, scaleX = 0.0, scaleY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        cairo_surface_get_device_scale(surface, &scaleX, &scaleY)
        guard (matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0) == (1, 0, 0, 1, 0, 0),
              (offsetX, offsetY, scaleX, scaleY) == (0, 0, 1, 1), Self.clipIsWhole(cr, width: width, height: height),
              let gradient = PixmanLinearGradient(from: from, to: to, stops: stops, box: .init(x: 0, y: 0, width: width, height: height))
        else { return false }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
              gradient.paint(into: data, stride: Int(cairo_image_surface_get_stride(surface))) else { return false }
        cairo_surface_mark_dirty(surface)
        return true
    }

    /// Whether `cr` is clipped to nothing less than its whole surface (Cairo
    /// lists no clip, or a clip of the surface's rectangle, as one rectangle
    /// of its extents; a round clip is not representable as rectangles).
    private static func clipIsWhole(_ cr: OpaquePointer, width: Int, height: Int) -> Bool {
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        let clip = list.pointee
        guard clip.status == CAIRO_STATUS_SUCCESS, clip.num_rectangles == 1, let rectangle = clip.rectangles?.pointee else { return false }
        return (rectangle.x, rectangle.y, rectangle.width, rectangle.height) == (0, 0, Double(width), Double(height))
    }

    /// Fills with a gradient of `stops`, blended as CSS blends them
    /// (premultiplied: `PremultipliedStops`), the same stops for PNG and SVG.
    private func fill(with pattern: OpaquePointer, stops: [GradientStop], on cr: OpaquePointer) {
        for stop in PremultipliedStops.stops(stops) {
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.r, stop.g, stop.b, stop.a)
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

/// Cairo surfaces over the run's shared decoded and scaled images, kept
/// for one renderer (Cairo objects never cross threads; the pixels do).
final class ImageCache {
    final class Entry {
        let surface: OpaquePointer
        /// Keeps the pixels alive while the surface draws them, whatever the store evicts.
        let pixels: ImageStore.Pixels
        /// The original file is attached for SVG.
        var embedded = false
        init(surface: OpaquePointer, pixels: ImageStore.Pixels) {
            self.surface = surface
            self.pixels = pixels
        }
        deinit { cairo_surface_destroy(surface) }
    }

    let store: ImageStore
    /// Surfaces by "path" (decoded) or "path|width|height" (scaled), least
    /// recently used first; a few are kept.
    private var entries: [(key: String, entry: Entry)] = []
    private static let entryLimit = 16
    private static let entryMaxBytes = 16 << 20

    init(store: ImageStore) { self.store = store }

    /// The image at `width` × `height` pixels, scaled once per run with a good filter.
    func scaled(_ path: String, width: Int, height: Int) throws(RenderError) -> Entry {
        let key = "\(path)|\(width)|\(height)"
        if let hit = cached(key) { return hit }
        let pixels = try store.scaled(path, width: width, height: height) { (out) throws(RenderError) in
            // A JPEG comes reduced to about the size needed; the source is
            // not kept here (the store keeps what fits its budget).
            let source = try store.decoded(path, atLeast: (width, height))
            let full = Entry(surface: try Self.wrap(source, path: path), pixels: source)
            let target = try Self.wrap(out, path: path)
            defer { cairo_surface_destroy(target) }
            guard let cr = cairo_create(target) else { throw .environment("cairo could not scale '\(path)'") }
            let sourceWidth = Double(full.pixels.width), sourceHeight = Double(full.pixels.height)
            cairo_scale(cr, Double(width) / sourceWidth, Double(height) / sourceHeight)
            cairo_set_source_surface(cr, full.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            let status = cairo_status(cr)
            cairo_destroy(cr)
            cairo_surface_flush(target)
            guard status == CAIRO_STATUS_SUCCESS else { throw .environment("cairo could not scale '\(path)'") }
        }
        return try remember(key, pixels, path: path)
    }

    func surface(for path: String, embedOriginal: Bool) throws(RenderError) -> Entry {
        let entry: Entry
        if let hit = cached(path) { entry = hit } else { entry = try remember(path, try store.decoded(path), path: path) }
        // In SVG a JPEG or PNG is embedded as the original file, not
        // re-encoded by Cairo (slower, and larger than the original); not
        // when logoc turned or colour-converted it, since viewers differ in
        // whether they apply EXIF orientation and profiles.
        if embedOriginal, !entry.embedded, entry.pixels.isAsStored, let data = FileManager.default.contents(atPath: path),
           let mime = data.starts(with: [0xFF, 0xD8]) ? CAIRO_MIME_TYPE_JPEG : data.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? CAIRO_MIME_TYPE_PNG : nil {
            entry.embedded = true
            let copy = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 1)
            data.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: data.count) } }
            cairo_surface_set_mime_data(entry.surface, mime, copy.assumingMemoryBound(to: UInt8.self), UInt(data.count),
                                        { $0?.deallocate() }, copy)
        }
        return entry
    }

    private func cached(_ key: String) -> Entry? {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let hit = entries.remove(at: i)
        entries.append(hit)
        return hit.entry
    }

    private func remember(_ key: String, _ pixels: ImageStore.Pixels, path: String) throws(RenderError) -> Entry {
        let entry = Entry(surface: try Self.wrap(pixels, path: path), pixels: pixels)
        // A large photo drawn whole (SVG, or a canvas larger than it) is not
        // held here past its drawing: sixteen of them per renderer were
        // gigabytes. The store keeps it if its budget allows.
        guard pixels.byteCount <= Self.entryMaxBytes else { return entry }
        entries.append((key, entry))
        if entries.count > Self.entryLimit { entries.removeFirst() }
        return entry
    }

    private static func wrap(_ pixels: ImageStore.Pixels, path: String) throws(RenderError) -> OpaquePointer {
        guard let surface = cairo_image_surface_create_for_data(pixels.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(pixels.width), Int32(pixels.height), Int32(pixels.stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .environment("cairo could not wrap the pixels of '\(path)'")
        }
        return surface
    }
}
