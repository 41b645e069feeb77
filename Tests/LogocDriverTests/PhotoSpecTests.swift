import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocImageIO
import PhotoFixtures

/// Whole specs over photos as phones write them: what `fit`, `focus`, the
/// contrast check, `fromImage` and `logoc inspect` see is the upright, sRGB
/// picture.
struct PhotoSpecTests {
    /// A portrait 32 × 64 as stored: light grey on top, near-black below.
    /// With orientation 6 it is a landscape 64 × 32, dark left, light right.
    static func photo(orientation: Int?) -> [UInt8] {
        let plain = PhotoFixtures.jpeg(width: 32, height: 64) { _, y in y < 32 ? (238, 238, 238) : (17, 17, 17) }
        guard let orientation else { return plain }
        return PhotoFixtures.inserting([(0xE1, PhotoFixtures.exifPayload(orientation: orientation))], into: plain)
    }

    /// White text over the crop that `focus: [0, 0]` keeps: the top of the
    /// portrait (light, unreadable) or the left of the landscape (dark).
    static let spec = Array("""
        shape: square
        background: {image: {path: photo.jpg, focus: [0, 0]}}
        text: {content: AB, color: white}
        """.utf8)

    @Test func contrastIsMeasuredOnTheUprightPicture() throws {
        let asStored = try PixelContrastTests.project(["photo.jpg": Self.photo(orientation: nil), "spec.yaml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: asStored) }
        #expect(PixelContrastTests.summary(PixelContrastTests.run(asStored)) == ["E011@3:28"])

        let turned = try PixelContrastTests.project(["photo.jpg": Self.photo(orientation: 6), "spec.yaml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: turned) }
        #expect(PixelContrastTests.summary(PixelContrastTests.run(turned)) == [])
        // Turned the other way (8), the light half is on the left again.
        let other = try PixelContrastTests.project(["photo.jpg": Self.photo(orientation: 8), "spec.yaml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(PixelContrastTests.summary(PixelContrastTests.run(other)) == ["E011@3:28"])
    }

    /// `fromImage` picks from the converted colours of a Display P3 photo:
    /// the ring is drawn in littleCMS's sRGB value of the photo's orange.
    @Test func fromImagePicksTheConvertedColour() throws {
        let p3 = PhotoFixtures.displayP3Profile()
        let orange = (251, 140, 0), navy = (26, 31, 77)
        let pixels = PixelBuffer(width: 64, height: 64, stride: 256, bytes: (0..<(64 * 64)).flatMap { i -> [UInt8] in
            let (x, y) = (i % 64, i / 64)
            let c = x < 24 && y < 24 ? orange : navy
            return [UInt8(c.2), UInt8(c.1), UInt8(c.0), 255]  // B, G, R, A
        })
        let png = try PhotoFixtures.png(pixels, chunks: [("iCCP", PhotoFixtures.iccpData(p3))])
        let spec = Array("""
            shape: square
            size: 64
            background: {image: photo.png}
            border: {width: 6, color: fromImage}
            text: {content: A, color: auto}
            """.utf8)
        let root = try PixelContrastTests.project(["photo.png": png, "spec.yaml": spec])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = PixelContrastTests.run(root, output: root + "/out")
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(PixelContrastTests.summary(report))")
        let output = try ImageDecoder.decode(contentsOfFile: root + "/out/spec.png")
        let p = 2 * output.stride + (output.width / 2) * 4  // the ring's top edge, mid-width
        let ring = (Int(output.bytes[p + 2]), Int(output.bytes[p + 1]), Int(output.bytes[p]))
        let expected = try #require(PhotoFixtures.expectedSRGB(orange, from: p3))
        #expect(abs(ring.0 - expected.0) <= 3 && abs(ring.1 - expected.1) <= 3 && abs(ring.2 - expected.2) <= 3,
                "ring \(ring), littleCMS's sRGB orange \(expected), the stored orange \(orange)")
    }

    /// A `fromImage` ring over a picture of one colour cannot take that
    /// colour (1:1 against the pixels inside it): it fell back to black or
    /// white in silence. Now a W002 at the ring's colour says so and why.
    @Test func aFromImageRingThatFallsBackWarns() throws {
        let orange = PixelBuffer(width: 64, height: 64, stride: 256, bytes: [UInt8](repeating: 0, count: 64 * 64 * 4).enumerated().map { i, _ in
            [UInt8(0), 140, 251, 255][i % 4]  // B, G, R, A
        })
        let spec = Array("""
            shape: square
            size: 64
            background: {image: photo.png}
            border: {width: 6, color: fromImage}
            """.utf8)
        let root = try PixelContrastTests.project(["photo.png": try PNGEncoder.encode(orange), "spec.yaml": spec])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = PixelContrastTests.run(root)
        #expect(PixelContrastTests.summary(report) == ["W002@4:27"])
        let warning = try #require(report.diagnostics.first)
        #expect(warning.message == "'fromImage' has no effect here: no colour of the image reaches 3:1 against the pixels just inside the ring, so the ring is black as with 'auto'",
                "\(warning.message)")
        #expect(warning.help?.contains("color: auto") == true)
        // A ring that takes a colour of the picture gives no warning.
        let navy = PixelBuffer(width: 64, height: 64, stride: 256, bytes: (0..<(64 * 64)).flatMap { i -> [UInt8] in
            i % 64 < 24 && i / 64 < 24 ? [0, 140, 251, 255] : [77, 31, 26, 255]
        })
        let picked = try PixelContrastTests.project(["photo.png": try PNGEncoder.encode(navy), "spec.yaml": spec])
        defer { try? FileManager.default.removeItem(atPath: picked) }
        #expect(PixelContrastTests.summary(PixelContrastTests.run(picked)) == [])
    }

    @Test func inspectReportsTheUprightSize() throws {
        let folder = NSTemporaryDirectory() + "logoc-inspect-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.photo(orientation: 6)).write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        let run = try CLITests.run(["inspect", folder + "/photo.jpg", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"width\": 64,") && run.stdout.contains("\"height\": 32,"), "\(run.stdout)")
        let human = try CLITests.run(["inspect", folder + "/photo.jpg"])
        #expect(human.stdout.hasPrefix(folder + "/photo.jpg: 64 × 32, "), "\(human.stdout)")
    }
}
