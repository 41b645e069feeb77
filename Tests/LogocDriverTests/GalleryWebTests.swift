import Foundation
import Testing
@testable import LogocDriver

/// Issue #18, part 5: a gallery card shows a spec's web target files where
/// they land — the favicon in light and dark browser tabs at 16 and 32 px,
/// the apple-touch-icon on a home screen, the maskable icon under a circle
/// and a squircle mask, the monochrome icon tinted — and a card without
/// target files is as it was.
@Suite struct GalleryWebTests {
    static func base64(_ bytes: [UInt8]) -> String { "data:image/png;base64," + Data(bytes).base64EncodedString() }

    @Test func aCardWithoutTargetFilesKeepsItsMarkup() {
        let entries = [("team/jane-doe-dark.png", "png", "dark", 8.1), ("team/jane-doe.png", "png", "light", 4.97), ("team/jane-doe.svg", "svg", "light", 4.97)]
            .map { path, format, variant, contrast in
                Manifest.Entry(path: path, spec: "Specs/team/jane-doe.yaml", name: "jane-doe", format: format, scale: 1, variant: variant, width: 128,
                               height: 128, sha256: "", contrast: contrast, warnings: ["w"], title: "Jane Doe")
            }
        // The card as logoc wrote it before targets existed (Gallery.formatVersion 2).
        let expected = """
            <figure data-folder="team" data-search="jane doe jane-doe specs/team/jane-doe.yaml team">
              <div class="backdrops"><div class="light"><img src="team/jane-doe.png" alt="Jane Doe, light" width="128" height="128"></div>\
            <div class="dark"><img src="team/jane-doe-dark.png" alt="Jane Doe, dark" width="128" height="128"></div></div>
              <figcaption><strong>Jane Doe</strong><br><code>jane-doe</code><br><code>Specs/team/jane-doe.yaml</code><br>contrast 4.97:1, dark 8.1:1\
            <ul><li><a href="team/jane-doe-dark.png">jane-doe-dark.png</a> <span>128×128</span></li><li><a href="team/jane-doe.png">jane-doe.png</a> \
            <span>128×128</span></li><li><a href="team/jane-doe.svg">jane-doe.svg</a> <span>128×128</span></li></ul><ul class="warnings"><li>w</li></ul></figcaption>
            </figure>

            """
        #expect(String(decoding: Gallery.cards(entries), as: UTF8.self) == expected)
    }

