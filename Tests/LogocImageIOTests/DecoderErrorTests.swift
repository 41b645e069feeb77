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
        // IHDR is bytes 8..<33; IDAT's length, type and data follow.
        let length = Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36])
        let data = 41..<(41 + length)
        for i in stride(from: data.lowerBound + 2, to: data.upperBound - 4, by: 7) { png[i] ^= 0x5A }
        let crc = crc32(png[37..<data.upperBound])
        png.replaceSubrange(data.upperBound..<(data.upperBound + 4),
                            with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect {
            try ImageDecoder.decode(bytes: png)
        } throws: { error in
            guard case ImageError.notDecodable(let message) = error else { return false }
            return message.hasPrefix("PNG data is not decodable: ")
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

    @Test func corruptJPEGIsAnError() throws {
        var jpeg = try Fixtures.bytes("baseline.jpg")
        // Overwrite the quantisation tables' marker so the header is invalid.
        let dqt = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDB })
        jpeg[dqt + 1] = 0xC3  // SOF3: lossless, which TurboJPEG 2.1 does not decode
        #expect {
            try ImageDecoder.decode(bytes: jpeg)
        } throws: { error in
            switch error as? ImageError {
            case .notDecodable(let m), .unsupported(let m): return m.hasPrefix("JPEG data ")
            default: return false
            }
        }
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
