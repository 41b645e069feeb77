import Foundation
import LogocCore
import LogocFrontend
import LogocRender
import LogocRenderTree

/// A checked spec with its render trees and the diagnostics only pixels can
/// give (contrast under the text over gradients and images, images that do
/// not decode, characters Pango cannot draw). `check` and `build` both make
/// plans, so they report exactly the same diagnostics.
struct SpecPlan {
    /// What diagnostics need of the spec (not the spec itself: a
    /// `CheckedSpec` is large, and a plan is made for every spec).
    let nameSpan: SourceSpan
    let displayPath: String
    let trees: SpecTrees
    var diagnostics: [Diagnostic] = []
    /// Failures of the machine, not of the spec.
    var failures: [String] = []
    /// Every drawing measured (for drawing, or because a diagnostic needed
    /// its pixels), each once, with what the caller does with it.
    private var measured: [(tree: RenderTree, measured: Measured, use: Use)] = []
    /// Whether a drawing only checked may be decided from its text's bounds
    /// (`TextBounds`) instead of measured: not when targets draw the spec
    /// from the plan's measurements.
    private let decidesFromBounds: Bool
    /// Each checked drawing's `TextBounds`, worked out once (nil: none).
    private var bounds: [(tree: RenderTree, bounds: TextBounds?)] = []
    /// Rules decided from `bounds` without a measurement (contrast, then
    /// text size), for tests.
    private(set) var decidedFromBounds = 0

    /// What the caller does with a drawing's tree once the plan is made.
    enum Use {
        /// Nothing: the tree is measured only when a diagnostic needs its
        /// pixels (contrast over a gradient or picture, a `fromImage` ring,
        /// text whose cap height the floor cannot clear).
        case check
        /// Draws it: measured whatever the background, and kept.
        case draw
        /// Draws it, a 1× raster file (PNG, WebP, AVIF, JPEG) among the
        /// outputs: measured on its whole background, drawn once, whose
        /// canvas the first such file finishes.
        case drawOneXRaster
    }

    /// `use(tree)`: what the caller does with that drawing (light, dark,
    /// small, dark small). `trees`: the spec's trees when the caller has
    /// resolved them already.
    /// `decidingFromBounds`: false measures every drawing a rule asks
    /// about, as before `TextBounds` (tests compare the two).
    init(spec: CheckedSpec, resolver: Resolver, trees: SpecTrees? = nil, decidingFromBounds: Bool = true,
         renderer: () throws(RenderError) -> Renderer, use: (RenderTree) -> Use = { _ in .check }) {
        (nameSpan, displayPath) = (spec.nameSpan, spec.input.displayPath)
        decidesFromBounds = decidingFromBounds && (spec.logo.targets?.value.choices.isEmpty ?? true)
        let trees = trees ?? resolver.resolve(spec)
        self.trees = trees
        let variants = Self.variants(spec, trees: trees)
        // Every drawing some output uses, each once (light, dark, small, dark small).
        var seen: [RenderTree] = []
        for variant in variants where !variant.outputs.isEmpty && !seen.contains(variant.tree) {
            seen.append(variant.tree)
            measure(variant.tree, logo: variant.logo, renderer: renderer, use: use(variant.tree))
        }
        checkTextSize(variants, renderer: renderer)
        checkTargets(spec, renderer: renderer)
        // Contrast measured on pixels may point into a partial: name the spec.
        diagnostics.notingVia(spec.input.via(name: spec.name), ownFile: displayPath)
        diagnostics = diagnostics.normalized()
    }

    /// A drawing of the spec, the syntax it comes from (diagnostics point
    /// into it) and the files that draw it, each at its pixel width.
    struct Variant {
        let tree: RenderTree
        let logo: LogoSyntax
        let isSmall: Bool
        var outputs: [DrawnFile] = []
    }

    /// A file, or one image of a file (`favicon.ico` holds 16, 32 and 48 px), drawn `pixels` wide.
    struct DrawnFile {
        let path: String
        let pixels: Int
    }

