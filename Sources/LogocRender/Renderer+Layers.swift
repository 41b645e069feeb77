import CCairo
import CPango
import LogocCore
import LogocImageIO
import LogocRenderTree

/// The layers of a launcher icon (docs/targets.md, `android: adaptive`):
/// what the spec draws split into its foreground (ring and text) on
/// transparent, alone or in one colour, and the full-bleed picture seen
/// through a launcher's mask. The background layer alone is
/// `fullBleed(…, drawing: false)`.
extension Renderer {
    /// The ring and the text on transparent, the spec's canvas drawn at
    /// `share` of the width in the centre (66 of 108 dp for an adaptive
    /// foreground): in their own colours, or all in `color` (a monochrome
    /// layer: the foreground's ink in one colour, which a launcher tints).
    /// A monochrome layer of a spec with neither ring nor text is the
    /// shape's silhouette, as a themed icon with nothing in it would vanish.
    public func foregroundOnly(_ measured: Measured, edge: Int, share: Double = 1, color: RGBA? = nil) throws(RenderError) -> PixelBuffer {
        let tree = measured.tree
        return try square(tree, edge: edge) { cr throws(RenderError) in
            let size = Double(tree.size), inner = Double(edge) * share
            cairo_translate(cr, (Double(edge) - inner) / 2, (Double(edge) - inner) / 2)
            cairo_scale(cr, inner / size, inner / size)
            if let color, tree.border == nil || measured.border == nil, measured.layout == nil {
                painter.shapePath(tree.shape, size: size, inset: 0, on: cr)
                painter.setSource(color, on: cr)
                cairo_fill(cr)
                return
            }
            if let ring = color ?? measured.border {
                cairo_save(cr)
                painter.shapePath(tree.shape, size: size, inset: 0, on: cr)
                cairo_clip(cr)
                painter.drawBorder(tree, color: ring, on: cr)
                cairo_restore(cr)
            }
            if let layout = measured.layout, let text = color ?? measured.text?.color {
                session.locked { layout.draw(on: cr, color: Painter.components(text), outlines: true) }
            }
        }
    }

    /// `fullBleed` seen through a mask: `mask` is the shape the square is
    /// cut to (a circle for a round legacy icon), transparent outside it; nil
    /// keeps the whole square (the Play Store icon, which Play masks itself).
    public func masked(_ measured: Measured, edge: Int, share: Double, matte: RGBA?, mask: Shape?) throws(RenderError) -> PixelBuffer {
        try square(measured.tree, edge: edge) { cr throws(RenderError) in
            if let mask {
                painter.shapePath(mask, size: Double(edge), inset: 0, on: cr)
                cairo_clip(cr)
            }
            try drawFullBleed(measured, edge: edge, share: share, matte: matte, drawing: true, on: cr)
        }
    }
}
