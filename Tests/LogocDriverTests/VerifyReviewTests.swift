import Foundation
import LogocDriver
import LogocImageIO
import Testing

/// `logoc verify` for a reviewer (issue #16, item 9): images captioned
/// expected / actual / difference, an HTML page in the diff folder, and new
/// golden images reported as recorded, not updated.
struct VerifyReviewTests {
    static func project() throws -> URL {
        let dir = try TeamWorkflowTests.folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try "size: 64\nbackground: \"#1565C0\"\noutput: {formats: [png]}\n".write(to: dir.appendingPathComponent("Specs/a.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func newGoldenImagesAreRecordedAndChangedOnesUpdated() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try CLITests.run(["verify", "--golden", "golden", "--update"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("recorded a.png"), "\(first.stderr)")
        #expect(!first.stderr.contains("updated a.png"), "\(first.stderr)")
        #expect(first.stderr.contains("1 recorded, 0 updated, 0 deleted in golden"), "\(first.stderr)")
        try "size: 64\nbackground: \"#2E7D32\"\noutput: {formats: [png]}\n".write(to: dir.appendingPathComponent("Specs/a.yaml"), atomically: true, encoding: .utf8)
        let second = try CLITests.run(["verify", "--golden", "golden", "--update"], in: dir)
        #expect(second.stderr.contains("updated a.png") && second.stderr.contains("0 recorded, 1 updated, 0 deleted"), "\(second.stderr)")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Specs/a.yaml"))
        try "size: 64\noutput: {formats: [png]}\n".write(to: dir.appendingPathComponent("Specs/b.yaml"), atomically: true, encoding: .utf8)
        let third = try CLITests.run(["verify", "--golden", "golden", "--update"], in: dir)
        #expect(third.stderr.contains("recorded b.png") && third.stderr.contains("deleted a.png"), "\(third.stderr)")
    }

    @Test func aChangeGivesACaptionedSheetAndAReviewPage() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLITests.run(["verify", "--golden", "golden", "--update"], in: dir).status == 0)
        try "size: 64\nbackground: \"#2E7D32\"\noutput: {formats: [png]}\n".write(to: dir.appendingPathComponent("Specs/a.yaml"), atomically: true, encoding: .utf8)
        let run = try CLITests.run(["verify", "--golden", "golden"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("review page: verify-diff/index.html"), "\(run.stderr)")
        // Three panels of at least 96 px (a caption fits), under a caption strip.
        let sheet = try ImageDecoder.decode(contentsOfFile: dir.appendingPathComponent("verify-diff/a.png").path)
        #expect(sheet.height == 64 + 24, "\(sheet.width) × \(sheet.height)")
        #expect(sheet.width == 3 * 96 + 2 * 8, "\(sheet.width) × \(sheet.height)")
        // Each caption is dark ink on the white strip, over its own panel.
        for panel in 0..<3 {
            var dark = 0
            for y in 0..<24 {
                for x in (panel * 104)..<(panel * 104 + 96) {
                    let i = y * sheet.stride + x * 4
                    if sheet.bytes[i + 3] == 255, sheet.bytes[i] < 100, sheet.bytes[i + 1] < 100, sheet.bytes[i + 2] < 100 { dark += 1 }
                }
            }
            #expect(dark > 20, "panel \(panel) has no caption (\(dark) dark pixels)")
        }
        let page = try String(contentsOf: dir.appendingPathComponent("verify-diff/index.html"), encoding: .utf8)
        #expect(page.contains("<h2>a.png</h2>") && page.contains("<img src=\"a.png\""), "\(page)")
        #expect(page.contains("0 matched, 1 changed, 0 new, 0 removed"), "\(page)")
    }

    /// Nothing changed: no page is written.
    @Test func noChangeWritesNoPage() throws {
        let dir = try Self.project()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLITests.run(["verify", "--golden", "golden", "--update"], in: dir).status == 0)
        #expect(try CLITests.run(["verify", "--golden", "golden"], in: dir).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("verify-diff/index.html").path))
    }
}
