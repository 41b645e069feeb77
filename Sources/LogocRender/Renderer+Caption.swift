import CCairo
import CPango
import LogocCore
import LogocImageIO
import LogocRenderTree

extension Renderer {
    /// Height of the caption strip above each picture, in pixels.
    public static let captionHeight = 24
    /// A picture narrower than this still gets a caption that fits.
    static let minimumPanelWidth = 96

    /// Pictures side by side on white, each under its caption, drawn with
    /// this renderer's own fonts (the bundled default family, so the sheet
    /// is the same on every machine). `logoc verify` labels expected, actual
    /// and difference this way, so that a reviewer who opens only the image
    /// never has to guess which is which.
    public func captioned(_ panels: [(caption: String, pixels: PixelBuffer)], gap: Int = 8) throws(RenderError) -> PixelBuffer {
        let strip = Self.captionHeight
        let height = (panels.map(\.pixels.height).max() ?? 0) + strip
        let widths = panels.map { max($0.pixels.width, Self.minimumPanelWidth) }
        let width = max(1, widths.reduce(0, +) + gap * max(0, panels.count - 1))
        let surface = try ImageSurface(width: width, height: height)
        let cr = surface.context
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        var x = 0
        for (panel, panelWidth) in zip(panels, widths) {
            try Self.paint(panel.pixels, on: cr, x: x, y: strip)
            let run = TextRun(text: panel.caption, font: FontChoice(family: nil, file: nil, weight: 600, italic: false),
                              size: .pixels(13), safeArea: .rect(Rect(x: Double(x), y: 2, width: Double(panelWidth), height: Double(strip - 4))),
                              color: .fixed(.black), minimumContrast: nil)
            let layout = try session.locked { () throws(RenderError) -> TextLayout in try TextLayout(run, session: session) }
            session.locked { layout.draw(on: cr, color: (0.11, 0.11, 0.12, 1), outlines: true) }
            x += panelWidth + gap
        }
        return try surface.pixels()
    }

    /// Paints premultiplied ARGB32 pixels at (x, y).
    private static func paint(_ pixels: PixelBuffer, on cr: OpaquePointer, x: Int, y: Int) throws(RenderError) {
        guard pixels.width > 0, pixels.height > 0,
              pixels.stride >= pixels.width * 4, pixels.bytes.count >= pixels.stride * pixels.height else { return }
        var bytes = pixels.bytes
        let status: cairo_status_t = bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                  let image = cairo_image_surface_create_for_data(base, CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height), Int32(pixels.stride))
            else { return CAIRO_STATUS_NO_MEMORY }
            defer { cairo_surface_destroy(image) }
            cairo_set_source_surface(cr, image, Double(x), Double(y))
            cairo_paint(cr)
            // The source must not outlive the bytes it reads.
            cairo_set_source_rgb(cr, 1, 1, 1)
            return cairo_surface_status(image)
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .environment("cairo could not draw a picture: status \(status.rawValue)") }
    }
}