    /// The spec's drawings, each with the files `SpecTrees.tree(dark:pixels:)`
    /// gives it (a target's files at every width they are drawn at); a tree
    /// shared by two variants takes its files once.
    static func variants(_ spec: CheckedSpec, trees: SpecTrees) -> [Variant] {
        let small = spec.logo.small?.value
        var variants = [Variant(tree: trees.light, logo: spec.logo, isSmall: false)]
        if let dark = trees.dark, let logo = spec.dark { variants.append(Variant(tree: dark, logo: logo, isSmall: false)) }
        if let tree = trees.smallLight, let logo = small?.logo { variants.append(Variant(tree: tree, logo: logo, isSmall: true)) }
        if let tree = trees.smallDark, let logo = small?.dark { variants.append(Variant(tree: tree, logo: logo, isSmall: true)) }
        var drawn: [(dark: Bool, file: DrawnFile)] = []
        for output in spec.outputs {
            if let target = output.target {
                guard target.isPicture else { continue }
                drawn += target.drawnAt.map { (target.dark, DrawnFile(path: output.path, pixels: $0)) }
            } else {
                drawn.append((output.dark, DrawnFile(path: output.path, pixels: output.pixelWidth(size: trees.light.size))))
            }
        }
        for (dark, file) in drawn {
            let tree = trees.tree(dark: dark, pixels: file.pixels)
            if let i = variants.firstIndex(where: { $0.tree == tree }) { variants[i].outputs.append(file) }
        }
        return variants
    }

    /// W004 once per text too small: each drawing's narrowest file decides
    /// (the cap height grows with the width); drawings that show the same
    /// text at the same height (light and dark) share one warning, which
    /// counts the other's files.
    private mutating func checkTextSize(_ variants: [Variant], renderer: () throws(RenderError) -> Renderer) {
        struct Found {
            var isSmall: Bool
            var span: SourceSpan
            var height: Double
            var files: [DrawnFile]
        }
        var found: [Found] = []
        for variant in variants where variant.tree.text != nil {
            let size = variant.tree.size
            let files = variant.outputs.sorted { ($0.pixels, $0.path) < ($1.pixels, $1.path) }
            guard let smallest = files.first else { continue }
            // Readable by a generous floor: no need to lay the text out.
            if let floor = CapHeightBound.floor(variant.tree),
               floor * Double(smallest.pixels) / Double(size) >= TextSizeCheck.minimumCapHeight { continue }
            // Readable whatever the fitting loop does: no need to lay it out at its size.
            if !measured.contains(where: { $0.tree == variant.tree }), let bounds = textBounds(variant.tree, renderer: renderer),
               bounds.minimumCapHeight * Double(smallest.pixels) / Double(size) >= TextSizeCheck.minimumCapHeight {
                decidedFromBounds += 1
                continue
            }
            do {
                guard let height = TextSizeCheck.capHeight(of: try measurement(of: variant.tree, renderer: renderer), pixels: smallest.pixels),
                      height < TextSizeCheck.minimumCapHeight else { continue }
                let failing = files.filter { height * Double($0.pixels) / Double(smallest.pixels) < TextSizeCheck.minimumCapHeight }
                let text = variant.logo.text?.value
                let span = text?.content?.span ?? text?.initials?.span ?? variant.logo.textKey ?? nameSpan
                if let known = found.firstIndex(where: { $0.span == span && TextSizeCheck.format($0.height) == TextSizeCheck.format(height) }) {
                    found[known].files += failing
                } else {
                    found.append(Found(isSmall: variant.isSmall, span: span, height: height, files: failing))
                }
            } catch {
                report(error, logo: variant.logo)
            }
        }
        for item in found {
            guard let smallest = item.files.first else { continue }
            // A file drawn at several widths (favicon.ico) is one file.
            var paths = Set<String>()
            let others = item.files.filter { paths.insert($0.path).inserted }.count - 1
            if let diagnostic = TextSizeCheck.diagnostic(height: item.height, pixels: smallest.pixels, file: smallest.path, at: item.span,
                                                         others: others, largest: item.files.map(\.pixels).max(),
                                                         inSmall: item.isSmall) {
                diagnostics.append(diagnostic)
            }
        }
    }

