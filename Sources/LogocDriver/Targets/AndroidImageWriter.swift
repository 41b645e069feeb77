import LogocCore
import LogocFrontend
import LogocRender

/// `targets: {android: image}` (docs/targets.md): each density's drawable
/// is the spec's picture at that width (`small`'s drawing where the width
/// reaches it), the night ones the `dark` drawing.
struct AndroidImageWriter: TargetWriter {
    func bytes(of file: TargetFile, spec: CheckedSpec, trees: TargetTrees, renderer r: Renderer) throws(RenderError) -> [UInt8] {
        try r.raster(try trees.measured(dark: file.dark, pixels: file.pixels, renderer: r), edge: file.pixels, as: .png)
    }

    /// A drawable is shown as it is drawn, unmasked: nothing to check
    /// beyond what the spec's own pictures are checked for.
    func check(spec: CheckedSpec, trees: TargetTrees, at value: SourceSpan, renderer: Renderer) throws(RenderError) -> [Diagnostic] { [] }
}
