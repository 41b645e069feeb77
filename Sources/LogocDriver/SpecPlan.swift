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
    let light: RenderTree
    let dark: RenderTree?
    var diagnostics: [Diagnostic] = []
    /// Failures of the machine, not of the spec.
    var failures: [String] = []
    /// Each variant's tree measured for drawing (`Use.draw`), keyed by
    /// `dark`; absent for a variant only checked, or whose measuring failed
    /// (the plan then has errors).
    private var measured: [Bool: Measured] = [:]

    /// What the caller does with a variant's tree once the plan is made.
    enum Use {
        /// Nothing: the tree is measured only when a diagnostic needs its
        /// pixels (contrast over a gradient or picture, a `fromImage` ring).
        case check
        /// Draws it: measured whatever the background, and kept.
        case draw
        /// Draws it, its 1× PNG among the outputs: measured on its whole
        /// background, drawn once, whose canvas that PNG finishes.
        case drawOneXPNG
    }

    /// `use(dark)`: what the caller does with that variant's tree.
    /// `trees`: the spec's trees when the caller has resolved them already.
    init(spec: CheckedSpec, resolver: Resolver, trees: (light: RenderTree, dark: RenderTree?)? = nil,
         renderer: () throws(RenderError) -> Renderer, use: (Bool) -> Use = { _ in .check }) {
        (nameSpan, displayPath) = (spec.nameSpan, spec.input.displayPath)
        (light, dark) = trees ?? resolver.resolve(spec)
        measured[false] = measure(light, logo: spec.logo, renderer: renderer, use: use(false))
        if let dark, let logo = spec.dark { measured[true] = measure(dark, logo: logo, renderer: renderer, use: use(true)) }
        // Contrast measured on pixels may point into a partial: name the spec.
        diagnostics.notingVia(spec.input.via(name: spec.name), ownFile: displayPath)
        diagnostics = diagnostics.normalized()
    }

    var hasErrors: Bool { diagnostics.hasErrors || !failures.isEmpty }

    /// The measured tree every output of the variant is drawn from (the
    /// light one for a spec without `dark`); nil when it was not measured
    /// for drawing.
    func measured(dark: Bool) -> Measured? {
        dark ? measured[true] ?? measured[false] : measured[false]
    }

    /// Measures `tree` when the caller draws it or a diagnostic needs its
    /// pixels, and adds those diagnostics; returns it when it is drawn.
    private mutating func measure(_ tree: RenderTree, logo: LogoSyntax, renderer: () throws(RenderError) -> Renderer, use: Use) -> Measured? {
        // Solid colours were measured exactly by the front end.
        let contrastOnPixels: Bool
        if tree.text == nil { contrastOnPixels = false } else if case .solid = tree.background { contrastOnPixels = false } else { contrastOnPixels = true }
        var ringSpan: SourceSpan?
        if tree.border?.color == .fromImage, case .image = tree.background { ringSpan = logo.border?.value.color?.span }
        guard use != .check || contrastOnPixels || ringSpan != nil else { return nil }
        let result: Measured
        do {
            result = try renderer().measure(tree, keepingCanvas: use == .drawOneXPNG)
        } catch {
            report(error, logo: logo)
            return nil
        }
        if contrastOnPixels, let text = tree.text, let measurement = result.text { checkContrast(measurement, of: text, logo: logo) }
        if let ringSpan, let fallback = result.ringFallback { warnRingFallback(fallback, at: ringSpan) }
        return use == .check ? nil : result
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
