import Foundation
import Testing
import LogocFrontend
@testable import LogocDriver

/// The gallery linked a folder named `javascript:…` as a clickable
/// `javascript:` URL that ran in Chromium (issue 15, item 7): every path in
/// an `href` or `src` is percent-encoded.
@Suite struct GalleryLinkTests {
    static let folder = "javascript:void(parent.document.body.setAttribute('data-ran','1'))"

    @Test func pathsArePercentEncodedRelativeURLs() {
        #expect(Gallery.url("team/jane-doe@2x.png") == "team/jane-doe%402x.png")
        #expect(Gallery.url("javascript:alert(1)/x.png") == "javascript%3Aalert%281%29/x.png")
        #expect(Gallery.url("a b/#?%.png") == "a%20b/%23%3F%25.png")
        #expect(Gallery.url("é/x.png") == "%C3%A9/x.png")
    }

    @Test func clickingEveryLinkOfTheGalleryRunsNoScript() throws {
        guard let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile) else {
            Issue.record("chromium is not installed (make deps installs it)")
            return
        }
        let p = try IncrementalTests.Project_()
        try p.write("Specs/\(Self.folder)/x.yaml", "background: \"#1565C0\"\ntext: X\n")
        let report = try p.build()
        #expect(report.failures.isEmpty && report.errorCount == 0)
        let gallery = try String(contentsOfFile: p.output + "/index.html", encoding: .utf8)
        #expect(!gallery.contains("href=\"javascript:"))
        // A page of the test's that opens the gallery in a frame and clicks
        // each link into the odd folder; a script that ran would mark it.
        let harness = """
            <!doctype html><html><body><iframe id="f" src="dist/index.html"></iframe>
            <script>
            addEventListener("load", () => {
              const links = [...document.getElementById("f").contentDocument.querySelectorAll("a")]
                .filter(a => a.getAttribute("href").includes("void"));
              document.body.dataset.links = String(links.length);
              for (const a of links) a.click();
            });
            </script></body></html>
            """
        try harness.write(toFile: p.root + "/harness.html", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--virtual-time-budget=5000",
                             "--user-data-dir=\(p.root)/chromium", "--dump-dom", "file://\(p.root)/harness.html"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(dom.contains("data-links=\"2\""), "the links were not found and clicked: \(dom.prefix(300))")
        #expect(!dom.contains("data-ran"), "a link of the gallery ran a script")
    }

    /// The page Chromium shows after its scripts ran (and after `script`, run
    /// in a harness page that holds the gallery in a frame, when given).
    static func dom(of project: IncrementalTests.Project_, script: String? = nil) throws -> String? {
        try dom(root: project.root, output: project.output, script: script)
    }

    /// The same for the gallery in `output`, a folder `dist` in `root`
    /// (where the harness page and Chromium's profile go).
    static func dom(root: String, output: String, script: String? = nil) throws -> String? {
        guard let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile) else {
            Issue.record("chromium is not installed (make deps installs it)")
            return nil
        }
        var page = "file://\(output)/index.html"
        if let script {
            let harness = """
                <!doctype html><html><body><iframe id="f" src="dist/index.html"></iframe>
                <script>
                addEventListener("load", () => { const gallery = document.getElementById("f").contentDocument; \(script) });
                </script></body></html>
                """
            try harness.write(toFile: root + "/harness.html", atomically: true, encoding: .utf8)
            page = "file://\(root)/harness.html"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--virtual-time-budget=5000",
                             "--user-data-dir=\(root)/chromium", "--dump-dom", page]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return dom
    }

    /// Issue #16, item 9: the gallery names people by their names, shows a
    /// spec's light and dark variants side by side in one card, groups cards
    /// by folder and has a search box that filters them.
    @Test func galleryShowsNamesVariantsSideBySideFoldersAndSearches() throws {
        let p = try IncrementalTests.Project_()
        try p.write("Specs/team/jane-doe.yaml", "background: \"#1565C0\"\ntext: {initials: Jane Doe}\ndark: {background: \"#0D1B2A\"}\n")
        try p.write("Specs/team/ada.yaml", "background: \"#2E7D32\"\ntext: {initials: Ada Lovelace}\n")
        try p.write("Specs/brand/acme.yaml", "background: \"#5B2EFF\"\ntext: ACME\n")
        let report = try p.build()
        #expect(report.failures.isEmpty && report.errorCount == 0)
        guard let dom = try Self.dom(of: p) else { return }
        // Folders, as sections in the order of the cards, each with its heading.
        let brand = try #require(dom.range(of: "<section class=\"folder\" data-folder=\"brand\"><h2>brand/</h2>"), "\(dom)")
        let team = try #require(dom.range(of: "<section class=\"folder\" data-folder=\"team\"><h2>team/</h2>"), "\(dom)")
        #expect(brand.lowerBound < team.lowerBound)
        let teamPart = dom[team.lowerBound...]
        // One card for Jane Doe: her name, the light picture beside the dark variant.
        // The project's four top-level specs, and these three: Jane Doe's two variants are one card.
        #expect(dom.components(separatedBy: "<figure").count - 1 == 7, "\(dom)")
        #expect(dom.contains("<section class=\"folder\" data-folder=\"\"><h2>(top folder)</h2>"), "\(dom)")
        #expect(teamPart.contains("<strong>Jane Doe</strong>") && teamPart.contains("<strong>Ada Lovelace</strong>"), "\(dom)")
        #expect(dom.contains("<div class=\"light\"><img src=\"team/jane-doe.png\" alt=\"Jane Doe, light\""), "\(dom)")
        #expect(dom.contains("<div class=\"dark\"><img src=\"team/jane-doe-dark.png\" alt=\"Jane Doe, dark\""), "\(dom)")
        // Without a dark variant, the light picture is shown on the dark page too.
        #expect(dom.contains("<div class=\"dark\"><img src=\"team/ada.png\" alt=\"Ada Lovelace, on a dark page\""), "\(dom)")
        #expect(dom.contains("<input type=\"search\" id=\"search\""), "\(dom)")

        // Typing into the search box leaves only the matching card and its folder.
        guard let searched = try Self.dom(of: p, script: """
            const box = gallery.getElementById("search");
            box.value = "jane"; box.dispatchEvent(new Event("input"));
            const shown = [...gallery.querySelectorAll("figure")].filter(f => !f.hidden).map(f => f.querySelector("strong").textContent);
            const folders = [...gallery.querySelectorAll("section.folder")].filter(s => !s.hidden).map(s => s.dataset.folder);
            document.body.dataset.shown = shown.join("|"); document.body.dataset.folders = folders.join("|");
            box.value = "LOVELACE team"; box.dispatchEvent(new Event("input"));
            document.body.dataset.second = [...gallery.querySelectorAll("figure")].filter(f => !f.hidden).map(f => f.querySelector("strong").textContent).join("|");
            """) else { return }
        #expect(searched.contains("data-shown=\"Jane Doe\""), "\(searched.prefix(400))")
        #expect(searched.contains("data-folders=\"team\""), "\(searched.prefix(400))")
        #expect(searched.contains("data-second=\"Ada Lovelace\""), "\(searched.prefix(400))")
    }
}
