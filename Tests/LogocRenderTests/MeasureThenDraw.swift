import LogocCore
import LogocImageIO
import LogocRender
import LogocRenderTree

/// One drawing of a tree, measured just for it: most renderer tests look at
/// a single picture or measurement and need not hold the `Measured` value
/// themselves. Each call measures afresh, as a caller drawing several
/// outputs of one tree must not (it measures once and passes the value).
extension Renderer {
    func pixels(_ tree: RenderTree, scale: Int) throws(RenderError) -> PixelBuffer { try pixels(measure(tree), scale: scale) }
    func png(_ tree: RenderTree, scale: Int) throws(RenderError) -> [UInt8] { try png(measure(tree), scale: scale) }
    func svg(_ tree: RenderTree) throws(RenderError) -> [UInt8] { try svg(measure(tree)) }
    func fingerprint(_ tree: RenderTree) throws(RenderError) -> Fingerprint { try fingerprint(measure(tree)) }
    func measureText(_ tree: RenderTree) throws(RenderError) -> TextMeasurement? { try measure(tree).text }
}
