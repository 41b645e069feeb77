import Foundation
import Testing

/// Cache hits: a hit says exactly what the miss before it said but for
/// `X-Logoc-Cache` (same status, headers in the same order, same bytes),
/// HEAD and conditional requests included; pipelined requests keep their
/// order.
@Suite(.serialized) struct CacheHitTests {
    /// The paths asked: a spec's PNG, its 2x and SVG, template avatars.
    static let paths = ["/team/red.png", "/team/red@2x.png", "/team/red.svg", "/people/avatar/64/Jane%20Doe.png",
                        "/people/avatar/64/Zo%C3%AB%20%C3%98rsted@2x.png?s=80"]

    /// One request on a keep-alive connection.
    func ask(_ fd: Int32, _ method: String, _ path: String, headers: [String] = []) throws -> RawHTTP.Response {
        RawHTTP.send(fd, Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers.map { $0 + "\r\n" }.joined())\r\n".utf8))
        return try #require(RawHTTP.read(fd, head: method == "HEAD"), "\(method) \(path)")
    }

    /// A metric's value in a `/metrics` text.
    func metric(_ text: String, _ series: String) -> Int? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    @Test func hitsAnswerAsTheMissDid() throws {
        let project = try TemplateProject()
        let server = try ServerProcess(["Specs"], in: project.url)
        let fd = try RawHTTP.connect(server.port)
        defer { close(fd) }
        // Every header line but the cache's and the Date's value.
        let lines = { (response: RawHTTP.Response) in
            response.headLines.filter { !$0.lowercased().hasPrefix("x-logoc-cache:") }
                .map { $0.lowercased().hasPrefix("date:") ? "date:" : $0 }
        }
        var hits = 0
        for path in Self.paths {
            let miss = try ask(fd, "GET", path)
            #expect(miss.status == 200, "\(path): \(miss.text)")
            #expect(miss.headers["x-logoc-cache"] == "miss", "\(path)")
            let etag = try #require(miss.headers["etag"])
            let hit = try ask(fd, "GET", path)
            #expect(hit.headers["x-logoc-cache"] == "hit", "\(path)")
            #expect(hit.body == miss.body, "\(path)")
            #expect(lines(hit) == lines(miss), "\(path): \(hit.headLines) \(miss.headLines)")
            let head = try ask(fd, "HEAD", path)
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == miss.headers["content-length"], "\(path)")
            for header in ["If-None-Match: W/\(etag)", "If-None-Match: \"other\", \(etag)"] {
                let conditional = try ask(fd, "GET", path, headers: [header])
                #expect(conditional.status == 304 && conditional.body.isEmpty, "\(path) \(header)")
                #expect(conditional.headers["etag"] == etag)
            }
            let other = try ask(fd, "GET", path, headers: ["If-None-Match: \"other\""])
            #expect(other.status == 200 && other.body == miss.body, "\(path)")
            for response in [miss, hit] {
                let date = try #require(response.headers["date"])
                #expect(date.range(of: #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$"#,
                                   options: .regularExpression) != nil, "\(date)")
            }
            hits += 5
        }
        let metrics = try #require(try RawHTTP.get(server.port, "/metrics")).text
        #expect(metric(metrics, "logoc_cache_hits_total") == hits, "\(metrics)")
        #expect(metric(metrics, "logoc_cache_misses_total") == Self.paths.count, "\(metrics)")
        #expect(metric(metrics, "logoc_renders_total") == Self.paths.count, "\(metrics)")
        #expect(server.stop() == 0)
    }

    /// Pipelined requests are answered in order: a hit behind a request
    /// still drawing waits for it.
    @Test func pipelinedHitsWaitForTheRequestsBeforeThem() throws {
        let project = try TemplateProject()
        let server = try ServerProcess(["Specs"], in: project.url)
        let cached = try #require(try RawHTTP.get(server.port, "/people/avatar/512/Cached.png"))
        #expect(cached.status == 200)
        let fd = try RawHTTP.connect(server.port, timeout: 30)
        defer { close(fd) }
        // A miss (512 px: a render that takes a while), a hit, an error, a
        // hit, then a request that closes the connection.
        let requests = ["/people/avatar/512/New%20Name.png", "/people/avatar/512/Cached.png", "/team/blue.png",
                        "/people/avatar/512/Cached.png"]
        let raw = requests.map { "GET \($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined() + "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        RawHTTP.send(fd, Array(raw.utf8))
        let responses = RawHTTP.responses(in: RawHTTP.readToClose(fd))
        #expect(responses.map(\.status) == [200, 200, 404, 200, 200])
        guard responses.count == 5 else { return }
        #expect(responses[0].headers["x-logoc-cache"] == "miss")
        #expect(responses[0].body != cached.body)
        #expect(responses[1].headers["x-logoc-cache"] == "hit")
        #expect(responses[1].body == cached.body)
        #expect(responses[2].errorCode == "not-found")
        #expect(responses[3].body == cached.body)
        #expect(responses[4].text.contains("ok"))
        #expect(server.stop() == 0)
    }
}
