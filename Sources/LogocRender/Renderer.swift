import CCairo
import CPango
import Foundation
import LogocCore
import LogocFonts
import LogocImageIO
import LogocRenderTree

/// How the text's colour was chosen and what contrast it reaches against the
/// pixels under its ink box.
public struct TextMeasurement: Sendable, Equatable {
    /// The colour drawn (black or white for `auto`).
    public let color: RGBA
    /// Contrast against the background under the ink: the exact minimum over
    /// solid colours and gradients, a low percentile over images.
    public let ratio: Double
    /// The ratio the other of black and white reaches, for `auto` advice.
    public let autoRatio: Double
    public let autoColor: RGBA
    /// The ink box on the 1× canvas.
    public let inkBox: Rect
    /// The text's cap height on the 1× canvas (`TextLayout.capHeight`): an
    /// output `n` times as wide shows it `n` times as tall (W004).
    public let capHeight: Double
    /// The contrast under each deficiency of `TextRun.colorVision`, measured
    /// like `ratio` with text and background both simulated.
    public let visionRatios: [ColorVision: Double]
}

/// A drawn 1× background, handed once to the drawing that finishes it.
final class Canvas {
    private(set) var surface: ImageSurface?
    init(_ surface: ImageSurface) { self.surface = surface }

    func take() -> ImageSurface? {
        defer { surface = nil }
        return surface
    }
}

/// Draws render trees with Cairo and Pango into pixels, PNG, WebP, AVIF,
/// JPEG, SVG and PDF. Holds a private font session and decoded images, so
/// one renderer belongs to one task; make one per worker.
public final class Renderer {
    let catalog: FontCatalog
    let session: FontSession
    let painter: Painter
    /// Texts' inks at the reference size, shared with the run's other renderers.
    private let references: ReferenceInks
    /// One PNG compressor for every image this renderer encodes.
    private var compressor: PNGEncoder.Compressor?
    /// Canvases done with, for the next drawing of the same size.
    let surfaces = SurfacePool()
    /// The measure stage: ring colour, text layout and contrast, on this
    /// renderer's fonts, painter and canvases.
    private let stage: MeasureStage
    private let images: ImageStore
    let budget: MemoryBudget
    /// How many trees this renderer measured, for tests: a build measures
    /// each variant it draws once, whatever its number of outputs.
    private(set) var measureCount = 0
    /// Adds up draw, encode, SVG and measure time for `--timings`.
    public var clock: StageClock?

    /// Fraction of the darkest pixels ignored over an image background: a
    /// stray dark pixel should not fail a readable text.
    public static let imagePercentile = 0.05

    /// `images`: the run's decoded and scaled photos, shared with the other
    /// renderers of the run (a renderer of its own by default).
    /// `references`: the texts' inks measured so far by the renderers of the
    /// run, which share `catalog` (a set of its own by default).
    /// `budget`: what the drawings of all renderers may take at once.
    public init(catalog: FontCatalog, images: ImageStore = ImageStore(), references: ReferenceInks = ReferenceInks(),
                budget: MemoryBudget = .shared) throws(RenderError) {
        self.catalog = catalog
        self.images = images
        self.references = references
        self.budget = budget
        self.session = try FontSession(catalog: catalog)
        self.painter = Painter(images: ImageCache(store: images))
        self.stage = MeasureStage(painter: painter, session: session, references: references, surfaces: surfaces)
    }

    /// The tree through the measure stage: the ring's colour picked, the
    /// text laid out, its colour picked and its contrast measured on the
    /// background's pixels at 1×. Hold the result and pass it to every
    /// drawing of the tree: they pick and measure nothing.
    ///
    /// `keepingCanvas`: the 1× PNG (or pixels) of `tree` is drawn next, so
    /// measure on its whole background, drawn on a pooled canvas kept in
    /// the result for that drawing to finish, rather than drawing the pixels
    /// under the ink twice (the same pixels either way for colours and
    /// gradients, whose window is the same geometry moved by whole pixels;
    /// a picture is always measured on a window).
    ///
    /// `deciding`: the caller (`check`) asks only whether the text passes a
    /// contrast of `deciding` and what `auto` picks; over a picture the
    /// answer may then come from ranges of its luminances
    /// (`Measured.contrastBounded`), whose ratios are not for a manifest.
    public func measure(_ tree: RenderTree, keepingCanvas: Bool = false, deciding minimum: Double? = nil) throws(RenderError) -> Measured {
        measureCount += 1
        return try budget.admitting(memoryEstimate(tree, canvasEdge: tree.size, encodes: false)) { () throws(RenderError) -> Measured in
            try clock.time(.measure) { () throws(RenderError) -> Measured in
                try stage.measure(tree, keepingCanvas: keepingCanvas, geometry: measuresFromGeometry, deciding: minimum)
            }
        }
    }