    var hasErrors: Bool { diagnostics.hasErrors || !failures.isEmpty }

    /// Every drawing the plan measured, for a target to draw from.
    var measurements: [Measured] { measured.map(\.measured) }

    /// The measured drawing of `tree`, which the caller's outputs of it are
    /// drawn from; nil when it was not measured for drawing.
    func measured(_ tree: RenderTree) -> Measured? {
        measured.first { $0.use != .check && $0.tree == tree }?.measured
    }

    /// `tree` measured: the plan's measurement when it made one, else a new one.
    private mutating func measurement(of tree: RenderTree, renderer: () throws(RenderError) -> Renderer) throws(RenderError) -> Measured {
        if let known = measured.first(where: { $0.tree == tree }) { return known.measured }
        let result = try renderer().measure(tree)
        measured.append((tree, result, .check))
        return result
    }

    /// Measures `tree` when the caller draws it or a diagnostic needs its
    /// pixels, adds those diagnostics, and keeps the measurement.
    private mutating func measure(_ tree: RenderTree, logo: LogoSyntax, renderer: () throws(RenderError) -> Renderer, use: Use) {
        // Solid colours were measured exactly by the front end.
        let contrastOnPixels: Bool
        if tree.text == nil { contrastOnPixels = false } else if case .solid = tree.background { contrastOnPixels = false } else { contrastOnPixels = true }
        var ringSpan: SourceSpan?
        if tree.border?.color == .fromImage, case .image = tree.background { ringSpan = logo.border?.value.color?.span }
        guard use != .check || contrastOnPixels || ringSpan != nil else { return }
        if use == .check, ringSpan == nil, let text = tree.text, passesByBounds(tree, text: text, logo: logo, renderer: renderer) {
            decidedFromBounds += 1
            return
        }
        let result: Measured
        do {
            // Checked only: over a picture, ranges of its luminances may decide the rule.
            let deciding = use == .check && decidesFromBounds ? tree.text?.minimumContrast : nil
            result = try renderer().measure(tree, keepingCanvas: use == .drawOneXRaster, deciding: deciding)
        } catch {
            report(error, logo: logo)
            return
        }
        if result.contrastBounded { decidedFromBounds += 1 }
        measured.append((tree, result, use))
        if contrastOnPixels, let text = tree.text, let measurement = result.text { checkContrast(measurement, of: text, logo: logo) }
        if let ringSpan, let fallback = result.ringFallback { warnRingFallback(fallback, at: ringSpan) }
    }

    /// The drawing's `TextBounds` when the plan may decide from them; nil
    /// otherwise, or when measuring would fail (the measurement then
    /// reports the failure as before).
    private mutating func textBounds(_ tree: RenderTree, renderer: () throws(RenderError) -> Renderer) -> TextBounds? {
        guard decidesFromBounds else { return nil }
        if let known = bounds.first(where: { $0.tree == tree }) { return known.bounds }
        let made: TextBounds?
        do { made = try renderer().textBounds(tree) } catch { made = nil }
        bounds.append((tree, made))
        return made
    }

    /// Whether the contrast rules of a checked drawing pass whatever its
    /// pixels under the ink are (`TextBounds.contrastAtLeast`): no rule,
    /// or the least contrast the text can reach already passes it. Then
    /// there is nothing to report and nothing to measure.
    private mutating func passesByBounds(_ tree: RenderTree, text: TextRun, logo: LogoSyntax, renderer: () throws(RenderError) -> Renderer) -> Bool {
        // A picture is always measured: only its pixels tell whether it decodes (E012).
        if case .image = tree.background { return false }
        guard let bounds = textBounds(tree, renderer: renderer) else { return false }
        guard let minimum = text.minimumContrast else { return true }
        guard let least = bounds.contrastAtLeast else { return false }
        let isAuto = text.color == .auto || text.color == .fromImage
        let color: RGBA
        if case .fixed(let c) = text.color { color = c } else { color = .white }
        let lowest = ContrastRule.Measurement(color: color, ratio: least, isAuto: isAuto, autoColor: color, autoRatio: least)
        return ContrastRule(minimum: minimum, colorVision: text.colorVision).diagnostic(lowest, at: nameSpan) == nil
    }

