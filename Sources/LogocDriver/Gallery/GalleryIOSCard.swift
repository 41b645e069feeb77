import Foundation
import LogocFrontend

/// The part of a gallery card that shows a spec's `ios` target files where
/// they land: the app icon under iOS's icon shape (a superellipse, the
/// page's `.mask-ios`) on a light and a dark iPhone home screen — the dark
/// icon over a dark gradient, as iOS lays it — and the tinted icon as
/// iOS 18 shows it (its grey multiplied by a tint colour); an imageset's
/// 1x, 2x and 3x files side by side (docs/build-engine.md, "The gallery").
///
/// Its rules come with it (a `<style>` in the markup), so that the page of
/// a project without `ios` targets stays byte for byte what it was. Nil
/// when the entries hold none of the pictures it shows.
struct GalleryIOSCard {
    /// The app icon's images by appearance (`light`, `dark`, `tinted`).
    private let icon: [String: Manifest.Entry]
    /// The imageset's PNGs, light then dark, each in scale order.
    private let scales: [Manifest.Entry]
    private let title: String

    /// The tint the tinted icon is shown with (one of iOS 18's presets is amber).
    static let tint = "#F2A93B"

    /// `entries` are one spec's target files.
    init?(title: String, name: String, entries: [Manifest.Entry]) {
        let ios = entries.filter { $0.target == "ios" && $0.format == "png" }
        var icon: [String: Manifest.Entry] = [:]
        for entry in ios where entry.path.contains(".appiconset/") {
            let file = (entry.path as NSString).lastPathComponent
            for appearance in IOSAppIconLayout.appearances where file == IOSAppIconLayout.fileName(name, suffix: appearance.suffix) {
                icon[appearance.luminosity ?? "light"] = entry
            }
        }
        let scales = ios.filter { $0.path.contains(".imageset/") }.sorted { ($0.variant == "dark" ? 1 : 0, $0.scale) < ($1.variant == "dark" ? 1 : 0, $1.scale) }
        guard !icon.isEmpty || !scales.isEmpty else { return nil }
        (self.icon, self.scales, self.title) = (icon, scales, title)
    }

    var markup: String {
        var out = "<div class=\"iosicons\"><style>\(Self.style)</style>"
        var screens = ""
        if let light = icon["light"] {
            screens += screen("light", "<img class=\"mask-ios\" src=\"\(Gallery.url(light.path))\" width=\"60\" height=\"60\" alt=\"\(HTML.escaped("\(title): the light app icon on a light iPhone home screen"))\">")
        }
        if let dark = icon["dark"] {
            screens += screen("dark", "<span class=\"ios-tile ios-tile-dark mask-ios\"><img src=\"\(Gallery.url(dark.path))\" width=\"60\" height=\"60\" alt=\"\(HTML.escaped("\(title): the dark app icon on a dark iPhone home screen"))\"></span>")
        }
        if let tinted = icon["tinted"] {
            screens += screen("tinted", "<span class=\"ios-tile ios-tile-tinted mask-ios\"><img src=\"\(Gallery.url(tinted.path))\" width=\"60\" height=\"60\" alt=\"\(HTML.escaped("\(title): the tinted app icon, tinted amber as iOS 18 shows it"))\"></span>")
        }
        if !screens.isEmpty { out += "<div class=\"screens\">" + screens + "</div>" }
        if !scales.isEmpty {
            out += "<div class=\"ios-scales\" role=\"group\" aria-label=\"\(HTML.escaped("\(title): the imageset's files at 1x, 2x and 3x"))\"><span class=\"screen-name\">imageset</span>"
            for entry in scales {
                let shown = 24 * max(1, min(3, entry.scale))
                let file = (entry.path as NSString).lastPathComponent
                out += "<span class=\"ios-scale ios-scale-\(entry.variant)\"><img src=\"\(Gallery.url(entry.path))\" width=\"\(shown)\" height=\"\(shown)\" "
                    + "alt=\"\(HTML.escaped("\(file), \(entry.scale)x, \(entry.width) px"))\"><span>\(entry.scale)x</span></span>"
            }
            out += "</div>"
        }
        return out + "</div>"
    }

    /// One home screen with the app on it.
    private func screen(_ kind: String, _ icon: String) -> String {
        "<div class=\"screen ios-screen-\(kind)\" role=\"group\" aria-label=\"iPhone home screen, \(kind)\"><span class=\"screen-name\">iOS \(kind)</span>"
            + "<div class=\"app\">\(icon)<span class=\"app-label\" aria-hidden=\"true\">\(HTML.escaped(title))</span></div></div>"
    }

    /// The rules of these cards: home screen wallpapers, the dark gradient
    /// iOS lays under a dark icon, the tint over a tinted one (`multiply`:
    /// the grey times the colour, black stays black), the scales' row.
    static let style = """
        .iosicons { margin: 8px 0 4px; display: flex; flex-direction: column; gap: 6px; }
        .ios-screen-light { background: linear-gradient(160deg, #dbe8f7, #f7e6d8); } .ios-screen-light .screen-name, .ios-screen-light .app-label { color: #1d1d1f; text-shadow: none; }
        .ios-screen-dark { background: linear-gradient(160deg, #0b1220, #1f2937); } .ios-screen-tinted { background: linear-gradient(160deg, #2a1d0b, #3b2a12); }
        .ios-tile { display: block; position: relative; width: 60px; height: 60px; line-height: 0; }
        .ios-tile-dark { background: linear-gradient(180deg, #3a3a3c, #1c1c1e); }
        .ios-tile-tinted::after { content: ""; position: absolute; inset: 0; background: \(tint); mix-blend-mode: multiply; }
        .ios-scales { display: flex; align-items: flex-end; gap: 10px; padding: 22px 10px 8px; border-radius: 12px; position: relative; background: #f4f4f5; border: 1px solid #e4e4e7; }
        .ios-scales .screen-name { color: #52525b; }
        .ios-scale { display: flex; flex-direction: column; align-items: center; gap: 2px; font-size: 10px; color: #52525b; }
        .ios-scale-dark { background: #18181b; color: #d4d4d8; padding: 2px; border-radius: 4px; }
        """
}
