import Foundation
import Testing
import LogocCore
@testable import LogocDriver
import LogocFrontend

/// `targets: {android: image}` and `{android: adaptive}` (docs/targets.md,
/// "android"): resource names, the files' pixels read by Pillow, the
/// `<adaptive-icon>` XML parsed and checked against the element Android
/// documents, aapt2 compiling and linking the generated resources, W005 on
/// the adaptive foreground on both sides of its threshold, E014 for two
/// names that make one resource name, and the files as outputs of the build
/// engine (cache, pruning, clean).
struct AndroidTargetTests {
    typealias Folder = WebTargetTests.Folder

    static func summary(_ report: RunReport) -> [String] { WebTargetTests.summary(report) }

    static let densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]

    /// A blue circle with initials and a ring, a dark variant, and an adaptive icon.
    static let kite = """
        name: kite
        shape: circle
        background: "#1E88E5"
        border: {width: 6%, color: white}
        text: {content: K, color: white}
        targets: {android: adaptive}
        """

    // MARK: Resource names

    @Test(arguments: [
        ("jane-doe", "jane_doe"),          // `-` and `.` become `_`
        ("acme.logo", "acme_logo"),
        ("Zoë", "zoe"),                    // folded to ASCII, lower case
        ("Straße", "strasse"),
        ("Øre", "ore"),
        ("3d", "ic_3d"),                   // not starting with a digit
        ("class", "class_"),               // not a Java keyword
        ("new", "new_"),
        ("true", "true_"),
        ("classy", "classy"),              // a keyword only when it is the whole name
        ("_x", "_x"),
        ("", "ic_"),                       // never empty
        ("日本", "__"),                     // what has no ASCII letter becomes `_`
    ])
    func resourceNamesAreValidAndroidNames(_ name: String, _ expected: String) {
        #expect(AndroidResourceName.make(name) == expected)
    }

    // MARK: android: image

    /// Each density at 1, 1.5, 2, 3 and 4 × `size` (33 dp at hdpi: 49.5,
    /// rounded up to 50), the night drawables from `dark`; listed in the
    /// manifest with their pixel sizes, the night ones as `dark`.
    @Test func imageDrawablesAtEveryDensityAndNight() throws {
        let folder = try Folder(["Specs/team/jane-doe.yaml": """
            size: 33
            background: "#1E88E5"
            text: {content: J, color: white}
            dark: {background: "#0D47A1"}
            targets: {android: image}
            """])
        let report = try folder.run(build: true)
        #expect(Self.summary(report) == [] && report.failures.isEmpty, "\(report.diagnostics)")
        let sizes = [33, 50, 66, 99, 132]
        let expected = zip(Self.densities, sizes).flatMap { d, _ in ["android/team/drawable-\(d)/jane_doe.png", "android/team/drawable-night-\(d)/jane_doe.png"] }
        #expect(report.written.filter { $0.hasPrefix("android/") } == expected.sorted())
        let check = #"""
            import sys
            from PIL import Image
            d, sizes = sys.argv[1], [int(s) for s in sys.argv[2].split(",")]
            for density, size in zip(["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"], sizes):
                for night, colour in [("", (0x1E, 0x88, 0xE5)), ("night-", (0x0D, 0x47, 0xA1))]:
                    im = Image.open(f"{d}/drawable-{night}{density}/jane_doe.png"); im.load()
                    assert im.format == "PNG" and im.size == (size, size), (density, night, im.size)
                    px = im.convert("RGBA").getpixel((size // 2, size // 8))
                    assert px[:3] == colour and px[3] == 255, (density, night, px)
                    assert im.convert("RGBA").getpixel((0, 0))[3] == 0
            print("ok")
            """#
        let python = try PythonTools.run(["-c", check, folder.output + "/android/team", sizes.map(String.init).joined(separator: ",")])
        #expect(python.output.hasSuffix("ok\n"), "\(python.output)")
        let manifest = try String(contentsOfFile: folder.output + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("{\"path\": \"android/team/drawable-hdpi/jane_doe.png\", \"spec\": \"Specs/team/jane-doe.yaml\", \"name\": \"jane-doe\", \"format\": \"png\", \"scale\": 1, \"variant\": \"light\", \"width\": 50, \"height\": 50, "))
        #expect(manifest.contains("{\"path\": \"android/team/drawable-night-xxxhdpi/jane_doe.png\", \"spec\": \"Specs/team/jane-doe.yaml\", \"name\": \"jane-doe\", \"format\": \"png\", \"scale\": 1, \"variant\": \"dark\", \"width\": 132, \"height\": 132, "))
        #expect(manifest.components(separatedBy: "\"target\": \"android\"}").count - 1 == 10)
        // Editing `dark` redraws the spec's dark pictures and the night drawables only.
        try folder.write("Specs/team/jane-doe.yaml", """
            size: 33
            background: "#1E88E5"
            text: {content: J, color: white}
            dark: {background: "#283593"}
            targets: {android: image}
            """)
        let dark = try folder.run(build: true)
        #expect(dark.written == (["team/jane-doe-dark.png", "team/jane-doe-dark.svg"] + Self.densities.map { "android/team/drawable-night-\($0)/jane_doe.png" }).sorted())
    }

    /// `small` applies to every drawable at most `maxSize` pixels wide:
    /// drawable-mdpi (32 px) is the spec's own 32 px small drawing; xhdpi (64 px) is not.
    @Test func smallReachesTheDrawablesItsWidthCovers() throws {
        let folder = try Folder(["Specs/acme.yaml": """
            size: 32
            background: "#1E88E5"
            text: {content: AC, color: white}
            small: {maxSize: 48, text: {content: A}}
            output: {formats: [png], scales: [1, 2]}
            targets: {android: image}
            """])
        _ = try folder.run(build: true)
        func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder.output + "/" + path)) }
        #expect(try bytes("android/drawable-mdpi/acme.png") == bytes("acme.png"))
        #expect(try bytes("android/drawable-xhdpi/acme.png") == bytes("acme@2x.png"))
        #expect(try bytes("acme.png") != bytes("android/drawable-hdpi/acme.png"))
    }

    /// A size whose xxxhdpi drawable would pass the widest raster logoc draws is E006 at `android: image`.
    @Test func aSizeTooLargeForXxxhdpiIsE006AtTheTarget() throws {
        let folder = try Folder(["Specs/a.yaml": "name: a\nsize: 4096\nbackground: \"#1E88E5\"\ntargets: {android: image}\n"])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E006@4:20"])
        #expect(report.diagnostics.first?.message == "size 4096 makes the xxxhdpi drawable of 'android: image' 16384 pixels wide; at most 8192 are drawn")
        let fine = try Folder(["Specs/a.yaml": "name: a\nsize: 2048\nbackground: \"#1E88E5\"\ntargets: {android: image}\n"])
        #expect(Self.summary(try fine.run()) == [])
    }

    /// Two spec names that make one resource name (`jane-doe`, `jane_doe`)
    /// clash: E014 at the second spec's name, with a note at the first's.
    @Test func twoNamesMakingOneResourceNameAreE014AtBothSpecs() throws {
        let folder = try Folder([
            "Specs/a.yaml": "name: jane-doe\nbackground: \"#1E88E5\"\ntargets: {android: image}\n",
            "Specs/b.yaml": "background: \"#2E7D32\"\nname: jane_doe\ntargets: {android: image}\n",
        ])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E014@2:7"])
        let clash = try #require(report.diagnostics.first)
        #expect(clash.span?.file.hasSuffix("Specs/b.yaml") == true)
        // (The temporary folder's long paths are shortened in the message.)
        #expect(clash.message.contains("' would write 'android/drawable-hdpi/jane_doe.png', which '"), "\(clash.message)")
        #expect(clash.message.hasSuffix(": 'jane-doe' and 'jane_doe' map to one Android resource name, 'jane_doe'"), "\(clash.message)")
        #expect(clash.help?.hasPrefix("rename one of the specs") == true)
        let note = try #require(clash.notes.first)
        #expect(note.span?.file.hasSuffix("Specs/a.yaml") == true && note.span?.start.line == 1 && note.span?.start.column == 7)
        // Without the target, the two names write different files.
        let apart = try Folder([
            "Specs/a.yaml": "name: jane-doe\nbackground: \"#1E88E5\"\n",
            "Specs/b.yaml": "name: jane_doe\nbackground: \"#2E7D32\"\n",
        ])
        #expect(Self.summary(try apart.run()) == [])
    }

    /// One Android app has one Play Store icon: two adaptive specs of one
    /// folder both write its `playstore.png` (the contract's name), E014;
    /// in folders of their own they build.
    @Test func twoAdaptiveIconsOfOneFolderClashAtPlaystorePNG() throws {
        let folder = try Folder([
            "Specs/a.yaml": "name: a\nbackground: \"#1E88E5\"\ntargets: {android: adaptive}\n",
            "Specs/b.yaml": "name: b\nbackground: \"#2E7D32\"\ntargets: {android: adaptive}\n",
        ])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E014@1:7"])
        #expect(report.diagnostics.first?.message.contains("'android/playstore.png'") == true, "\(report.diagnostics)")
        let apart = try Folder([
            "Specs/a/a.yaml": "name: a\nbackground: \"#1E88E5\"\ntargets: {android: adaptive}\n",
            "Specs/b/b.yaml": "name: b\nbackground: \"#2E7D32\"\ntargets: {android: adaptive}\n",
        ])
        #expect(Self.summary(try apart.run()) == [])
    }

    // MARK: android: adaptive

    static let adaptiveFiles: [String] = {
        var files = ["res/mipmap-anydpi-v26/ic_kite.xml", "res/mipmap-anydpi-v26/ic_kite_round.xml", "playstore.png"]
        for d in densities {
            files += ["ic_kite.png", "ic_kite_background.png", "ic_kite_foreground.png", "ic_kite_monochrome.png", "ic_kite_round.png"].map { "res/mipmap-\(d)/" + $0 }
        }
        return files.map { "android/brand/" + $0 }.sorted()
    }()

    /// The XML is the documented `<adaptive-icon>`: the root in the android
    /// namespace, exactly `background`, `foreground` and `monochrome`, each
    /// with only `android:drawable`, naming a mipmap that exists in every density.
    static let xmlCheck = #"""
        import sys, os
        import xml.etree.ElementTree as ET
        res, icon = sys.argv[1], sys.argv[2]
        A = "{http://schemas.android.com/apk/res/android}"
        for name in [icon, icon + "_round"]:
            text = open(f"{res}/mipmap-anydpi-v26/{name}.xml").read()
            assert text.startswith('<?xml version="1.0" encoding="utf-8"?>\n'), text
            assert 'xmlns:android="http://schemas.android.com/apk/res/android"' in text
            root = ET.fromstring(text.encode())
            assert root.tag == "adaptive-icon" and root.attrib == {}, (root.tag, root.attrib)
            assert [c.tag for c in root] == ["background", "foreground", "monochrome"], [c.tag for c in root]
            for child in root:
                assert list(child.attrib) == [A + "drawable"] and len(child) == 0, child.attrib
                ref = child.attrib[A + "drawable"]
                assert ref.startswith("@mipmap/"), ref
                for d in ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]:
                    assert os.path.isfile(f"{res}/mipmap-{d}/{ref[8:]}.png"), (d, ref)
        print("ok")
        """#

    /// The layers at 108 dp, the legacy icons at 48 dp, the Play Store icon
    /// at 512 px; opaque background, legacy and Play Store icons; the
    /// foreground transparent outside its ink and inside the 66 dp circle;
    /// the monochrome layer one colour (white) on transparent; the round
    /// icon's corners transparent.
    static let pixelCheck = #"""
        import sys, math
        from PIL import Image
        base, icon = sys.argv[1], sys.argv[2]
        def rgba(path): im = Image.open(path); im.load(); assert im.format == "PNG"; return im.convert("RGBA")
        for d, scale in [("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4)]:
            f = f"{base}/res/mipmap-{d}/{icon}"
            layer, legacy = round(108 * scale), round(48 * scale)
            for suffix in ["_background", "_foreground", "_monochrome"]:
                assert rgba(f + suffix + ".png").size == (layer, layer), (d, suffix)
            for suffix in ["", "_round"]:
                assert rgba(f + suffix + ".png").size == (legacy, legacy), (d, suffix)
            bg = rgba(f + "_background.png")
            assert bg.getextrema()[3] == (255, 255) and set(bg.getdata()) == {(0x1E, 0x88, 0xE5, 255)}, (d, bg.getextrema())
            fg, mono = rgba(f + "_foreground.png"), rgba(f + "_monochrome.png")
            c, safe = layer / 2, layer * 66 / 108 / 2 + 1
            ink = 0
            for y in range(layer):
                for x in range(layer):
                    a = fg.getpixel((x, y))[3]
                    r = math.hypot(x + 0.5 - c, y + 0.5 - c)
                    if r > safe: assert a == 0, (d, x, y, a)
                    if a > 0: ink += 1
            assert ink > layer * layer * 0.05, (d, ink)
            colours = {p[:3] for p in mono.getdata() if p[3] > 0}
            assert colours == {(255, 255, 255)}, (d, colours)
            assert [p[3] for p in mono.getdata()] == [p[3] for p in fg.getdata()], d
            sq, rd = rgba(f + ".png"), rgba(f + "_round.png")
            assert sq.getpixel((legacy // 2, legacy // 10))[3] == 255
            assert rd.getpixel((0, 0))[3] == 0 and rd.getpixel((legacy // 2, legacy // 2))[3] == 255
        play = Image.open(f"{base}/playstore.png"); play.load()
        assert play.size == (512, 512) and play.mode == "RGBA", (play.size, play.mode)
        assert play.convert("RGBA").getextrema()[3] == (255, 255)
        assert play.convert("RGBA").getpixel((0, 0)) == (0x1E, 0x88, 0xE5, 255)
        print("ok")
        """#

    @Test func adaptiveIconFilesAreWhatAndroidReads() throws {
        let folder = try Folder(["Specs/brand/kite.yaml": Self.kite])
        let report = try folder.run(build: true)
        #expect(Self.summary(report) == [] && report.failures.isEmpty, "\(report.diagnostics)")
        #expect(report.written.filter { $0.hasPrefix("android/") } == Self.adaptiveFiles)
        let base = folder.output + "/android/brand"
        let xml = try PythonTools.run(["-c", Self.xmlCheck, base + "/res", "ic_kite"])
        #expect(xml.output.hasSuffix("ok\n"), "\(xml.output)")
        let pixels = try PythonTools.run(["-c", Self.pixelCheck, base, "ic_kite"])
        #expect(pixels.output.hasSuffix("ok\n"), "\(pixels.output)")
        let manifest = try String(contentsOfFile: folder.output + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("{\"path\": \"android/brand/res/mipmap-anydpi-v26/ic_kite.xml\", \"spec\": \"Specs/brand/kite.yaml\", \"name\": \"kite\", \"format\": \"xml\", \"scale\": 1, \"variant\": \"light\", \"width\": 0, \"height\": 0, "))
        #expect(manifest.contains("{\"path\": \"android/brand/playstore.png\", \"spec\": \"Specs/brand/kite.yaml\", \"name\": \"kite\", \"format\": \"png\", \"scale\": 1, \"variant\": \"light\", \"width\": 512, \"height\": 512, "))
    }

    /// A round shape with a gradient is cut to its shape with DEST_IN as
    /// it is drawn; on the full-bleed icons (legacy, Play Store, and the web
    /// target's maskable and apple-touch icons, drawn by the same function)
    /// that cut must not clear the background layer around it.
    @Test func aGradientCircleKeepsTheFullBleedLayerAroundIt() throws {
        let folder = try Folder(["Specs/g.yaml": """
            name: g
            shape: circle
            background: {gradient: {colors: ["#00897B", "#1565C0"], angle: 135}}
            text: {content: G, color: white}
            targets: {android: adaptive, web: favicon}
            """])
        let report = try folder.run(build: true)
        #expect(report.failures.isEmpty && report.errorCount == 0, "\(report.diagnostics)")
        let check = #"""
            import sys
            from PIL import Image
            d = sys.argv[1]
            for name in ["android/playstore.png", "android/res/mipmap-xxxhdpi/ic_g.png", "web/g/icon-maskable-512.png", "web/g/apple-touch-icon.png"]:
                im = Image.open(d + "/" + name).convert("RGBA")
                # The legacy icon's corners are rounded: its edges' middles are outside the circle too.
                points = [(im.width // 2, 4), (4, im.height // 2)] if name.endswith("/ic_g.png") else [(4, 4), (im.width - 5, 4), (4, im.height - 5), (im.width - 5, im.height - 5)]
                for p in points:
                    assert im.getpixel(p)[3] == 255, (name, p, im.getpixel(p))
            print("ok")
            """#
        let python = try PythonTools.run(["-c", check, folder.output])
        #expect(python.output.hasSuffix("ok\n"), "\(python.output)")
    }

    /// The checks have teeth: an XML with a fourth child, or one whose
    /// drawable names a missing mipmap, fails them.
    @Test func theXMLCheckRefusesWhatAndroidWouldNot() throws {
        let folder = try Folder(["Specs/brand/kite.yaml": Self.kite])
        _ = try folder.run(build: true)
        let res = folder.output + "/android/brand/res"
        let path = res + "/mipmap-anydpi-v26/ic_kite.xml"
        let good = try String(contentsOfFile: path, encoding: .utf8)
        for bad in [good.replacingOccurrences(of: "</adaptive-icon>", with: "    <shadow android:drawable=\"@mipmap/ic_kite_background\"/>\n</adaptive-icon>"),
                    good.replacingOccurrences(of: "@mipmap/ic_kite_monochrome", with: "@mipmap/ic_kite_mono")] {
            try bad.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try PythonTools.run(["-c", Self.xmlCheck, res, "ic_kite"]).status != 0)
        }
    }

    /// aapt2 (Debian's `aapt`) compiles the generated `res/` folders and
    /// links them with `R.java` generated, against a stand-in for the
    /// framework's android.jar that the test makes with aapt2 itself (the
    /// `drawable`, `icon` and `roundIcon` attributes; Debian ships no
    /// android.jar). With a JDK, javac compiles that `R.java`, which a digit
    /// or a Java keyword would break. It refuses a drawable named `class`.
    @Test func aapt2CompilesAndLinksTheResources() throws {
        let aapt2 = "/usr/bin/aapt2"
        guard FileManager.default.isExecutableFile(atPath: aapt2) else {
            Issue.record("aapt2 is not installed: `make deps` installs Debian's package `aapt`, which this test needs")
            return
        }
        let folder = try Folder([
            "Specs/brand/kite.yaml": Self.kite,
            "Specs/brand/jane-doe.yaml": "background: \"#1E88E5\"\ntext: {content: J}\ndark: {background: \"#0D47A1\"}\ntargets: {android: image}\n",
        ])
        let report = try folder.run(build: true)
        #expect(report.failures.isEmpty)
        let work = folder.root + "/aapt"
        try FileManager.default.createDirectory(atPath: work + "/fw/res/values", withIntermediateDirectories: true)
        try folder.write("aapt/fw/res/values/public.xml", """
            <resources>
              <attr name="drawable" format="reference"/><attr name="icon" format="reference"/><attr name="roundIcon" format="reference"/>
              <public type="attr" name="drawable" id="0x80010000"/><public type="attr" name="icon" id="0x80010001"/><public type="attr" name="roundIcon" id="0x80010002"/>
            </resources>
            """)
        try folder.write("aapt/fw/AndroidManifest.xml", "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"android\"/>\n")
        try folder.write("aapt/AndroidManifest.xml", """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.logoc">
              <application android:icon="@mipmap/ic_kite" android:roundIcon="@mipmap/ic_kite_round"/>
            </manifest>
            """)
        func tool(_ arguments: [String]) throws -> (Int32, String) { try OutputTests.run(aapt2, arguments) }
        var step = try tool(["compile", "--dir", work + "/fw/res", "-o", work + "/fw.zip"])
        #expect(step.0 == 0, "\(step.1)")
        step = try tool(["link", "--package-id", "0x80", "-o", work + "/android.apk", "--manifest", work + "/fw/AndroidManifest.xml", work + "/fw.zip"])
        #expect(step.0 == 0, "\(step.1)")
        // The adaptive icon's res/ as a folder; the drawables file by file (their folders are not under a res/).
        step = try tool(["compile", "--dir", folder.output + "/android/brand/res", "-o", work + "/icon.zip"])
        #expect(step.0 == 0, "\(step.1)")
        try FileManager.default.createDirectory(atPath: work + "/flat", withIntermediateDirectories: true)
        var flats: [String] = []
        for bucket in Self.densities.flatMap({ ["drawable-\($0)", "drawable-night-\($0)"] }) {
            step = try tool(["compile", folder.output + "/android/brand/\(bucket)/jane_doe.png", "-o", work + "/flat"])
            #expect(step.0 == 0, "\(step.1)")
            flats.append(work + "/flat/\(bucket)_jane_doe.png.flat")
        }
        func link(_ extra: [String]) throws -> (Int32, String) {
            try? FileManager.default.removeItem(atPath: work + "/gen")
            try FileManager.default.createDirectory(atPath: work + "/gen", withIntermediateDirectories: true)
            return try tool(["link", "-I", work + "/android.apk", "--manifest", work + "/AndroidManifest.xml", "-o", work + "/app.apk",
                             "--java", work + "/gen", work + "/icon.zip"] + extra)
        }
        step = try link(flats)
        #expect(step.0 == 0, "\(step.1)")
        let rJava = try String(contentsOfFile: work + "/gen/com/example/logoc/R.java", encoding: .utf8)
        for field in ["ic_kite", "ic_kite_round", "ic_kite_background", "ic_kite_foreground", "ic_kite_monochrome", "jane_doe"] {
            #expect(rJava.contains("public static final int \(field)="), "\(field)")
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/javac") {
            let javac = try OutputTests.run("/usr/bin/javac", ["-d", work + "/classes", work + "/gen/com/example/logoc/R.java"])
            #expect(javac.0 == 0, "\(javac.1)")
        }
        // A drawable named like a Java keyword is refused.
        try FileManager.default.createDirectory(atPath: work + "/bad/drawable-mdpi", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.output + "/android/brand/drawable-mdpi/jane_doe.png", toPath: work + "/bad/drawable-mdpi/class.png")
        step = try tool(["compile", work + "/bad/drawable-mdpi/class.png", "-o", work + "/flat"])
        #expect(step.0 == 0, "\(step.1)")
        step = try link(flats + [work + "/flat/drawable-mdpi_class.png.flat"])
        #expect(step.0 != 0 && step.1.contains("invalid symbol name"), "\(step.1)")
    }

    // MARK: W005

    /// A square's ring has corners outside the 66 dp circle: W005 at the
    /// `targets.android` value, naming the file and the share; a circle's
    /// ring is the safe circle itself, and passes.
    @Test func inkOutsideTheAdaptiveSafeCircleIsW005() throws {
        let square = try Folder(["Specs/a.yaml": Self.kite.replacingOccurrences(of: "shape: circle", with: "shape: square")])
        let report = try square.run()
        #expect(Self.summary(report) == ["W005@6:20"])
        let message = try #require(report.diagnostics.first?.message)
        #expect(message.hasSuffix("% of the ink of mipmap-xxxhdpi/ic_kite_foreground.png lies outside the adaptive icon's safe zone (the central circle of 66 of 108 dp), so a launcher's mask may cut it off"), "\(message)")
        let share = try #require(Double(message.prefix { $0 != " " }))
        #expect(share > 1 && share < 100, "\(share)")
        #expect(report.diagnostics.first?.help?.contains("shape: circle") == true)
        let circle = try Folder(["Specs/a.yaml": Self.kite])
        #expect(Self.summary(try circle.run()) == [])
        // Text alone on a square is inside: the background is no foreground ink.
        let plain = try Folder(["Specs/a.yaml": "name: a\nshape: square\nbackground: \"#1E88E5\"\ntext: {content: K, color: white}\ntargets: {android: adaptive}\n"])
        #expect(Self.summary(try plain.run()) == [])
    }

    /// W004 looks at the narrowest file: a word readable at 512 px is too small on the 48 px legacy icon.
    @Test func w004NamesTheNarrowestAdaptiveFile() throws {
        let folder = try Folder(["Specs/a.yaml": "name: a\nbackground: \"#1E88E5\"\ntext: {content: NORTHWINDTRADERS, color: white}\ntargets: {android: adaptive}\n"])
        let report = try folder.run()
        #expect(Self.summary(report).contains("W004@3:17"), "\(Self.summary(report))")
        #expect(report.diagnostics.first { $0.code == .W004 }?.message.contains("'android/res/mipmap-mdpi/ic_a.png' (48 px wide)") == true,
                "\(report.diagnostics.map(\.message))")
    }

    // MARK: Outputs of the build

    @Test func androidFilesAreOutputsCachedPrunedAndCleaned() throws {
        let folder = try Folder(["Specs/brand/kite.yaml": Self.kite])
        let first = try folder.run(build: true)
        #expect(first.written.filter { $0.hasPrefix("android/") } == Self.adaptiveFiles)
        // A no-op rebuild draws nothing.
        let again = try folder.run(build: true)
        #expect(again.written == [] && Self.adaptiveFiles.allSatisfy { again.unchanged.contains($0) })
        // Adding `dark` changes no adaptive file (launchers take no night icon).
        try folder.write("Specs/brand/kite.yaml", Self.kite + "\ndark: {background: \"#0D47A1\"}\n")
        let dark = try folder.run(build: true)
        #expect(dark.written == ["brand/kite-dark.png", "brand/kite-dark.svg"])
        // Removing `targets` prunes the files and their empty folders.
        try folder.write("Specs/brand/kite.yaml", Self.kite.replacingOccurrences(of: "targets: {android: adaptive}", with: ""))
        let pruned = try folder.run(build: true)
        #expect(pruned.removed.filter { $0.hasPrefix("android/") } == Self.adaptiveFiles)
        #expect(!folder.exists("android"))
        // `logoc clean` removes them too.
        try folder.write("Specs/brand/kite.yaml", Self.kite)
        _ = try folder.run(build: true)
        #expect(folder.exists("android/brand/res/mipmap-anydpi-v26/ic_kite.xml"))
        let cleaned = try CleanRun.run(directory: folder.output)
        #expect(Self.adaptiveFiles.allSatisfy { cleaned.removed.contains($0) })
        #expect(!folder.exists("android"))
    }

    /// `android: image` and `android: adaptive` are written; a misspelt kind is E018 with the nearest word.
    @Test func androidKindsAreAcceptedAndAMisspeltOneIsE018() throws {
        let folder = try Folder(["Specs/a.yaml": "name: a\ntargets: {android: adaptiv}\n"])
        let report = try folder.run()
        #expect(Self.summary(report) == ["E018@2:20"])
        #expect(report.diagnostics.first?.help == "did you mean 'adaptive'?")
        for kind in ["image", "adaptive"] {
            let ok = try Folder(["Specs/a.yaml": "name: a\nbackground: \"#1E88E5\"\ntargets: {android: \(kind)}\n"])
            #expect(Self.summary(try ok.run()) == [], "\(kind)")
        }
    }
}

/// The gallery's Android mock-ups (`GalleryAndroidCard`): the markup, and
/// Chromium loading every picture with its size and alt text.
@Suite struct GalleryAndroidTests {
    typealias Folder = WebTargetTests.Folder

    static func project() throws -> Folder {
        let folder = try Folder([
            "Specs/brand/kite.yaml": AndroidTargetTests.kite,
            "Specs/team/ada.yaml": "size: 24\nbackground: \"#2E7D32\"\ntext: {initials: Ada Quinn, color: white}\ndark: {background: \"#1B5E20\"}\ntargets: {android: image}\n",
            "Specs/plain.yaml": "background: \"#5B2EFF\"\ntext: PL\n",
        ])
        let report = try folder.run(build: true)
        #expect(report.failures.isEmpty && report.errorCount == 0, "\(report.diagnostics)")
        return folder
    }

    /// The adaptive icon's layers (xxxhdpi) under three masks and tinted,
    /// the legacy icons, every drawable labelled; a card without Android
    /// files has none of it, and a gallery without any has no Android rules.
    @Test func theCardsShowTheAndroidFilesWhereTheyLand() throws {
        let folder = try Self.project()
        let page = try String(contentsOfFile: folder.output + "/index.html", encoding: .utf8)
        #expect(page.components(separatedBy: GalleryAndroidCard.marker).count - 1 == 2)
        #expect(page.contains(".adaptive { position: relative;"))
        for mask in ["circle", "squircle", "rounded square"] {
            #expect(page.contains("<img src=\"android/brand/res/mipmap-xxxhdpi/ic_kite_foreground.png\" width=\"72\" height=\"72\" alt=\"K: ic_kite_foreground.png, the foreground layer under a \(mask) mask\">"), "\(mask)")
        }
        #expect(page.contains("alt=\"K: ic_kite_monochrome.png, the monochrome layer, tinted as a themed icon\""))
        #expect(page.contains("<img src=\"android/brand/res/mipmap-xxxhdpi/ic_kite_round.png\" width=\"48\" height=\"48\" alt=\"K: ic_kite_round.png, the legacy round icon\">"))
        #expect(page.contains("<div class=\"drawable\"><img src=\"android/team/drawable-hdpi/ada.png\" width=\"36\" height=\"36\" alt=\"Ada Quinn: drawable-hdpi/ada.png, 36 px\"><span class=\"drawable-label\">drawable-hdpi<br>36 px</span></div>"))
        #expect(page.contains("<div class=\"drawable drawable-night\"><img src=\"android/team/drawable-night-xxxhdpi/ada.png\" width=\"64\" height=\"64\" alt=\"Ada Quinn: drawable-night-xxxhdpi/ada.png, 96 px\">"))
        // The file list names each file with its folder: the names repeat in every density.
        #expect(page.contains("<li><a href=\"android/brand/res/mipmap-hdpi/ic_kite.png\">mipmap-hdpi/ic_kite.png</a> <span>72×72</span></li>"))
        let plain = try Folder(["Specs/plain.yaml": "background: \"#5B2EFF\"\ntext: PL\n"])
        _ = try plain.run(build: true)
        let without = try String(contentsOfFile: plain.output + "/index.html", encoding: .utf8)
        #expect(!without.contains("androidicons") && !without.contains(".adaptive"))
    }

    typealias Shown = ShownImage

    /// Every image of the Android mock-ups loads in Chromium at the size its
    /// file has (the manifest's), shown at the size meant, with its alt text.
    @Test func everyAndroidPictureLoadsInChromium() throws {
        let folder = try Self.project()
        guard let dom = try GalleryLinkTests.dom(root: folder.root, output: folder.output, script: """
            const images = [...gallery.querySelectorAll(".androidicons img")].map(i => ({src: i.getAttribute("src"), alt: i.alt, width: i.width,
              height: i.height, natural: i.complete ? i.naturalWidth : -1}));
            document.body.dataset.images = JSON.stringify(images);
            document.body.dataset.clips = [...gallery.querySelectorAll(".adaptive")].map(s => getComputedStyle(s).clipPath.split("(")[0]).join("|");
            document.body.dataset.cards = String(gallery.querySelectorAll("main figure").length);
            """) else { return }
        let json = try #require(GalleryWebChromiumTests.attribute("data-images", in: dom), "\(dom.prefix(500))")
        let shown = try JSONDecoder().decode([Shown].self, from: Data(json.utf8))
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.output + "/manifest.json")))
        let widths = Dictionary(manifest.outputs.map { ($0.path, $0.width) }, uniquingKeysWith: { a, _ in a })
        // 4 adaptive (3 masks + themed: 7 layers), 2 legacy, 10 drawables.
        #expect(shown.count == 7 + 2 + 10, "\(shown.map(\.src))")
        for image in shown {
            #expect(image.natural == widths[image.src], "\(image.src) loaded at \(image.natural)")
            #expect(image.alt.hasPrefix("K: ") || image.alt.hasPrefix("Ada Quinn: "), "\(image.alt)")
            #expect(image.width == image.height)
            if image.src.contains("/drawable-") { #expect(image.width == min(widths[image.src] ?? 0, 64)) }
            else if image.src.hasSuffix("_background.png") || image.src.hasSuffix("_foreground.png") || image.src.hasSuffix("_monochrome.png") { #expect(image.width == 72) }
            else { #expect(image.width == 48) }
        }
        #expect(GalleryWebChromiumTests.attribute("data-clips", in: dom) == "circle|polygon|inset|circle")
        // Three specs, three cards: the mock-ups add none (the page's script takes every figure for a card).
        #expect(GalleryWebChromiumTests.attribute("data-cards", in: dom) == "3")
    }
}
