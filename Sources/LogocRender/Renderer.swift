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
    /// The contrast under each deficiency of `TextRun.colorVision`, measured
    /// like `ratio` with text and background both simulated.
    public let visionRatios: [ColorVision: Double]
}

/// What a tree needs before it is drawn: its text laid out and measured, and
/// the colour of its ring when the renderer picks it.
struct Prepared {
    var layout: TextLayout?
    var measurement: TextMeasurement?
    var border: RGBA?
    /// Whether `border` is a `fromImage` ring's fallback: no colour of the
    /// picture reached `PalettePick.ringContrast` just inside the ring.
    var borderFellBack = false
    /// The 1× canvas with the background drawn, when the measurement was
    /// taken on it; the 1× PNG then only adds the text (`Canvas.take`).
    var canvas: Canvas?
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

/// Draws render trees with Cairo and Pango into pixels, PNG and SVG. Holds a
/// private font session and decoded images, so one renderer belongs to one
/// task; make one per worker.
public final class Renderer {
    let catalog: FontCatalog
    let session: FontSession
    private let painter: Painter
    /// Texts' inks at the reference size in this renderer's font session.
    private let references = ReferenceInks()
    /// One PNG compressor for every image this renderer encodes.
    private var compressor: PNGEncoder.Compressor?
    /// Canvases done with, by size, most recently used last: the next spec
    /// of a size draws on one again instead of a new megabyte of memory
    /// (allocating and freeing one for every PNG fragmented the heap of a
    /// long build, docs/performance.md).
    private var spareSurfaces: [ImageSurface] = []
    static let spareSurfaceLimit = 2
    /// Canvases larger than this (a 2,048 px square) are freed at once: an
    /// 8,192 px one kept "for the next" held 256 MiB per job for good.
    static let spareSurfaceMaxBytes = 16 << 20
    private let images: ImageStore
    private let budget: MemoryBudget
    /// Adds up draw, encode, SVG and measure time for `--timings`.
    public var clock: StageClock?

    /// Fraction of the darkest pixels ignored over an image background: a
    /// stray dark pixel should not fail a readable text.
    public static let imagePercentile = 0.05

    /// `images`: the run's decoded and scaled photos, shared with the other
    /// renderers of the run (a renderer of its own by default).
    /// `budget`: what the drawings of all renderers may take at once.
    public init(catalog: FontCatalog, images: ImageStore = ImageStore(), budget: MemoryBudget = .shared) throws(RenderError) {
        self.catalog = catalog
        self.images = images
        self.budget = budget
        self.session = try FontSystem.shared.locked { () throws(RenderError) -> FontSession in try FontSession(catalog: catalog) }
        self.painter = Painter(images: ImageCache(store: images))
    }

    /// The tree's pixels at `scale` (1, 2, 3, …), premultiplied ARGB32.
    public func pixels(_ tree: RenderTree, scale: Int) throws(RenderError) -> PixelBuffer {
        let edge = tree.size * scale
        return try budget.admitting(memoryEstimate(tree, canvasEdge: edge, encodes: false)) { () throws(RenderError) -> PixelBuffer in
            try pixels(tree, edge: edge)
        }
    }

    /// The tree's pixels on a square of `edge` pixels, whatever its size.
    func pixels(_ tree: RenderTree, edge: Int) throws(RenderError) -> PixelBuffer {
        try drawn(tree, edge: edge).pixels()
    }

    /// A surface with the tree drawn on a square of `edge` pixels.
    private func drawn(_ tree: RenderTree, edge: Int) throws(RenderError) -> ImageSurface {
        let oneX = edge == tree.size
        let prepared = try prepare(tree, keepingCanvas: oneX)
        let surface: ImageSurface
        let cr: OpaquePointer
        if oneX, let measured = prepared.canvas?.take() {
            surface = measured
            cr = surface.context
        } else {
            surface = try newSurface(width: edge, height: edge)
            cr = surface.context
            cairo_scale(cr, Double(edge) / Double(tree.size), Double(edge) / Double(tree.size))
            try painter.drawBackground(tree, border: prepared.border, on: cr, forSVG: false)
        }
        if let layout = prepared.layout, let measurement = prepared.measurement {
            FontSystem.shared.locked { layout.draw(on: cr, color: Painter.components(measurement.color), outlines: true) }
        }
        return surface
    }

    /// The perceptual fingerprint of the tree as drawn, for look-alike
    /// detection: computed on a 32 × 32 drawing (which is all a DCT hash of
    /// the low frequencies looks at), so it is cheap whatever the size.
    public func fingerprint(_ tree: RenderTree) throws(RenderError) -> Fingerprint {
        try budget.admitting(memoryEstimate(tree, canvasEdge: Fingerprint.edge, encodes: false)) { () throws(RenderError) -> Fingerprint in
            try clock.time(.draw) { () throws(RenderError) -> Fingerprint in Fingerprint(try pixels(tree, edge: Fingerprint.edge)) }
        }
    }

