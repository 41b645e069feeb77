import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend
import LogocImageIO

/// Contrast over gradients and images is measured on the pixels under the
/// text's ink box, the same way by `check` and `build`.
struct PixelContrastTests {
    /// A fresh project folder with the given files.
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
        let report = Self.run(failing)
        #expect(Self.summary(report) == ["E011@4:10"])
        #expect(report.diagnostics.first?.message.contains("between text #FFFFFF and the background is below the minimum 3:1 (AA-large)") == true)

        // Under the ink it runs from dark to light grey: neither black nor
        // white reaches 3:1 everywhere, so even auto text fails, at 'text'.
        let auto = try Self.project(["spec.yaml": Array("background: {gradient: {colors: [\"#000000\", \"#EEEEEE\"]}}\ntext: AB\n".utf8)])
        #expect(Self.summary(Self.run(auto)) == ["E011@2:1"])
        // A light gradient with auto text passes: black is chosen.
        let light = try Self.project(["spec.yaml": Array("background: {gradient: {colors: [\"#FFFFFF\", \"#BBBBBB\"]}}\ntext: AB\n".utf8)])
        #expect(Self.summary(Self.run(light)) == [])

        // A gradient whose dark end lies outside the text's box does not fail
        // white text: only the pixels under the ink count.
        let darkBand = try Self.project(["spec.yaml": Array("""
            shape: square
            background: {gradient: {colors: [{color: "#FAFAFA", at: 0}, {color: "#FAFAFA", at: 0.05}, {color: "#0D47A1", at: 0.2}, "#0D47A1"]}}
            text: {content: AB, color: white}
            """.utf8)])
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
        let report = Self.run(root)
        #expect(Self.summary(report) == ["E011@2:28"])
    }

    @Test func checkAndBuildReportTheSameAndErrorsWriteNothing() throws {
        let root = try Self.project(["spec.yaml": Array("""
            background: {gradient: {colors: ["#000000", "#EEEEEE"]}}
            text: {content: AB, color: white}
            """.utf8)])
        let output = root + "/dist"
        let checked = Self.run(root)
        let built = Self.run(root, output: output)
        #expect(checked.diagnostics == built.diagnostics)
        #expect(built.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output + "/spec.png"))
    }
}
