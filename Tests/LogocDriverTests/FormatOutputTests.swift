import Foundation
import Testing
import LogocCore
@testable import LogocDriver
import LogocFrontend
import LogocImageIO

/// The webp, avif, jpeg and pdf outputs as other programs read them:
/// Pillow opens every raster file, `webpinfo`, `avifdec`, `pdfinfo`,
/// `pdffonts` and `pdftoppm` accept theirs, and each looks like the PNG of
/// the same drawing. The showcase's `brand/prism` writes all six formats.
struct FormatOutputTests {
    static let dist = GoldenTests.showcase.output
    static let orbit = ["brand/prism.png", "brand/prism.svg", "brand/prism.webp", "brand/prism.avif", "brand/prism.jpeg", "brand/prism.pdf",
                        "brand/prism@2x.png", "brand/prism@2x.webp", "brand/prism@2x.avif", "brand/prism@2x.jpeg"]
    static let sand = RGBA(r: 0xF4, g: 0xE4, b: 0xC1)

    static func written(_ suffix: String) -> [String] {
        GoldenTests.showcase.report.written.filter { $0.hasSuffix(suffix) }
    }

    static func temporary(_ name: String) -> String {
        NSTemporaryDirectory() + "logoc-\(name)-" + UUID().uuidString + ".png"
    }

    /// The PNG written beside `file` at the same scale.
    static func png(besides file: String) throws -> PixelBuffer {
        let base = (file as NSString).deletingPathExtension
        return try ImageDecoder.decode(contentsOfFile: dist + "/" + base + ".png")
    }

