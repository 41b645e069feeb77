import LogocCore
import LogocFrontend
import LogocImageIO
import LogocRender
import LogocRenderTree

/// `targets: {android: adaptive}` (docs/targets.md): the adaptive icon's
/// XML and layers, the legacy icons and the Play Store icon, and W005
/// measured on the foreground layer's pixels.
struct AndroidAdaptiveWriter: TargetWriter {
    /// What a transparent or translucent background becomes on the opaque
    /// layers (background, legacy, Play Store): white, as on the web icons.
    static let matte = WebFaviconWriter.matte
    /// The monochrome layer's colour: white, its alpha the ink (launchers tint it).
    static let monochromeColour = RGBA.white
    /// The legacy square icon's corner radius over its width (4 of 48 dp).
    static let legacyCornerShare = 4.0 / 48.0
    /// The density W005 measures the foreground at: the largest, xxxhdpi.
    static var checkedPixels: Int { AndroidImageLayout.pixels(AndroidAdaptiveLayout.layerDP, scale: AndroidImageLayout.densities.last?.scale ?? 4) }

    func bytes(of file: TargetFile, spec: CheckedSpec, trees: TargetTrees, renderer r: Renderer) throws(RenderError) -> [UInt8] {
        if file.role == "xml" { return AdaptiveIconXML.bytes(icon: AndroidAdaptiveLayout.iconName(spec.name)) }
        let edge = file.pixels
        let drawing = try trees.measured(dark: false, pixels: edge, renderer: r)
        switch file.role {
        case "background":
            return try r.png(try r.fullBleed(drawing, edge: edge, share: 1, matte: Self.matte, drawing: false))
        case "foreground":
            return try r.png(try r.foregroundOnly(drawing, edge: edge, share: AndroidAdaptiveLayout.layerShare))
        case "monochrome":
            return try r.png(try r.foregroundOnly(drawing, edge: edge, share: AndroidAdaptiveLayout.layerShare, color: Self.monochromeColour))
        case "legacy":
            let corner = Double(edge) * Self.legacyCornerShare
            return try r.png(try r.masked(drawing, edge: edge, share: AndroidAdaptiveLayout.visibleShare, matte: Self.matte, mask: .roundRect(radius: corner)))
        case "round":
            return try r.png(try r.masked(drawing, edge: edge, share: AndroidAdaptiveLayout.visibleShare, matte: Self.matte, mask: .circle))
        case "playstore":
            // Play asks for a 32-bit PNG: RGBA even where the pixels would fit a palette.
            return try r.pngRGBA(try r.fullBleed(drawing, edge: edge, share: AndroidAdaptiveLayout.visibleShare, matte: Self.matte))
        default:
            throw .environment("the Android adaptive icon has no file of role '\(file.role)'")
        }
    }

    /// W005 on the xxxhdpi foreground layer: its ink (alpha) outside the
    /// central circle of 66 of 108 dp.
    func check(spec: CheckedSpec, trees: TargetTrees, at value: SourceSpan, renderer r: Renderer) throws(RenderError) -> [Diagnostic] {
        let edge = Self.checkedPixels
        let drawing = try trees.measured(dark: false, pixels: edge, renderer: r)
        let layer = try r.foregroundOnly(drawing, edge: edge, share: AndroidAdaptiveLayout.layerShare)
        let file = "mipmap-xxxhdpi/\(AndroidAdaptiveLayout.iconName(spec.name))_foreground.png"
        let warning = SafeZoneWarning.check(icon: layer, layer: nil, share: AndroidAdaptiveLayout.layerShare, file: file,
                                            zone: "the adaptive icon's safe zone (the central circle of 66 of 108 dp)", at: value,
                                            help: "use 'shape: circle', or a thinner border and smaller text, so that the ring and text stay inside the circle")
        return warning.map { [$0] } ?? []
    }
}