    /// A PNG file of the tree at `scale`.
    public func png(_ tree: RenderTree, scale: Int) throws(RenderError) -> [UInt8] {
        try budget.admitting(memoryEstimate(tree, canvasEdge: tree.size * scale, encodes: true)) { () throws(RenderError) -> [UInt8] in
            try drawPNG(tree, scale: scale)
        }
    }

    private func drawPNG(_ tree: RenderTree, scale: Int) throws(RenderError) -> [UInt8] {
        let surface = try clock.time(.draw) { () throws(RenderError) -> ImageSurface in try drawn(tree, edge: tree.size * scale) }
        defer { keepSpare(surface) }
        // Encoded from the surface's own memory, not a copy of it.
        return try surface.withPixels { pixels throws(RenderError) -> [UInt8] in
            do throws(ImageError) {
                return try clock.time(.encodePNG) { () throws(ImageError) -> [UInt8] in
                    try PNGEncoder.encode(pixels, using: try pngCompressor())
                }
            } catch {
                throw .environment("PNG encoding failed: \(error.message)")
            }
        }
    }

    /// This renderer's compressor, made on its first PNG.
    private func pngCompressor() throws(ImageError) -> PNGEncoder.Compressor {
        if let compressor { return compressor }
        let made = try PNGEncoder.Compressor()
        compressor = made
        return made
    }

    /// A clear surface: a spare one of that size if there is one.
    private func newSurface(width: Int, height: Int) throws(RenderError) -> ImageSurface {
        if let i = spareSurfaces.lastIndex(where: { $0.width == width && $0.height == height }) {
            let spare = spareSurfaces.remove(at: i)
            if spare.reset() { return spare }
        }
        return try ImageSurface(width: width, height: height)
    }

    /// Keeps `surface`, which no one uses any more, for `newSurface`.
    private func keepSpare(_ surface: ImageSurface) {
        guard surface.width * surface.height * 4 <= Self.spareSurfaceMaxBytes else { return }
        spareSurfaces.removeAll { $0.width == surface.width && $0.height == surface.height }
        spareSurfaces.append(surface)
        if spareSurfaces.count > Self.spareSurfaceLimit { spareSurfaces.removeFirst() }
    }

    /// An SVG file of the tree: self-contained, in pixel units, glyphs as
    /// outlines, with ids numbered from 1 in document order.
    public func svg(_ tree: RenderTree) throws(RenderError) -> [UInt8] {
        try budget.admitting(memoryEstimate(tree, canvasEdge: 0, encodes: false)) { () throws(RenderError) -> [UInt8] in
            try clock.time(.writeSVG) { () throws(RenderError) -> [UInt8] in try drawSVG(tree) }
        }
    }

    private func drawSVG(_ tree: RenderTree) throws(RenderError) -> [UInt8] {
        let prepared = try prepare(tree)
        let sink = SVGSink()
        let size = Double(tree.size)
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        guard let surface = cairo_svg_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<SVGSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque(), size, size) else { throw .environment("cairo could not create an SVG surface") }
        defer { cairo_surface_destroy(surface) }
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        guard let cr = cairo_create(surface) else { throw .environment("cairo could not create a context") }
        try painter.drawBackground(tree, border: prepared.border, on: cr, forSVG: true)
        if let layout = prepared.layout, let measurement = prepared.measurement {
            FontSystem.shared.locked { layout.draw(on: cr, color: Painter.components(measurement.color), outlines: false) }
        }
        let drawStatus = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        guard drawStatus == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .environment("cairo could not write the SVG: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        return SVGIDs.renumber(sink.bytes)
    }

    /// The text's colour and contrast as drawn; nil when the tree has no text.
    /// `check` uses this to report exactly what `build` would.
    ///
    /// `keepingCanvas`: the 1× PNG of `tree` is drawn next, so measure on
    /// its whole background and keep it, rather than drawing the pixels
    /// under the ink twice (the same pixels either way for colours and
    /// gradients, whose window is the same geometry moved by whole pixels;
    /// a picture is always measured on a window).
    public func measureText(_ tree: RenderTree, keepingCanvas: Bool = false) throws(RenderError) -> TextMeasurement? {
        try budget.admitting(memoryEstimate(tree, canvasEdge: 0, encodes: false)) { () throws(RenderError) -> TextMeasurement? in
            try clock.time(.measure) { () throws(RenderError) -> TextMeasurement? in try prepare(tree, keepingCanvas: keepingCanvas).measurement }
        }
    }

