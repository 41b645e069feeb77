import CDeflate

/// Inflates a zlib stream into a buffer of bounded size (libdeflate), for
/// PNG's compressed `iCCP` profile: hostile data must not make logoc
/// allocate more than the caller allows.
enum Inflate {
    enum Failure: Error { case tooLarge, damaged }

    /// The inflated bytes, or why not: `.tooLarge` when they exceed `capacity`.
    static func zlib(_ stream: [UInt8], capacity: Int) -> Result<[UInt8], Failure> {
        guard let decompressor = libdeflate_alloc_decompressor() else { return .failure(.damaged) }
        defer { libdeflate_free_decompressor(decompressor) }
        var out = [UInt8](repeating: 0, count: capacity)
        var produced = 0
        let status = stream.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, capacity, &produced)
            }
        }
        switch status {
        case LIBDEFLATE_SUCCESS: return .success(Array(out[..<produced]))
        case LIBDEFLATE_INSUFFICIENT_SPACE: return .failure(.tooLarge)
        default: return .failure(.damaged)
        }
    }
}
