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
}