    /// What the measurement of `tree`'s text is sure to be (`TextBounds`),
    /// without sizing and placing the text or drawing anything:
    /// enough for `check` to skip a measurement whose rules the bounds
    /// already pass. Nil without text, for colour emoji, or an empty ink.
    /// Throws what measuring would (missing glyphs).
    public func textBounds(_ tree: RenderTree) throws(RenderError) -> TextBounds? {
        try clock.time(.measure) { () throws(RenderError) -> TextBounds? in try stage.bounds(tree) }
    }

    /// Whether contrast over an opaque solid or linear gradient is read from
    /// its geometry where that gives the pixels' answer (docs/rendering.md,
    /// "Contrast from geometry"); tests turn it off to compare with the pixels.
    var measuresFromGeometry = true

    /// The measured tree's pixels at `scale` (1, 2, 3, …), premultiplied ARGB32.
    public func pixels(_ measured: Measured, scale: Int) throws(RenderError) -> PixelBuffer {
        let edge = measured.tree.size * scale
        return try budget.admitting(memoryEstimate(measured.tree, canvasEdge: edge, encodes: false)) { () throws(RenderError) -> PixelBuffer in
            try pixels(measured, edge: edge)
        }
    }

    /// The measured tree's pixels on a square of `edge` pixels, whatever its size.
    func pixels(_ measured: Measured, edge: Int) throws(RenderError) -> PixelBuffer {
        try drawn(measured, edge: edge).pixels()
    }

    /// A surface with a measured tree drawn on a square of `edge` pixels:
    /// nothing is picked or measured here, every colour is resolved.
    private func drawn(_ measured: Measured, edge: Int) throws(RenderError) -> ImageSurface {
        let tree = measured.tree
        let oneX = edge == tree.size
        let surface: ImageSurface
        let cr: OpaquePointer
        if oneX, let kept = measured.canvas?.take() {
            surface = kept
            cr = surface.context
        } else {
            surface = try surfaces.take(width: edge, height: edge)
            cr = surface.context
            cairo_scale(cr, Double(edge) / Double(tree.size), Double(edge) / Double(tree.size))
            try painter.drawBackground(tree, border: measured.border, on: cr, forSVG: false)
        }
        if let layout = measured.layout, let text = measured.text {
            session.locked { layout.draw(on: cr, color: Painter.components(text.color), outlines: true) }
        }
        return surface
    }

    /// The perceptual fingerprint of the tree as drawn, for look-alike
    /// detection: computed on a 32 × 32 drawing (which is all a DCT hash of
    /// the low frequencies looks at), so it is cheap whatever the size.
    public func fingerprint(_ measured: Measured) throws(RenderError) -> Fingerprint {
        try budget.admitting(memoryEstimate(measured.tree, canvasEdge: Fingerprint.edge, encodes: false)) { () throws(RenderError) -> Fingerprint in
            try clock.time(.draw) { () throws(RenderError) -> Fingerprint in Fingerprint(try pixels(measured, edge: Fingerprint.edge)) }
        }
    }

    /// A PNG file of the measured tree at `scale`.
    public func png(_ measured: Measured, scale: Int) throws(RenderError) -> [UInt8] {
        try raster(measured, scale: scale, as: .png)
    }

    /// A raster file (PNG, WebP, AVIF, JPEG) of the measured tree at
    /// `scale`: the same drawing for every format, encoded from the
    /// surface's own memory, not a copy of it.
    public func raster(_ measured: Measured, scale: Int, as encoding: RasterEncoding) throws(RenderError) -> [UInt8] {
        try raster(measured, edge: measured.tree.size * scale, as: encoding)
    }

