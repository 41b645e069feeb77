import Foundation
import Testing
import LogocCore
@testable import LogocDriver
import LogocFrontend

/// `targets: {web: favicon}` (docs/targets.md): the files, read by other
/// programs than logoc (Pillow, icotool, rsvg-convert, Chromium, a JSON
/// Schema validator); the checks where icons land (W005, W006) on both
/// sides of their thresholds; E018 for targets; and the files as outputs
/// of the build engine (cache, pruning, clean, clashes).
struct WebTargetTests {
    /// A project folder of spec files; removed when the test lets it go.
    final class Folder: @unchecked Sendable {
        let root = NSTemporaryDirectory() + "logoc-web-" + UUID().uuidString
        var output: String { root + "/dist" }

        init(_ files: [String: String]) throws {
            for (path, text) in files { try write(path, text) }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ path: String, _ text: String) throws {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        /// `check` without an output folder, `build` with one.
        func run(build: Bool = false) throws -> RunReport {
            let inputs = try Discovery.inputs([root + "/Specs"])
            return BuildRun.run(inputs, project: Project.load(root: root), options: .init(outputDirectory: build ? output : nil, jobs: 1))
        }

        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output + "/" + path) }
    }

    static func summary(_ report: RunReport) -> [String] {
        report.diagnostics.map { "\($0.code.rawValue)@\($0.span?.start.line ?? 0):\($0.span?.start.column ?? 0)" }
    }

    static let files = ["apple-touch-icon.png", "favicon.ico", "favicon.svg", "head.html", "icon-192.png", "icon-512.png",
                        "icon-maskable-512.png", "icon-monochrome-512.png", "manifest.webmanifest"]

    /// The showcase-like spec: a blue circle with initials, and a dark variant.
    static let jane = """
        name: jane
        background: "#1E88E5"
        text: {initials: Jane Doe}
        dark:
          background: "#0D47A1"
        targets: {web: favicon}
        """

    // MARK: small

    /// `small` reaches every width the set draws: the ICO's images, and
    /// favicon.svg (browsers show it on their tabs), which the manifest then
    /// offers at the favicon sizes rather than as `any`; W004 names the
    /// favicon when nothing small is drawn.
    @Test func smallReachesTheFaviconsAndW004NamesThem() throws {
        let plain = "name: acme\nbackground: \"#1E88E5\"\ntext: {content: ACME, color: white}\ntargets: {web: favicon}\n"
        let warned = try Folder(["Specs/acme.yaml": plain])
        let report = try warned.run()
        #expect(Self.summary(report) == ["W004@3:17"])
        #expect(report.diagnostics.first?.message.contains("in 'web/acme/favicon.ico' (16 px wide)") == true, "\(report.diagnostics)")
        let fixed = try Folder(["Specs/acme.yaml": plain + "small: {maxSize: 48, text: {content: A}}\n"])
        #expect(Self.summary(try fixed.run(build: true)) == [])
        let svg = try String(contentsOfFile: fixed.output + "/web/acme/favicon.svg", encoding: .utf8)
        let full = try String(contentsOfFile: fixed.output + "/acme.svg", encoding: .utf8)
        #expect(svg != full, "favicon.svg is the small drawing, not the spec's")
        let manifest = try String(contentsOfFile: fixed.output + "/web/acme/manifest.webmanifest", encoding: .utf8)
        #expect(manifest.contains(#"{"src": "favicon.svg", "sizes": "16x16 32x32 48x48""#))
        let unfixed = try Folder(["Specs/acme.yaml": plain])
        _ = try unfixed.run(build: true)
        #expect(try String(contentsOfFile: unfixed.output + "/web/acme/favicon.svg", encoding: .utf8)
                == String(contentsOfFile: unfixed.output + "/acme.svg", encoding: .utf8))
        #expect(try String(contentsOfFile: unfixed.output + "/web/acme/manifest.webmanifest", encoding: .utf8)
                .contains(#"{"src": "favicon.svg", "sizes": "any""#))
    }

    // MARK: E018

    @Test func unknownTargetsAndKindsAreE018AtThem() throws {
        let folder = try Folder(["Specs/a.yaml": """
            name: a
            targets:
              web: favicons
              ios: images
              andriod: adaptive
            """])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E018@3:8", "E018@4:8", "E018@5:3"])
        #expect(report.diagnostics[0].message == "unknown 'web' kind 'favicons'; expected 'favicon'")
        #expect(report.diagnostics[0].help == "did you mean 'favicon'?")
        #expect(report.diagnostics[1].message == "unknown 'ios' kind 'images'; expected 'image' or 'appicon'")
        #expect(report.diagnostics[2].message.contains("unknown target 'andriod'") && report.diagnostics[2].help == "did you mean 'android'?")
        // `targets` is not a key `dark` may override.
        let dark = try Folder(["Specs/a.yaml": "name: a\ndark:\n  targets: {web: favicon}\n"])
        #expect(Self.summary(try dark.run()) == ["E002@3:3"])
    }

    /// Every `target: kind` of the contract has a layout (its paths, for
    /// E014 in `check`) and a writer (its bytes): none is accepted and then
    /// silently not written.
    @Test func everyKindOfTheContractIsWritten() {
        for (target, kinds) in TargetCatalog.kinds {
            for kind in kinds {
                #expect(TargetCatalog.layout(target: target, kind: kind) != nil, "\(target): \(kind) has no layout")
                #expect(TargetWriters.writer(target: target, kind: kind) != nil, "\(target): \(kind) has no writer")
            }
        }
        #expect(TargetCatalog.layouts.count == TargetCatalog.kinds.map(\.kinds.count).reduce(0, +))
    }

    @Test func targetsMergeThroughExtendsAndNullRemovesThem() throws {
        let folder = try Folder([
            "Specs/_web.yaml": "targets: {web: favicon}\n",
            "Specs/a.yaml": "extends: _web.yaml\nname: a\nbackground: \"#1E88E5\"\n",
            "Specs/b.yaml": "extends: _web.yaml\nname: b\nbackground: \"#2E7D32\"\ntargets: null\n",
        ])
        let report = try folder.run(build: true)
        #expect(Self.summary(report) == [])
        #expect(folder.exists("web/a/favicon.ico"))
        #expect(!folder.exists("web/b"))
    }

    // MARK: W005

    @Test func inkOutsideTheMaskableSafeZoneIsW005() throws {
        // A square's ring has corners outside the central circle of 80 %.
        let square = try Folder(["Specs/a.yaml": """
            name: a
            shape: square
            background: "#1E88E5"
            border: {width: 8%, color: "#0D47A1"}
            text: AC
            targets: {web: favicon}
            """])
        let report = try square.run()
        #expect(Self.summary(report) == ["W005@6:16"])
        #expect(report.diagnostics.first?.message.contains("% of the ink of icon-maskable-512.png lies outside the maskable safe zone") == true)
        // A circle's ring touches the safe circle from inside: no ink outside.
        let circle = try Folder(["Specs/a.yaml": """
            name: a
            shape: circle
            background: "#1E88E5"
            border: {width: 8%, color: "#0D47A1"}
            text: AC
            targets: {web: favicon}
            """])
        #expect(Self.summary(try circle.run()) == [])
        // A square of the background's own colour is no ink: only the text counts, and it is inside.
        let plain = try Folder(["Specs/a.yaml": "name: a\nshape: square\nbackground: \"#1E88E5\"\ntext: AC\ntargets: {web: favicon}\n"])
        #expect(Self.summary(try plain.run()) == [])
    }

    // MARK: W006

    @Test func aFaviconThatVanishesOnATabIsW006NamingTheTab() throws {
        let white = try Folder(["Specs/a.yaml": "name: a\nbackground: \"#FFFFFF\"\ntext: AC\ntargets: {web: favicon}\n"])
        let light = try white.run()
        #expect(Self.summary(light) == ["W006@4:16"])
        #expect(light.diagnostics.first?.message.hasPrefix("favicon.ico vanishes on a light browser tab (#FFFFFF): at 16 px") == true)
        let tabColour = try Folder(["Specs/a.yaml": "name: a\nbackground: \"#202124\"\ntext: AC\ntargets: {web: favicon}\n"])
        let dark = try tabColour.run()
        #expect(Self.summary(dark) == ["W006@4:16"])
        #expect(dark.diagnostics.first?.message.hasPrefix("favicon.ico vanishes on a dark browser tab (#202124)") == true)
        // The edge is measured as drawn: its antialiased pixels blend into the
        // tab, so it comes out a little closer to the tab than the colour.
        // Just over the threshold: #C0C0C0 on white, #505050 on #202124.
        for grey in ["#C0C0C0", "#505050"] {
            let passing = try Folder(["Specs/a.yaml": "name: a\nbackground: \"\(grey)\"\ntext: AC\ntargets: {web: favicon}\n"])
            #expect(Self.summary(try passing.run()) == [], "\(grey)")
        }
        // Just under it: #C8C8C8's edge reaches 1.44:1 on white at 16 px, #484848's 1.48:1 on #202124.
        for (grey, tab, ratio) in [("#C8C8C8", "light", "1.44:1"), ("#484848", "dark", "1.48:1")] {
            let failing = try Folder(["Specs/a.yaml": "name: a\nbackground: \"\(grey)\"\ntext: AC\ntargets: {web: favicon}\n"])
            let report = try failing.run()
            #expect(Self.summary(report) == ["W006@4:16"], "\(grey)")
            #expect(report.diagnostics.first?.message.contains("on a \(tab) browser tab") == true, "\(grey)")
            #expect(report.diagnostics.first?.message.contains("at 16 px its outer edge") == true && report.diagnostics.first?.message.contains(ratio) == true, "\(grey)")
        }
    }

    /// `logoc explain W005`/`W006`: the examples do what they say, measured by the driver.
    @Test(arguments: [DiagnosticCode.W005, .W006])
    func catalogExamplesGiveTheirCode(_ code: DiagnosticCode) throws {
        for (example, fixed) in [(code.explanation.failing, false), (code.explanation.fixed, true)] {
            let folder = try Folder(["Specs/acme.yaml": example])
            let report = try folder.run()
            #expect(report.diagnostics.contains { $0.code == code } != fixed, "\(code) \(fixed ? "fixed" : "failing"): \(Self.summary(report))")
            #expect(!report.diagnostics.contains { $0.isError })
        }
    }

    // MARK: The files, read by other programs

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try OutputTests.run(tool, arguments)
    }

    /// Pillow opens every image; favicon.ico holds PNG images of 16, 32 and
    /// 48 px (and icotool lists them); the apple-touch-icon is opaque; the
    /// maskable icon's corners are the background; the monochrome icon is
    /// one colour on transparent; head.html's hrefs all exist.
    static let pythonChecks = #"""
        import sys, struct, json
        from html.parser import HTMLParser
        from PIL import Image
        d = sys.argv[1]
        def rgba(name): return Image.open(d + "/" + name).convert("RGBA")
        for name, size in [("apple-touch-icon.png", 180), ("icon-192.png", 192), ("icon-512.png", 512),
                           ("icon-maskable-512.png", 512), ("icon-monochrome-512.png", 512)]:
            im = Image.open(d + "/" + name); im.load()
            assert im.format == "PNG" and im.size == (size, size), (name, im.format, im.size)
        ico = Image.open(d + "/favicon.ico"); ico.load()
        assert ico.format == "ICO" and sorted(ico.info["sizes"]) == [(16, 16), (32, 32), (48, 48)], ico.info
        raw = open(d + "/favicon.ico", "rb").read()
        reserved, kind, count = struct.unpack("<HHH", raw[:6])
        assert (reserved, kind, count) == (0, 1, 3)
        for i in range(count):
            w, h, colours, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", raw[6 + 16 * i:22 + 16 * i])
            assert raw[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(raw), i
            assert (w, h) == ([16, 32, 48][i], [16, 32, 48][i]) and planes == 1 and bits == 32
        assert rgba("apple-touch-icon.png").getextrema()[3] == (255, 255)
        mask = rgba("icon-maskable-512.png")
        for corner in [(0, 0), (511, 0), (0, 511), (511, 511)]:
            assert mask.getpixel(corner) == (0x1E, 0x88, 0xE5, 255), mask.getpixel(corner)
        mono = rgba("icon-monochrome-512.png")
        colours = {p[:3] for p in mono.getdata() if p[3] > 0}
        assert colours == {(0, 0, 0)} and mono.getpixel((0, 0))[3] == 0 and mono.getpixel((256, 256))[3] > 0, colours
        class Links(HTMLParser):
            hrefs = []
            def handle_starttag(self, tag, attrs):
                a = dict(attrs)
                assert tag == "link" and a.get("rel") in ("icon", "apple-touch-icon", "manifest"), (tag, a)
                self.hrefs.append(a["href"])
        links = Links(); links.feed(open(d + "/head.html").read())
        assert links.hrefs == ["favicon.ico", "favicon.svg", "apple-touch-icon.png", "manifest.webmanifest"], links.hrefs
        for href in links.hrefs: open(d + "/" + href, "rb").close()
        manifest = json.load(open(d + "/manifest.webmanifest"))
        for icon in manifest["icons"]: Image.open(d + "/" + icon["src"]).close() if not icon["src"].endswith(".svg") else open(d + "/" + icon["src"]).close()
        print("ok")
        """#

    /// The manifest is validated (check-jsonschema) against a JSON Schema
    /// of the W3C Web App Manifest's `icons` member (and the other members
    /// logoc writes). SchemaStore's schema is not reachable from the test
    /// machines, so Tests/Fixtures/web/web-manifest-icons.schema.json is a
    /// small one written from the W3C text; it says so in its `$comment`.
    static let manifestSchema = GoldenTests.repository + "/Tests/Fixtures/web/web-manifest-icons.schema.json"

    @Test func theFilesAreReadByOtherProgramsAsWhatTheyClaimToBe() throws {
        let folder = try Folder(["Specs/team/jane.yaml": Self.jane])
        let report = try folder.run(build: true)
        #expect(Self.summary(report) == [] && report.failures.isEmpty)
        let web = folder.output + "/web/team/jane"
        #expect(try FileManager.default.contentsOfDirectory(atPath: web).sorted() == Self.files)
        let python = try PythonTools.run(["-c", Self.pythonChecks, web])
        #expect(python.status == 0 && python.output.hasSuffix("ok\n"), "\(python.output)")
        let icotool = try Self.run("/usr/bin/icotool", ["-l", web + "/favicon.ico"])
        #expect(icotool.status == 0)
        for size in [16, 32, 48] { #expect(icotool.output.contains("--width=\(size) --height=\(size)"), "\(icotool.output)") }
        let valid = try PythonTools.checkJSONSchema(schema: Self.manifestSchema, [web + "/manifest.webmanifest"], extra: ["--default-filetype", "json"])
        #expect(valid.status == 0, "\(valid.output)")
        // The schema has teeth: a manifest whose icon lacks `purpose` fails it.
        let broken = folder.root + "/broken.json"
        try String(contentsOfFile: web + "/manifest.webmanifest", encoding: .utf8).replacingOccurrences(of: ", \"purpose\": \"maskable\"", with: "")
            .write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(try PythonTools.checkJSONSchema(schema: Self.manifestSchema, [broken]).status == 1)
        let manifest = try String(contentsOfFile: web + "/manifest.webmanifest", encoding: .utf8)
        #expect(manifest.contains("\"name\": \"Jane Doe\",\n  \"short_name\": \"jane\""))
        #expect(manifest.contains("\"theme_color\": \"#1E88E5\""))
    }

    /// favicon.svg holds both drawings: rsvg-convert (no dark preference)
    /// draws the light one; Chromium with a dark colour scheme the dark one.
    /// Its ids are unique, so neither drawing takes the other's glyphs.
    @Test func theFaviconSVGSwitchesToItsDarkDrawingUnderTheMediaQuery() throws {
        let folder = try Folder(["Specs/team/jane.yaml": Self.jane])
        _ = try folder.run(build: true)
        let svg = folder.output + "/web/team/jane/favicon.svg"
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("@media (prefers-color-scheme: dark)") && text.contains("<g class=\"light\">") && text.contains("<g class=\"dark\">"))
        let ids = text.components(separatedBy: "id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!ids.isEmpty && Set(ids).count == ids.count)
        let shot = folder.root + "/shot.png"
        let rsvg = try Self.run("/usr/bin/rsvg-convert", [svg, "-o", shot])
        #expect(rsvg.status == 0, "\(rsvg.output)")
        let pixel = "from PIL import Image; import sys; print(Image.open(sys.argv[1]).convert('RGB').getpixel((256, 60)))"
        #expect(try PythonTools.run(["-c", pixel, shot]).output == "(30, 136, 229)\n")
        for (flags, expected) in [([String](), "(30, 136, 229)\n"), (["--force-dark-mode"], "(13, 71, 161)\n")] {
            try? FileManager.default.removeItem(atPath: shot)
            _ = try Self.run("/usr/bin/chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + folder.root + "/chromium",
                                                   "--window-size=512,512", "--screenshot=" + shot] + flags + ["file://" + svg])
            #expect(try PythonTools.run(["-c", pixel, shot]).output == expected, "\(flags)")
        }
    }

    // MARK: Outputs of the build

    @Test func targetFilesAreOutputsCachedPrunedAndCleaned() throws {
        let folder = try Folder(["Specs/team/jane.yaml": Self.jane, "Specs/plain.yaml": "name: plain\nbackground: \"#2E7D32\"\ntext: PL\n"])
        let first = try folder.run(build: true)
        #expect(first.written.filter { $0.hasPrefix("web/") } == Self.files.map { "web/team/jane/" + $0 })
        // The manifest lists each with its target; the spec without targets has no such key.
        let manifest = try String(contentsOfFile: folder.output + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("{\"path\": \"web/team/jane/favicon.ico\", \"spec\": \"Specs/team/jane.yaml\", \"name\": \"jane\", \"format\": \"ico\", \"scale\": 1, \"variant\": \"light\", \"width\": 48, \"height\": 48, "))
        #expect(manifest.components(separatedBy: "\"target\": \"web\"}").count - 1 == Self.files.count)
        #expect(manifest.contains("\"path\": \"plain.png\"") && !manifest.contains("plain.png\", \"spec\": \"Specs/plain.yaml\", \"name\": \"plain\", \"format\": \"png\", \"scale\": 1, \"variant\": \"light\", \"width\": 512, \"height\": 512, \"sha256\": \"x\", \"target\""))
        for line in manifest.split(separator: "\n") where line.contains("plain.") { #expect(!line.contains("target")) }
        // The gallery lists them on the spec's card, the text files without a pixel size.
        let gallery = try String(contentsOfFile: folder.output + "/index.html", encoding: .utf8)
        #expect(gallery.contains("<li><a href=\"web/team/jane/favicon.ico\">favicon.ico</a> <span>48×48</span></li>"))
        #expect(gallery.contains("<li><a href=\"web/team/jane/head.html\">head.html</a></li>"))
        #expect(gallery.contains("<img src=\"team/jane.png\" alt=\"Jane Doe, light\""))
        // A no-op rebuild writes nothing.
        let again = try folder.run(build: true)
        #expect(again.written == [] && again.unchanged.contains("web/team/jane/favicon.ico"))
        // Editing the dark variant redraws its own outputs and favicon.svg only.
        try folder.write("Specs/team/jane.yaml", Self.jane.replacingOccurrences(of: "#0D47A1", with: "#283593"))
        let dark = try folder.run(build: true)
        #expect(dark.written == ["team/jane-dark.png", "team/jane-dark.svg", "web/team/jane/favicon.svg"])
        // Removing `targets` prunes the files and their empty folders.
        try folder.write("Specs/team/jane.yaml", Self.jane.replacingOccurrences(of: "targets: {web: favicon}", with: ""))
        let pruned = try folder.run(build: true)
        #expect(pruned.removed == Self.files.map { "web/team/jane/" + $0 })
        #expect(!folder.exists("web"))
        // `logoc clean` removes them too.
        try folder.write("Specs/team/jane.yaml", Self.jane)
        _ = try folder.run(build: true)
        #expect(folder.exists("web/team/jane/favicon.ico"))
        let cleaned = try CleanRun.run(directory: folder.output)
        #expect(Self.files.allSatisfy { cleaned.removed.contains("web/team/jane/" + $0) })
        #expect(!folder.exists("web"))
    }

    /// Two specs whose own pictures differ (png and svg) but whose target files share paths clash.
    @Test func twoSpecsWritingTheSameTargetPathClash() throws {
        let folder = try Folder(["Specs/a.yaml": """
            name: same
            background: "#1E88E5"
            output: {formats: [png]}
            targets: {web: favicon}
            ---
            name: same
            background: "#2E7D32"
            output: {formats: [svg]}
            targets: {web: favicon}
            """])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E014@6:7"])
        #expect(report.diagnostics.first?.message.contains("web/same/") == true)
    }
}
