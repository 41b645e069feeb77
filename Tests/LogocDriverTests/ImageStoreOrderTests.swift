import Foundation
@testable import LogocRender
import PhotoFixtures
import Testing

/// What a spec draws of a photo must not depend on which spec asked for
/// the photo first. A JPEG is decoded reduced to the size a drawing needs;
/// handing out a larger reduction that happened to be cached made 45 of a
/// 10,000-spec build's PNGs differ between two runs of the same binary.
struct ImageStoreOrderTests {
    @Test func aReducedDecodeIsTheSameWhateverWasDecodedBefore() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/photo.jpg"
        let jpeg = PhotoFixtures.jpeg(width: 800, height: 600) { x, y in (UInt8(x % 256), UInt8(y % 256), UInt8((x * y) % 256)) }
        try Data(jpeg).write(to: URL(fileURLWithPath: path))

        let alone = try ImageStore().decoded(path, atLeast: (90, 60))
        let store = ImageStore()
        let larger = try store.decoded(path, atLeast: (300, 200))
        let after = try store.decoded(path, atLeast: (90, 60))
        #expect((larger.width, larger.height) == (300, 225))
        #expect((after.width, after.height) == (alone.width, alone.height))
        #expect((alone.width, alone.height) == (100, 75))
        #expect(Data(bytes: after.data, count: after.byteCount) == Data(bytes: alone.data, count: alone.byteCount))
        // And the same pixels are reused, not decoded again, when the size asked maps to them.
        #expect(try store.decoded(path, atLeast: (95, 70)) === after)
        #expect(store.hasDecoded(path) == false, "only reductions are kept, not the whole picture")
    }
}
