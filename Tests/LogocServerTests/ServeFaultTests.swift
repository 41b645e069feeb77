import Foundation
import Testing

/// Under `make test-asan`/`test-tsan` the server is sanitized too: its
/// shadow memory and freed-memory quarantine grow by design, so an RSS bound
/// would measure the sanitizer. The answers are checked all the same.
private let isUnsanitized = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil
    && ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil

/// Bad input and hostile clients: each gets a clear 4xx or a closed
/// connection, and the server still answers `/healthz` after it, with its
/// memory bounded.
@Suite(.serialized) struct ServeFaultTests {
    func healthy(_ server: ServerProcess, after what: String) throws {
        let health = try RawHTTP.get(server.port, "/healthz")
        #expect(health?.status == 200, "no /healthz after \(what)")
    }

    @Test func badRequestsGetClearAnswers() throws {
        let project = try TemplateProject()
        let server = try ServerProcess(["Specs", "--header-timeout", "1"], in: project.url)
        // Warm up: one template avatar and one image drawn, then the memory baseline.
        #expect(try RawHTTP.get(server.port, "/people/avatar/64/Jane%20Doe.png")?.status == 200)
        #expect(try RawHTTP.get(server.port, "/team/red.png")?.status == 200)
        let before = server.rss

        let cases: [(String, String, Int, String?)] = [
            ("dot-dot", "GET /../etc/passwd.png HTTP/1.1\r\nHost: x\r\n\r\n", 404, "not-found"),
            ("encoded dot-dot", "GET /team/%2e%2e/%2e%2e/red.png HTTP/1.1\r\nHost: x\r\n\r\n", 404, "not-found"),
            ("encoded NUL", "GET /team/red%00.png HTTP/1.1\r\nHost: x\r\n\r\n", 404, "not-found"),
            ("backslash", "GET /team%5cred.png HTTP/1.1\r\nHost: x\r\n\r\n", 404, "not-found"),
            ("invalid percent-encoding", "GET /people/avatar/64/%zz.png HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad-encoding"),
            ("size 0", "GET /people/avatar/0/Jane.png HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad-size"),
            ("size -1", "GET /people/avatar/-1/Jane.png HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad-size"),
            ("size 99999", "GET /people/avatar/99999/Jane.png HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad-size"),
            ("size 1e3", "GET /people/avatar/1e3/Jane.png HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad-size"),
            ("bad extension", "GET /team/red.gif HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad-extension"),
            ("unknown spec", "GET /team/blue.png HTTP/1.1\r\nHost: x\r\n\r\n", 404, "not-found"),
            ("name of 300 bytes", "GET /people/avatar/64/\(String(repeating: "a", count: 300)).png HTTP/1.1\r\nHost: x\r\n\r\n", 400, "name-too-long"),
            ("name of 10,000 characters", "GET /people/avatar/64/\(String(repeating: "%C3%A9", count: 10_000)).png HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri-too-long"),
            ("request line of 20 kB", "GET /\(String(repeating: "x", count: 20_000)).png HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri-too-long"),
            ("body on GET", "GET /team/red.png HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", 400, "body-not-allowed"),
            ("chunked body on GET", "GET /team/red.png HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 400, "body-not-allowed"),
            ("DELETE", "DELETE /team/red.png HTTP/1.1\r\nHost: x\r\n\r\n", 405, "method-not-allowed"),
            ("POST", "POST /team/red.png HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405, "method-not-allowed"),
        ]
        for (what, request, status, code) in cases {
            let response = try RawHTTP.exchange(server.port, Array(request.utf8))
            #expect(response?.status == status, "\(what): \(response?.text ?? "closed")")
            #expect(response?.errorCode == code, "\(what)")
            if status == 405 { #expect(response?.headers["allow"] == "GET, HEAD") }
            #expect(response?.headers["content-type"] == "application/json", "\(what)")
            try healthy(server, after: what)
        }

        // A raw NUL byte in the request line: the HTTP parser refuses it (a 4xx or a closed connection).
        let nul = try RawHTTP.exchange(server.port, Array("GET /team/red".utf8) + [0] + Array(".png HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(nul == nil || (400..<500).contains(nul?.status ?? 0), "NUL: \(nul?.status ?? 0)")
        try healthy(server, after: "a NUL byte")

        // 1 MB of headers: 431, or the connection closed while they were still being sent.
        var big = "GET /team/red.png HTTP/1.1\r\nHost: x\r\n"
        while big.utf8.count < 1 << 20 { big += "X-Filler-\(big.utf8.count): \(String(repeating: "y", count: 1000))\r\n" }
        let headers = try RawHTTP.exchange(server.port, Array((big + "\r\n").utf8))
        #expect(headers == nil || headers?.status == 431, "1 MB of headers: \(headers?.status ?? 0)")
        try healthy(server, after: "1 MB of headers")

        // A slow client, one header byte at a time: cut off by the header timeout (1 s here)
        // long before its head (60 bytes, one every 0.25 s) is complete.
        let fd = try RawHTTP.connect(server.port)
        let slow = Array("GET /team/red.png HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "z", count: 30))\r\n\r\n".utf8)
        var sentAll = true
        var sent = 0
        for byte in slow {
            if !RawHTTP.send(fd, [byte]) { sentAll = false; break }
            sent += 1
            var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if Foundation.poll(&poll, 1, 250) > 0 { sentAll = false; break }
        }
        let cut = RawHTTP.read(fd)
        close(fd)
        #expect(!sentAll || sent < slow.count, "the slow client was not cut off")
        #expect(cut == nil || cut?.status == 408, "slow client: \(cut?.status ?? 0)")
        try healthy(server, after: "a slow client")

        // Memory stays bounded: none of the above kept anything.
        let after = server.rss
        if isUnsanitized { #expect(after - before < 64 * 1024, "RSS grew from \(before) KiB to \(after) KiB") }
        #expect(server.stop() == 0)
    }

    /// 1,000 connections at once, each asking for /healthz: every one answered.
    @Test func aThousandConcurrentConnections() throws {
        let project = try TemplateProject()
        let server = try ServerProcess(["Specs"], in: project.url)
        let before = server.rss
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for _ in 0..<1000 { sockets.append(try RawHTTP.connect(server.port, timeout: 30)) }
        for fd in sockets { RawHTTP.send(fd, Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) }
        var answered = 0
        for fd in sockets where RawHTTP.read(fd)?.status == 200 { answered += 1 }
        #expect(answered == 1000)
        for fd in sockets { close(fd) }
        sockets = []
        try healthy(server, after: "1,000 connections")
        if isUnsanitized { #expect(server.rss - before < 128 * 1024, "RSS grew from \(before) KiB to \(server.rss) KiB") }
        #expect(server.stop() == 0)
    }

    /// A full render queue answers 503 with Retry-After, never grows: one
    /// worker, a queue of one, 40 different pictures asked at once.
    @Test func aFullQueueAnswers503() throws {
        let project = try TemplateProject()
        let server = try ServerProcess(["Specs", "--jobs", "1", "--queue", "1", "--cache-mb", "0"], in: project.url)
        let statuses = Statuses()
        // Threads of their own: concurrentPerform would run only one per core.
        let group = DispatchGroup()
        for i in 0..<40 {
            group.enter()
            Thread {
                let response = try? RawHTTP.get(server.port, "/people/avatar/512/Person%20\(i).png")
                statuses.add(response?.status ?? 0, retryAfter: response?.headers["retry-after"])
                group.leave()
            }.start()
        }
        group.wait()
        let seen = statuses.all
        #expect(seen.allSatisfy { $0.status == 200 || ($0.status == 503 && $0.retryAfter == "1") }, "\(seen)")
        #expect(seen.contains { $0.status == 503 })
        #expect(seen.contains { $0.status == 200 })
        try healthy(server, after: "a full queue")
        #expect(server.stop() == 0)
    }
}

final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [(status: Int, retryAfter: String?)] = []
    func add(_ status: Int, retryAfter: String?) {
        lock.lock()
        values.append((status, retryAfter))
        lock.unlock()
    }
    var all: [(status: Int, retryAfter: String?)] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
