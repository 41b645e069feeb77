import CCairo
import CPango
import LogocRenderTree

/// The exact extent of a layout's ink: the box of its glyph outlines'
/// curves, in layout pixels from the layout's origin.
///
/// Pango's ink rectangle is FreeType's control box, the box of every
/// outline point, control points included. An upright font puts points at
/// its curves' extremes, so the two agree; a slanted (italic) curve's
/// control points reach beyond the curve, and centring on them put Inter
/// Italic `D` at size 1000 7 px left of the middle. Here the outlines are
/// taken from Cairo (`pango_cairo_layout_path`, `cairo_copy_path`, in
/// Cairo's fixed point of 1/256 px) and each cubic's extremes are found
/// exactly, where its derivative is zero.
///
/// `package`: the benchmark's floor (bench/floor) centres its initials on
/// the same ink box.
package enum OutlineInk {
    /// The box of `layout`'s outlines, drawn on `cr` (its path is used and
    /// left empty; its state is kept); nil when there are none (no glyph
    /// with an outline: spaces, or colour bitmap emoji).
    static func box(of layout: OpaquePointer, on cr: OpaquePointer) -> Rect? {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, 0, 0)
        pango_cairo_layout_path(cr, layout)
        let box = currentPathBox(cr)
        cairo_restore(cr)
        return box
    }

    /// The box a text is sized and centred on (`TextLayout`): `box(of:on:glyphs:)`
    /// on `session`'s measuring context, with its glyph boxes. Call it under
    /// the session's lock. `package`: the benchmark's floor centres its
    /// initials on the same box, so its pixels are logoc's.
    package static func box(of layout: OpaquePointer, session: FontSession) -> Rect? {
        guard let measuring = session.measuring.context else { return nil }
        return box(of: layout, on: measuring, glyphs: session.measuring.glyphs)
    }

    /// `box(of:on:)` from each glyph's own outline box, found once per font
    /// and glyph in `glyphs` and moved to where the layout puts the glyph.
    /// Drawing every glyph's outline again for every text was most of what
    /// exact centring added to `check` (91,000 instructions a text); the
    /// letters of initials repeat from spec to spec. Equal to `box(of:on:)`
    /// within Cairo's 1/256 px (`OutlineInkTests`).
    static func box(of layout: OpaquePointer, on cr: OpaquePointer, glyphs: GlyphBoxes) -> Rect? {
        // A logo's text is one line (line breaks are refused): its runs are
        // read from the line itself. A layout iterator would also work out
        // every glyph's ink extents, as much work as the outlines saved.
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0) else {
            return box(of: layout, on: cr)
        }
        let scale = Double(PANGO_SCALE)
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        // The line's top is the layout's: its baseline is its ascent below.
        let baseline = -Double(logical.y) / scale
        var bounds = Bounds()
        var x = 0.0
        var node = line.pointee.runs
        while let item = node {
            defer { node = item.pointee.next }
            guard let run = item.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let font = run.pointee.item?.pointee.analysis.font,
                  let string = run.pointee.glyphs, let infos = string.pointee.glyphs else { continue }
            for i in 0..<Int(string.pointee.num_glyphs) {
                let info = infos[i]
                defer { x += Double(info.geometry.width) }
                guard info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0, info.glyph != PANGO_GLYPH_EMPTY,
                      let box = glyphs.box(font: font, glyph: info.glyph, on: cr) else { continue }
                let gx = (x + Double(info.geometry.x_offset)) / scale, gy = baseline + Double(info.geometry.y_offset) / scale
                bounds.add((gx + box.x, gy + box.y))
                bounds.add((gx + box.x + box.width, gy + box.y + box.height))
            }
        }
        return bounds.rect
    }

    /// The box of the path on `cr` (which is then cleared); nil when empty.
    static func currentPathBox(_ cr: OpaquePointer) -> Rect? {
        let path = cairo_copy_path(cr)
        cairo_new_path(cr)
        guard let path else { return nil }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return nil }
        var bounds = Bounds()
        var current = (x: 0.0, y: 0.0)
        var i = 0
        let count = Int(path.pointee.num_data)
        while i < count {
            let header = data[i].header
            let length = Int(header.length)
            guard length >= 1, i + length <= count else { break }
            func point(_ k: Int) -> (x: Double, y: Double) { (data[i + k].point.x, data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2:
                current = point(1)
            case CAIRO_PATH_LINE_TO where length >= 2:
                bounds.add(current)
                current = point(1)
                bounds.add(current)
            case CAIRO_PATH_CURVE_TO where length >= 4:
                let (p1, p2, p3) = (point(1), point(2), point(3))
                bounds.add(current)
                bounds.add(p3)
                for t in extremes(current.x, p1.x, p2.x, p3.x) + extremes(current.y, p1.y, p2.y, p3.y) {
                    bounds.add((cubic(current.x, p1.x, p2.x, p3.x, t), cubic(current.y, p1.y, p2.y, p3.y, t)))
                }
                current = p3
            default:
                break
            }
            i += length
        }
        return bounds.rect
    }

    /// The parameters in (0, 1) where a cubic Bézier coordinate with
    /// control values `p0…p3` has a zero derivative:
    /// `B'(t)/3 = a·t² + b·t + c` with `a = p3 − 3p2 + 3p1 − p0`,
    /// `b = 2(p2 − 2p1 + p0)`, `c = p1 − p0`.
    static func extremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let a = p3 - 3 * p2 + 3 * p1 - p0, b = 2 * (p2 - 2 * p1 + p0), c = p1 - p0
        var roots: [Double] = []
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) <= 1e-12 * scale {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            guard discriminant >= 0 else { return [] }
            let root = discriminant.squareRoot()
            // The numerically stable pair of quadratic roots.
            let q = -0.5 * (b + (b < 0 ? -root : root))
            roots.append(q / a)
            if q != 0 { roots.append(c / q) }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// A cubic Bézier coordinate at `t`.
    static func cubic(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ t: Double) -> Double {
        let u = 1 - t
        return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
    }

    /// A growing box of points.
    struct Bounds {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

        mutating func add(_ p: (x: Double, y: Double)) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }

        var rect: Rect? {
            guard minX <= maxX, minY <= maxY else { return nil }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }
}

