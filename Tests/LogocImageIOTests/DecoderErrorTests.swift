import Foundation
import Testing
@testable import LogocImageIO

struct DecoderErrorTests {
    @Test func jpegOverTheBudgetIsRefused() throws {
        let jpeg = try Fixtures.bytes("baseline.jpg")
        #expect(throws: ImageError.tooLarge(width: 32, height: 32, maxPixels: 1000, maxEdge: 16_384)) {
            try ImageDecoder.decode(bytes: jpeg, maxPixels: 1000)
        }
        #expect(throws: ImageError.tooLarge(width: 32, height: 32, maxPixels: 40_000_000, maxEdge: 31)) {
            try ImageDecoder.decode(bytes: jpeg, maxEdge: 31)
        }
        #expect(try ImageDecoder.decode(bytes: jpeg, maxPixels: 1024, maxEdge: 32).width == 32)
    }

    @Test func pngOverTheBudgetIsRefused() throws {
        let png = try PNGEncoder.encode(avatarLikeImage(size: 20, transparentCorners: false))
        #expect(throws: ImageError.tooLarge(width: 20, height: 20, maxPixels: 399, maxEdge: 16_384)) {
            try ImageDecoder.decode(bytes: png, maxPixels: 399)
        }
    }

    @Test func pngBeyondLibpngsOwnLimitIsTooLarge() throws {
        var png = try PNGEncoder.encode(avatarLikeImage(size: 4, transparentCorners: true))
        png.replaceSubrange(16..<20, with: [0x00, 0x1E, 0x84, 0x80])  // width 2,000,000
        let crc = crc32(png[12..<29])
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: ImageError.tooLarge(width: 2_000_000, height: 4, maxPixels: 40_000_000, maxEdge: 16_384)) {
            try ImageDecoder.decode(bytes: png)
        }
    }

    @Test func truncatedPNGIsAnError() throws {
        let png = try PNGEncoder.encode(avatarLikeImage(size: 64, transparentCorners: true))
        #expect(throws: ImageError.truncated("PNG data is truncated")) {
            try ImageDecoder.decode(bytes: Array(png.prefix(png.count / 2)))
        }
        // Cut inside the header: libpng cannot even read IHDR.
        #expect(throws: ImageError.truncated("PNG data is truncated")) {
            try ImageDecoder.decode(bytes: Array(png.prefix(20)))
        }
    }

    @Test func pngMissingOnlyIENDStillDecodes() throws {
        let image = avatarLikeImage(size: 16, transparentCorners: true)
        let png = try PNGEncoder.encode(image)
        #expect(try ImageDecoder.decode(bytes: Array(png.dropLast(12))) == image)
    }

    @Test func corruptDeflateStreamWithValidCRCIsAnError() throws {
        var png = try PNGEncoder.encode(avatarLikeImage(size: 32, transparentCorners: true))
        // The chunk before IDAT ends where IDAT's length, type and data start (an indexed image has PLTE and tRNS).
        let idat = try #require((8..<png.count - 4).first { Array(png[$0..<$0 + 4]) == Array("IDAT".utf8) }) - 4
        let length = Int(png[idat]) << 24 | Int(png[idat + 1]) << 16 | Int(png[idat + 2]) << 8 | Int(png[idat + 3])
        let data = (idat + 8)..<(idat + 8 + length)
        png[data.lowerBound + 2] = 0xFF  // first deflate block: BTYPE 3, which does not exist
        let crc = crc32(png[(idat + 4)..<data.upperBound])
        png.replaceSubrange(data.upperBound..<(data.upperBound + 4),
                            with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: ImageError.notDecodable("PNG data is not decodable: IDAT: invalid block type")) {
            try ImageDecoder.decode(bytes: png)
        }
    }

    /// IHDR claims more rows than the (complete, valid) deflate stream holds.
    @Test func missingRowsAreAnError() throws {
        var png = try PNGEncoder.encode(avatarLikeImage(size: 8, transparentCorners: true))
        png[23] = 16  // height 8 → 16
        let crc = crc32(png[12..<29])
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: ImageError.truncated("PNG data is truncated")) {
            try ImageDecoder.decode(bytes: png)
        }
    }

    @Test func wrongIDATChecksumIsAnError() throws {
        var png = try PNGEncoder.encode(avatarLikeImage(size: 32, transparentCorners: true))
        let iend = png.count - 12
        png[iend - 1] ^= 0x01  // last byte of IDAT's CRC
        #expect(throws: ImageError.notDecodable("PNG data is not decodable: IDAT: CRC error")) {
            try ImageDecoder.decode(bytes: png)
        }
    }

    @Test func losslessJPEGIsUnsupported() throws {
        var jpeg = try Fixtures.bytes("baseline.jpg")
        let sof0 = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof0 + 1] = 0xC3  // SOF3: lossless, which TurboJPEG 2.1 does not decode
        #expect(throws: ImageError.unsupported(
            "JPEG data uses a variant that is not supported: Unsupported JPEG process: SOF type 0xc3")) {
            try ImageDecoder.decode(bytes: jpeg)
        }
    }

    @Test func damagedJPEGIsAnError() throws {
        var jpeg = try Fixtures.bytes("baseline.jpg")
        let sos = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        for i in stride(from: sos + 20, to: jpeg.count - 4, by: 5) { jpeg[i] = 0xFF }
        #expect(throws: ImageError.notDecodable(
            "JPEG data is damaged: Corrupt JPEG data: premature end of data segment")) {
            try ImageDecoder.decode(bytes: jpeg)
        }
    }

    /// Wherever a file is cut, the answer is "truncated", never an image.
    @Test(arguments: ["baseline.jpg", "progressive.jpg", "cmyk.jpg"])
    func jpegCutAnywhereIsTruncated(name: String) throws {
        let jpeg = try Fixtures.bytes(name)
        var wrong: [Int] = []
        for cut in 3..<(jpeg.count - 1) {
            do {
                _ = try ImageDecoder.decode(bytes: Array(jpeg.prefix(cut)))
                wrong.append(cut)
            } catch {
                if error != .truncated("JPEG data is truncated") { wrong.append(cut) }
            }
        }
        #expect(wrong.isEmpty, "cuts not reported as truncated: \(wrong)")
    }

    @Test func pngCutAnywhereBeforeIENDIsTruncated() throws {
        let png = try PNGEncoder.encode(avatarLikeImage(size: 24, transparentCorners: true))
        var wrong: [Int] = []
        for cut in 1..<(png.count - 12) {
            do {
                _ = try ImageDecoder.decode(bytes: Array(png.prefix(cut)))
                wrong.append(cut)
            } catch {
                if cut >= 8 && error != .truncated("PNG data is truncated") { wrong.append(cut) }
            }
        }
        #expect(wrong.isEmpty, "cuts not reported as truncated: \(wrong)")
    }

    @Test func notAnImage() {
        #expect(throws: ImageError.notDecodable("image data is empty")) { try ImageDecoder.decode(bytes: []) }
        #expect(throws: ImageError.notDecodable("image data is neither PNG nor JPEG")) {
            try ImageDecoder.decode(bytes: Array("GIF89a...".utf8))
        }
    }

    @Test func onlyRegularFilesAreRead() {
        #expect(throws: ImageError.unreadable("'/dev/zero' is not a regular file")) {
            try ImageDecoder.decode(contentsOfFile: "/dev/zero")
        }
        #expect(throws: ImageError.unreadable("'/tmp' is not a regular file")) {
            try ImageDecoder.decode(contentsOfFile: "/tmp")
        }
        #expect(throws: ImageError.unreadable("cannot open '/nonexistent/a.png': No such file or directory")) {
            try ImageDecoder.decode(contentsOfFile: "/nonexistent/a.png")
        }
    }

    @Test func fileLargerThanTheBudgetAllowsIsNotRead() throws {
        #expect(throws: ImageError.unreadable(
            "'\(Fixtures.path("grey.png"))' is 340 bytes, more than an image within the pixel budget can be")) {
            _ = try ImageDecoder.readRegularFile(Fixtures.path("grey.png"), maxBytes: 339)
        }
    }

    @Test func messagesReadLikeDiagnostics() {
        #expect(ImageError.tooLarge(width: 60000, height: 60000, maxPixels: 40_000_000, maxEdge: 16_384).message
            == "image of 60000×60000 pixels is too large; at most 40000000 pixels and 16384 per edge are allowed")
        #expect(ImageError.truncated("JPEG data is truncated").message == "JPEG data is truncated")
        #expect("\(ImageError.unsupported("x"))" == "x")
    }
}
