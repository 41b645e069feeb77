import Foundation
import Testing
@testable import LogocDriver

/// The gallery reads favicon.ico's images of 16 and 32 px: the right one
/// from a good file, nil and no crash from anything else.
@Suite struct ICOFrameReaderTests {
    static let images = (try? [16, 32, 48].map { try WebTargetFolder.png(size: $0, disc: 0xFF1565C0, on: 0) }) ?? []
    static let ico = WebTargetFolder.ico(images, sizes: [16, 32, 48])

    @Test func findsEachImageBySize() throws {
        #expect(ICOFrameReader.png(width: 16, in: Self.ico) == Self.images[0])
        #expect(ICOFrameReader.png(width: 32, in: Self.ico) == Self.images[1])
        #expect(ICOFrameReader.png(width: 48, in: Self.ico) == Self.images[2])
        #expect(ICOFrameReader.png(width: 64, in: Self.ico) == nil)
    }

    @Test func aWidthByteOfZeroIs256() throws {
        let big = try WebTargetFolder.png(size: 256, disc: 0xFF1565C0, on: 0)
        #expect(ICOFrameReader.png(width: 256, in: WebTargetFolder.ico([big], sizes: [256])) == big)
    }

    @Test func everyCutOfTheFileIsNilOrTheImage() {
        for length in 0..<Self.ico.count {
            let frame = ICOFrameReader.png(width: 16, in: Array(Self.ico.prefix(length)))
            #expect(frame == nil || frame == Self.images[0])
        }
    }

    @Test func whatDoesNotAddUpIsNil() {
        func patched(_ at: Int, _ bytes: [UInt8]) -> [UInt8] {
            var out = Self.ico
            out.replaceSubrange(at..<(at + bytes.count), with: bytes)
            return out
        }
        #expect(ICOFrameReader.png(width: 16, in: patched(2, [2, 0])) == nil, "a cursor file (type 2)")
        #expect(ICOFrameReader.png(width: 16, in: patched(0, [1, 0])) == nil, "reserved must be 0")
        #expect(ICOFrameReader.png(width: 16, in: patched(4, [0xFF, 0xFF])) == nil, "more entries than bytes")
        #expect(ICOFrameReader.png(width: 16, in: patched(6 + 8, [0xFF, 0xFF, 0xFF, 0xFF])) == nil, "a size past the end")
        #expect(ICOFrameReader.png(width: 16, in: patched(6 + 12, [0xFF, 0xFF, 0xFF, 0xFF])) == nil, "an offset past the end")
        #expect(ICOFrameReader.png(width: 16, in: patched(6, [32])) == nil, "the entry says 32, the PNG is 16")
        #expect(ICOFrameReader.png(width: 32, in: patched(6, [32])) == Self.images[1], "past the entry whose PNG is not 32, the one that is")
        #expect(ICOFrameReader.png(width: 16, in: patched(6 + 16 * 3, [0x42, 0x4D])) == nil, "not a PNG (a BMP image)")
    }
}
