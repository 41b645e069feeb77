import Foundation
import LogocFrontend

/// The part of a gallery card that shows a spec's web target files where
/// they land, so a designer sees at a glance what a browser and a phone will
/// show: the favicon in a light and a dark browser tab strip (16 px, and
/// 32 px as on a 2× screen, as pinned tabs), the apple-touch-icon on an
/// iPhone home screen, the maskable icon under Android's circle and
/// squircle masks beside its whole picture with the safe circle marked, and
/// the monochrome icon tinted like a themed icon (docs/build-engine.md,
/// "The gallery").
///
/// Nil when the entries hold none of the pictures it shows (a target that
/// wrote only `manifest.webmanifest`, say): the card then looks as without
/// a target.
struct GalleryWebCard {
    /// The files it shows, by name (`favicon.ico`, …), light ones first.
    private let files: [String: Manifest.Entry]
    /// The tab's title and the home screen's label: the card's title.
    private let title: String
    /// What each tab size shows of favicon.ico: its own 16 or 32 px image,
    /// taken out of the file (a `data:` URL), else the file itself.
    private let favicon: [Int: String]

    /// The pixel sizes of the tab mock-ups: a tab's icon on a 1× and a 2× screen.
    static let tabSizes = [16, 32]
    /// An ICO larger than this is not read for the tab images (the 16, 32
    /// and 48 px images logoc writes take a few kilobytes).
    static let maxFaviconBytes = 1 << 20

    /// `entries` are one spec's target files; `outputFolder` is where they
    /// were written, to read favicon.ico's small images (nil: not read).
    init?(title: String, entries: [Manifest.Entry], outputFolder: String?) {
        var files: [String: Manifest.Entry] = [:]
        for entry in entries.filter({ $0.variant != "dark" }) + entries.filter({ $0.variant == "dark" }) where entry.target == "web" {
            let name = (entry.path as NSString).lastPathComponent
            if files[name] == nil { files[name] = entry }
        }
        guard Self.pictures.contains(where: { files[$0] != nil }) else { return nil }
        self.files = files
        self.title = title
        var favicon: [Int: String] = [:]
        if let ico = files["favicon.ico"] {
            let bytes = outputFolder.flatMap { folder -> [UInt8]? in
                guard case .success(let b) = FileReader.read((folder as NSString).appendingPathComponent(ico.path), limit: Self.maxFaviconBytes) else { return nil }
                return b
            }
            for size in Self.tabSizes {
                favicon[size] = bytes.flatMap { ICOFrameReader.png(width: size, in: $0) }.map { "data:image/png;base64," + Data($0).base64EncodedString() }
                    ?? Gallery.url(ico.path)
            }
        }
        self.favicon = favicon
    }

    /// The files whose pictures a card shows.
    static let pictures = ["favicon.ico", "favicon.svg", "apple-touch-icon.png", "icon-maskable-512.png", "icon-monochrome-512.png"]

    var markup: String {
        var out = "<div class=\"webicons\">"
        if !tabIcons(size: 16, theme: "light").isEmpty {
            for theme in ["light", "dark"] {
                out += "<div class=\"strip strip-\(theme)\" role=\"group\" aria-label=\"\(HTML.escaped(title)) in \(theme) browser tabs, 16 px\">"
                out += tabIcons(size: 16, theme: theme).enumerated().map { i, icon in
                    "<div class=\"tab\(i == 0 ? " tab-on" : "")\">\(icon)<span class=\"tab-title\">\(HTML.escaped(title))</span><span class=\"tab-close\" aria-hidden=\"true\">×</span></div>"
                }.joined()
                out += "<span class=\"tab-new\" aria-hidden=\"true\">+</span></div>"
            }
            out += "<div class=\"pinned\">"
            for theme in ["light", "dark"] {
                out += "<div class=\"strip strip-\(theme) strip-2x\" role=\"group\" aria-label=\"\(HTML.escaped(title)) in \(theme) pinned browser tabs, 32 px (a 2× screen)\">"
                out += tabIcons(size: 32, theme: theme).enumerated().map { i, icon in "<div class=\"tab\(i == 0 ? " tab-on" : "")\">\(icon)</div>" }.joined()
                out += "</div>"
            }
            out += "</div>"
        }
        out += homeScreens
        return out + "</div>"
    }

