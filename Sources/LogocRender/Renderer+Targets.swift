import CCairo
import CPango
import LogocCore
import LogocImageIO
import LogocRenderTree

/// The drawings targets need beyond the spec's own pictures (docs/targets.md):
/// the picture at any pixel width, on a full-bleed square (apple-touch and
/// maskable icons) and as one colour on transparent (monochrome icons).
/// Each is drawn from the measured tree, exactly as the spec's PNG is.
extension Renderer {
    /// The measured tree's pixels on a square of `edge` pixels (16 for a favicon of a 512 px spec).
    public func drawing(_ measured: Measured, edge: Int) throws(RenderError) -> PixelBuffer {
        try budget.admitting(memoryEstimate(measured.tree, canvasEdge: edge, encodes: false)) { () throws(RenderError) -> PixelBuffer in
            try clock.time(.draw) { () throws(RenderError) -> PixelBuffer in try pixels(measured, edge: edge) }
        }
    }

    /// A square of `edge` pixels that the tree's background fills edge to
    /// edge (its shape ignored, no ring, no text), with the tree's own
    /// drawing centred over it at `share` of the width when `drawing`, all
    /// composited on `matte` when given (opaque then). With `drawing` false
    /// it is the background layer alone, which W005 compares against.
    public func fullBleed(_ measured: Measured, edge: Int, share: Double, matte: RGBA?, drawing: Bool = true) throws(RenderError) -> PixelBuffer {
        try square(measured.tree, edge: edge) { cr throws(RenderError) in
            try drawFullBleed(measured, edge: edge, share: share, matte: matte, drawing: drawing, on: cr)
        }
    }

    /// `fullBleed`'s drawing on a transparent square context `cr` of `edge` pixels.
    func drawFullBleed(_ measured: Measured, edge: Int, share: Double, matte: RGBA?, drawing: Bool, on cr: OpaquePointer) throws(RenderError) {
        let tree = measured.tree
        if let matte {
            painter.setSource(matte, on: cr)
            cairo_paint(cr)
        }
        let size = Double(tree.size)
        cairo_save(cr)
        cairo_scale(cr, Double(edge) / size, Double(edge) / size)
        let layer = RenderTree(size: tree.size, shape: .square, background: tree.background, border: nil, text: nil)
        try painter.drawBackground(layer, border: nil, on: cr, forSVG: false)
        cairo_restore(cr)
        guard drawing else { return }
        // A round gradient shape is painted whole and then cut to the shape
        // with DEST_IN (`Painter.drawBackground`), which would clear the
        // full-bleed layer and the matte under it too: that drawing goes
        // through a group of its own. (Only then, so that every other
        // drawing keeps its bytes.)
        let isolated = tree.shape != .square && tree.background.isGradient
        if isolated { cairo_push_group(cr) }
        let inner = Double(edge) * share
        cairo_save(cr)
        cairo_translate(cr, (Double(edge) - inner) / 2, (Double(edge) - inner) / 2)
        cairo_scale(cr, inner / size, inner / size)
        try painter.drawBackground(tree, border: measured.border, on: cr, forSVG: false)
        if let layout = measured.layout, let text = measured.text {
            session.locked { layout.draw(on: cr, color: Painter.components(text.color), outlines: true) }
        }
        cairo_restore(cr)
        if isolated {
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
        }
    }

    /// The tree's ink in one `color` on transparent, on a square of `edge`
    /// pixels: the text's glyphs where it has text, else the shape's silhouette.
    public func monochrome(_ measured: Measured, edge: Int, color: RGBA) throws(RenderError) -> PixelBuffer {
        let tree = measured.tree
        return try square(tree, edge: edge) { cr throws(RenderError) in
            cairo_scale(cr, Double(edge) / Double(tree.size), Double(edge) / Double(tree.size))
            if let layout = measured.layout {
                session.locked { layout.draw(on: cr, color: Painter.components(color), outlines: true) }
            } else {
                painter.shapePath(tree.shape, size: Double(tree.size), inset: 0, on: cr)
                painter.setSource(color, on: cr)
                cairo_fill(cr)
            }
        }
    }

    /// A transparent square of `edge` pixels from the pool, drawn on by
    /// `draw`, as pixels: within the memory budget and the draw timer.
    func square(_ tree: RenderTree, edge: Int, _ draw: (OpaquePointer) throws(RenderError) -> Void) throws(RenderError) -> PixelBuffer {
        try budget.admitting(memoryEstimate(tree, canvasEdge: edge, encodes: false)) { () throws(RenderError) -> PixelBuffer in
            try clock.time(.draw) { () throws(RenderError) -> PixelBuffer in
                let surface = try surfaces.take(width: edge, height: edge)
                defer { surfaces.give(surface) }
                try draw(surface.context)
                return try surface.pixels()
            }
        }
    }

    /// A PNG file of drawn pixels, with this renderer's compressor.
    public func png(_ pixels: PixelBuffer) throws(RenderError) -> [UInt8] { try encodePNG(pixels, with: PNGEncoder.encode) }

    /// A PNG file of drawn pixels as RGB, with no alpha channel (colour
    /// type 2), for the App Store's icon: see `PNGEncoder.encodeRGB`.
    public func pngRGB(_ pixels: PixelBuffer) throws(RenderError) -> [UInt8] { try encodePNG(pixels, with: PNGEncoder.encodeRGB) }

    /// A PNG file of drawn pixels as 32-bit RGBA whatever they hold (the Play Store icon).
    public func pngRGBA(_ pixels: PixelBuffer) throws(RenderError) -> [UInt8] { try encodePNG(pixels, with: PNGEncoder.encodeRGBA) }

    private func encodePNG(_ pixels: PixelBuffer, with encode: (PixelBuffer, PNGEncoder.Compressor) throws(ImageError) -> [UInt8]) throws(RenderError) -> [UInt8] {
        do throws(ImageError) {
            return try clock.time(.encodePNG) { () throws(ImageError) -> [UInt8] in try encode(pixels, try pngCompressor()) }
        } catch {
            throw .environment("PNG encoding failed: \(error.message)")
        }
    }
}
