import Foundation
import LogocCore

/// `DIR/index.html`: every output of the manifest on a light and a dark
/// backdrop, with its files and sizes, spec, measured contrast and warnings.
/// Self-contained: inline CSS, images by relative path, nothing from a network.
enum Gallery {
    static let fileName = "index.html"
    /// How a gallery is told from another page named index.html (Bookkeeping).
    static let title = "<title>logoc gallery</title>"

    /// One card per spec and variant, in the entries' order.
    static func cards(_ entries: [Manifest.Entry]) -> [UInt8] {
        var groups: [(key: String, entries: [Manifest.Entry])] = []
        var index: [String: Int] = [:]
        for entry in entries {
            let key = entry.spec + "\u{0}" + entry.name + "\u{0}" + entry.variant
            if let i = index[key] { groups[i].entries.append(entry) } else { index[key] = groups.count; groups.append((key, [entry])) }
        }
        var cards = ""
        for group in groups {
            guard let first = group.entries.first else { continue }
            let preview = group.entries.first { $0.format == "png" && $0.scale == 1 } ?? group.entries.first { $0.format == "svg" } ?? first
            let files = group.entries.map { e in
                "<li><a href=\"\(url(e.path))\">\(text((e.path as NSString).lastPathComponent))</a> <span>\(e.width)×\(e.height)</span></li>"
            }.joined()
            let contrast = first.contrast.map { "\($0):1" } ?? "no text"
            let warnings = first.warnings.isEmpty ? "" : "<ul class=\"warnings\">" + first.warnings.map { "<li>\(text($0))</li>" }.joined() + "</ul>"
            cards += """
                <figure data-spec="\(attr(first.spec))">
                  <div class="backdrops"><div class="light"><img src="\(url(preview.path))" alt="\(attr(first.name))" width="128" height="128"></div><div class="dark"><img src="\(url(preview.path))" alt="\(attr(first.name)) on dark" width="128" height="128"></div></div>
                  <figcaption><strong>\(text(first.name))\(first.variant == "dark" ? " <em>dark</em>" : "")</strong><br><code>\(text(first.spec))</code><br>contrast \(contrast)<ul>\(files)</ul>\(warnings)</figcaption>
                </figure>

                """
        }
        return Array(cards.utf8)
    }

    /// The page around already made cards, as pieces to write one after
    /// another (the cards are the groups' own bytes).
    static func pieces(count: Int, cards: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
        [Array(head(count: count).utf8)[...]] + cards + [Array(foot.utf8)[...]]
    }

    private static func head(count: Int) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(title)
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f6f6f8; color: #1d1d1f; }
        main { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 16px; }
        figure { margin: 0; background: #fff; border-radius: 12px; padding: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        .backdrops { display: flex; gap: 8px; }
        .backdrops div { padding: 8px; border-radius: 8px; line-height: 0; }
        .light { background: #fff; border: 1px solid #e4e4e7; } .dark { background: #18181b; }
        figcaption ul { margin: 4px 0 0; padding-left: 18px; } code { font-size: 12px; }
        .warnings { color: #b45309; }
        </style>
        </head>
        <body>
        <h1>logoc gallery</h1>
        <p>\(count) file\(count == 1 ? "" : "s"); each shown on a light and a dark page.</p>
        <main>

        """
    }

    private static let foot = """
        </main>
        <script>
        // Counts the images that loaded, for tests (tools/gallery-check.sh).
        addEventListener("load", () => {
          const images = [...document.images];
          const shown = images.filter(i => i.complete && i.naturalWidth > 0).length;
          document.body.dataset.loaded = shown + "/" + images.length;
        });
        </script>
        </body>
        </html>

        """

    private static func text(_ s: String) -> String { HTML.escaped(s) }

    private static func attr(_ s: String) -> String { text(s) }

    /// An output's path as a relative URL (see `URIPath`).
    static func url(_ path: String) -> String { URIPath.encoded(path) }
}