    /// An upper bound of the memory a call drawing `tree` may take: its
    /// canvas of `canvasEdge` pixels (and, when `encodes`, the PNG's filtered
    /// rows, as large again), the 1× canvas of `prepare` unless the tree is
    /// prepared already, and decoding the photo unless the run keeps it
    /// (twice its pixels: the decoder's buffer and the copy kept).
    func memoryEstimate(_ tree: RenderTree, canvasEdge: Int, encodes: Bool) -> Int {
        let canvas = canvasEdge * canvasEdge * 4
        var total = encodes ? 2 * canvas : canvas
        if !prepared.contains(where: { $0.tree == tree }) { total += tree.size * tree.size * 4 }
        if case .image(let image) = tree.background, !images.hasDecoded(image.path) {
            total += 2 * image.pixelWidth * image.pixelHeight * 4
        }
        return total
    }

    /// What a `fromImage` ring's colour must reach against the pixels just inside it.
    public static let ringMinimumContrast = PalettePick.ringContrast

    /// The colour a `color: fromImage` ring falls back to (black or white,
    /// as `auto` picks) when no colour of the picture reaches 3:1 against the
    /// pixels just inside it; nil when it takes a colour of the picture, or
    /// is no such ring. `check` warns with it: a ring that silently came out
    /// black was the surprise.
    public func ringFallback(_ tree: RenderTree) throws(RenderError) -> RGBA? {
        guard tree.border?.color == .fromImage, tree.isImage else { return nil }
        let prepared = try clock.time(.measure) { () throws(RenderError) -> Prepared in try prepare(tree) }
        return prepared.borderFellBack ? prepared.border : nil
    }

    /// The last trees prepared: one spec's PNGs, SVG and manifest entry all
    /// ask for the same tree (light, then dark).
    private var prepared: [(tree: RenderTree, prepared: Prepared)] = []

    /// Picks the ring's colour, lays out the text and measures its contrast
    /// on the background's pixels at 1×.
    func prepare(_ tree: RenderTree, keepingCanvas: Bool = false) throws(RenderError) -> Prepared {
        if let hit = prepared.first(where: { $0.tree == tree }) { return hit.prepared }
        let result = try prepareAfresh(tree, keepingCanvas: keepingCanvas)
        prepared.append((tree, result))
        if prepared.count > 2 { prepared.removeFirst() }
        return result
    }

    private func prepareAfresh(_ tree: RenderTree, keepingCanvas: Bool) throws(RenderError) -> Prepared {
        // The palette and the ring's surroundings come from one small drawing
        // of the background alone, made only when a colour is to be picked.
        var sample: BackgroundSample?
        func background() throws(RenderError) -> BackgroundSample {
            if let sample { return sample }
            let drawn = try BackgroundSample(tree, painter: painter)
            sample = drawn
            return drawn
        }
        var border: RGBA?
        var borderFellBack = false
        if let ring = tree.border {
            switch ring.color {
            case .fixed(let c): border = c
            case .auto, .fromImage:
                let s = try background()
                let near = s.ring(width: ring.width)
                let percentile = PalettePick.ringPercentile
                let white = Self.contrast(.white, over: near, percentile: percentile), black = Self.contrast(.black, over: near, percentile: percentile)
                let fallback: RGBA = white > black ? .white : .black
                border = fallback
                if ring.color == .fromImage, tree.isImage {
                    border = PalettePick.choose(from: s.palette, fallback: fallback) { c in
                        Self.contrast(c, over: near, percentile: percentile) + 1e-9 >= PalettePick.ringContrast
                    }
                    // Black and white are greys, never picked from the palette.
                    borderFellBack = border == fallback
                }
            }
        }
        // Not under a picture: a scaled image is sampled through a fixed-point
        // transform, and moving it by whole pixels moves its rounding, so the
        // window would not be the canvas's pixels there, and `check` (which
        // draws windows) must see exactly what `build` sees.
        var canvas: Canvas?
        if keepingCanvas, !tree.isImage {
            let surface = try newSurface(width: tree.size, height: tree.size)
            try painter.drawBackground(tree, border: border, on: surface.context, forSVG: false)
            canvas = Canvas(surface)
        }
        guard let run = tree.text else { return Prepared(layout: nil, measurement: nil, border: border, borderFellBack: borderFellBack, canvas: canvas) }
        let layout = try FontSystem.shared.locked { () throws(RenderError) -> TextLayout in
            try TextLayout(run, session: session, catalog: catalog, references: references)
        }
        // Only the pixels under the ink matter: read them from the canvas
        // when there is one, or draw just that window of the background (the
        // same pixels as the full canvas, at a fraction of the cost).
        let box = layout.inkBox
        let x0 = max(0, Int(saturating: box.x.rounded(.down))), y0 = max(0, Int(saturating: box.y.rounded(.down)))
        let x1 = min(tree.size, Int(saturating: (box.x + box.width).rounded(.up))), y1 = min(tree.size, Int(saturating: (box.y + box.height).rounded(.up)))
        var backdrop = Backdrop(colors: [])
        if x1 > x0, y1 > y0 {
            let window: PixelBuffer
            if let surface = canvas?.surface {
                window = try surface.pixels(x0: x0, y0: y0, x1: x1, y1: y1)
            } else {
                let surface = try ImageSurface(width: x1 - x0, height: y1 - y0)
                cairo_translate(surface.context, -Double(x0), -Double(y0))
                try painter.drawBackground(tree, border: border, on: surface.context, forSVG: false)
                window = try surface.pixels()
            }
            backdrop = Backdrop(window, in: Rect(x: box.x - Double(x0), y: box.y - Double(y0), width: box.width, height: box.height),
                                forPercentile: tree.isImage)
        }
        let percentile = tree.isImage ? Self.imagePercentile : 0
        let ratio = { (c: RGBA) in Self.contrast(c, over: backdrop, percentile: percentile) }
        // The backdrop as each deficiency sees it, made once for every colour tried.
        var simulated: [ColorVision: Backdrop] = [:]
        for vision in run.colorVision where simulated[vision] == nil {
            simulated[vision] = Backdrop(colors: backdrop.colors, seenBy: vision)
        }
        func visionRatio(_ c: RGBA, _ vision: ColorVision) -> Double {
            simulated[vision].map { Self.contrast(c, over: $0, percentile: percentile) } ?? 21
        }
        let white = ratio(.white), black = ratio(.black)
        let autoColor: RGBA = white > black ? .white : .black
        let autoRatio = max(white, black)
        let color: RGBA
        switch run.color {
        case .auto:
            color = autoColor
        case .fixed(let c):
            color = c
        case .fromImage:
            let needed = run.minimumContrast ?? PalettePick.textMinimum
            color = tree.isImage ? PalettePick.choose(from: try background().palette, fallback: autoColor) { c in
                ratio(c) + 1e-9 >= needed && run.colorVision.allSatisfy { vision in
                    visionRatio(c, vision) + 1e-9 >= needed
                }
            } : autoColor
        }
        var visionRatios: [ColorVision: Double] = [:]
        for vision in run.colorVision {
            visionRatios[vision] = visionRatio(color, vision)
        }
        let measurement = TextMeasurement(color: color, ratio: ratio(color), autoRatio: autoRatio, autoColor: autoColor,
                                          inkBox: layout.inkBox, visionRatios: visionRatios)
        return Prepared(layout: layout, measurement: measurement, border: border, borderFellBack: borderFellBack, canvas: canvas)
    }

