import Foundation
import LogocCore

/// `DIR/index.html`: every output of the manifest on a light and a dark
/// backdrop, with its files and sizes, spec, measured contrast and warnings,
/// and a spec's web target files where browsers and phones show them.
/// Self-contained: inline CSS, images by relative path, nothing from a network.
enum Gallery {
    static let fileName = "index.html"
    /// The format of the page and its cards. The build cache keeps each
    /// spec's cards as bytes and records this: raise it whenever the cards'
    /// or page's markup changes, and every cache made before is ignored once
    /// (cards without people's names were version 1; cards before targets, 2).
    static let formatVersion = 3
    /// How a gallery is told from another page named index.html (Bookkeeping).
    static let title = "<title>logoc gallery</title>"

    /// One card per spec: its name (the person's, from `initials`, when it
    /// has one), the light picture on a light page beside the dark variant
    /// on a dark page (the light picture on both when there is no dark
    /// variant), its files, contrast and warnings. Cards carry their output
    /// folder and the words the search box matches; the page's script groups
    /// them by folder. A spec with web target files also shows them where
    /// they land (`GalleryWebCard`), and lists them apart from its own
    /// outputs; a card without target files is as before targets existed.
    /// `outputFolder` is where the files are, for favicon.ico's small images.
    static func cards(_ entries: [Manifest.Entry], outputFolder: String? = nil) -> [UInt8] {
        var groups: [(key: String, entries: [Manifest.Entry])] = []
        var index: [String: Int] = [:]
        for entry in entries {
            let key = entry.spec + "\u{0}" + entry.name
            if let i = index[key] { groups[i].entries.append(entry) } else { index[key] = groups.count; groups.append((key, [entry])) }
        }
        var cards = ""
        for group in groups {
            let own = group.entries.filter { $0.target == nil }, targeted = group.entries.filter { $0.target != nil }
            let shown = own.isEmpty ? group.entries : own
            let light = shown.filter { $0.variant != "dark" }, dark = shown.filter { $0.variant == "dark" }
            guard let first = light.first ?? dark.first else { continue }
            let lightPreview = preview(light) ?? first, darkPreview = preview(dark) ?? lightPreview
            let title = first.title ?? first.name
            let folder = (first.path as NSString).deletingLastPathComponent
            let files = fileItems(shown)
            var contrast = first.contrast.map { "\($0):1" } ?? "no text"
            if let d = dark.first, let c = d.contrast { contrast += ", dark \(c):1" }
            let warnings = Array(Set(group.entries.flatMap(\.warnings))).sorted()
            let warningList = warnings.isEmpty ? "" : "<ul class=\"warnings\">" + warnings.map { "<li>\(text($0))</li>" }.joined() + "</ul>"
            let search = [title, first.name, first.spec, folder].joined(separator: " ").lowercased()
            let nameLine = title == first.name ? "" : "<br><code>\(text(first.name))</code>"
            let web = own.isEmpty ? nil : GalleryWebCard(title: title, entries: targeted, outputFolder: outputFolder)
            let android = own.isEmpty ? nil : GalleryAndroidCard(title: title, entries: targeted)
            let ios = own.isEmpty ? nil : GalleryIOSCard(title: title, name: first.name, entries: targeted)
            cards += """
                <figure data-folder="\(attr(folder))" data-search="\(attr(search))">
                  <div class="backdrops"><div class="light"><img src="\(url(lightPreview.path))" alt="\(attr(title)), light" width="128" height="128"></div><div class="dark"><img src="\(url(darkPreview.path))" alt="\(attr(title)), \(dark.isEmpty ? "on a dark page" : "dark")" width="128" height="128"></div></div>
                \(web.map { "  " + $0.markup + "\n" } ?? "")\(ios.map { "  " + $0.markup + "\n" } ?? "")\(android.map { "  " + $0.markup + "\n" } ?? "")  <figcaption><strong>\(text(title))</strong>\(nameLine)<br><code>\(text(first.spec))</code><br>contrast \(contrast)<ul>\(files)</ul>\(own.isEmpty ? "" : targetLists(targeted))\(warningList)</figcaption>
                </figure>

                """
        }
        return Array(cards.utf8)
    }

    /// A card's list items of files: each name linked, with its pixel size
    /// (none for a file that is not a picture, such as head.html).
    private static func fileItems(_ entries: [Manifest.Entry]) -> String {
        entries.map { e in
            let size = e.width == 0 && e.target != nil ? "" : " <span>\(e.width)×\(e.height)</span>"
            // An Android file's name repeats in every density folder: its folder tells them apart.
            let name = e.target == "android" ? e.path.split(separator: "/").suffix(2).joined(separator: "/") : (e.path as NSString).lastPathComponent
            return "<li><a href=\"\(url(e.path))\">\(text(name))</a>\(size)</li>"
        }.joined()
    }