    @Test func aCardWithWebTargetFilesShowsThemWhereTheyLand() throws {
        let folder = try WebTargetFolder()
        let card = String(decoding: Gallery.cards(folder.entries, outputFolder: folder.output), as: UTF8.self)
        let ico16 = try #require(folder.faviconImages[16]), ico32 = try #require(folder.faviconImages[32])
        let dir = WebTargetFolder.folder
        // Still one card, its picture the spec's own PNG, not a target's.
        #expect(card.components(separatedBy: "<figure").count == 2)
        #expect(card.contains("<div class=\"light\"><img src=\"team/jane-doe.png\" alt=\"Jane Doe, light\""))
        // The tabs: favicon.ico's own 16 and 32 px images (taken out of the file), and favicon.svg.
        for theme in ["light", "dark"] {
            #expect(card.contains("<div class=\"strip strip-\(theme)\" role=\"group\" aria-label=\"Jane Doe in \(theme) browser tabs, 16 px\">"
                + "<div class=\"tab tab-on\"><img src=\"\(Self.base64(ico16))\" data-file=\"\(dir)favicon.ico\" width=\"16\" height=\"16\" "
                + "alt=\"favicon.ico, its 16 px image, on a \(theme) tab\"><span class=\"tab-title\">Jane Doe</span>"), "\(card)")
            #expect(card.contains("<div class=\"tab\"><img src=\"\(dir)favicon.svg\" width=\"16\" height=\"16\" alt=\"favicon.svg at 16 px on a \(theme) tab\">"))
            #expect(card.contains("<div class=\"tab tab-on\"><img src=\"\(Self.base64(ico32))\" data-file=\"\(dir)favicon.ico\" width=\"32\" height=\"32\" "
                + "alt=\"favicon.ico, its 32 px image, on a \(theme) tab on a 2× screen\"></div>"))
        }
        #expect(card.contains("<img class=\"mask-ios\" src=\"\(dir)apple-touch-icon.png\" width=\"60\" height=\"60\" "
            + "alt=\"Jane Doe: apple-touch-icon.png on an iPhone home screen\"><span class=\"app-label\" aria-hidden=\"true\">Jane Doe</span>"))
        for mask in ["circle", "squircle"] {
            #expect(card.contains("<img class=\"mask-\(mask)\" src=\"\(dir)icon-maskable-512.png\" width=\"48\" height=\"48\" "
                + "alt=\"Jane Doe: icon-maskable-512.png under a \(mask) mask\">"))
        }
        #expect(card.contains("<span class=\"themed\"><img src=\"\(dir)icon-monochrome-512.png\" width=\"48\" height=\"48\""))
        #expect(card.contains("<span class=\"safe-frame\"><img src=\"\(dir)icon-maskable-512.png\" width=\"64\" height=\"64\""))
        // The files: the spec's own in the first list, the target's in their own, non-pictures without a size.
        #expect(card.contains("<ul><li><a href=\"team/jane-doe.png\">jane-doe.png</a> <span>128×128</span></li></ul>"
            + "<span class=\"target-name\">web target</span><ul class=\"target-files\"><li><a href=\"\(dir)favicon.ico\">favicon.ico</a> <span>48×48</span></li>"))
        #expect(card.contains("<li><a href=\"\(dir)manifest.webmanifest\">manifest.webmanifest</a></li><li><a href=\"\(dir)head.html\">head.html</a></li></ul>"))
        // The contrast is the spec's own output's.
        #expect(card.contains("contrast 4.97:1<ul>"))
    }

    @Test func withoutTheFilesTheTabsShowFaviconIcoItself() throws {
        let folder = try WebTargetFolder()
        let card = String(decoding: Gallery.cards(folder.entries, outputFolder: nil), as: UTF8.self)
        let dir = WebTargetFolder.folder
        #expect(card.contains("<img src=\"\(dir)favicon.ico\" data-file=\"\(dir)favicon.ico\" width=\"16\" height=\"16\" alt=\"favicon.ico on a light tab\">"))
        #expect(!card.contains("data:image"))
    }

    @Test func onlyNonPictureTargetFilesAddNoMockUps() {
        let entries = [("a.png", nil), ("web/a/manifest.webmanifest", "web"), ("web/a/head.html", "web")].map { path, target in
            Manifest.Entry(path: path, spec: "Specs/a.yaml", name: "a", format: "png", scale: 1, variant: "light", width: 0, height: 0, sha256: "",
                           contrast: nil, warnings: [], target: target)
        }
        let card = String(decoding: Gallery.cards(entries), as: UTF8.self)
        #expect(!card.contains("webicons"))
        #expect(card.contains("<span class=\"target-name\">web target</span>"))
    }

    @Test func theCacheKeepsTheTargetAndReadsFaviconImagesFromTheOutputFolder() throws {
        let folder = try WebTargetFolder()
        let records = folder.entries.map { BuildCache.OutputRecord(key: "k", tree: "t", stamp: FileStamp(size: 1, mtime: 2, inode: 3, sha256: $0.sha256), entry: $0) }
        let group = BuildCache.group(dependencies: [:], outputs: records, fresh: true, outputFolder: folder.output)
        let decoded = try #require(BuildCache.decode(lines: group.lines, spec: WebTargetFolder.spec))
        #expect(decoded.outputs[WebTargetFolder.folder + "favicon.ico"]?.entry.target == "web")
        #expect(decoded.outputs["team/jane-doe.png"]?.entry.target == nil)
        #expect(decoded.outputs.values.map(\.entry).sorted { $0.path < $1.path } == folder.entries.sorted { $0.path < $1.path })
        let ico16 = try #require(folder.faviconImages[16])
        #expect(String(decoding: group.gallery, as: UTF8.self).contains(Self.base64(ico16)))
    }

    @Test func manifestLinesNameTheTargetOnlyWhenThereIsOne() throws {
        let own = Manifest.Entry(path: "a.png", spec: "Specs/a.yaml", name: "a", format: "png", scale: 1, variant: "light", width: 16, height: 16,
                                 sha256: "00", contrast: nil, warnings: [])
        var web = own
        (web.path, web.format, web.target) = ("web/a/favicon.ico", "ico", "web")
        let lines = String(decoding: Manifest.lines([own, web]), as: UTF8.self).components(separatedBy: ",\n")
        #expect(lines[0].hasSuffix("\"warnings\": [], \"fingerprint\": null}"))
        #expect(lines[1].hasSuffix("\"warnings\": [], \"fingerprint\": null, \"target\": \"web\"}"))
        let file = Manifest.file([Manifest.lines([own, web])[...]]).flatMap { $0 }
        let read = try JSONDecoder().decode(Manifest.self, from: Data(file))
        #expect(read.outputs == [own, web])
    }
}

/// The web mock-ups as Chromium shows them: every picture the card should
/// show is in the page with its source, size and text, and loaded — the
/// tabs' favicon.ico images at their own 16 and 32 px (an `<img>` of the ICO
/// would load its 48 px image) — under the masks and tab colours meant.
@Suite struct GalleryWebChromiumTests {
    /// One image as the page has it, read back from the DOM.
    struct Shown: Decodable, Equatable {
        var src: String
        var alt: String
        var width: Int
        var height: Int
        var natural: Int
        var clip: String
    }

