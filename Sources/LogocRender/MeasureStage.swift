import CCairo
import Foundation
import LogocCore
import LogocFonts
import LogocImageIO
import LogocRenderTree

/// A render tree with everything the drawing needs resolved: the ring's
/// colour, the text laid out in its font session and its colour picked and
/// measured. The renderer draws only these; it picks and measures nothing.
///
/// The caller holds it (`Renderer.measure`) and passes it to each drawing
/// of the tree (`png`, `svg`, `pixels`, `fingerprint`): every output of a
/// tree comes from one measurement, and what `check` reported is what is
/// drawn, with no state in the renderer tying the calls together. Draw it
/// with the renderer that measured it: its layout lives in that
/// renderer's font session, its canvas came from that renderer's pool.
public struct Measured {
    /// The tree as resolved by the front end.
    public let tree: RenderTree
    var layout: TextLayout?
    /// The text's colour and the contrast it reaches over the pixels under
    /// its ink (manifest, `check`'s contrast rules); nil without text.
    public internal(set) var text: TextMeasurement?
    /// The ring's colour, picked when it is `auto` or `fromImage`; nil without a ring.
    public internal(set) var border: RGBA?
    /// Whether `border` is a `fromImage` ring's fallback: no colour of the
    /// picture reached `PalettePick.ringContrast` just inside the ring.
    var borderFellBack = false
    /// The 1× canvas with the background drawn, when the measurement was
    /// taken on it (`keepingCanvas`); the first 1× drawing only adds the
    /// text to it (`Canvas.take`) and gives it back to the pool after
    /// encoding; a later one draws afresh (the same pixels).
    var canvas: Canvas?
    /// Whether the contrast was read from the background's geometry
    /// (`BackgroundExtremes`) rather than from its pixels; for tests.
    var contrastFromGeometry = false
    /// Whether the text's colour and contrast over a picture were decided
    /// from ranges of its luminances (`MeasureStage.decide`, asked with
    /// `deciding`): the ratios are then the least those ranges allow, at
    /// least the minimum asked, and not for a manifest.
    public internal(set) var contrastBounded = false

    /// The colour a `color: fromImage` ring falls back to (black or white,
    /// as `auto` picks) when no colour of the picture reaches
    /// `Renderer.ringMinimumContrast` against the pixels just inside it; nil
    /// when it takes a colour of the picture, or is no such ring. `check`
    /// warns with it (W002): a ring that silently came out black was the surprise.
    public var ringFallback: RGBA? {
        guard tree.border?.color == .fromImage, tree.isImage, borderFellBack else { return nil }
        return border
    }
}

/// The measure stage: turns a render tree into a `Measured` one. Ring and
/// text colours are picked here (`auto`, `fromImage`), and the contrast the
/// text reaches over the pixels under its ink is measured here, once, for
/// `check` and `build` alike.
struct MeasureStage {
    let painter: Painter
    let session: FontSession
    let references: ReferenceInks
    let surfaces: SurfacePool