    /// The files each target wrote, a list per target under its name.
    private static func targetLists(_ entries: [Manifest.Entry]) -> String {
        var names: [String] = []
        for e in entries { if let t = e.target, !names.contains(t) { names.append(t) } }
        return names.map { name in
            "<span class=\"target-name\">\(text(name)) target</span><ul class=\"target-files\">\(fileItems(entries.filter { $0.target == name }))</ul>"
        }.joined()
    }

    /// The picture a card shows of one variant: its 1× PNG, else its SVG,
    /// else its 1× WebP, JPEG or AVIF (which every current browser shows).
    private static func preview(_ entries: [Manifest.Entry]) -> Manifest.Entry? {
        entries.first { $0.format == "png" && $0.scale == 1 } ?? entries.first { $0.format == "svg" }
            ?? ["webp", "jpeg", "avif"].lazy.compactMap { format in entries.first { $0.format == format && $0.scale == 1 } }.first
            ?? entries.first
    }

    /// The page around already made cards, as pieces to write one after
    /// another (the cards are the groups' own bytes). `cards` is gone
    /// through once here (does a card need the Android rules?) and again
    /// as the pieces are: it may read the cards from their file each time.
    static func pieces(count: Int, cards: some Sequence<ArraySlice<UInt8>>) -> some Sequence<ArraySlice<UInt8>> {
        // The Android cards' rules only when a card has them, so that a
        // gallery without Android targets stays as it was.
        let marker = Array(GalleryAndroidCard.marker.utf8)
        let android = cards.contains { card in card.withUnsafeBufferPointer { Self.contains($0, marker) } }
        return [AnySequence([Array(head(count: count, android: android).utf8)[...]]), AnySequence(cards), AnySequence([Array(foot.utf8)[...]])].joined()
    }

    /// Whether `bytes` holds `needle`.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == first, needle.indices.allSatisfy({ bytes[i + $0] == needle[$0] }) { return true }
            i += 1
        }
        return false
    }

    private static func head(count: Int, android: Bool = false) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(title)
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f6f6f8; color: #1d1d1f; }
        main, .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
        main.grouped { display: block; } section.folder { margin-bottom: 24px; } section.folder h2 { font-size: 16px; margin: 0 0 8px; }
        #search { font: inherit; padding: 6px 10px; width: min(420px, 100%); margin-bottom: 16px; border: 1px solid #d4d4d8; border-radius: 8px; }
        [hidden] { display: none !important; }
        figure { margin: 0; background: #fff; border-radius: 12px; padding: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        .backdrops { display: flex; gap: 8px; }
        .backdrops div { padding: 8px; border-radius: 8px; line-height: 0; }
        .light { background: #fff; border: 1px solid #e4e4e7; } .dark { background: #18181b; }
        figcaption ul { margin: 4px 0 0; padding-left: 18px; } code { font-size: 12px; }
        .warnings { color: #b45309; } .target-name { display: block; margin-top: 4px; }
        \(GalleryWebCard.style)
        \(android ? GalleryAndroidCard.style + "\n" : "")</style>
        </head>
        <body>
        <h1>logoc gallery</h1>
        <p>\(count) file\(count == 1 ? "" : "s"); each spec shown on a light page and, beside it, its dark variant on a dark page.</p>
        <input type="search" id="search" placeholder="Search names, specs and folders" aria-label="Search names, specs and folders">
        \(GalleryWebCard.tintFilter)
        <main>

        """
    }

    private static let foot = """
        </main>
        <script>
        // Cards grouped under their output folder, in the order they come.
        (() => {
          const main = document.querySelector("main");
          const sections = new Map();
          for (const card of [...main.querySelectorAll("figure")]) {
            const folder = card.dataset.folder;
            if (!sections.has(folder)) {
              const section = document.createElement("section");
              section.className = "folder";
              section.dataset.folder = folder;
              const heading = document.createElement("h2");
              heading.textContent = folder === "" ? "(top folder)" : folder + "/";
              const cards = document.createElement("div");
              cards.className = "cards";
              section.append(heading, cards);
              main.append(section);
              sections.set(folder, cards);
            }
            sections.get(folder).append(card);
          }
          main.classList.add("grouped");
          // The search box shows the cards whose name, spec or folder holds every word typed.
          const search = document.getElementById("search");
          search.addEventListener("input", () => {
            const words = search.value.toLowerCase().split(/\\s+/).filter(w => w);
            for (const card of main.querySelectorAll("figure")) {
              card.hidden = !words.every(w => card.dataset.search.includes(w));
            }
            for (const section of main.querySelectorAll("section.folder")) {
              section.hidden = !section.querySelector("figure:not([hidden])");
            }
          });
        })();
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
