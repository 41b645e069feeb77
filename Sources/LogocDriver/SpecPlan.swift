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

    /// `drawsOneX(dark)`: whether the build draws that variant's 1× PNG
    /// next, so its background is drawn once, measured and kept for it.
    /// `trees`: the spec's trees when the caller has resolved them already.
    init(spec: CheckedSpec, resolver: Resolver, trees: (light: RenderTree, dark: RenderTree?)? = nil,
         renderer: () throws(RenderError) -> Renderer, drawsOneX: (Bool) -> Bool = { _ in false }) {
        (nameSpan, displayPath) = (spec.nameSpan, spec.input.displayPath)
        (light, dark) = trees ?? resolver.resolve(spec)
        measure(light, logo: spec.logo, renderer: renderer, keepingCanvas: drawsOneX(false))
        if let dark, let logo = spec.dark { measure(dark, logo: logo, renderer: renderer, keepingCanvas: drawsOneX(true)) }
        checkTargets(spec, renderer: renderer)
        // Contrast measured on pixels may point into a partial: name the spec.
        diagnostics.notingVia(spec.input.via(name: spec.name), ownFile: displayPath)
        diagnostics = diagnostics.normalized()
    }

    var hasErrors: Bool { diagnostics.hasErrors || !failures.isEmpty }

    private mutating func measure(_ tree: RenderTree, logo: LogoSyntax, renderer: () throws(RenderError) -> Renderer, keepingCanvas: Bool) {
        measureText(tree, logo: logo, renderer: renderer, keepingCanvas: keepingCanvas)
        checkRing(tree, logo: logo, renderer: renderer)
    }

    /// W002 for a `fromImage` ring that no colour of the picture can draw
    /// readably: it is black or white, as with `auto`, and the user should know.
    private mutating func checkRing(_ tree: RenderTree, logo: LogoSyntax, renderer: () throws(RenderError) -> Renderer) {
        guard tree.border?.color == .fromImage, let span = logo.border?.value.color?.span else { return }
        do {
            guard let fallback = try renderer().ringFallback(tree) else { return }
            let colour = fallback == .white ? "white" : fallback == .black ? "black" : fallback.description
            diagnostics.append(Diagnostic(.W002, "'fromImage' has no effect here: no colour of the image reaches \(String(format: "%g", Renderer.ringMinimumContrast)):1 against the pixels just inside the ring, so the ring is \(colour) as with 'auto'",
                                          at: span, help: "write 'color: auto' (or a colour) for the ring, or use a picture with a colour that stands out at its edge"))
        } catch {
            report(error, logo: logo)
        }
    }

    private mutating func measureText(_ tree: RenderTree, logo: LogoSyntax, renderer: () throws(RenderError) -> Renderer, keepingCanvas: Bool) {
        guard let text = tree.text else { return }
        // Solid colours were measured exactly by the front end.
        if case .solid = tree.background { return }
        do {
            guard let measurement = try renderer().measureText(tree, keepingCanvas: keepingCanvas) else { return }
            guard let minimum = text.minimumContrast else { return }
            var isAuto = false
            if text.color == .auto || text.color == .fromImage { isAuto = true }
            let span = logo.text?.value.color?.span ?? logo.textKey ?? nameSpan
            let result = ContrastRule.Measurement(color: measurement.color, ratio: measurement.ratio, isAuto: isAuto,
                                                  autoColor: measurement.autoColor, autoRatio: measurement.autoRatio)
            let rule = ContrastRule(minimum: minimum, colorVision: text.colorVision)
            if let diagnostic = rule.diagnostic(result, at: span) { diagnostics.append(diagnostic) }
            let ratios = text.colorVision.compactMap { vision in measurement.visionRatios[vision].map { (vision, $0) } }
            if let diagnostic = rule.colorVisionDiagnostic(result, ratios: ratios, at: logo.colorVision?.span ?? span) { diagnostics.append(diagnostic) }
        } catch {
            report(error, logo: logo)
        }
    }

    /// W005, W006: each target's files checked where they land, on their
    /// pixels drawn in memory (`TargetWriter.check`), at the `targets` value.
    private mutating func checkTargets(_ spec: CheckedSpec, renderer: () throws(RenderError) -> Renderer) {
        guard let choices = spec.logo.targets?.value.choices, !choices.isEmpty else { return }
        let trees = TargetTrees(light: light, dark: dark)
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
