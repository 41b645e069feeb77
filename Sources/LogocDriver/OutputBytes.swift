import Foundation
import LogocCore
import LogocFrontend
import LogocRender
import LogocRenderTree

/// The bytes of a spec's output files, drawn in memory. The one way logoc
/// turns a checked spec into a file's bytes: `build` (`BuildExecutor`, which
/// then writes them) and `serve` (which answers a request with them) both
/// call it, so the same spec gives the same bytes on disk and over HTTP.
public enum OutputBytes {
    /// One file drawn for `serve`: its bytes and their SHA-256 (the build
    /// cache's content hash, which `serve` sends as the `ETag`).
    public struct File: Sendable {
        public var bytes: [UInt8]
        public var sha256: String
    }

    /// Why a file could not be drawn: the spec's diagnostics that only
    /// pixels give (contrast over a picture, characters no font has), or a
    /// failure of the machine.
    public struct Failure: Error, Sendable {
        public var diagnostics: [Diagnostic]
        public var failures: [String]

        public init(diagnostics: [Diagnostic], failures: [String]) {
            (self.diagnostics, self.failures) = (diagnostics, failures)
        }
    }

    /// `output` of `spec`, drawn alone with `renderer`: the spec's plan
    /// (measuring only what this file and the pixel checks need), then the
    /// file from it, exactly as `build` draws it. A spec whose plan has
    /// errors draws nothing: `serve` never answers with a picture `check`
    /// refuses.
    public static func draw(_ output: OutputFile, of spec: CheckedSpec, resolver: Resolver,
                            renderer: Renderer) -> Result<File, Failure> {
        let trees = resolver.resolve(spec)
        let wanted = output.target == nil ? trees.tree(dark: output.dark, pixels: output.pixelWidth(size: trees.light.size)) : nil
        let use: SpecPlan.Use = !output.format.isVector && output.scale == 1 ? .drawOneXRaster : .draw
        var plan = SpecPlan(spec: spec, resolver: resolver, trees: trees, renderer: { renderer }) { drawing in
            drawing == wanted ? use : .check
        }
        if plan.hasErrors { return .failure(Failure(diagnostics: plan.diagnostics, failures: plan.failures)) }
        do {
            guard let file = try bytes(of: output, spec: spec, plan: plan, targetTrees: TargetTrees(trees, measured: plan.measurements),
                                       renderer: renderer) else {
                return .failure(Failure(diagnostics: [], failures: ["\(spec.input.displayPath): no writer draws '\(output.path)'"]))
            }
            return .success(File(bytes: file.bytes, sha256: SHA256.hex(file.bytes)))
        } catch {
            plan.report(error, logo: spec.logo)
            return .failure(Failure(diagnostics: plan.diagnostics.normalized(), failures: plan.failures))
        }
    }

    /// One output of `spec` from `plan`'s measurements (a target's file
    /// from `targetTrees`), with the contrast its text was measured at; nil
    /// for a target file no writer knows.
    static func bytes(of output: OutputFile, spec: CheckedSpec, plan: SpecPlan, targetTrees: @autoclosure () -> TargetTrees,
                      renderer r: Renderer) throws(RenderError) -> (bytes: [UInt8], contrast: Double?)? {
        if let target = output.target {
            guard let writer = TargetWriters.writer(for: target) else { return nil }
            return (try writer.bytes(of: target, spec: spec, trees: targetTrees(), renderer: r), nil)
        }
        let tree = plan.trees.tree(dark: output.dark, pixels: output.pixelWidth(size: plan.trees.light.size))
        guard let drawing = plan.measured(tree) else { throw .environment("a drawing of the spec was not measured") }
        return (try encode(output, drawing: drawing, with: r), drawing.text?.ratio)
    }

    /// The file of one output: its measured drawing, encoded as its format says.
    static func encode(_ output: OutputFile, drawing: Measured, with r: Renderer) throws(RenderError) -> [UInt8] {
        switch output.format {
        case .png: try r.png(drawing, scale: output.scale)
        case .svg: try r.svg(drawing)
        case .pdf: try r.pdf(drawing)
        case .webp: try r.raster(drawing, scale: output.scale, as: .webp(quality: output.quality))
        case .avif: try r.raster(drawing, scale: output.scale, as: .avif(quality: output.quality ?? OutputFile.Format.avif.defaultQuality ?? 80))
        case .jpeg: try r.raster(drawing, scale: output.scale, as: .jpeg(quality: output.quality ?? OutputFile.Format.jpeg.defaultQuality ?? 90,
                                                                      matte: output.matte ?? OutputFile.defaultMatte))
        }
    }
}
