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

    /// `drawsOneX(tree)`: whether the build draws that tree's 1× PNG
    /// next, so its background is drawn once, measured and kept for it.
    /// `trees`: the spec's trees when the caller has resolved them already.
    init(spec: CheckedSpec, resolver: Resolver, trees: SpecTrees? = nil,
         renderer: () throws(RenderError) -> Renderer, drawsOneX: (RenderTree) -> Bool = { _ in false }) {
        (nameSpan, displayPath) = (spec.nameSpan, spec.input.displayPath)
        let trees = trees ?? resolver.resolve(spec)
        self.trees = trees
        let variants = Self.variants(spec, trees: trees)
        // Every drawing some output uses, each once (light, dark, small, dark small).
        var measured: [RenderTree] = []
        for variant in variants where !variant.outputs.isEmpty && !measured.contains(variant.tree) {
            measured.append(variant.tree)
            measure(variant.tree, logo: variant.logo, renderer: renderer, keepingCanvas: drawsOneX(variant.tree))
        }
        checkTextSize(variants, renderer: renderer, drawsOneX: drawsOneX)
        // Contrast measured on pixels may point into a partial: name the spec.
        diagnostics.notingVia(spec.input.via(name: spec.name), ownFile: displayPath)
        diagnostics = diagnostics.normalized()
    }

    /// A drawing of the spec, the syntax it comes from (diagnostics point
    /// into it) and the outputs that draw it.
    struct Variant {
        let tree: RenderTree
        let logo: LogoSyntax
        let isSmall: Bool
        var outputs: [OutputFile] = []
    }

    /// The spec's drawings, each with the outputs `SpecTrees.tree(dark:pixels:)`
    /// gives it; a tree shared by two variants takes its outputs once.
    static func variants(_ spec: CheckedSpec, trees: SpecTrees) -> [Variant] {
        let small = spec.logo.small?.value
        var variants = [Variant(tree: trees.light, logo: spec.logo, isSmall: false)]
        if let dark = trees.dark, let logo = spec.dark { variants.append(Variant(tree: dark, logo: logo, isSmall: false)) }
        if let tree = trees.smallLight, let logo = small?.logo { variants.append(Variant(tree: tree, logo: logo, isSmall: true)) }
        if let tree = trees.smallDark, let logo = small?.dark { variants.append(Variant(tree: tree, logo: logo, isSmall: true)) }
        for output in spec.outputs {
            let tree = trees.tree(dark: output.dark, pixels: output.pixelWidth(size: trees.light.size))
            if let i = variants.firstIndex(where: { $0.tree == tree }) { variants[i].outputs.append(output) }
        }
        return variants
    }

    /// W004 once per text too small: each drawing's narrowest file decides
    /// (the cap height grows with the width); drawings that show the same
    /// text at the same height (light and dark) share one warning, which
    /// counts the other's files.
    private mutating func checkTextSize(_ variants: [Variant], renderer: () throws(RenderError) -> Renderer, drawsOneX: (RenderTree) -> Bool) {
        struct Found {
            var variant: Variant
            var span: SourceSpan
            var height: Double
            var files: [OutputFile]
        }
        var found: [Found] = []
        for variant in variants where variant.tree.text != nil {
            let size = variant.tree.size
            let files = variant.outputs.sorted { ($0.pixelWidth(size: size), $0.path) < ($1.pixelWidth(size: size), $1.path) }
            guard let smallest = files.first else { continue }
            // Readable by a generous floor: no need to lay the text out.
            if let floor = CapHeightBound.floor(variant.tree),
               floor * Double(smallest.pixelWidth(size: size)) / Double(size) >= TextSizeCheck.minimumCapHeight { continue }
            do {
                guard let height = try TextSizeCheck.capHeight(of: variant.tree, pixels: smallest.pixelWidth(size: size), renderer: try renderer(),
                                                               keepingCanvas: drawsOneX(variant.tree)),
                      height < TextSizeCheck.minimumCapHeight else { continue }
                let failing = files.filter { height * Double($0.pixelWidth(size: size)) / Double(smallest.pixelWidth(size: size)) < TextSizeCheck.minimumCapHeight }
                let text = variant.logo.text?.value
                let span = text?.content?.span ?? text?.initials?.span ?? variant.logo.textKey ?? nameSpan
                if let i = found.firstIndex(where: { $0.span == span && TextSizeCheck.format($0.height) == TextSizeCheck.format(height) }) {
                    found[i].files += failing
                } else {
                    found.append(Found(variant: variant, span: span, height: height, files: failing))
                }
            } catch {
                report(error, logo: variant.logo)
            }
        }
        for item in found {
            let size = item.variant.tree.size
            guard let smallest = item.files.first else { continue }
            do {
                if let diagnostic = try TextSizeCheck.diagnostic(item.variant.tree, pixels: smallest.pixelWidth(size: size), file: smallest.path, at: item.span,
                                                                 others: item.files.count - 1,
                                                                 largest: item.files.map { $0.pixelWidth(size: size) }.max(),
                                                                 inSmall: item.variant.isSmall, renderer: try renderer()) {
                    diagnostics.append(diagnostic)
                }
            } catch {
                report(error, logo: item.variant.logo)
            }
        }
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
