import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend

/// `targets: {ios: image}` and `{ios: appicon}` (docs/targets.md, "## ios"):
/// every `Contents.json` against a JSON Schema of Apple's asset catalog
/// format and byte for byte as Xcode writes it; the PNGs read by Pillow
/// (sizes per scale, no alpha in the app icon, a greyscale tinted icon, a
/// transparent dark icon where there is no ink); the files as outputs of
/// the build engine (no-op rebuild, pruning of files, folders and the
/// shared folder `Contents.json`, clean); E014 and E018.
struct IOSTargetTests {
    typealias Folder = WebTargetTests.Folder

    static func summary(_ report: RunReport) -> [String] { WebTargetTests.summary(report) }

    static let catalog = "ios/Assets.xcassets"

    /// A 64 px avatar with a dark variant, as an imageset.
    static let jane = """
        name: jane
        size: 64
        background: "#1E88E5"
        text: {initials: Jane Doe, color: white}
        dark:
          background: "#0D47A1"
        targets: {ios: image}
        """

    /// An app icon: a ring and a letter on a circle, with a dark variant
    /// whose foreground is light (as it shows on iOS's dark gradient).
    static let pebble = """
        name: pebble
        shape: circle
        background: "#FFB300"
        border: {width: 24, color: "#3E2723"}
        text: {content: P, color: "#3E2723"}
        dark:
          background: "#3E2723"
          border: {width: 24, color: "#FFE082"}
          text: {color: "#FFE082"}
        targets: {ios: appicon}
        """

    static let janeFiles = ["Contents.json", "jane-dark.png", "jane-dark@2x.png", "jane-dark@3x.png", "jane.png", "jane@2x.png", "jane@3x.png"]
    static let pebbleFiles = ["Contents.json", "pebble-dark.png", "pebble-tinted.png", "pebble.png"]

    static let schemas = GoldenTests.repository + "/Tests/Fixtures/ios/"

    // MARK: Contents.json

