/// What every fuzz target shares: the hand-over to libFuzzer's driver and
/// the input as bytes.
///
/// SwiftPM links every executable with `main` set to `<target>_main`, the
/// entry point it compiles the module's top-level code into (so tests can
/// import executables). A fuzz target has no top-level code, so it names
/// that entry itself (`@_cdecl("fuzz_NAME_main")`) and calls `runLibFuzzer`
/// with its `LLVMFuzzerTestOneInput`.
public enum LibFuzzer {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    public static func run(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: TestOneInput) -> Int32 {
        var argc = argc, argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, test)
    }

    /// libFuzzer's input as an array (nil data is the empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: LibFuzzer.TestOneInput) -> Int32
