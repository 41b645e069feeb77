import Foundation
import Testing
@testable import LogocDriver

/// SHA-256 from libcrypto opened on first use gives the standard digests.
struct SHA256Tests {
    @Test func libcryptoLoads() {
        #expect(SHA256.unavailable == nil, "\(String(describing: SHA256.unavailable))")
    }

    /// FIPS 180-2 test vectors, and a buffer larger than one block.
    @Test func knownDigests() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A build that cannot hash stops before writing anything, as a usage or
    /// I/O failure; the message names the library.
    @Test func loadErrorNamesTheLibrary() {
        let error = SHA256.LoadError(message: "\(SHA256.libraryName): cannot open shared object file")
        #expect("\(error)" == "cannot load SHA-256 from OpenSSL: libcrypto.so.3: cannot open shared object file")
    }
}
