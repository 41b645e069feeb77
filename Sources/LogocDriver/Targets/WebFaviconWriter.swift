import Foundation
import LogocCore
import LogocFrontend
import LogocImageIO
import LogocRender
import LogocRenderTree

/// `targets: {web: favicon}` (docs/targets.md): the favicon set's bytes,
/// and W005/W006 measured on the pixels of the files they speak of.
struct WebFaviconWriter: TargetWriter {
    /// What a transparent or translucent background becomes on the opaque
    /// icons (apple-touch-icon, maskable): white, as iOS would show black.
    static let matte = RGBA.white
    /// The monochrome icon's one colour (browsers use only its alpha).
    static let monochromeColour = RGBA.black
    /// W006: a light browser tab and a dark one (Chrome's), and the contrast an edge needs on them.
    static let tabs: [(name: String, colour: RGBA)] = [("light", RGBA(rgb: 0xFFFFFF)), ("dark", RGBA(rgb: 0x202124))]
    static let tabMinimumContrast = 1.5

    func bytes(of file: TargetFile, spec: CheckedSpec, trees: TargetTrees, renderer r: Renderer) throws(RenderError) -> [UInt8] {
        func light(_ pixels: Int) throws(RenderError) -> Measured { try trees.measured(dark: false, pixels: pixels, renderer: r) }
        switch file.role {
        case "favicon.ico":
            var images: [(edge: Int, png: [UInt8])] = []
            for edge in WebFaviconLayout.icoSizes { images.append((edge, try r.raster(try light(edge), edge: edge, as: .png))) }
            return ICOContainer.encode(images)
        case "favicon.svg":
            // Browsers prefer the SVG on their tabs: the drawing for a tab's
            // 16 px (`small`'s when it reaches that size), at the spec's size.
            let tab = WebFaviconLayout.tabSizes[0]
            let svg = try r.svg(try light(tab))
            guard trees.dark != nil else { return svg }
            return FaviconSVG.combine(light: svg, dark: try r.svg(try trees.measured(dark: true, pixels: tab, renderer: r)))
        case "apple-touch-icon.png":
            return try r.png(try r.fullBleed(try light(file.pixels), edge: file.pixels, share: 1, matte: Self.matte))
        case "icon-maskable-512.png":
            return try r.png(try maskable(try light(file.pixels), edge: file.pixels, renderer: r))
        case "icon-monochrome-512.png":
            return try r.png(try r.monochrome(try light(file.pixels), edge: file.pixels, color: Self.monochromeColour))
        case "manifest.webmanifest":
            let title = BuildContext.title(spec.logo) ?? spec.name
            let svgIsSmall = trees.tree(dark: false, pixels: WebFaviconLayout.tabSizes[0]) != trees.light
            return WebAppManifestFile.bytes(name: title, shortName: spec.name, colour: WebAppManifestFile.colour(of: trees.light), svgIsSmall: svgIsSmall)
        case "head.html":
            return WebAppManifestFile.head
        case "icon-192.png", "icon-512.png":
            return try r.raster(try light(file.pixels), edge: file.pixels, as: .png)
        default:
            throw .environment("the web favicon set has no file '\(file.role)'")
        }
    }

    /// The maskable icon: the background full-bleed, the drawing in the safe circle.
    private func maskable(_ drawing: Measured, edge: Int, renderer r: Renderer) throws(RenderError) -> PixelBuffer {
        try r.fullBleed(drawing, edge: edge, share: WebFaviconLayout.maskSafeShare, matte: Self.matte)
    }

    func check(spec: CheckedSpec, trees: TargetTrees, at value: SourceSpan, renderer r: Renderer) throws(RenderError) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // W005 on icon-maskable-512.png.
        let edge = 512
        let drawing = try trees.measured(dark: false, pixels: edge, renderer: r)
        let icon = try maskable(drawing, edge: edge, renderer: r)
        let layer = try r.fullBleed(drawing, edge: edge, share: WebFaviconLayout.maskSafeShare, matte: Self.matte, drawing: false)
        if let warning = SafeZoneWarning.check(icon: icon, layer: layer, share: WebFaviconLayout.maskSafeShare, file: "icon-maskable-512.png",
                                               zone: "the maskable safe zone (the central circle of 80 %)", at: value,
                                               help: "use 'shape: circle', or a thinner border and smaller text, so that everything drawn stays inside the circle") {
            diagnostics.append(warning)
        }
        // W006 on the 16 and 32 px images of favicon.ico, each drawn once.
        var images: [(size: Int, pixels: PixelBuffer)] = []
        for size in WebFaviconLayout.tabSizes { images.append((size, try r.drawing(try trees.measured(dark: false, pixels: size, renderer: r), edge: size))) }
        for tab in Self.tabs {
            var weak: [String] = []
            for (size, pixels) in images {
                guard let edgeColour = IconPixels.edgeColour(pixels, on: tab.colour) else {
                    weak.append("at \(size) px nothing is drawn")
                    continue
                }
                let ratio = WCAG.contrast(edgeColour, tab.colour)
                if ratio < Self.tabMinimumContrast { weak.append("at \(size) px its outer edge (\(edgeColour)) reaches \(String(format: "%.2f", ratio)):1") }
            }
            guard !weak.isEmpty else { continue }
            diagnostics.append(Diagnostic(.W006, "favicon.ico vanishes on a \(tab.name) browser tab (\(tab.colour)): " + weak.joined(separator: ", ") + "; at least \(String(format: "%g", Self.tabMinimumContrast)):1 is needed",
                                          at: value, help: "add a border in a colour that stands out on a \(tab.name) tab, or choose a background that does"))
        }
        return diagnostics
    }
}