    /// W002 for a `fromImage` ring that no colour of the picture can draw
    /// readably: it is black or white, as with `auto`, and the user should know.
    private mutating func warnRingFallback(_ fallback: RGBA, at span: SourceSpan) {
        let colour = fallback == .white ? "white" : fallback == .black ? "black" : fallback.description
        diagnostics.append(Diagnostic(.W002, "'fromImage' has no effect here: no colour of the image reaches \(String(format: "%g", Renderer.ringMinimumContrast)):1 against the pixels just inside the ring, so the ring is \(colour) as with 'auto'",
                                      at: span, help: "write 'color: auto' (or a colour) for the ring, or use a picture with a colour that stands out at its edge"))
    }

    /// The contrast rules over the pixels under the text (E011, and E017 for colour vision).
    private mutating func checkContrast(_ measurement: TextMeasurement, of text: TextRun, logo: LogoSyntax) {
        guard let minimum = text.minimumContrast else { return }
        let isAuto = text.color == .auto || text.color == .fromImage
        let span = logo.text?.value.color?.span ?? logo.textKey ?? nameSpan
        let result = ContrastRule.Measurement(color: measurement.color, ratio: measurement.ratio, isAuto: isAuto,
                                              autoColor: measurement.autoColor, autoRatio: measurement.autoRatio)
        let rule = ContrastRule(minimum: minimum, colorVision: text.colorVision)
        if let diagnostic = rule.diagnostic(result, at: span) { diagnostics.append(diagnostic) }
        let ratios = text.colorVision.compactMap { vision in measurement.visionRatios[vision].map { (vision, $0) } }
        if let diagnostic = rule.colorVisionDiagnostic(result, ratios: ratios, at: logo.colorVision?.span ?? span) { diagnostics.append(diagnostic) }
    }

    /// W005, W006: each target's files checked where they land, on their
    /// pixels drawn in memory (`TargetWriter.check`), at the `targets` value.
    private mutating func checkTargets(_ spec: CheckedSpec, renderer: () throws(RenderError) -> Renderer) {
        guard let choices = spec.logo.targets?.value.choices, !choices.isEmpty else { return }
        let trees = TargetTrees(self.trees, measured: measurements)
        for choice in choices {
            guard let writer = TargetWriters.writer(target: choice.target, kind: choice.kind.value) else { continue }
            do {
                diagnostics += try writer.check(spec: spec, trees: trees, at: choice.kind.span, renderer: try renderer())
            } catch {
                report(error, logo: spec.logo)
            }
        }
    }

    /// Turns a render error into the diagnostic of the value behind it.
    mutating func report(_ error: RenderError, logo: LogoSyntax) {
        switch error {
        case .image(_, let message):
            var span = nameSpan
            if case .image(let image) = logo.background?.value, let path = image.path { span = path.span }
            diagnostics.append(Diagnostic(.E012, "cannot decode the image: \(message)", at: span,
                                          help: "re-export the image as PNG or JPEG"))
        case .missingGlyphs(let text, let count):
            let span = logo.text?.value.content?.span ?? logo.text?.value.initials?.span ?? nameSpan
            diagnostics.append(Diagnostic(.E016, "no available font can draw \(count) character\(count == 1 ? "" : "s") of '\(text)'", at: span,
                                          help: "remove the character, or add a font that has it to a 'fonts' folder in logoc.yaml"))
        case .environment(let message):
            failures.append("\(displayPath): \(message)")
        }
    }
}
