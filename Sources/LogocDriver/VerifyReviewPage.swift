import Foundation
import LogocCore

/// `index.html` in `logoc verify`'s diff folder: every changed image as its
/// captioned expected | actual | difference sheet with the pixel count, then
/// the outputs with no golden image and the golden images no spec draws.
/// Self-contained (inline CSS, images by relative path), like the gallery.
enum VerifyReviewPage {
    static let fileName = "index.html"

    static func html(_ report: VerifyRun.Report) -> String {
        var body = ""
        for (path, result) in report.changed {
            let detail = result.sameSize
                ? "\(result.differing) of \(result.total) pixels differ (largest channel difference \(result.maxDelta))"
                : "the size changed"
            body += """
                <section class="changed"><h2>\(HTML.escaped(path))</h2><p>\(detail)</p>
                <img src="\(URIPath.encoded(path))" alt="expected, actual and difference of \(HTML.escaped(path))"></section>

                """
        }
        func list(_ title: String, _ paths: [String], _ why: String) -> String {
            guard !paths.isEmpty else { return "" }
            return "<section class=\"\(title.lowercased())\"><h2>\(title)</h2><p>\(why)</p><ul>"
                + paths.map { "<li><code>\(HTML.escaped($0))</code></li>" }.joined() + "</ul></section>\n"
        }
        body += list("New", report.added, "No golden image yet: run <code>logoc verify --update</code> to record them.")
        body += list("Removed", report.removed, "Golden images that no spec draws any more.")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>logoc verify: visual changes</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f6f6f8; color: #1d1d1f; }
            section { background: #fff; border-radius: 12px; padding: 12px 16px; margin-bottom: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
            h2 { font-size: 16px; margin: 0 0 4px; } img { max-width: 100%; height: auto; }
            </style>
            </head>
            <body>
            <h1>logoc verify: visual changes</h1>
            <p>\(report.matched) matched, \(report.changed.count) changed, \(report.added.count) new, \(report.removed.count) removed. Each change shows the expected image (the golden), the actual render and their difference (differing pixels in red).</p>
            \(body)</body>
            </html>

            """
    }
}