    /// The icons of the two tabs of one strip: the active tab shows
    /// favicon.ico (what every browser can use; its image of that size),
    /// the inactive one favicon.svg (what Chrome, Edge and Firefox prefer
    /// when head.html offers both); each on its own when the other is missing.
    private func tabIcons(size: Int, theme: String) -> [String] {
        let tab = theme == "light" ? "a light tab" : "a dark tab"
        let place = "\(tab)\(size == 32 ? " on a 2× screen" : "")"
        var icons: [String] = []
        if let ico = files["favicon.ico"], let src = favicon[size] {
            let what = src.hasPrefix("data:") ? "favicon.ico, its \(size) px image, on \(place)" : "favicon.ico on \(place)"
            icons.append("<img src=\"\(src)\" data-file=\"\(Gallery.url(ico.path))\" width=\"\(size)\" height=\"\(size)\" alt=\"\(HTML.escaped(what))\">")
        }
        if let svg = files["favicon.svg"] {
            icons.append("<img src=\"\(Gallery.url(svg.path))\" width=\"\(size)\" height=\"\(size)\" alt=\"\(HTML.escaped("favicon.svg at \(size) px on \(place)"))\">")
        }
        if icons.count == 1 { icons.append(icons[0]) }
        return icons
    }

    /// The iPhone and Android home screens and the maskable icon's safe zone.
    private var homeScreens: String {
        var ios = "", android = ""
        if let apple = files["apple-touch-icon.png"] {
            ios = "<div class=\"screen screen-ios\" role=\"group\" aria-label=\"iPhone home screen\"><span class=\"screen-name\">iPhone</span>"
                + app("<img class=\"mask-ios\" src=\"\(Gallery.url(apple.path))\" width=\"60\" height=\"60\" alt=\"\(HTML.escaped(title)): apple-touch-icon.png on an iPhone home screen\">")
                + "</div>"
        }
        var icons: [String] = []
        if let maskable = files["icon-maskable-512.png"] {
            for mask in ["circle", "squircle"] {
                icons.append(app("<img class=\"mask-\(mask)\" src=\"\(Gallery.url(maskable.path))\" width=\"48\" height=\"48\" alt=\"\(HTML.escaped(title)): icon-maskable-512.png under a \(mask) mask\">"))
            }
        }
        if let mono = files["icon-monochrome-512.png"] {
            icons.append(app("<span class=\"themed\"><img src=\"\(Gallery.url(mono.path))\" width=\"48\" height=\"48\" alt=\"\(HTML.escaped(title)): icon-monochrome-512.png, tinted as a themed icon\"></span>"))
        }
        if !icons.isEmpty {
            android = "<div class=\"screen screen-android\" role=\"group\" aria-label=\"Android home screen\"><span class=\"screen-name\">Android</span>" + icons.joined() + "</div>"
        }
        var safe = ""
        if let maskable = files["icon-maskable-512.png"] {
            safe = "<div class=\"safezone\" role=\"group\" aria-label=\"The maskable icon whole, its safe circle of 80 % dashed\"><span class=\"screen-name\">safe zone</span>"
                + "<span class=\"safe-frame\"><img src=\"\(Gallery.url(maskable.path))\" width=\"64\" height=\"64\" alt=\"\(HTML.escaped(title)): icon-maskable-512.png whole, with its 80 % safe circle\"></span></div>"
        }
        let all = ios + android + safe
        return all.isEmpty ? "" : "<div class=\"screens\">" + all + "</div>"
    }

