import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend
import LogocImageIO
import LogocRender

/// Contrast over gradients and images is measured on the pixels under the
/// text's ink box, the same way by `check` and `build`.
struct PixelContrastTests {
    /// A fresh project folder with the given files; the caller removes it.
    static func project(_ files: [String: [UInt8]]) throws -> String {
        let root = NSTemporaryDirectory() + "logoc-pixels-" + UUID().uuidString
        for (path, bytes) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    static func run(_ root: String, output: String? = nil) -> RunReport {
        let input = SpecInput(path: root + "/spec.yaml", displayPath: "spec.yaml", outputFolder: "")
        return BuildRun.run([input], project: Project.load(root: root), options: .init(outputDirectory: output, jobs: 1))
    }

    static func summary(_ report: RunReport) -> [String] {
        report.diagnostics.map { "\($0.code.rawValue)@\($0.span?.start.line ?? 0):\($0.span?.start.column ?? 0)" }
    }

    @Test func gradientIsMeasuredUnderTheInkOnly() throws {
        // Black at the top to near-white at the bottom: white text in the
        // middle sits on mid grey, below AA-large.
        let failing = try Self.project(["spec.yaml": Array("""
            background: {gradient: {colors: ["#000000", "#EEEEEE"]}}
            text:
              content: AB
              color: white
            """.utf8)])
        defer { try? FileManager.default.removeItem(atPath: failing) }
        let report = Self.run(failing)
        #expect(Self.summary(report) == ["E011@4:10"])
        #expect(report.diagnostics.first?.message.contains("between text #FFFFFF and the background is below the minimum 3:1 (AA-large)") == true)

        // Under the ink it runs from dark to light grey: neither black nor
        // white reaches 3:1 everywhere, so even auto text fails, at 'text'.
        let auto = try Self.project(["spec.yaml": Array("background: {gradient: {colors: [\"#000000\", \"#EEEEEE\"]}}\ntext: AB\n".utf8)])
        defer { try? FileManager.default.removeItem(atPath: auto) }
        #expect(Self.summary(Self.run(auto)) == ["E011@2:1"])
        // A light gradient with auto text passes: black is chosen.
        let light = try Self.project(["spec.yaml": Array("background: {gradient: {colors: [\"#FFFFFF\", \"#BBBBBB\"]}}\ntext: AB\n".utf8)])
        defer { try? FileManager.default.removeItem(atPath: light) }
        #expect(Self.summary(Self.run(light)) == [])

        // A gradient whose dark end lies outside the text's box does not fail
        // white text: only the pixels under the ink count.
        let darkBand = try Self.project(["spec.yaml": Array("""
            shape: square
            background: {gradient: {colors: [{color: "#FAFAFA", at: 0}, {color: "#FAFAFA", at: 0.05}, {color: "#0D47A1", at: 0.2}, "#0D47A1"]}}
            text: {content: AB, color: white}
            """.utf8)])
        defer { try? FileManager.default.removeItem(atPath: darkBand) }
        #expect(Self.summary(Self.run(darkBand)) == [])
    }

    @Test func imageIsMeasuredOnItsPixels() throws {
        // A 64 × 64 light grey PNG: white text cannot be read on it.
        let grey: [UInt8] = (0..<(64 * 64 * 4)).map { $0 % 4 == 3 ? 255 : 0xDD }
        let png = try PNGEncoder.encode(PixelBuffer(width: 64, height: 64, stride: 256, bytes: grey))
        let root = try Self.project([
            "photo.png": png,
            "spec.yaml": Array("background: {image: photo.png}\ntext: {content: AB, color: white}\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = Self.run(root)
        #expect(Self.summary(report) == ["E011@2:28"])
    }

    /// The renderer decides E017 on the pixels' exact simulated linear
    /// light too (not on simulated colours rounded to 8 bits): a flat
    /// picture gives the same verdicts as the front end's solid colours.
    @Test(arguments: [
        (0x99B3A7, "#780024", "4.5", ["E017@2:39"]),  // deuteranopia 4.466 (4.50 when rounded)
        (0x949EF7, "#4D5085", "3", []),               // deuteranopia 3.0035 (2.99 when rounded)
    ])
    func colourVisionOverAPictureUsesExactSimulatedColours(_ background: Int, _ text: String, _ minimum: String, _ expected: [String]) throws {
        let channels = [UInt8(background & 0xFF), UInt8(background >> 8 & 0xFF), UInt8(background >> 16), 255]  // B, G, R, A
        let flat: [UInt8] = (0..<(64 * 64 * 4)).map { channels[$0 % 4] }
        let png = try PNGEncoder.encode(PixelBuffer(width: 64, height: 64, stride: 256, bytes: flat))
        let root = try Self.project([
            "photo.png": png,
            "spec.yaml": Array("background: {image: photo.png}\ncontrast: {minimum: \(minimum), colorVision: [deuteranopia]}\ntext: {content: GO, color: \"\(text)\"}\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(Self.summary(Self.run(root)) == expected)
    }

    @Test func checkAndBuildReportTheSameAndErrorsWriteNothing() throws {
        let root = try Self.project(["spec.yaml": Array("""
            background: {gradient: {colors: ["#000000", "#EEEEEE"]}}
            text: {content: AB, color: white}
            """.utf8)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let output = root + "/dist"
        let checked = Self.run(root)
        let built = Self.run(root, output: output)
        #expect(checked.diagnostics == built.diagnostics)
        #expect(built.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output + "/spec.png"))
    }
}

/// `build` measures a colour or gradient background on the 1× canvas it
/// then finishes as the PNG; `check` draws only the window under the ink.
/// Both must read the same pixels, or the two commands would disagree.
struct CanvasMeasurementTests {
    @Test func theCanvasAndTheWindowGiveTheSameMeasurement() throws {
        let repository = GoldenTests.repository
        let project = Project.load(root: repository)
        let inputs = try Discovery.inputs([repository + "/Specs"])
        let resolver = Resolver(project: project)
        var compared = 0
        for spec in CheckRun.run(inputs, project: project).specs {
            for tree in resolver.resolve(spec).all where tree.text != nil {
                let window = try Renderer(catalog: project.fonts).measure(tree).text
                let canvas = try Renderer(catalog: project.fonts).measure(tree, keepingCanvas: true).text
                #expect(window == canvas, "\(spec.name)")
                compared += 1
            }
        }
        #expect(compared > 40)
    }

    /// A photo scaled to cover a 512 px square off-centre: moved by whole
    /// pixels its sampling rounds differently, which is why pictures are
    /// always measured on a window (the canvas would disagree here).
    @Test func aPictureIsMeasuredTheSameWhetherOrNotTheCanvasIsKept() throws {
        var pixels = [UInt8](repeating: 255, count: 900 * 1200 * 4)
        var seed: UInt32 = 12345
        for i in stride(from: 0, to: pixels.count, by: 4) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let v = UInt8(truncatingIfNeeded: seed >> 24)
            (pixels[i], pixels[i + 1], pixels[i + 2]) = (v, v / 2 &+ UInt8(i / 4 % 900 / 8), 255 &- v)
        }
        let png = try PNGEncoder.encode(PixelBuffer(width: 900, height: 1200, stride: 900 * 4, bytes: pixels))
        let root = try PixelContrastTests.project([
            "photo.png": png,
            "spec.yaml": Array("""
                size: 512
                shape: square
                background: {image: {path: photo.png, fit: cover, focus: [0.3, 0.3]}}
                text: {initials: "Émile O'Brien"}
                contrast: "off"
                """.utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = Project.load(root: root)
        let input = SpecInput(path: root + "/spec.yaml", displayPath: "spec.yaml", outputFolder: "")
        let spec = try #require(CheckRun.run([input], project: project).specs.first)
        let tree = Resolver(project: project).resolve(spec).light
        let window = try Renderer(catalog: project.fonts).measure(tree).text
        let canvas = try Renderer(catalog: project.fonts).measure(tree, keepingCanvas: true).text
        #expect(window == canvas)
    }
}
