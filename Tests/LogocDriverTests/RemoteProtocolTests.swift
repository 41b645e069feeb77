@testable import LogocDriver
import Testing

/// The remote cache's pieces without a server: its entry format, its URL,
/// HTTP's chunked bodies, and which shard a spec belongs to.
struct RemoteProtocolTests {
    static let sha = String(repeating: "ab", count: 32)

    @Test func anActionResultReadsBackAsWritten() throws {
        let result = ActionResult(outputs: [
            .init(path: "brand/kite.png", sha256: Self.sha, size: 1234, contrast: 4.57, fingerprint: "00ff00ff00ff00ff-1a2b3c"),
            .init(path: "brand/kite.svg", sha256: Self.sha, size: 0, contrast: nil, fingerprint: nil),
        ])
        let bytes = try #require(result.encoded)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            logoc-action-result 1
            brand/kite.png\t\(Self.sha)\t1234\t4.57\t00ff00ff00ff00ff-1a2b3c
            brand/kite.svg\t\(Self.sha)\t0\t-\t-

            """)
        #expect(ActionResult(decoding: bytes) == result)
    }

    /// A damaged or foreign entry is a miss, never a path or key logoc would act on.
    @Test(arguments: [
        "logoc-action-result 2\n",
        "logoc-action-result 1\n../escape.png\t\(sha)\t1\t-\t-\n",
        "logoc-action-result 1\n/etc/passwd\t\(sha)\t1\t-\t-\n",
        "logoc-action-result 1\na.png\tABCDEF\t1\t-\t-\n",
        "logoc-action-result 1\na.png\t\(sha)\t-1\t-\t-\n",
        "logoc-action-result 1\na.png\t\(sha)\t1\tmuch\t-\n",
        "logoc-action-result 1\na.png\t\(sha)\t1\t-\n",
        "logoc-action-result 1\na.png\t\(sha)\t1\t-\t-",
        "\u{08}\u{12}protobuf",
    ])
    func aForeignEntryIsRefused(_ text: String) {
        #expect(ActionResult(decoding: Array(text.utf8)) == nil)
    }

    @Test func aPathWithATabIsNeverUploaded() {
        #expect(ActionResult(outputs: [.init(path: "a\tb.png", sha256: Self.sha, size: 1, contrast: nil, fingerprint: nil)]).encoded == nil)
    }

    @Test func endpointsParse() throws {
        #expect(try HTTPEndpoint.parse("http://cache:8080/logoc/").get() == HTTPEndpoint(host: "cache", port: 8080, prefix: "/logoc"))
        #expect(try HTTPEndpoint.parse("HTTP://10.0.0.2").get() == HTTPEndpoint(host: "10.0.0.2", port: 80, prefix: ""))
        #expect(try HTTPEndpoint.parse("http://[::1]:9090").get() == HTTPEndpoint(host: "::1", port: 9090, prefix: ""))
        for bad in ["https://x", "grpc://x:9092", "x:80", "http://", "http://u:p@x", "http://x:0", "http://x:port", "http://x/a b", "http://x/?q"] {
            #expect((try? HTTPEndpoint.parse(bad).get()) == nil, "\(bad)")
        }
    }

    @Test func chunkedBodiesDecode() {
        #expect(HTTPClient.dechunked(Array("4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\n\r\n".utf8)[...]) == Array("Wikipedia".utf8))
        #expect(HTTPClient.dechunked(Array("4\r\nWiki\r\n5\r\nped".utf8)[...]) == nil)
        #expect(HTTPClient.dechunked(Array("zz\r\n".utf8)[...]) == nil)
    }

    /// Each spec in exactly one shard, by its path alone: the same path is
    /// in the same shard whatever else the project holds.
    @Test func everySpecIsInExactlyOneShard() {
        let paths = (0..<3000).map { "Specs/team/person-\($0).yaml" }
        for n in [1, 2, 3, 7] {
            var sizes = [Int](repeating: 0, count: n)
            for path in paths {
                let owners = (1...n).filter { Shard(index: $0, count: n).contains(path) }
                #expect(owners.count == 1)
                sizes[(owners.first ?? 1) - 1] += 1
            }
            // Spread evenly enough that N jobs take about 1/N each.
            #expect(sizes.allSatisfy { abs($0 - paths.count / n) < paths.count / n / 5 + 20 }, "\(n): \(sizes)")
        }
        // Stable across versions of logoc: the first 8 bytes of SHA-256("Specs/brand/kite.yaml"), mod N, plus one.
        // (c13b6cc26e933ed8 = 13923842255280619224: 225 of 1000, 1 of 3.)
        #expect(Shard.shard(of: "Specs/brand/kite.yaml", count: 1000) == 225)
        #expect(Shard.shard(of: "Specs/brand/kite.yaml", count: 3) == 1)
    }
}
