import Testing
@testable import LogocImageIO

struct ConcurrencyTests {
    /// Many tasks decoding and encoding at once get the same answers as one
    /// task alone: there is no shared mutable state.
    @Test func decodeAndEncodeFromManyTasks() async throws {
        let jpeg = try Fixtures.bytes("progressive.jpg"), png = try Fixtures.bytes("interlaced.png")
        let image = avatarLikeImage(size: 48, transparentCorners: true)
        let expected = (try ImageDecoder.decode(bytes: jpeg), try ImageDecoder.decode(bytes: png), try PNGEncoder.encode(image))
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    var wrong = 0
                    for _ in 0..<8 {
                        if try ImageDecoder.decode(bytes: jpeg) != expected.0 { wrong += 1 }
                        if try ImageDecoder.decode(bytes: png) != expected.1 { wrong += 1 }
                        if try PNGEncoder.encode(image) != expected.2 { wrong += 1 }
                        if (try? ImageDecoder.decode(bytes: Array(jpeg.prefix(300)))) != nil { wrong += 1 }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