    /// Text-on-background contrast over the pixels under the ink, each
    /// translucent pixel seen over a white and a black page: the exact
    /// minimum, or with a `percentile` that fraction of the lowest ratios
    /// ignored. Opaque text reads the backdrop's luminances, worked out once
    /// for every colour asked; translucent text changes with each pixel.
    /// Text and pixels are seen as the backdrop's viewer sees them (a
    /// translucent text laid over each pixel first, as the screen shows it).
    static func contrast(_ text: RGBA, over backdrop: Backdrop, percentile: Double) -> Double {
        let ratio: (Double, Double) -> Double = WCAG.contrast
        var ratios: [Double] = []
        if text.isOpaque {
            let t = backdrop.luminance(text)
            guard percentile > 0 else { return backdrop.minimumContrast(t) }
            if let known = backdrop.percentileContrast(t, percentile: percentile) { return known }
            ratios = backdrop.luminances.map { ratio($0, t) }
        } else {
            func add(_ seen: RGBA) { ratios.append(ratio(backdrop.luminance(seen), backdrop.luminance(text.over(seen)))) }
            for sample in backdrop.colors {
                if sample.isOpaque {
                    add(sample)
                } else {
                    add(sample.over(.white))
                    add(sample.over(.black))
                }
            }
            guard percentile > 0 else { return ratios.min() ?? 21 }
        }
        guard !ratios.isEmpty else { return 21 }
        return select(&ratios, rank: min(ratios.count - 1, Int(Double(ratios.count) * percentile)))
    }

    /// `contrast(_:over:percentile:)` over given colours (a ring's surroundings).
    static func contrast(_ text: RGBA, over samples: [RGBA], percentile: Double) -> Double {
        contrast(text, over: Backdrop(colors: samples), percentile: percentile)
    }

    /// The value that would be at `rank` if `values` were sorted (Hoare's
    /// quickselect: linear time, where sorting every pixel's ratio was 12 %
    /// of a `check`). Reorders `values`.
    static func select(_ values: inout [Double], rank: Int) -> Double {
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[low + (high - low) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if rank <= j { high = j } else if rank >= i { low = i } else { break }
        }
        return values[rank]
    }
}

/// Collects an SVG stream from Cairo's write callback.
final class SVGSink {
    var bytes: [UInt8] = []
}
