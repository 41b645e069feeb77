import Foundation
import Testing

/// Cache hits answered on the event loop (`CachedHitHandler`) say exactly
/// what Hummingbird's responder says for them: the same status, the same
/// headers in the same order, the same bytes; and they keep the order of
/// pipelined requests.
@Suite(.serialized) struct LeanHitTests {
    /// The paths compared: a spec's PNG, its 2x and SVG, a template avatar.
    static let paths = ["/team/red.png", "/team/red@2x.png", "/team/red.svg", "/people/avatar/64/Jane%20Doe.png",
                        "/people/avatar/64/Zo%C3%AB%20%C3%98rsted@2x.png?s=80"]

    /// One request on a keep-alive connection (no `Connection` header: the
    /// lean path takes it when the picture is cached).
    func ask(_ fd: Int32, _ method: String, _ path: String, headers: [String] = []) throws -> RawHTTP.Response {
        RawHTTP.send(fd, Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers.map { $0 + "\r\n" }.joined())\r\n".utf8))
        return try #require(RawHTTP.read(fd, head: method == "HEAD"), "\(method) \(path)")
    }

    /// A metric's value in a `/metrics` text.
    func metric(_ text: String, _ series: String) -> Int? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    @Test func leanHitsAnswerAsTheResponderDoes() throws {
        let project = try TemplateProject()
        let lean = try ServerProcess(["Specs"], in: project.url)
        let responder = try ServerProcess(["Specs", "--no-lean-hits"], in: project.url)
        var hitsAsked = 0
        var answers: [[RawHTTP.Response]] = []
        for server in [lean, responder] {
            let fd = try RawHTTP.connect(server.port)
            defer { close(fd) }
            var seen: [RawHTTP.Response] = []
            for path in Self.paths {
                let miss = try ask(fd, "GET", path)
                #expect(miss.status == 200, "\(path): \(miss.text)")
                #expect(miss.headers["x-logoc-cache"] == "miss", "\(path)")
                let etag = try #require(miss.headers["etag"])
                seen.append(try ask(fd, "GET", path))
                seen.append(try ask(fd, "HEAD", path))
                seen.append(try ask(fd, "GET", path, headers: ["If-None-Match: W/\(etag)"]))
                seen.append(try ask(fd, "HEAD", path, headers: ["If-None-Match: \"other\", \(etag)"]))
                seen.append(try ask(fd, "GET", path, headers: ["If-None-Match: \"other\""]))
            }
            hitsAsked = seen.count
            answers.append(seen)
        }
        for (fromLean, fromResponder) in zip(answers[0], answers[1]) {
            #expect(fromLean.headers["x-logoc-cache"] == "hit")
            #expect(fromLean.body == fromResponder.body)
            // Every line the same but the Date's value, which is the clock's.
            let dateless = { (lines: [String]) in lines.map { $0.lowercased().hasPrefix("date:") ? "date:" : $0 } }
            #expect(dateless(fromLean.headLines) == dateless(fromResponder.headLines), "\(fromLean.headLines) \(fromResponder.headLines)")
            for response in [fromLean, fromResponder] {
                let date = try #require(response.headers["date"])
                #expect(date.range(of: #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$"#,
                                   options: .regularExpression) != nil, "\(date)")
            }
        }
        #expect(answers[0].map(\.status) == answers[1].map(\.status))
        #expect(Set(answers[0].map(\.status)) == [200, 304])

        // The lean server answered every hit on the event loop, the other none;
        // both count them alike otherwise.
        let leanMetrics = try #require(try RawHTTP.get(lean.port, "/metrics")).text
        let responderMetrics = try #require(try RawHTTP.get(responder.port, "/metrics")).text
        #expect(metric(leanMetrics, "logoc_cache_lean_hits_total") == hitsAsked, "\(leanMetrics)")
        #expect(metric(responderMetrics, "logoc_cache_lean_hits_total") == 0)
        for series in ["logoc_cache_hits_total", "logoc_cache_misses_total", "logoc_http_requests_total{status=\"200\"}",
                       "logoc_http_requests_total{status=\"304\"}", "logoc_renders_total"] {
            #expect(metric(leanMetrics, series) != nil, "\(series)")
            #expect(metric(leanMetrics, series) == metric(responderMetrics, series), "\(series)")
        }
        #expect(metric(leanMetrics, "logoc_cache_hits_total") == hitsAsked)
        #expect(lean.stop() == 0)
        #expect(responder.stop() == 0)
    }

    /// Pipelined requests are answered in order: a hit behind a request
    /// still drawing waits for it, not answered first on the event loop.
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
