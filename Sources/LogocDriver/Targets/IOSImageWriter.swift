import LogocCore
import LogocFrontend
import LogocRender

/// `targets: {ios: image}` (docs/targets.md, "## ios"): an imageset's PNGs,
/// each the spec's picture (or its dark one) at its pixel width, so `small`
/// reaches a 1x of a small size; its `Contents.json` and the folders'.
struct IOSImageWriter: TargetWriter {
    func bytes(of file: TargetFile, spec: CheckedSpec, trees: TargetTrees, renderer r: Renderer) throws(RenderError) -> [UInt8] {
        switch (file.role, file.format) {
        case ("folder", _):
            return AssetCatalogJSON.folder
        case ("imageset", _), ("imageset-dark", _):
            return AssetCatalogJSON.imageset(name: spec.name, dark: file.role == "imageset-dark")
        case (_, "png"):
            return try r.raster(try trees.measured(dark: file.dark, pixels: file.pixels, renderer: r), edge: file.pixels, as: .png)
        default:
            throw .environment("an iOS imageset has no file '\(file.role)'")
        }
    }

    /// An imageset is the spec's own picture at other sizes: nothing to
    /// check on its pixels beyond what the spec's checks and W004 see.
    func check(spec: CheckedSpec, trees: TargetTrees, at value: SourceSpan, renderer: Renderer) throws(RenderError) -> [Diagnostic] { [] }
}