    /// A raster file of the measured tree on a square of `edge` pixels,
    /// whatever its size (a target's 16 px favicon of a 512 px spec).
    public func raster(_ measured: Measured, edge: Int, as encoding: RasterEncoding) throws(RenderError) -> [UInt8] {
        try budget.admitting(memoryEstimate(measured.tree, canvasEdge: edge, extraCanvases: encoding.extraCanvases)) { () throws(RenderError) -> [UInt8] in
            let surface = try clock.time(.draw) { () throws(RenderError) -> ImageSurface in try drawn(measured, edge: edge) }
            defer { surfaces.give(surface) }
            return try surface.withPixels { pixels throws(RenderError) -> [UInt8] in
                do throws(ImageError) {
                    return try clock.time(encoding.stage) { () throws(ImageError) -> [UInt8] in
                        try encoding.encode(pixels) { () throws(ImageError) -> PNGEncoder.Compressor in try pngCompressor() }
                    }
                } catch {
                    throw .environment("\(encoding.name) encoding failed: \(error.message)")
                }
            }
        }
    }

    /// This renderer's compressor, made on its first PNG.
    func pngCompressor() throws(ImageError) -> PNGEncoder.Compressor {
        if let compressor { return compressor }
        let made = try PNGEncoder.Compressor()
        compressor = made
        return made
    }

    /// An SVG file of the measured tree: self-contained, in pixel units,
    /// glyphs as outlines, with ids numbered from 1 in document order.
    public func svg(_ measured: Measured) throws(RenderError) -> [UInt8] {
        try budget.admitting(memoryEstimate(measured.tree, canvasEdge: 0, encodes: false)) { () throws(RenderError) -> [UInt8] in
            try clock.time(.writeSVG) { () throws(RenderError) -> [UInt8] in try drawSVG(measured) }
        }
    }

    /// An SVG of a measured tree, drawn as measured.
    private func drawSVG(_ measured: Measured) throws(RenderError) -> [UInt8] {
        let sink = VectorSink()
        let size = Double(measured.tree.size)
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        guard let surface = cairo_svg_surface_create_for_stream(VectorSink.write, box.toOpaque(), size, size) else {
            throw .environment("cairo could not create an SVG surface")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        try drawVector(measured, on: surface, outlines: false, format: "SVG")
        return SVGIDs.renumber(sink.bytes)
    }

    /// Draws a measured tree on a vector surface (SVG, PDF) as measured,
    /// then finishes the surface: the one vector drawing both formats share.
    /// Photos are embedded as their original file where that shows the same.
    /// `outlines`: text as filled paths rather than fonts.
    func drawVector(_ measured: Measured, on surface: OpaquePointer, outlines: Bool, format: String) throws(RenderError) {
        guard let cr = cairo_create(surface) else { throw .environment("cairo could not create a context") }
        do {
            try painter.drawBackground(measured.tree, border: measured.border, on: cr, forSVG: true)
        } catch {
            cairo_destroy(cr)
            throw error
        }
        if let layout = measured.layout, let text = measured.text {
            session.locked { layout.draw(on: cr, color: Painter.components(text.color), outlines: outlines) }
        }
        let drawStatus = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        guard drawStatus == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .environment("cairo could not write the \(format): \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
    }

    /// An upper bound of the memory a call drawing `tree` may take: its
    /// canvas of `canvasEdge` pixels (and, when `encodes`, the PNG's filtered
    /// rows, as large again), and decoding the photo unless the run keeps it
    /// (twice its pixels: the decoder's buffer and the copy kept).
    func memoryEstimate(_ tree: RenderTree, canvasEdge: Int, encodes: Bool) -> Int {
        memoryEstimate(tree, canvasEdge: canvasEdge, extraCanvases: encodes ? 1 : 0)
    }

    /// `memoryEstimate` with what an encoder takes besides the canvas, in
    /// canvases (`RasterEncoding.extraCanvases`).
    func memoryEstimate(_ tree: RenderTree, canvasEdge: Int, extraCanvases: Int) -> Int {
        let canvas = canvasEdge * canvasEdge * 4
        var total = (1 + extraCanvases) * canvas
        if case .image(let image) = tree.background, !images.hasDecoded(image.path) {
            total += 2 * image.pixelWidth * image.pixelHeight * 4
        }
        return total
    }

    /// What a `fromImage` ring's colour must reach against the pixels just inside it.
    public static let ringMinimumContrast = PalettePick.ringContrast
}

/// Collects an SVG or PDF stream from Cairo's write callback.
/// `package`: the benchmark's floor (bench/floor) collects Cairo's own PNG
/// writer's output with it.
package final class VectorSink {
    package var bytes: [UInt8] = []

    package init() {}

    /// Cairo's write callback; the closure is an unretained `VectorSink`.
    package static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<VectorSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
