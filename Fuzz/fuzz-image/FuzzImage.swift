import LogocImageIO
import FuzzSupport

/// libFuzzer target: the bytes are an image file (PNG or JPEG). A decoded
/// image is encoded again with logoc's PNG writer and decoded once more;
/// the round trip must give the same pixels. The budget is smaller than
/// logoc's (4 megapixels) so that the fuzzer spends its time on headers and
/// chunks, not on filling large buffers.
enum FuzzImage {
    static func run(_ bytes: [UInt8]) {
        guard let image = try? ImageDecoder.decode(bytes: bytes, maxPixels: 4_000_000, maxEdge: 4096) else { return }
        precondition(image.width > 0 && image.height > 0 && image.bytes.count >= image.stride * image.height,
                     "decoder returned an inconsistent buffer")
        guard let png = try? PNGEncoder.encode(image) else { preconditionFailure("a decoded image must encode") }
        guard let again = try? ImageDecoder.decode(bytes: png) else { preconditionFailure("logoc's PNG must decode") }
        precondition(again.width == image.width && again.height == image.height, "round trip changed the size")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImage.run(LibFuzzer.bytes(data, size))
    return 0
}

@_cdecl("fuzz_image_main")
func fuzzImageMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    LibFuzzer.run(argc, argv, fuzzImage)
}