    /// One app on a home screen: its icon, its name under it.
    private func app(_ icon: String) -> String {
        "<div class=\"app\">\(icon)<span class=\"app-label\" aria-hidden=\"true\">\(HTML.escaped(title))</span></div>"
    }

    /// The page's rules for these cards (in the page's `<style>`), and the
    /// filter that tints the monochrome icon.
    static let style = """
        .webicons { margin: 8px 0 4px; display: flex; flex-direction: column; gap: 6px; }
        .strip { display: flex; align-items: flex-end; height: 34px; padding: 0 8px; border-radius: 8px; overflow: hidden; font: 12px/1 system-ui, sans-serif; }
        .strip-light { background: #dee1e6; color: #3c4043; color-scheme: light; border-bottom: 6px solid #fff; box-shadow: 0 0 0 1px #dadce0; }
        .strip-dark { background: #202124; color: #9aa0a6; color-scheme: dark; border-bottom: 6px solid #35363a; }
        .tab { flex: 0 1 140px; min-width: 0; height: 28px; display: flex; align-items: center; gap: 8px; padding: 0 8px 0 12px; border-radius: 8px 8px 0 0; }
        .tab img { flex: none; }
        .strip-light .tab-on { background: #fff; color: #1f1f1f; } .strip-dark .tab-on { background: #35363a; color: #e8eaed; }
        .tab-title { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .tab-close, .tab-new { flex: none; font-size: 14px; opacity: .7; } .tab-new { padding: 0 0 8px 10px; font-size: 18px; }
        .pinned { display: flex; gap: 6px; }
        .strip-2x { flex: 1; height: 68px; padding: 0 16px; border-radius: 16px; border-bottom-width: 12px; }
        .strip-2x .tab { flex: 0 0 80px; height: 56px; padding: 0; justify-content: center; border-radius: 16px 16px 0 0; }
        .screens { display: flex; flex-wrap: wrap; gap: 6px; }
        .screen, .safezone { display: flex; align-items: flex-start; gap: 10px; padding: 22px 10px 8px; border-radius: 12px; position: relative; }
        .screen-ios { background: linear-gradient(160deg, #2b5876, #4e4376); }
        .screen-android { background: linear-gradient(160deg, #1d3b34, #5b7f6a); }
        .safezone { background: #f4f4f5; border: 1px solid #e4e4e7; }
        .screen-name { position: absolute; top: 5px; left: 10px; font-size: 10px; line-height: 1; color: #fff; opacity: .8; }
        .safezone .screen-name { color: #52525b; }
        .app { width: 60px; display: flex; flex-direction: column; align-items: center; gap: 4px; }
        .app-label { width: 64px; font-size: 11px; line-height: 1.2; color: #fff; text-align: center; text-shadow: 0 1px 2px rgba(0,0,0,.6); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .mask-ios { clip-path: \(Superellipse.clipPath(exponent: 5)); }
        .mask-circle { clip-path: circle(50%); }
        .mask-squircle { clip-path: \(Superellipse.clipPath(exponent: 4)); }
        .themed { width: 48px; height: 48px; border-radius: 50%; background: #d3e3fd; overflow: hidden; line-height: 0; }
        .themed img { filter: url(#logoc-tint); }
        .safe-frame { position: relative; line-height: 0; }
        .safe-frame::after { content: ""; position: absolute; inset: 10%; border-radius: 50%; border: 1px dashed #e11d48; box-shadow: 0 0 0 1px rgba(255,255,255,.7); }
        """

    /// An SVG filter (placed once in the page) that paints every opaque
    /// pixel in one colour, as Android 13 tints a themed icon; CSS has no
    /// tint of its own, and a CSS mask of a file is refused from file:// pages.
    static let tintFilter = """
        <svg width="0" height="0" style="position:absolute" aria-hidden="true"><filter id="logoc-tint" color-interpolation-filters="sRGB"><feFlood flood-color="#0b57d0"/><feComposite in2="SourceAlpha" operator="in"/></filter></svg>
        """
}