/// Outline boxes of single glyphs, per font (held, so its address is never
/// another font's) and glyph, relative to the glyph's origin; nil for a
/// glyph without an outline. One per font session, used under its lock.
final class GlyphBoxes {
    private struct Key: Hashable {
        let font: UInt
        let glyph: UInt32
    }
    private var boxes: [Key: Rect?] = [:]
    private var fonts: [UInt: UnsafeMutableRawPointer] = [:]
    /// Fonts held at most (texts are laid out at one size, so a session
    /// holds about one a face): past it, all are let go and it starts again.
    private static let maxFonts = 256

    func box(font: UnsafeMutablePointer<PangoFont>, glyph: PangoGlyph, on cr: OpaquePointer) -> Rect? {
        let key = Key(font: UInt(bitPattern: font), glyph: glyph)
        if let known = boxes[key] { return known }
        if fonts[key.font] == nil {
            if fonts.count >= Self.maxFonts { clear() }
            fonts[key.font] = g_object_ref(font)
        }
        var box: Rect?
        if let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            cairo_set_scaled_font(cr, scaled)
            var one = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
            cairo_glyph_path(cr, &one, 1)
            box = OutlineInk.currentPathBox(cr)
            cairo_restore(cr)
        }
        boxes[key] = box
        return box
    }

    /// Lets go of the fonts held (under the session's lock, or as it ends).
    func clear() {
        for font in fonts.values { g_object_unref(font) }
        fonts = [:]
        boxes = [:]
    }
}

/// A Cairo context to measure outlines on (nothing is drawn): one per font
/// session, used under the session's lock as every layout is.
final class MeasuringContext {
    private(set) var context: OpaquePointer?
    private var surface: OpaquePointer?
    let glyphs = GlyphBoxes()

    init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        context = surface.flatMap { cairo_surface_status($0) == CAIRO_STATUS_SUCCESS ? cairo_create($0) : nil }
    }

    /// Lets go of the fonts held and the context (which holds the last font
    /// it drew outlines with): its session does it as it ends, before its
    /// font map goes.
    func release() {
        glyphs.clear()
        if let context { cairo_destroy(context) }
        if let surface { cairo_surface_destroy(surface) }
        (context, surface) = (nil, nil)
    }

    deinit {
        // Released by the session already, unless the session failed to start.
        release()
    }
}
