import Testing
import LogocCore
import LogocImageIO
import PhotoFixtures
@testable import LogocFrontend

/// W007: an image's colour profile cannot be used; reported at the image's
/// value, from the file's first bytes only (`check` decodes nothing).
struct ColourProfileWarningTests {
    static let p3 = PhotoFixtures.displayP3Profile()
    static let plain = PhotoFixtures.jpeg(width: 16, height: 8) { x, _ in (UInt8(x * 16), 90, 160) }

    static func jpeg(_ payloads: [[UInt8]]) -> [UInt8] {
        PhotoFixtures.inserting(payloads.map { (0xE2, $0) }, into: plain)
    }

    static let spec = """
        background:
          image: 1️⃣photo.jpg
        text: AB
        """

    @Test func unusableProfilesWarnAtTheImage() throws {
        let parts = PhotoFixtures.iccPayloads(Self.p3, parts: 2)
        let enormous = (1...70).map { Array("ICC_PROFILE\0".utf8) + [UInt8($0), 70] + [UInt8](repeating: 7, count: 65_000) }
        let cases: [(String, [UInt8], String)] = [
            ("truncated", Self.jpeg([Array(PhotoFixtures.iccPayloads(Self.p3)[0].prefix(200))]), "the ICC profile is truncated"),
            ("too large", Self.jpeg(enormous), "the ICC profile is larger than 4 MiB"),
            ("CMYK", Self.jpeg(PhotoFixtures.iccPayloads(PhotoFixtures.cmykHeaderedProfile())), "the ICC profile is for CMYK colours but the image is RGB"),
            ("split inconsistently", Self.jpeg([parts[0]]), "the ICC profile is split over 2 APP2 markers but only 1 is present"),
        ]
        for (name, photo, message) in cases {
            let check = assertDiagnostics(files: ["spec.yaml": Self.spec], [
                ExpectedDiagnostic("1️⃣", .W007, "the colour profile of image 'photo.jpg' cannot be used, so its colours are read as sRGB: " + message,
                                   help: "export the image again"),
            ], setup: { try $0.write("photo.jpg", bytes: photo) })
            #expect(check != nil, "\(name)")
        }
    }

    @Test func usableProfilesAndPNGsAreQuiet() throws {
        assertDiagnostics(files: ["spec.yaml": Self.spec], [],
                          setup: { try $0.write("photo.jpg", bytes: Self.jpeg(PhotoFixtures.iccPayloads(Self.p3, parts: 3))) })
        let png = try PhotoFixtures.png(.init(width: 1, height: 1, stride: 4, bytes: [0, 0, 0, 255]),
                                        chunks: [("iCCP", PhotoFixtures.iccpData(PhotoFixtures.cmykHeaderedProfile()))])
        assertDiagnostics(files: ["spec.yaml": "background: {image: 1️⃣photo.png}\ntext: AB\n"], [
            ExpectedDiagnostic("1️⃣", .W007, "the ICC profile is for CMYK colours but the image is RGB"),
        ], setup: { try $0.write("photo.png", bytes: png) })
    }

    /// A profile behind a long EXIF block is still seen: the probe reads on
    /// until the image data starts.
    @Test func profileBehindLargeMetadataIsSeen() throws {
        let exif = PhotoFixtures.exifPayload(orientation: 6) + [UInt8](repeating: 0, count: 60_000)
        let photo = PhotoFixtures.inserting([(0xE1, exif), (0xE2, Array(PhotoFixtures.iccPayloads(Self.p3)[0].prefix(100)))], into: Self.plain)
        assertDiagnostics(files: ["spec.yaml": Self.spec], [ExpectedDiagnostic("1️⃣", .W007, "truncated")],
                          setup: { try $0.write("photo.jpg", bytes: photo) })
    }

    /// The validator and resolver see the upright size: a 16 × 8 photo
    /// turned by orientation 6 is 8 × 16.
    @Test func probeSeesTheUprightSize() throws {
        let photo = PhotoFixtures.inserting([(0xE1, PhotoFixtures.exifPayload(orientation: 6))], into: Self.plain)
        let header = try #require(ImageProbe.header(photo))
        #expect(header.width == 8 && header.height == 16 && header.storedWidth == 16)
    }
}