    /// Picks the ring's colour, lays out the text, picks the text's colour
    /// and measures its contrast on the background's pixels at 1×.
    ///
    /// `keepingCanvas`: the 1× PNG of `tree` is drawn next, so measure on
    /// its whole background, drawn on a canvas from the pool, and hand that
    /// canvas on in the result (`Measured.canvas`) rather than drawing the
    /// pixels under the ink twice (the same pixels either way for colours
    /// and gradients, whose window is the same geometry moved by whole
    /// pixels; a picture is always measured on a window).
    ///
    /// `geometry`: read the extremes under an opaque solid or linear
    /// gradient from its geometry where they answer the measurement
    /// (`extremesFromGeometry`): the same decisions, without drawing or
    /// scanning the window. False measures every tree on pixels (tests
    /// compare the two).
    ///
    /// `deciding`: the caller only asks whether the text passes a contrast
    /// of `deciding` (and what `auto` picks), as `check` does: over a
    /// picture, ranges of its luminances may answer that (`decide`).
    func measure(_ tree: RenderTree, keepingCanvas: Bool, geometry: Bool = true, deciding minimum: Double? = nil) throws(RenderError) -> Measured {
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
            let surface = try surfaces.take(width: tree.size, height: tree.size)
            try painter.drawBackground(tree, border: border, on: surface.context, forSVG: false)
            canvas = Canvas(surface)
        }
        guard let run = tree.text else { return Measured(tree: tree, layout: nil, text: nil, border: border, borderFellBack: borderFellBack, canvas: canvas) }
        let layout = try session.locked { () throws(RenderError) -> TextLayout in
            try TextLayout(run, session: session, references: references)
        }
        // Only the pixels under the ink matter: read them from the canvas
        // when there is one, or draw just that window of the background (the
        // same pixels as the full canvas, at a fraction of the cost).
        let box = layout.inkBox
        let x0 = max(0, Int(saturating: box.x.rounded(.down))), y0 = max(0, Int(saturating: box.y.rounded(.down)))
        let x1 = min(tree.size, Int(saturating: (box.x + box.width).rounded(.up))), y1 = min(tree.size, Int(saturating: (box.y + box.height).rounded(.up)))
        var backdrop = Backdrop(colors: [])
        var fromGeometry = false
        if x1 > x0, y1 > y0, geometry,
           let known = extremesFromGeometry(tree, run: run, border: border, window: .init(x0: x0, y0: y0, x1: x1, y1: y1), onCanvas: canvas != nil) {
            backdrop = Backdrop(darkest: known.darkest, lightest: known.lightest)
            fromGeometry = true
        } else if x1 > x0, y1 > y0 {
            let ink = Rect(x: box.x - Double(x0), y: box.y - Double(y0), width: box.width, height: box.height)
            let window: PixelBuffer
            if let surface = canvas?.surface {
                window = try surface.pixels(x0: x0, y0: y0, x1: x1, y1: y1)
            } else {
                let surface = try ImageSurface(width: x1 - x0, height: y1 - y0)
                cairo_translate(surface.context, -Double(x0), -Double(y0))
                if BackgroundExtremes.clearOfEdges(tree, border: border, window: .init(x0: x0, y0: y0, x1: x1, y1: y1)) {
                    try painter.drawBackgroundUnclipped(tree, on: surface.context)
                } else {
                    try painter.drawBackground(tree, border: border, on: surface.context, forSVG: false)
                }
                // Counted where the pixels are; copied out only for the
                // exact luminances, when the ranges do not decide.
                if let minimum, tree.isImage, run.colorVision.isEmpty,
                   let decided = Self.decide(run, over: try surface.withPixels { LuminanceHistogram($0, in: ink) },
                                             percentile: Renderer.imagePercentile, minimum: minimum) {
                    let measurement = TextMeasurement(color: decided.color, ratio: decided.ratio, autoRatio: decided.autoRatio, autoColor: decided.autoColor,
                                                      inkBox: layout.inkBox, capHeight: layout.capHeight, visionRatios: [:])
                    return Measured(tree: tree, layout: layout, text: measurement, border: border, borderFellBack: borderFellBack, canvas: canvas,
                                    contrastBounded: true)
                }
                window = try surface.pixels()
            }
            backdrop = Backdrop(window, in: ink, forPercentile: tree.isImage)
        }
        let percentile = tree.isImage ? Renderer.imagePercentile : 0
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
                                          inkBox: layout.inkBox, capHeight: layout.capHeight, visionRatios: visionRatios)
        return Measured(tree: tree, layout: layout, text: measurement, border: border, borderFellBack: borderFellBack, canvas: canvas,
                        contrastFromGeometry: fromGeometry)
    }

    /// What `check` asks of a text over a picture, from ranges of the
    /// luminances under its ink: which of black and white `auto` picks, and
    /// that the text's colour reaches `minimum` at the picture's
    /// percentile. When the ranges of the two colours do not overlap and
    /// the text's lowest possible ratio passes, the answer is the one the
    /// exact luminances give, and its ratios are those lowest possible
    /// ones. Nil when the ranges leave either open (close to a rule's
    /// minimum, a grey picture where black and white are close), for a
    /// colour picked from the picture or a translucent one, and for a
    /// colour between the picture's extremes: the exact luminances decide.
    static func decide(_ run: TextRun, over histogram: LuminanceHistogram, percentile: Double,
                       minimum: Double) -> (color: RGBA, ratio: Double, autoColor: RGBA, autoRatio: Double)? {
        let count = histogram.count
        guard count > 0 else { return nil }
        // The ratios a colour may reach: `Backdrop.percentileContrast` over
        // the range its rank's luminance lies in.
        func ratios(_ c: RGBA) -> ClosedRange<Double>? {
            let t = WCAG.luminance(c)
            guard t >= histogram.lightest || t <= histogram.darkest else { return nil }
            let rank = min(count - 1, Int(Double(count) * percentile))
            let pixel = histogram.range(atRank: t >= histogram.lightest ? count - 1 - rank : rank)
            func ratio(_ p: Double) -> Double { (max(p, t) + 0.05) / (min(p, t) + 0.05) }
            let a = ratio(pixel.lowerBound), b = ratio(pixel.upperBound)
            return (pixel.contains(t) ? 1 : min(a, b))...max(a, b)
        }
        guard let white = ratios(.white), let black = ratios(.black) else { return nil }
        // As `measure` picks: white when it reaches more, else black.
        let auto: (color: RGBA, ratios: ClosedRange<Double>)
        if white.lowerBound > black.upperBound {
            auto = (.white, white)
        } else if white.upperBound <= black.lowerBound {
            auto = (.black, black)
        } else {
            return nil
        }
        let chosen: (color: RGBA, ratios: ClosedRange<Double>)
        switch run.color {
        case .auto:
            chosen = auto
        case .fixed(let c) where c.isOpaque:
            guard let r = ratios(c) else { return nil }
            chosen = (c, r)
        default:
            return nil
        }
        // `ContrastRule.diagnostic` fails a ratio below `minimum - 1e-9`.
        guard chosen.ratios.lowerBound + 1e-9 >= minimum else { return nil }
        return (chosen.color, chosen.ratios.lowerBound, auto.color, auto.ratios.lowerBound)
    }

    /// `TextBounds` of the tree's text, from the inks this renderer's
    /// session measured at the reference size (laid out once on a miss).
    func bounds(_ tree: RenderTree) throws(RenderError) -> TextBounds? {
        guard let run = tree.text else { return nil }
        let fit = try session.locked { () throws(RenderError) -> TextFit? in
            try TextLayout.fit(run, session: session, references: references)
        }
        return fit.flatMap { TextBounds(fit: $0, tree: tree) }
    }

    /// The darkest and lightest luminance under the ink window read from the
    /// background's geometry (`BackgroundExtremes`), when they answer every
    /// contrast this measurement asks: the exact minimum (no picture's
    /// percentile), no colour-vision simulation and no translucent text
    /// (both need every pixel's colour), and a fixed text colour no darker
    /// than the lightest pixel or no lighter than the darkest (white and
    /// black always are; a colour in between needs the luminances nearest
    /// its own). Nil sends the measurement to the pixels.
    ///
    /// `onCanvas`: the whole background is drawn on the 1× canvas, whose
    /// gradient rows start at its left edge; else on the window alone.
    private func extremesFromGeometry(_ tree: RenderTree, run: TextRun, border: RGBA?, window: BackgroundExtremes.Window,
                                      onCanvas: Bool) -> (darkest: Double, lightest: Double)? {
        guard !tree.isImage, run.colorVision.isEmpty else { return nil }
        if case .fixed(let c) = run.color, !c.isOpaque { return nil }
        let box = onCanvas ? PixmanLinearGradient.Box(x: 0, y: 0, width: tree.size, height: tree.size)
            : PixmanLinearGradient.Box(x: window.x0, y: window.y0, width: window.x1 - window.x0, height: window.y1 - window.y0)
        guard let known = BackgroundExtremes.of(tree, border: border, window: window, box: box) else { return nil }
        if case .fixed(let c) = run.color {
            let l = WCAG.luminance(c)
            guard l >= known.lightest || l <= known.darkest else { return nil }
        }
        return known
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