    /// Every Contents.json is valid under the schema of its kind, written
    /// from Apple's Asset Catalog Format Reference, and the schemas have
    /// teeth: a wrong key or a wrong value fails them.
    @Test func everyContentsJSONFollowsApplesAssetCatalogFormat() throws {
        let folder = try Folder(["Specs/team/jane.yaml": Self.jane, "Specs/brand/pebble.yaml": Self.pebble])
        let report = try folder.run(build: true)
        #expect(Self.summary(report) == [] && report.failures.isEmpty, "\(report.diagnostics)")
        let root = folder.output + "/" + Self.catalog
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["Contents.json", "pebble.appiconset", "team"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/team/jane.imageset").sorted() == Self.janeFiles)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/pebble.appiconset").sorted() == Self.pebbleFiles)
        let checks: [(schema: String, files: [String])] = [
            ("folder", [root + "/Contents.json", root + "/team/Contents.json"]),
            ("imageset", [root + "/team/jane.imageset/Contents.json"]),
            ("appiconset", [root + "/pebble.appiconset/Contents.json"]),
        ]
        for check in checks {
            let valid = try PythonTools.checkJSONSchema(schema: Self.schemas + check.schema + ".schema.json", check.files, extra: ["--default-filetype", "json"])
            #expect(valid.status == 0, "\(check.schema): \(valid.output)")
        }
        // Every file an imageset or app icon set names is there.
        for set in [root + "/team/jane.imageset", root + "/pebble.appiconset"] {
            let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json"))) as? [String: Any]
            let names = (contents?["images"] as? [[String: Any]] ?? []).compactMap { $0["filename"] as? String }
            #expect(names.count == (set.hasSuffix("imageset") ? 6 : 3) && names.allSatisfy { FileManager.default.fileExists(atPath: set + "/" + $0) })
        }
        // Teeth: a wrong key, a wrong value, a wrong appearance each fail.
        let imageset = try String(contentsOfFile: root + "/team/jane.imageset/Contents.json", encoding: .utf8)
        let appicon = try String(contentsOfFile: root + "/pebble.appiconset/Contents.json", encoding: .utf8)
        let broken: [(schema: String, text: String)] = [
            ("imageset", imageset.replacingOccurrences(of: "\"scale\" : \"2x\"", with: "\"scale\" : \"4x\"")),
            ("imageset", imageset.replacingOccurrences(of: "\"idiom\"", with: "\"idioms\"")),
            ("appiconset", appicon.replacingOccurrences(of: "\"tinted\"", with: "\"tint\"")),
            ("appiconset", appicon.replacingOccurrences(of: "\"size\" : \"1024x1024\"", with: "\"size\" : \"512x512\"")),
            ("folder", "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 2\n  }\n}\n"),
        ]
        for (i, bad) in broken.enumerated() {
            let path = folder.root + "/broken-\(i).json"
            try bad.text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try PythonTools.checkJSONSchema(schema: Self.schemas + bad.schema + ".schema.json", [path]).status == 1, "broken \(i) passed")
        }
    }

    /// Byte for byte as Xcode 16 writes them: keys in alphabetical order,
    /// a space on each side of the colon, two-space indentation, a final
    /// newline; an imageset's dark entry after the light one of its scale.
    @Test func contentsJSONIsWrittenAsXcodeWritesIt() throws {
        let folder = try Folder(["Specs/team/bob.yaml": "name: bob\nsize: 40\nbackground: \"#2E7D32\"\ntargets: {ios: image}\n",
                                 "Specs/team/jane.yaml": Self.jane, "Specs/brand/pebble.yaml": Self.pebble])
        _ = try folder.run(build: true)
        let root = folder.output + "/" + Self.catalog
        func text(_ path: String) throws -> String { try String(contentsOfFile: root + "/" + path, encoding: .utf8) }
        let info = "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        #expect(try text("Contents.json") == "{\n" + info)
        #expect(try text("team/Contents.json") == "{\n" + info)
        func image(_ file: String, _ scale: Int, dark: Bool) -> String {
            let appearances = dark ? "      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }\n      ],\n" : ""
            return "    {\n" + appearances + "      \"filename\" : \"\(file)\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"\(scale)x\"\n    }"
        }
        #expect(try text("team/bob.imageset/Contents.json") == "{\n  \"images\" : [\n"
            + [image("bob.png", 1, dark: false), image("bob@2x.png", 2, dark: false), image("bob@3x.png", 3, dark: false)].joined(separator: ",\n")
            + "\n  ],\n" + info)
        #expect(try text("team/jane.imageset/Contents.json") == "{\n  \"images\" : [\n"
            + [image("jane.png", 1, dark: false), image("jane-dark.png", 1, dark: true), image("jane@2x.png", 2, dark: false),
               image("jane-dark@2x.png", 2, dark: true), image("jane@3x.png", 3, dark: false), image("jane-dark@3x.png", 3, dark: true)].joined(separator: ",\n")
            + "\n  ],\n" + info)
        func icon(_ file: String, _ luminosity: String?) -> String {
            let appearances = luminosity.map { "      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"\($0)\"\n        }\n      ],\n" } ?? ""
            return "    {\n" + appearances + "      \"filename\" : \"\(file)\",\n      \"idiom\" : \"universal\",\n      \"platform\" : \"ios\",\n      \"size\" : \"1024x1024\"\n    }"
        }
        #expect(try text("pebble.appiconset/Contents.json") == "{\n  \"images\" : [\n"
            + [icon("pebble.png", nil), icon("pebble-dark.png", "dark"), icon("pebble-tinted.png", "tinted")].joined(separator: ",\n") + "\n  ],\n" + info)
    }

    // MARK: Pixels

    /// The PNGs as Pillow reads them: an imageset at 1, 2 and 3 times the
    /// size, its dark files the dark drawing; the app icon's light image RGB
    /// with no alpha channel (IHDR colour type 2) and opaque; the dark one
    /// transparent where nothing is drawn, ink in the ring and letter; the
    /// tinted one greyscale (R = G = B at every pixel), RGB, black where
    /// nothing is drawn and light on the ink.
    static let pixelChecks = #"""
        import sys
        from PIL import Image
        s, a = sys.argv[1], sys.argv[2]
        for name, size in [("jane.png", 64), ("jane@2x.png", 128), ("jane@3x.png", 192),
                           ("jane-dark.png", 64), ("jane-dark@2x.png", 128), ("jane-dark@3x.png", 192)]:
            im = Image.open(s + "/" + name); im.load()
            assert im.format == "PNG" and im.size == (size, size), (name, im.size)
        light, dark = Image.open(s + "/jane@2x.png").convert("RGB"), Image.open(s + "/jane-dark@2x.png").convert("RGB")
        assert light.getpixel((64, 4)) == (0x1E, 0x88, 0xE5) and dark.getpixel((64, 4)) == (0x0D, 0x47, 0xA1), (light.getpixel((64, 4)), dark.getpixel((64, 4)))
        for name in ["pebble.png", "pebble-dark.png", "pebble-tinted.png"]:
            im = Image.open(a + "/" + name); im.load()
            assert im.size == (1024, 1024), (name, im.size)
        def colour_type(name): return open(a + "/" + name, "rb").read()[25]
        icon = Image.open(a + "/pebble.png")
        assert icon.mode == "RGB" and colour_type("pebble.png") == 2 and "transparency" not in icon.info, (icon.mode, icon.info)
        # Full-bleed: the circle's background fills the corners too.
        assert icon.getpixel((0, 0)) == (0xFF, 0xB3, 0x00) and icon.getpixel((1023, 1023)) == (0xFF, 0xB3, 0x00), icon.getpixel((0, 0))
        dark = Image.open(a + "/pebble-dark.png").convert("RGBA")
        assert dark.getpixel((0, 0))[3] == 0 and dark.getpixel((200, 200))[3] == 0, dark.getpixel((200, 200))
        assert dark.getpixel((512, 12)) == (0xFF, 0xE0, 0x82, 255), dark.getpixel((512, 12))
        tinted = Image.open(a + "/pebble-tinted.png")
        assert tinted.mode == "RGB" and colour_type("pebble-tinted.png") == 2, tinted.mode
        assert all(r == g == b for r, g, b in tinted.getdata()), "not greyscale"
        assert tinted.getpixel((0, 0)) == (0, 0, 0) and tinted.getpixel((200, 200)) == (0, 0, 0)
        assert tinted.getpixel((512, 12))[0] > 200, tinted.getpixel((512, 12))
        print("ok")
        """#

    @Test func thePNGsHaveTheirSizesAndTheAppIconItsAppearances() throws {
        let folder = try Folder(["Specs/team/jane.yaml": Self.jane, "Specs/brand/pebble.yaml": Self.pebble])
        let report = try folder.run(build: true)
        #expect(report.failures.isEmpty && !report.diagnostics.contains { $0.severity == .error })
        let root = folder.output + "/" + Self.catalog
        let python = try PythonTools.run(["-c", Self.pixelChecks, root + "/team/jane.imageset", root + "/pebble.appiconset"])
        #expect(python.status == 0 && python.output.hasSuffix("ok\n"), "\(python.output)")
        // The manifest gives each file its target, scale and variant.
        let manifest = try String(contentsOfFile: folder.output + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("{\"path\": \"ios/Assets.xcassets/team/jane.imageset/jane-dark@3x.png\", \"spec\": \"Specs/team/jane.yaml\", \"name\": \"jane\", \"format\": \"png\", \"scale\": 3, \"variant\": \"dark\", \"width\": 192, \"height\": 192, "))
        #expect(manifest.contains("\"path\": \"ios/Assets.xcassets/pebble.appiconset/Contents.json\", \"spec\": \"Specs/brand/pebble.yaml\", \"name\": \"pebble\", \"format\": \"json\", \"scale\": 1, \"variant\": \"light\", \"width\": 0, \"height\": 0, "))
    }

    /// A light app icon of a spec with a transparent background is opaque
    /// all the same: the background is composited on white.
    @Test func aTransparentBackgroundBecomesAnOpaqueAppIcon() throws {
        let folder = try Folder(["Specs/clear.yaml": "name: clear\nbackground: transparent\ncontrast: off\ntext: {content: C, color: \"#3E2723\"}\ntargets: {ios: appicon}\n"])
        let report = try folder.run(build: true)
        #expect(report.failures.isEmpty && !report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
        let check = "from PIL import Image; import sys; im = Image.open(sys.argv[1]); print(im.mode, im.getpixel((0, 0)))"
        let out = try PythonTools.run(["-c", check, folder.output + "/" + Self.catalog + "/clear.appiconset/clear.png"])
        #expect(out.output == "RGB (255, 255, 255)\n", "\(out.output)")
    }

    /// A gradient in a round shape fills the full-bleed icons' corners too
    /// (the light app icon's and the apple-touch-icon's): the shape's cut
    /// of the gradient once cleared the background layer and matte outside
    /// the circle, leaving the App Store icon's corners black.
    @Test func aGradientInARoundShapeFillsTheIconsCorners() throws {
        let folder = try Folder(["Specs/g.yaml": """
            name: g
            shape: circle
            background: {gradient: {colors: ["#FFC857", "#F08A24"], angle: 90}}
            text: {content: G, color: "#4E2A0E"}
            targets: {ios: appicon, web: favicon}
            """])
        let report = try folder.run(build: true)
        #expect(Self.summary(report) == [], "\(report.diagnostics)")
        let check = """
            from PIL import Image; import sys
            for f in sys.argv[1:]:
                im = Image.open(f).convert("RGBA")
                print(all(im.getpixel(c)[3] == 255 and sum(im.getpixel(c)[:3]) > 300 for c in [(0, 0), (im.width - 1, 0), (0, im.height - 1)]))
            """
        let out = try PythonTools.run(["-c", check, folder.output + "/" + Self.catalog + "/g.appiconset/g.png", folder.output + "/web/g/apple-touch-icon.png"])
        #expect(out.output == "True\nTrue\n", "\(out.output)")
    }

    /// `small` reaches the imageset's narrow files (its 1x here), and W004
    /// names the narrowest file when nothing small is drawn.
    @Test func smallReachesTheNarrowFilesAndW004NamesTheNarrowest() throws {
        let plain = "name: acme\nsize: 16\nbackground: \"#1E88E5\"\ntext: {content: ACME, color: white}\ntargets: {ios: image}\noutput: {formats: [png], scales: [4]}\n"
        let warned = try Folder(["Specs/acme.yaml": plain])
        let report = try warned.run()
        #expect(report.diagnostics.first?.code == .W004)
        // The path is cut at 40 characters, as every quoted value is.
        #expect(report.diagnostics.first?.message.contains("in 'ios/Assets.xcassets/acme.imageset/acme.p… (42 characters)' (16 px wide);") == true,
                "\(report.diagnostics)")
        let fixed = try Folder(["Specs/acme.yaml": plain + "small: {maxSize: 16, text: {content: A}}\n"])
        #expect(Self.summary(try fixed.run(build: true)) == [])
        let unfixed = try Folder(["Specs/acme.yaml": plain + "small: {maxSize: 8, text: {content: A}}\n"])
        _ = try unfixed.run(build: true)
        let set = "/" + Self.catalog + "/acme.imageset/acme.png"
        let small = try Data(contentsOf: URL(fileURLWithPath: fixed.output + set)), full = try Data(contentsOf: URL(fileURLWithPath: unfixed.output + set))
        #expect(small != full, "the 1x file is the small drawing")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixed.output + "/" + Self.catalog + "/acme.imageset/acme@2x.png"))
                == Data(contentsOf: URL(fileURLWithPath: unfixed.output + "/" + Self.catalog + "/acme.imageset/acme@2x.png")))
    }

    // MARK: Outputs of the build

    /// No-op rebuilds draw nothing; removing one spec's target prunes its
    /// imageset but keeps the folder Contents.json another spec writes;
    /// removing the last one prunes that too and the empty folders; clean.
    @Test func targetFilesAreCachedPrunedAndCleanedAndFolderContentsAreShared() throws {
        let bob = "name: bob\nsize: 40\nbackground: \"#2E7D32\"\ntargets: {ios: image}\n"
        let folder = try Folder(["Specs/team/jane.yaml": Self.jane, "Specs/team/bob.yaml": bob, "Specs/plain.yaml": "name: plain\ntext: PL\n"])
        let first = try folder.run(build: true)
        #expect(Self.summary(first) == [])
        let team = Self.catalog + "/team/"
        let bobFiles: [String] = ["Contents.json", "bob.png", "bob@2x.png", "bob@3x.png"].map { team + "bob.imageset/" + $0 }
        let janeFiles: [String] = Self.janeFiles.map { team + "jane.imageset/" + $0 }
        let expected: [String] = ([Self.catalog + "/Contents.json", team + "Contents.json"] + bobFiles + janeFiles).sorted()
        let written: [String] = first.written.filter { $0.hasPrefix("ios/") }.sorted()
        #expect(written == expected)
        // The manifest lists the shared file once (on the first spec's line), the others once each.
        let manifest = try String(contentsOfFile: folder.output + "/manifest.json", encoding: .utf8)
        #expect(manifest.components(separatedBy: "{\"path\": \"ios/Assets.xcassets/team/Contents.json\", \"spec\": \"Specs/team/bob.yaml\"").count == 2)
        #expect(manifest.components(separatedBy: "\"path\": \"ios/Assets.xcassets/Contents.json\"").count == 2)
        #expect(manifest.components(separatedBy: "\"target\": \"ios\"").count - 1 == expected.count)
        let decoded = Manifest.load(from: folder.output).outputs.map(\.path)
        #expect(Set(decoded).count == decoded.count)
        // Two no-op rebuilds: nothing drawn, nothing written.
        for _ in 0..<2 {
            let again = try folder.run(build: true)
            #expect(again.written == [] && again.unchanged.contains(team + "Contents.json"), "\(again.written)")
        }
        // Editing bob rewrites bob's files only; the shared file has the same bytes.
        try folder.write("Specs/team/bob.yaml", bob.replacingOccurrences(of: "#2E7D32", with: "#1B5E20"))
        let edited = try folder.run(build: true)
        #expect(edited.written == ["bob.png", "bob@2x.png", "bob@3x.png"].map { team + "bob.imageset/" + $0 } + ["team/bob.png", "team/bob.svg"], "\(edited.written)")
        #expect(try folder.run(build: true).written == [])
        // Bob drops its target: its imageset goes, the folder's Contents.json (jane's too) stays.
        try folder.write("Specs/team/bob.yaml", bob.replacingOccurrences(of: "targets: {ios: image}\n", with: ""))
        let pruned = try folder.run(build: true)
        #expect(pruned.removed == ["Contents.json", "bob.png", "bob@2x.png", "bob@3x.png"].map { team + "bob.imageset/" + $0 }, "\(pruned.removed)")
        #expect(folder.exists(team + "Contents.json") && folder.exists(Self.catalog + "/Contents.json") && !folder.exists(team + "bob.imageset"))
        #expect(try folder.run(build: true).written == [])
        // Jane drops hers: nothing of the catalog is left.
        try folder.write("Specs/team/jane.yaml", Self.jane.replacingOccurrences(of: "targets: {ios: image}", with: ""))
        let all = try folder.run(build: true)
        #expect(all.removed.contains(team + "Contents.json") && all.removed.contains(Self.catalog + "/Contents.json"), "\(all.removed)")
        #expect(!folder.exists("ios"))
        // `logoc clean` removes them, the shared files included.
        try folder.write("Specs/team/jane.yaml", Self.jane)
        try folder.write("Specs/team/bob.yaml", bob)
        _ = try folder.run(build: true)
        #expect(folder.exists(team + "jane.imageset/jane.png"))
        _ = try CleanRun.run(directory: folder.output)
        #expect(!folder.exists("ios"))
    }

    // MARK: E014, E018

    /// Two imagesets of one name in different folders of the catalog are
    /// E014 (`UIImage(named:)` could not tell them apart): at the second
    /// spec's name, with a note at the first's; so are two app icons of one
    /// name (their set is at the catalog's top). A build that skips the
    /// first spec (unchanged) still finds the clash.
    @Test func oneNameInTwoFoldersOfTheCatalogIsE014AtBothSpecs() throws {
        let folder = try Folder(["Specs/people/ana.yaml": "background: \"#1E88E5\"\ntargets: {ios: image}\n",
                                 "Specs/team/ana.yaml": "size: 32\n\nbackground: \"#2E7D32\"\ntargets: {ios: image}\n"])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E014@1:1"], "\(report.diagnostics)")
        let clash = try #require(report.diagnostics.first)
        #expect(clash.span?.file.hasSuffix("Specs/team/ana.yaml") == true)
        #expect(clash.message.contains("an imageset 'ana.imageset'") && clash.message.contains("UIImage(named:)"), "\(clash.message)")
        #expect(clash.notes.first?.span?.file.hasSuffix("Specs/people/ana.yaml") == true && clash.notes.first?.span?.start.line == 1
                && clash.notes.first?.span?.start.column == 1)
        // Named by `name:` the diagnostic points at the names' values.
        let named = try Folder(["Specs/people/a.yaml": "name: ana\ntargets: {ios: appicon}\n",
                                "Specs/team/b.yaml": "background: \"#2E7D32\"\nname: ana\ntargets: {ios: appicon}\n"])
        let icons = try named.run()
        #expect(Self.summary(icons) == ["E014@2:7"], "\(icons.diagnostics)")
        #expect(icons.diagnostics.first?.message.contains("ios/Assets.xcassets/ana.appiconset/") == true)
        #expect(icons.diagnostics.first?.notes.first?.span?.start.line == 1 && icons.diagnostics.first?.notes.first?.span?.start.column == 7)
        // Incremental: people/ana built alone first, then team/ana added.
        let later = try Folder(["Specs/people/ana.yaml": "background: \"#1E88E5\"\ntargets: {ios: image}\n"])
        #expect(Self.summary(try later.run(build: true)) == [])
        try later.write("Specs/team/ana.yaml", "background: \"#2E7D32\"\ntargets: {ios: image}\n")
        #expect(Self.summary(try later.run(build: true)) == ["E014@1:1"])
        // Same name in one folder for an imageset and an app icon: different sets, no clash.
        let both = try Folder(["Specs/ana.yaml": "name: ana\ntargets: {ios: image}\n---\nname: ana-icon\ntargets: {ios: appicon}\n"])
        #expect(Self.summary(try both.run()) == [])
    }

    /// `logoc check FILE` (the pre-commit hook) compares a spec with an
    /// `ios` target with the specs of every folder, not only its own: a
    /// new imageset named like one in another folder is refused.
    @Test func checkOfOneFileFindsTheNameInAnotherFolder() throws {
        let dir = try AffectedSpecsTests.project([
            "Specs/people/ana.yaml": "background: \"#1565C0\"\ntargets: {ios: image}\n",
            "Specs/people/bob.yaml": "background: \"#1565C0\"\n",
            "Specs/team/new.yaml": "background: \"#2E7D32\"\nname: ana\ntargets: {ios: image}\n",
            "Specs/other/ana.yaml": "background: \"#2E7D32\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let found = try AffectedSpecsTests.check(["Specs/team/new.yaml"], in: dir)
        #expect(found.status == 1)
        #expect(found.found == [.init(place: "Specs/team/new.yaml:2:7", code: "E014", notes: ["'ana' is defined here"])])
        // Without the target in the checked spec, specs of other folders are no concern.
        let plain = try AffectedSpecsTests.check(["Specs/other/ana.yaml"], in: dir)
        #expect(plain.status == 0 && plain.found.isEmpty, "\(plain.found)")
    }

    /// `ios: image` and `ios: appicon` are written now; a wrong kind is E018 at it.
    @Test func iosKindsAreAcceptedAndAWrongOneIsE018() throws {
        let folder = try Folder(["Specs/a.yaml": "name: a\ntargets: {ios: image}\n---\nname: b\ntargets: {ios: appicon}\n---\nname: c\ntargets:\n  ios: icon\n"])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E018@9:8"], "\(report.diagnostics)")
        #expect(report.diagnostics.first?.message == "unknown 'ios' kind 'icon'; expected 'image' or 'appicon'")
        // An imageset's 3x file stays within the widest raster file logoc draws.
        let large = try Folder(["Specs/big.yaml": "name: big\nsize: 4096\ntargets: {ios: image}\n"])
        let big = try large.run()
        #expect(Self.summary(big) == ["E006@3:16"], "\(big.diagnostics)")
        #expect(big.diagnostics.first?.message == "size 4096 makes the imageset's 3x file 12288 pixels wide; at most 8192 are drawn")
    }

    // MARK: Gallery

    typealias Shown = ShownImage

    /// The card shows the app icon on a light, a dark and a tinted home
    /// screen and the imageset's files at 1x, 2x and 3x: in Chromium every
    /// one of them loads, with its size and text.
    @Test func theGalleryShowsTheIOSFilesAndChromiumLoadsThem() throws {
        let folder = try Folder(["Specs/team/jane.yaml": Self.jane, "Specs/brand/pebble.yaml": Self.pebble, "Specs/plain.yaml": "name: plain\ntext: PL\n"])
        _ = try folder.run(build: true)
        let page = try String(contentsOfFile: folder.output + "/index.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<div class=\"iosicons\">").count == 3)
        guard let dom = try GalleryLinkTests.dom(root: folder.root, output: folder.output, script: """
            const images = [...gallery.querySelectorAll(".iosicons img")].map(i => ({src: i.getAttribute("src"), alt: i.alt, width: i.width,
              height: i.height, natural: i.complete ? i.naturalWidth : -1}));
            document.body.dataset.images = JSON.stringify(images);
            document.body.dataset.clip = getComputedStyle(gallery.querySelector(".ios-tile-dark")).clipPath.slice(0, 8);
            document.body.dataset.loaded = gallery.body.dataset.loaded;
            """) else { return }
        let json = try #require(GalleryWebChromiumTests.attribute("data-images", in: dom), "\(dom.prefix(500))")
        let shown = try JSONDecoder().decode([Shown].self, from: Data(json.utf8))
        let icon = Self.catalog + "/pebble.appiconset/", set = Self.catalog + "/team/jane.imageset/"
        var expected = [
            Shown(src: icon + "pebble.png", alt: "P: the light app icon on a light iPhone home screen", width: 60, height: 60, natural: 1024),
            Shown(src: icon + "pebble-dark.png", alt: "P: the dark app icon on a dark iPhone home screen", width: 60, height: 60, natural: 1024),
            Shown(src: icon + "pebble-tinted.png", alt: "P: the tinted app icon, tinted amber as iOS 18 shows it", width: 60, height: 60, natural: 1024),
        ]
        for suffix in ["", "-dark"] {
            for scale in 1...3 {
                let file = "jane" + suffix + (scale == 1 ? "" : "@\(scale)x") + ".png"
                // Gallery.url escapes '@' in a path (%40), as a URL must.
                expected.append(Shown(src: set + file.replacingOccurrences(of: "@", with: "%40"), alt: "\(file), \(scale)x, \(64 * scale) px", width: 24 * scale, height: 24 * scale, natural: 64 * scale))
            }
        }
        #expect(shown == expected)
        #expect(GalleryWebChromiumTests.attribute("data-clip", in: dom) == "polygon(")
        let loaded = try #require(GalleryWebChromiumTests.attribute("data-loaded", in: dom))
        let parts = loaded.split(separator: "/")
        #expect(parts.count == 2 && parts[0] == parts[1], "\(loaded)")
        let shot = ProcessInfo.processInfo.environment["LOGOC_GALLERY_SCREENSHOT"] ?? folder.root + "/gallery.png"
        let (status, _) = try OutputTests.run("/usr/bin/chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=\(folder.root)/chromium", "--window-size=420,1400", "--screenshot=\(shot)", "file://\(folder.output)/index.html"])
        #expect(status == 0 && FileManager.default.fileExists(atPath: shot))
    }
}
