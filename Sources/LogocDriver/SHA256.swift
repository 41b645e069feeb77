import CCrypto

/// SHA-256 through OpenSSL's libcrypto, for cache keys and the manifest.
enum SHA256 {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The lowercase hex digest of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, EVP_sha256(), nil) }
        // EVP_Digest fails only without memory; an all-zero digest then never matches a cache entry.
        if ok != 1 { digest = [UInt8](repeating: 0, count: 32) }
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
}
