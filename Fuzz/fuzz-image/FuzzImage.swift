import LogocImageIO

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
    FuzzImage.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

// SwiftPM links every executable with `main` set to `<target>_main`, the
// entry point it compiles the module's top-level code into (so tests can
// import executables). A fuzz target has no top-level code, so it names that
// entry itself and hands over to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("fuzz_image_main")
func fuzzImageMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzImage)
}