    @Test func everyPictureOfTheWebMockUpsLoadsInChromium() throws {
        let folder = try WebTargetFolder()
        let cards = Gallery.cards(folder.entries, outputFolder: folder.output)
        let page = Gallery.pieces(count: folder.entries.count, cards: [cards[...]]).flatMap { $0 }
        try Data(page).write(to: URL(fileURLWithPath: folder.output + "/index.html"))
        guard let dom = try GalleryLinkTests.dom(root: folder.root, output: folder.output, script: """
            const images = [...gallery.querySelectorAll(".webicons img")].map(i => ({src: i.getAttribute("src"), alt: i.alt, width: i.width,
              height: i.height, natural: i.complete ? i.naturalWidth : -1, clip: getComputedStyle(i).clipPath}));
            document.body.dataset.images = JSON.stringify(images);
            const colour = s => getComputedStyle(gallery.querySelector(s)).backgroundColor;
            document.body.dataset.tabs = [".strip-light", ".strip-light .tab-on", ".strip-dark", ".strip-dark .tab-on"].map(colour).join("|");
            document.body.dataset.loaded = gallery.body.dataset.loaded;
            document.body.dataset.groups = [...gallery.querySelectorAll(".webicons [role=group]")].map(g => g.getAttribute("aria-label")).join("|");
            """) else { return }
        let json = try #require(Self.attribute("data-images", in: dom), "\(dom.prefix(500))")
        let shown = try JSONDecoder().decode([Shown].self, from: Data(json.utf8))
        let dir = WebTargetFolder.folder
        let ico16 = GalleryWebTests.base64(try #require(folder.faviconImages[16])), ico32 = GalleryWebTests.base64(try #require(folder.faviconImages[32]))
        let squircle = "polygon(", none = "none"
        func tabs(_ theme: String) -> [Shown] {
            [Shown(src: ico16, alt: "favicon.ico, its 16 px image, on a \(theme) tab", width: 16, height: 16, natural: 16, clip: none),
             Shown(src: dir + "favicon.svg", alt: "favicon.svg at 16 px on a \(theme) tab", width: 16, height: 16, natural: 16, clip: none)]
        }
        func pinned(_ theme: String) -> [Shown] {
            [Shown(src: ico32, alt: "favicon.ico, its 32 px image, on a \(theme) tab on a 2× screen", width: 32, height: 32, natural: 32, clip: none),
             Shown(src: dir + "favicon.svg", alt: "favicon.svg at 32 px on a \(theme) tab on a 2× screen", width: 32, height: 32, natural: 16, clip: none)]
        }
        let expected = tabs("light") + tabs("dark") + pinned("light") + pinned("dark") + [
            Shown(src: dir + "apple-touch-icon.png", alt: "Jane Doe: apple-touch-icon.png on an iPhone home screen", width: 60, height: 60, natural: 180, clip: squircle),
            Shown(src: dir + "icon-maskable-512.png", alt: "Jane Doe: icon-maskable-512.png under a circle mask", width: 48, height: 48, natural: 512, clip: "circle(50%)"),
            Shown(src: dir + "icon-maskable-512.png", alt: "Jane Doe: icon-maskable-512.png under a squircle mask", width: 48, height: 48, natural: 512, clip: squircle),
            Shown(src: dir + "icon-monochrome-512.png", alt: "Jane Doe: icon-monochrome-512.png, tinted as a themed icon", width: 48, height: 48, natural: 512, clip: none),
            Shown(src: dir + "icon-maskable-512.png", alt: "Jane Doe: icon-maskable-512.png whole, with its 80 % safe circle", width: 64, height: 64, natural: 512, clip: none),
        ]
        // The clip paths are compared by kind (the polygons' points are Superellipse's).
        #expect(shown.map { var s = $0; if s.clip.hasPrefix("polygon(") { s.clip = squircle }; return s } == expected)
        // iOS's continuous corners and Android's squircle are two different superellipses.
        let polygons = shown.map(\.clip).filter { $0.hasPrefix("polygon(") }
        #expect(polygons.count == 2 && polygons[0] != polygons[1])
        // Chrome's tab strip colours: light #DEE1E6 with a white tab, dark #202124 with #35363A.
        #expect(Self.attribute("data-tabs", in: dom) == "rgb(222, 225, 230)|rgb(255, 255, 255)|rgb(32, 33, 36)|rgb(53, 54, 58)")
        // The page's own count: every image of the page (the card's two previews too) loaded.
        #expect(Self.attribute("data-loaded", in: dom) == "\(expected.count + 2)/\(expected.count + 2)")
        // Each mock-up is labelled for a screen reader.
        #expect(Self.attribute("data-groups", in: dom)?.components(separatedBy: "|").count == 7)
        #expect(Self.attribute("data-groups", in: dom)?.contains("Jane Doe in dark pinned browser tabs, 32 px (a 2× screen)") == true)

        // A picture of it (LOGOC_GALLERY_SCREENSHOT keeps it where it says, for a person to look at).
        let shot = ProcessInfo.processInfo.environment["LOGOC_GALLERY_SCREENSHOT"] ?? folder.root + "/gallery.png"
        let (status, _) = try OutputTests.run("/usr/bin/chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=\(folder.root)/chromium", "--window-size=420,900", "--screenshot=\(shot)", "file://\(folder.output)/index.html"])
        #expect(status == 0 && FileManager.default.fileExists(atPath: shot))
    }

    /// The value of the first `name="…"` attribute of the dump, unescaped.
    static func attribute(_ name: String, in dom: String) -> String? {
        guard let start = dom.range(of: name + "=\"") else { return nil }
        guard let end = dom[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(dom[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