    @Test func everyFormatIsWrittenAndListedWithItsSize() throws {
        let written = Set(GoldenTests.showcase.report.written)
        for file in Self.orbit { #expect(written.contains(file), "\(file) was not written") }
        #expect(!written.contains("brand/prism@2x.pdf") && !written.contains("brand/prism@2x.svg"))
        let manifest = Manifest.load(from: Self.dist)
        let entries = Dictionary(uniqueKeysWithValues: manifest.outputs.map { ($0.path, $0) })
        for (path, format, width) in [("brand/prism.webp", "webp", 256), ("brand/prism@2x.avif", "avif", 512),
                                      ("brand/prism@2x.jpeg", "jpeg", 512), ("brand/prism.pdf", "pdf", 256)] {
            let entry = try #require(entries[path])
            #expect(entry.format == format && entry.width == width && entry.height == width, "\(path): \(entry)")
        }
    }

    @Test func pillowOpensEveryRasterFile() throws {
        let files = ["png", "webp", "avif", "jpeg"].flatMap { Self.written(".\($0)") }
        #expect(files.count >= 8)
        let script = """
            import sys
            from PIL import Image
            for f in sys.argv[1:]:
                with Image.open(f) as im:
                    im.load()
                    print(f, im.format, im.size[0], im.size[1])
            """
        let (status, output) = try OutputTests.run("/usr/bin/env", ["python3", "-c", script] + files.map { Self.dist + "/" + $0 })
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n")
        #expect(lines.count == files.count, "\(output)")
        let names = ["png": "PNG", "webp": "WEBP", "avif": "AVIF", "jpeg": "JPEG"]
        for (file, line) in zip(files, lines) {
            let ext = (file as NSString).pathExtension
            #expect(line.split(separator: " ").dropFirst().first.map(String.init) == names[ext], "\(line)")
        }
    }

    @Test func webpinfoAcceptsEveryWebPAndQualityMakesItLossy() throws {
        for file in Self.written(".webp") {
            let (status, output) = try OutputTests.run("/usr/bin/webpinfo", [Self.dist + "/" + file])
            #expect(status == 0, "\(file): \(output)")
            #expect(output.contains("No error detected"), "\(file): \(output)")
            if file.hasPrefix("brand/prism") { #expect(output.contains("Chunk VP8 "), "\(file) is not lossy: \(output)") }
        }
    }

    @Test(arguments: written(".webp"))
    func webPLooksLikeThePNG(_ file: String) throws {
        let decoded = Self.temporary("dwebp")
        defer { try? FileManager.default.removeItem(atPath: decoded) }
        let (status, output) = try OutputTests.run("/usr/bin/dwebp", [Self.dist + "/" + file, "-o", decoded])
        #expect(status == 0, "\(output)")
        try OutputTests.expectLooksAlike(try Self.png(besides: file), try ImageDecoder.decode(contentsOfFile: decoded), file, mean: 2)
    }

    /// Lossy at the default quality 80 (85 for prism): within 3 levels on average.
    @Test(arguments: written(".avif"))
    func avifdecDecodesAVIFCloseToThePNG(_ file: String) throws {
        let decoded = Self.temporary("avifdec")
        defer { try? FileManager.default.removeItem(atPath: decoded) }
        let (status, output) = try OutputTests.run("/usr/bin/avifdec", [Self.dist + "/" + file, decoded])
        #expect(status == 0, "\(output)")
        #expect(output.contains("Alpha          : Not premultiplied"), "alpha was not kept: \(output)")
        try OutputTests.expectLooksAlike(try Self.png(besides: file), try ImageDecoder.decode(contentsOfFile: decoded), file, mean: 3)
    }

    /// The transparent corners of prism's circle are its matte (sand); the
    /// rest looks like the PNG over that matte.
    @Test(arguments: written(".jpeg"))
    func jpegShowsTheMatteWhereTheDrawingIsTransparent(_ file: String) throws {
        let jpeg = try ImageDecoder.decode(contentsOfFile: Self.dist + "/" + file)
        let matte = file.hasPrefix("brand/prism") ? Self.sand : .white
        let corner = OutputTests.over(.black, jpeg, 0, 0)
        #expect(abs(corner.0 - Int(matte.r)) <= 3 && abs(corner.1 - Int(matte.g)) <= 3 && abs(corner.2 - Int(matte.b)) <= 3, "corner \(corner)")
        try OutputTests.expectLooksAlike(try Self.png(besides: file), jpeg, file, mean: 2.5, over: matte)
    }

    @Test(arguments: written(".pdf"))
    func pdfIsOnePageOfSizePointsWithOutlinedTextAndNoDate(_ file: String) throws {
        let path = Self.dist + "/" + file
        let png = try Self.png(besides: file)
        let (status, info) = try OutputTests.run("/usr/bin/pdfinfo", [path])
        #expect(status == 0, "\(info)")
        #expect(info.contains("Pages:           1"), "\(info)")
        #expect(info.contains("Page size:       \(png.width) x \(png.height) pts"), "\(info)")
        #expect(!info.contains("CreationDate"), "\(info)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data("CreationDate".utf8)) == nil)
        // pdffonts prints its two header lines and one line per font: none.
        let (fontStatus, fonts) = try OutputTests.run("/usr/bin/pdffonts", [path])
        #expect(fontStatus == 0 && fonts.split(separator: "\n").count == 2, "fonts in \(file): \(fonts)")
        let prefix = NSTemporaryDirectory() + "logoc-pdftoppm-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: prefix + ".png") }
        let (renderStatus, message) = try OutputTests.run("/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", path, prefix])
        #expect(renderStatus == 0, "\(message)")
        // pdftoppm draws on white: compare over white.
        try OutputTests.expectLooksAlike(png, try ImageDecoder.decode(contentsOfFile: prefix + ".png"), file, mean: 1.5)
    }

    // MARK: A project of its own

    /// A project with one spec writing `output`, built into `dist`.
    final class Project_: @unchecked Sendable {
        let root = NSTemporaryDirectory() + "logoc-formats-" + UUID().uuidString

        init(_ output: String) throws { try spec(output) }
        deinit { try? FileManager.default.removeItem(atPath: root) }

        func spec(_ output: String) throws {
            try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
            let yaml = "shape: circle\nsize: 96\nbackground: \"#1565C0\"\ntext: {initials: Ada Lovelace, color: white}\ndark: {background: \"#0B1220\"}\noutput:\n" + output
            try yaml.write(toFile: root + "/Specs/ada.yaml", atomically: true, encoding: .utf8)
        }

        func build(into folder: String = "dist", jobs: Int = 2) throws -> RunReport {
            BuildRun.run(try Discovery.inputs([root + "/Specs"]), project: Project.load(root: root),
                         options: .init(outputDirectory: root + "/" + folder, jobs: jobs))
        }
    }

    @Test func everyFormatIsDeterministicAcrossBuildsAndJobs() throws {
        let project = try Project_("  formats: [png, svg, webp, avif, jpeg, pdf]\n  scales: [1, 2]\n")
        let one = try project.build(into: "one", jobs: 1), two = try project.build(into: "two", jobs: 2)
        #expect(one.diagnostics.isEmpty && one.written.count == 20, "\(one.written) \(one.diagnostics)")
        #expect(one.written == two.written)
        for file in one.written {
            let a = FileManager.default.contents(atPath: project.root + "/one/" + file)
            let b = FileManager.default.contents(atPath: project.root + "/two/" + file)
            #expect(a != nil && a == b, "\(file) differs between --jobs 1 and --jobs 2")
        }
        // Drawn again from scratch (a new process would do the same): the same bytes.
        try FileManager.default.removeItem(atPath: project.root + "/one")
        let again = try project.build(into: "one", jobs: 1)
        #expect(again.written == one.written)
        for file in one.written {
            #expect(FileManager.default.contents(atPath: project.root + "/one/" + file) == FileManager.default.contents(atPath: project.root + "/two/" + file),
                    "\(file) differs between two builds")
        }
    }

