import CCairo
import LogocRenderTree

extension Renderer {
    /// A PDF file of the measured tree: one page of `size` × `size` points, vector,
    /// drawn by the SVG's code, with text as filled outlines (no font is
    /// embedded) and no creation date, so the same tree always gives the
    /// same bytes (docs/rendering.md).
    public func pdf(_ measured: Measured) throws(RenderError) -> [UInt8] {
        try budget.admitting(memoryEstimate(measured.tree, canvasEdge: 0, encodes: false)) { () throws(RenderError) -> [UInt8] in
            try clock.time(.writePDF) { () throws(RenderError) -> [UInt8] in try drawPDF(measured) }
        }
    }

    private func drawPDF(_ prepared: Measured) throws(RenderError) -> [UInt8] {
        let sink = VectorSink()
        let size = Double(prepared.tree.size)
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        guard let surface = cairo_pdf_surface_create_for_stream(VectorSink.write, box.toOpaque(), size, size) else {
            throw .environment("cairo could not create a PDF surface")
        }
        defer { cairo_surface_destroy(surface) }
        // Cairo stamps /CreationDate with the time of the run; an empty date drops it.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        try drawVector(prepared, on: surface, outlines: true, format: "PDF")
        return sink.bytes
    }
}
