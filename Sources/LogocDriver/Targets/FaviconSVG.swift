/// `favicon.svg` with a dark variant: ONE SVG that holds the light and the
/// dark drawing (each the spec's own SVG), and shows the dark one under
/// `@media (prefers-color-scheme: dark)` — the browser applies the query
/// to the icon as it draws the tab. The dark drawing's ids get a `d-`
/// prefix (with every `#id` and `url(#id)` that refers to them), so the
/// two drawings' glyphs, clips and gradients do not collide.
enum FaviconSVG {
    static let style = "<style>.dark{display:none}@media (prefers-color-scheme: dark){.light{display:none}.dark{display:inline}}</style>\n"

    /// `light` and `dark` are Cairo's SVG documents of the same size.
    static func combine(light: [UInt8], dark: [UInt8]) -> [UInt8] {
        let (header, lightBody) = split(String(decoding: light, as: UTF8.self))
        let (_, darkBody) = split(String(decoding: dark, as: UTF8.self))
        let out = header + "\n" + style + "<g class=\"light\">\n" + lightBody + "</g>\n<g class=\"dark\">\n"
            + prefixingIDs(darkBody, with: "d-") + "</g>\n</svg>\n"
        return Array(out.utf8)
    }

    /// The document up to the end of its `<svg …>` tag, and what lies between that and `</svg>`.
    static func split(_ svg: String) -> (header: String, body: String) {
        guard let open = svg.range(of: "<svg"), let close = svg[open.upperBound...].firstIndex(of: ">"),
              let end = svg.range(of: "</svg>", options: .backwards), end.lowerBound > close else { return ("", svg) }
        let header = String(svg[..<svg.index(after: close)])
        var body = String(svg[svg.index(after: close)..<end.lowerBound])
        if body.hasPrefix("\n") { body.removeFirst() }
        return (header, body)
    }

    /// `text` with every id it defines (`id="x"`) and refers to (`"#x"`, `url(#x)`) prefixed.
    static func prefixingIDs(_ text: String, with prefix: String) -> String {
        var out = ""
        var rest = Substring(text)
        let markers = ["id=\"", "\"#", "url(#"]
        while true {
            let next = markers.compactMap { m in rest.range(of: m).map { (m, $0) } }.min { $0.1.lowerBound < $1.1.lowerBound }
            guard let (_, range) = next else { break }
            out += rest[..<range.upperBound]
            out += prefix
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
