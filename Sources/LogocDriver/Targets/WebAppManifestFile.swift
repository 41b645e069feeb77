import LogocCore
import LogocRenderTree

/// `manifest.webmanifest` and `head.html` of the web favicon set
/// (docs/targets.md): text files whose bytes depend on the spec alone.
enum WebAppManifestFile {
    /// One `icons` member: every image of the set, with the purpose a browser picks it for.
    static let icons: [(src: String, sizes: String, type: String, purpose: String)] = [
        ("favicon.ico", "16x16 32x32 48x48", "image/x-icon", "any"),
        ("favicon.svg", "any", "image/svg+xml", "any"),
        ("apple-touch-icon.png", "180x180", "image/png", "any"),
        ("icon-192.png", "192x192", "image/png", "any"),
        ("icon-512.png", "512x512", "image/png", "any"),
        ("icon-maskable-512.png", "512x512", "image/png", "maskable"),
        ("icon-monochrome-512.png", "512x512", "image/png", "monochrome"),
    ]

    /// The manifest: `name` is whom the picture shows (`initials`' name or
    /// `content`), else the spec's name; `short_name` the spec's name;
    /// `theme_color` and `background_color` the background's colour.
    /// `svgIsSmall`: favicon.svg draws the `small` drawing (for a tab), so
    /// it is offered at the favicon sizes, not as `any`: an installed app
    /// would otherwise take it for its large icons.
    static func bytes(name: String, shortName: String, colour: RGBA, svgIsSmall: Bool = false) -> [UInt8] {
        var out = "{\n  \"name\": \(JSON.quote(name)),\n  \"short_name\": \(JSON.quote(shortName)),\n  \"icons\": [\n"
        out += icons.map { icon in
            let sizes = svgIsSmall && icon.src == "favicon.svg" ? "16x16 32x32 48x48" : icon.sizes
            return "    {\"src\": \(JSON.quote(icon.src)), \"sizes\": \(JSON.quote(sizes)), \"type\": \(JSON.quote(icon.type)), \"purpose\": \(JSON.quote(icon.purpose))}"
        }.joined(separator: ",\n")
        let hex = JSON.quote(colour.description)
        out += "\n  ],\n  \"theme_color\": \(hex),\n  \"background_color\": \(hex),\n  \"display\": \"standalone\"\n}\n"
        return Array(out.utf8)
    }

    /// The colour a browser paints behind the app (splash screen, title
    /// bar): the solid background, a gradient's first stop, an image's
    /// underlay; composited on white, since the manifest's colours are opaque.
    static func colour(of tree: RenderTree) -> RGBA {
        let colour: RGBA
        switch tree.background {
        case .solid(let c): colour = c
        case .linear(_, _, let stops), .radial(_, _, let stops): colour = stops.first?.color ?? .white
        case .image(let image): colour = image.underlay
        }
        return colour.over(.white)
    }

    /// `head.html`: the `<link>` tags, with hrefs relative to the page, so
    /// they work for a page served from the same folder as the icons.
    static let head = Array("""
        <link rel="icon" href="favicon.ico" sizes="16x16 32x32 48x48">
        <link rel="icon" href="favicon.svg" type="image/svg+xml">
        <link rel="apple-touch-icon" href="apple-touch-icon.png">
        <link rel="manifest" href="manifest.webmanifest">

        """.utf8)
}
