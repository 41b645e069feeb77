#if canImport(Glibc)
import Glibc
#endif

/// SHA-256 through OpenSSL's libcrypto, for cache keys and the manifest.
///
/// libcrypto is opened on first use (`dlopen`), not linked: only commands
/// that write outputs hash anything, and loading it at start-up cost every
/// process, `logoc check` of one spec included, ~3,400 symbol relocations
/// (libcrypto binds its own exported functions through the whole search
/// list of ~46 libraries), about 5 M instructions and 120 page faults.
enum SHA256 {
    private static let digits = Array("0123456789abcdef".utf8)

    /// OpenSSL 3's stable soname, the library `libssl-dev` builds against.
    static let libraryName = "libcrypto.so.3"

    private typealias Digest = @convention(c) (UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?,
                                               OpaquePointer?, OpaquePointer?) -> Int32
    private typealias Algorithm = @convention(c) () -> OpaquePointer?

    /// `EVP_Digest` and `EVP_sha256`, or why they could not be loaded.
    private static let library: Result<(digest: Digest, sha256: Algorithm), LoadError> = {
        guard let handle = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoadError(message: dlerror().map { String(cString: $0) } ?? "cannot open \(libraryName)"))
        }
        guard let digest = dlsym(handle, "EVP_Digest"), let sha256 = dlsym(handle, "EVP_sha256") else {
            return .failure(LoadError(message: "\(libraryName) has no EVP_Digest or EVP_sha256"))
        }
        return .success((unsafeBitCast(digest, to: Digest.self), unsafeBitCast(sha256, to: Algorithm.self)))
    }()

    struct LoadError: Error, CustomStringConvertible {
        let message: String
        var description: String { "cannot load SHA-256 from OpenSSL: \(message)" }
    }

    /// Why hashing is impossible on this machine (libcrypto missing), or
    /// nil; a build asks before writing anything, and stops with this.
    static var unavailable: LoadError? {
        if case .failure(let error) = library { return error }
        return nil
    }

    /// The lowercase hex digest of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        // EVP_Digest fails only without memory, and libcrypto is missing only
        // when `unavailable` already stopped the build; an all-zero digest
        // then never matches a cache entry.
        if case .success(let functions) = library {
            let ok = bytes.withUnsafeBytes { functions.digest($0.baseAddress, $0.count, &digest, &length, functions.sha256(), nil) }
            if ok != 1 { digest = [UInt8](repeating: 0, count: 32) }
        }
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
