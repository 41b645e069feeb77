import LogocCore
import LogocFrontend
import LogocImageIO
import LogocRender

/// `targets: {ios: appicon}` (docs/targets.md, "## ios"): iOS 18's
/// single-size app icon in its three appearances.
///
/// - light: the background full-bleed (the shape's outline ignored: iOS
///   masks the square itself) with the drawing over it at full size, on
///   white where the background is transparent — the apple-touch-icon's
///   drawing — written as RGB with no alpha channel, which App Store
///   Connect requires;
/// - dark: the foreground (ring and text) on transparent, which iOS lays on
///   its own dark gradient;
/// - tinted: that foreground as greyscale on black, which iOS tints.
///
/// Dark and tinted draw the dark drawing's foreground when the spec has `dark`.
struct IOSAppIconWriter: TargetWriter {
    func bytes(of file: TargetFile, spec: CheckedSpec, trees: TargetTrees, renderer r: Renderer) throws(RenderError) -> [UInt8] {
        let edge = IOSAppIconLayout.pixels
        switch file.role {
        case "folder":
            return AssetCatalogJSON.folder
        case "appiconset":
            return AssetCatalogJSON.appiconset(name: spec.name)
        case "light":
            let drawing = try trees.measured(dark: false, pixels: edge, renderer: r)
            return try r.pngRGB(try r.fullBleed(drawing, edge: edge, share: 1, matte: WebFaviconWriter.matte))
        case "dark":
            return try r.png(try r.foregroundOnly(try trees.measured(dark: true, pixels: edge, renderer: r), edge: edge))
        case "tinted":
            let foreground = try r.foregroundOnly(try trees.measured(dark: true, pixels: edge, renderer: r), edge: edge)
            return try r.pngRGB(Renderer.greyscaleOnBlack(foreground))
        default:
            throw .environment("an iOS app icon set has no file '\(file.role)'")
        }
    }

    /// Nothing only the icon's pixels can tell: W004 sees its 1024 px width.
    func check(spec: CheckedSpec, trees: TargetTrees, at value: SourceSpan, renderer: Renderer) throws(RenderError) -> [Diagnostic] { [] }
}
