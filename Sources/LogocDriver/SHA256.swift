import Crypto

/// SHA-256 for cache keys and the manifest, from swift-crypto (BoringSSL,
/// compiled into logoc).
///
/// Nothing is loaded at run time, so there is no machine on which hashing
/// is missing and no error to report; no C function pointer is cast by
/// hand. (logoc used to `dlopen` OpenSSL's libcrypto on the first hash, to
/// keep its ~3,400 symbol bindings out of every process's start-up; a
/// statically linked BoringSSL binds nothing at start-up: docs/performance.md.)
public enum SHA256 {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The lowercase hex digest of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in Crypto.SHA256.hash(data: bytes) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
}
