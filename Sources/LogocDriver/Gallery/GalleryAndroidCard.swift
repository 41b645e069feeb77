import Foundation

/// The part of a gallery card that shows a spec's Android target files
/// where they land, so a designer sees what a phone will show: the
/// adaptive icon (its background and foreground layers, composited as a
/// launcher does) under the circle, squircle and rounded-square masks
/// launchers use, the themed icon (the monochrome layer tinted, Android
/// 13), the legacy square and round icons; and each drawable of
/// `android: image` at its density, labelled (docs/targets.md, "Android").
///
/// Nil when the entries hold no Android picture: the card then looks as
/// without the target.
struct GalleryAndroidCard {
    /// The adaptive icon's files at the largest density it has, by role.
    private let adaptive: [String: Manifest.Entry]
    /// `android: image`'s drawables, light then night, densest last.
    private let drawables: [Manifest.Entry]
    private let title: String

    /// The launcher masks the adaptive icon is shown under, with their CSS clip.
    static let masks: [(name: String, clip: String)] = [
        ("circle", "circle(50%)"), ("squircle", Superellipse.clipPath(exponent: 4)), ("rounded square", "inset(0 round 18%)"),
    ]
    /// The icons' edge on the card: 48 CSS px, as a launcher shows 48 dp.
    static let iconEdge = 48
    /// A drawable is shown at its pixel width, up to this.
    static let maxDrawableEdge = 64
    /// Marks a card that needs `style` in the page.
    static let marker = "class=\"androidicons\""

    init?(title: String, entries: [Manifest.Entry]) {
        let android = entries.filter { $0.target == "android" }
        var adaptive: [String: Manifest.Entry] = [:]
        var drawables: [Manifest.Entry] = []
        for entry in android where entry.format == "png" {
            let parts = entry.path.split(separator: "/")
            guard parts.count >= 2 else { continue }
            let folder = String(parts[parts.count - 2]), file = String(parts[parts.count - 1])
            if folder.hasPrefix("drawable-") {
                drawables.append(entry)
            } else if folder.hasPrefix("mipmap-"), let role = Self.role(of: file), (adaptive[role]?.width ?? 0) < entry.width {
                adaptive[role] = entry
            }
        }
        guard !adaptive.isEmpty || !drawables.isEmpty else { return nil }
        self.adaptive = adaptive
        self.drawables = drawables.sorted { ($0.variant == "dark" ? 1 : 0, $0.width, $0.path) < ($1.variant == "dark" ? 1 : 0, $1.width, $1.path) }
        self.title = title
    }

    /// `ic_kite_foreground.png` → `foreground`; `ic_kite.png` → `legacy`.
    private static func role(of file: String) -> String? {
        guard file.hasSuffix(".png") else { return nil }
        for role in ["background", "foreground", "monochrome", "round"] where file.hasSuffix("_\(role).png") { return role }
        return "legacy"
    }

    var markup: String {
        var out = "<div \(Self.marker)>"
        if let background = adaptive["background"], let foreground = adaptive["foreground"] {
            out += "<div class=\"screen screen-android\" role=\"group\" aria-label=\"\(HTML.escaped(title)): the adaptive icon on an Android home screen\"><span class=\"screen-name\">adaptive</span>"
            for mask in Self.masks {
                out += app("<span class=\"adaptive\" style=\"clip-path: \(mask.clip)\">"
                    + layer(background, "the background layer under a \(mask.name) mask") + layer(foreground, "the foreground layer under a \(mask.name) mask") + "</span>")
            }
            if let mono = adaptive["monochrome"] {
                out += app("<span class=\"adaptive adaptive-themed\" style=\"clip-path: circle(50%)\">" + layer(mono, "the monochrome layer, tinted as a themed icon") + "</span>")
            }
            out += "</div>"
        }
        let legacy = ["legacy", "round"].compactMap { role in adaptive[role].map { (role, $0) } }
        if !legacy.isEmpty {
            out += "<div class=\"screen screen-android\" role=\"group\" aria-label=\"\(HTML.escaped(title)): the legacy icons (before Android 8)\"><span class=\"screen-name\">legacy</span>"
            for (role, entry) in legacy {
                let what = role == "round" ? "the legacy round icon" : "the legacy square icon"
                out += app(image(entry, edge: Self.iconEdge, alt: "\(title): \(name(entry)), \(what)"))
            }
            out += "</div>"
        }
        if !drawables.isEmpty {
            out += "<div class=\"drawables\" role=\"group\" aria-label=\"\(HTML.escaped(title)): the drawables at each density\">"
            for entry in drawables {
                let bucket = Self.bucket(entry)
                let edge = min(entry.width, Self.maxDrawableEdge)
                // A div, not a figure: the page's script takes every figure for a card.
                out += "<div class=\"drawable\(entry.variant == "dark" ? " drawable-night" : "")\">"
                    + image(entry, edge: edge, alt: "\(title): \(bucket)/\(name(entry)), \(entry.width) px")
                    + "<span class=\"drawable-label\">\(HTML.escaped(bucket))<br>\(entry.width) px</span></div>"
            }
            out += "</div>"
        }
        return out + "</div>"
    }

    /// One layer of the adaptive icon: 108 dp, of which the mask's 72 dp show.
    private func layer(_ entry: Manifest.Entry, _ what: String) -> String {
        let edge = Self.iconEdge * 108 / 72
        return "<img src=\"\(Gallery.url(entry.path))\" width=\"\(edge)\" height=\"\(edge)\" alt=\"\(HTML.escaped("\(title): \(name(entry)), \(what)"))\">"
    }

    private func image(_ entry: Manifest.Entry, edge: Int, alt: String) -> String {
        "<img src=\"\(Gallery.url(entry.path))\" width=\"\(edge)\" height=\"\(edge)\" alt=\"\(HTML.escaped(alt))\">"
    }

    private func name(_ entry: Manifest.Entry) -> String { (entry.path as NSString).lastPathComponent }

    /// `drawable-night-xhdpi` of `android/team/drawable-night-xhdpi/jane_doe.png`.
    private static func bucket(_ entry: Manifest.Entry) -> String {
        ((entry.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
    }

    /// One app on the home screen: its icon, its name under it.
    private func app(_ icon: String) -> String {
        "<div class=\"app\">\(icon)<span class=\"app-label\" aria-hidden=\"true\">\(HTML.escaped(title))</span></div>"
    }

    /// The page's rules for these cards (with `GalleryWebCard.style`'s
    /// `.screen`, `.app`; the themed icon uses its tint filter).
    static let style = """
        .androidicons { margin: 8px 0 4px; display: flex; flex-wrap: wrap; gap: 6px; }
        .adaptive { position: relative; display: block; width: 48px; height: 48px; overflow: hidden; }
        .adaptive img { position: absolute; left: -12px; top: -12px; }
        .adaptive-themed { background: #d3e3fd; } .adaptive-themed img { filter: url(#logoc-tint); }
        .drawables { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 6px; }
        .drawable { padding: 6px; border-radius: 8px; background: #f4f4f5; text-align: center; font-size: 10px; line-height: 1.2; }
        .drawable-night { background: #18181b; color: #e4e4e7; } .drawable img { display: block; margin: 0 auto 2px; }
        """
}