    @Test func losslessWebPHoldsExactlyThePNGsPixels() throws {
        let project = try Project_("  formats: [png, webp]\n  scales: [1, 2]\n")
        let report = try project.build()
        #expect(report.written.count == 8, "\(report.written)")
        let script = """
            import sys
            from PIL import Image
            for png in sys.argv[1:]:
                a = Image.open(png).convert("RGBA").tobytes()
                b = Image.open(png[:-4] + ".webp").convert("RGBA").tobytes()
                print(png, "same" if a == b else "DIFFERENT")
            """
        let pngs = report.written.filter { $0.hasSuffix(".png") }.map { project.root + "/dist/" + $0 }
        let (status, output) = try OutputTests.run("/usr/bin/env", ["python3", "-c", script] + pngs)
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n").count == 4 && !output.contains("DIFFERENT"), "\(output)")
    }

    @Test func qualityAndMatteRebuildOnlyTheOutputsThatUseThem() throws {
        let project = try Project_("  formats: [png, webp, jpeg]\n")
        _ = try project.build()
        try project.spec("  formats: [png, webp, jpeg]\n  matte: black\n")
        #expect(try project.build().written == ["ada-dark.jpeg", "ada.jpeg"])
        try project.spec("  formats: [png, webp, jpeg]\n  matte: black\n  quality: 70\n")
        #expect(try project.build().written == ["ada-dark.jpeg", "ada-dark.webp", "ada.jpeg", "ada.webp"])
        #expect(try project.build().written.isEmpty)
    }

    /// A png's or svg's cache key is what it was before the new formats: a
    /// build by the previous logoc is not redrawn.
    @Test func pngAndSVGKeysAreUnchanged() {
        let parts = ["toolchain", "tree", "png", "2", "inputs"]
        let png = OutputFile(path: "a@2x.png", format: .png, scale: 2, dark: false)
        #expect(OutputKey.key(toolchain: "toolchain", treeHash: "tree", output: png, contentInputs: "inputs") == SHA256.hex(parts.joined(separator: "\n")))
        let svg = OutputFile(path: "a.svg", format: .svg, scale: 1, dark: false)
        #expect(OutputKey.key(toolchain: "t", treeHash: "h", output: svg, contentInputs: "") == SHA256.hex(["t", "h", "svg", "1", ""].joined(separator: "\n")))
        var jpeg = OutputFile(path: "a.jpeg", format: .jpeg, scale: 1, dark: false, quality: 90, matte: .white)
        let before = OutputKey.key(toolchain: "t", treeHash: "h", output: jpeg, contentInputs: "")
        jpeg.quality = 91
        #expect(OutputKey.key(toolchain: "t", treeHash: "h", output: jpeg, contentInputs: "") != before)
    }
}
