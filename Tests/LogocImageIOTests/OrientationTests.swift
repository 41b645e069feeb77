import Testing
import PhotoFixtures
@testable import LogocImageIO

/// EXIF orientation is applied by the decoder, for JPEG (APP1 Exif) and PNG
/// (eXIf), and read defensively.
struct OrientationTests {
    /// Where the stored top-left and top-right pixels of an 8 × 4 picture
    /// must end up, per orientation (from the EXIF specification's table;
    /// the same as Pillow's exif_transpose): corners as (right?, bottom?).
    static let expected: [Int: (topLeft: (Bool, Bool), topRight: (Bool, Bool))] = [
        1: ((false, false), (true, false)),
        2: ((true, false), (false, false)),
        3: ((true, true), (false, true)),
        4: ((false, true), (true, true)),
        5: ((false, false), (false, true)),
        6: ((true, false), (true, true)),
        7: ((true, true), (true, false)),
        8: ((false, true), (false, false)),
    ]

    /// 8 × 4: grey, with a red top-left and a blue top-right pixel.
    static func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        if x == 0 && y == 0 { return (255, 0, 0) }
        if x == 7 && y == 0 { return (0, 0, 255) }
        return (128, 128, 128)
    }

    static func corner(_ p: PixelBuffer, _ c: (Bool, Bool)) -> Pixel {
        p[c.0 ? p.width - 1 : 0, c.1 ? p.height - 1 : 0]
    }

    static func check(_ decoded: PixelBuffer, orientation: Int, exact: Bool) {
        let turned = orientation >= 5
        #expect(decoded.width == (turned ? 4 : 8) && decoded.height == (turned ? 8 : 4), "\(orientation): \(decoded.width)×\(decoded.height)")
        guard let where_ = expected[orientation] else { return }
        let red = corner(decoded, where_.topLeft), blue = corner(decoded, where_.topRight)
        if exact {
            #expect(red == Pixel(255, 0, 0) && blue == Pixel(0, 0, 255), "\(orientation): \(red) \(blue)")
        } else {
            #expect(red.r > 180 && red.g < 90 && red.b < 90, "\(orientation): red corner is \(red)")
            #expect(blue.b > 180 && blue.r < 90 && blue.g < 90, "\(orientation): blue corner is \(blue)")
        }
    }

    @Test(arguments: 1...8)
    func jpegIsTurnedUpright(_ orientation: Int) throws {
        let plain = PhotoFixtures.jpeg(width: 8, height: 4, Self.colour)
        for bigEndian in [false, true] {
            let jpeg = PhotoFixtures.inserting([(0xE1, PhotoFixtures.exifPayload(orientation: orientation, bigEndian: bigEndian))], into: plain)
            Self.check(try ImageDecoder.decode(bytes: jpeg), orientation: orientation, exact: false)
            let metadata = ImageMetadata.read(jpeg)
            #expect(metadata?.orientation.rawValue == orientation)
            #expect(metadata?.width == (orientation >= 5 ? 4 : 8))
        }
    }

    @Test(arguments: 1...8)
    func pngIsTurnedUprightByEXIf(_ orientation: Int) throws {
        let pixels = PixelBuffer.make(width: 8, height: 4) { x, y in let c = Self.colour(x, y); return Pixel(Int(c.0), Int(c.1), Int(c.2)) }
        for bigEndian in [false, true] {
            let png = try PhotoFixtures.png(pixels, chunks: [("eXIf", PhotoFixtures.tiff(orientation: orientation, bigEndian: bigEndian))])
            Self.check(try ImageDecoder.decode(bytes: png), orientation: orientation, exact: true)
        }
    }

    @Test func nonsenseIsAsStored() throws {
        let plain = PhotoFixtures.jpeg(width: 8, height: 4, Self.colour)
        let good = PhotoFixtures.exifPayload(orientation: 6)
        var payloads: [[UInt8]] = [
            PhotoFixtures.exifPayload(orientation: 0), PhotoFixtures.exifPayload(orientation: 9),
            PhotoFixtures.exifPayload(orientation: 65_535), PhotoFixtures.exifPayload(orientation: 6, type: 2),
            Array(good.prefix(20)),  // cut inside IFD0
            Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0, 0x2A, 0x7F, 0xFF, 0xFF, 0xFF],  // IFD0 far outside
            Array("Exif\0\0".utf8) + [0x58, 0x58, 0, 0x2A, 0, 0, 0, 8],  // no byte-order mark
        ]
        var countLie = Array(good.prefix(6 + 8 + 2 + 12))  // IFD0 cut after its first entry
        countLie[6 + 8] = 0xFF; countLie[6 + 9] = 0xFF  // and claiming 65,535 entries
        payloads.append(countLie)
        for payload in payloads {
            let decoded = try ImageDecoder.decode(bytes: PhotoFixtures.inserting([(0xE1, payload)], into: plain))
            Self.check(decoded, orientation: 1, exact: false)
        }
        // LONG instead of SHORT, as a few tools write it, is honoured.
        let long = PhotoFixtures.inserting([(0xE1, PhotoFixtures.exifPayload(orientation: 6, type: 4))], into: plain)
        Self.check(try ImageDecoder.decode(bytes: long), orientation: 6, exact: false)
    }

    @Test func onlyTheFirstExifCounts() throws {
        let plain = PhotoFixtures.jpeg(width: 8, height: 4, Self.colour)
        let jpeg = PhotoFixtures.inserting([(0xE1, PhotoFixtures.exifPayload(orientation: 3)), (0xE1, PhotoFixtures.exifPayload(orientation: 6))], into: plain)
        Self.check(try ImageDecoder.decode(bytes: jpeg), orientation: 3, exact: false)
    }

    @Test func decodedPictureSaysWhatWasDone() throws {
        let plain = PhotoFixtures.jpeg(width: 8, height: 4, Self.colour)
        #expect(try ImageDecoder.decodePicture(bytes: plain).isAsStored)
        let turned = try ImageDecoder.decodePicture(bytes: PhotoFixtures.inserting([(0xE1, PhotoFixtures.exifPayload(orientation: 8))], into: plain))
        #expect(turned.orientation == .left && !turned.isAsStored)
    }
}
