import Foundation
import Testing

/// Spec changes are served without a restart, atomically; SIGTERM drains.
@Suite(.serialized) struct ServeReloadTests {
    /// While clients ask for a picture without pause, its spec is edited:
    /// every answer is 200 with the old picture's bytes or the new one's
    /// (as `logoc build` draws each), never a mix or an error.
    @Test func anEditWhileRequestsRunGivesOldOrNewNeverAMix() throws {
        let project = try TemplateProject()
        let logoc = ServerProcess.binary("logoc")
        // The two pictures as build draws them.
        func built(_ name: String) throws -> [UInt8] {
            let out = project.url.appendingPathComponent("dist-\(name)")
            let run = try runProgram(logoc, ["build", "Specs", "-o", out.path, "-q"], in: project.url)
            #expect(run.status == 0, "\(run.stderr)")
            return try [UInt8](Data(contentsOf: out.appendingPathComponent("team/red@2x.png")))
        }
        let old = try built("old")
        let server = try ServerProcess(["Specs", "--watch-interval", "0.1"], in: project.url)
        let seen = Bodies()
        let stop = Flag()
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread {
                while !stop.isSet {
                    let response = try? RawHTTP.get(server.port, "/team/red@2x.png")
                    seen.add(response?.status ?? 0, response?.body ?? [])
                }
                group.leave()
            }.start()
        }
        usleep(300_000)
        try project.folder.write("Specs/team/red.yaml", """
            background: "#0D47A1"
            text: {content: B, color: white}
            output: {formats: [png, svg], scales: [1, 2]}
            """)
        let new = try built("new")
        #expect(new != old)
        // Until the new picture shows, for at most 20 s.
        let deadline = Date().addingTimeInterval(20)
        while !seen.contains(new), Date() < deadline { usleep(50_000) }
        usleep(300_000)
        stop.set()
        group.wait()
        let all = seen.all
        #expect(all.allSatisfy { $0.status == 200 }, "statuses: \(Set(all.map(\.status)))")
        #expect(all.allSatisfy { $0.body == old || $0.body == new }, "a response was neither the old nor the new picture")
        #expect(all.contains { $0.body == old })
        #expect(all.contains { $0.body == new })
        #expect(server.stop() == 0)
    }

    /// SIGTERM: a request already sent is answered, then the process exits 0;
    /// SIGINT too.
    @Test func terminationDrainsAndExitsZero() throws {
        let project = try TemplateProject()
        let server = try ServerProcess(["Specs"], in: project.url)
        let fd = try RawHTTP.connect(server.port)
        defer { close(fd) }
        RawHTTP.send(fd, Array("GET /people/avatar/1024/Drain%20Me.png HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        // SIGTERM once the server has taken the request (counted as a miss),
        // not after a fixed pause: on a loaded machine 20 ms was sometimes too
        // short, and a request not yet read is not one in flight.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !((try? RawHTTP.get(server.port, "/metrics"))??.text.contains("logoc_cache_misses_total 1") ?? false) {
            usleep(2_000)
        }
        kill(server.pid, SIGTERM)
        let response = RawHTTP.read(fd)
        #expect(response?.status == 200)
        #expect(server.stop(seconds: 20) == 0)
        let other = try ServerProcess(["Specs"], in: project.url)
        #expect(other.stop(SIGINT) == 0)
    }
}

final class Bodies: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [(status: Int, body: [UInt8])] = []
    private var distinct: [[UInt8]] = []
    func add(_ status: Int, _ body: [UInt8]) {
        lock.lock()
        values.append((status, []))
        if let i = distinct.firstIndex(of: body) { values[values.count - 1].body = distinct[i] } else {
            distinct.append(body)
            values[values.count - 1].body = body
        }
        lock.unlock()
    }
    func contains(_ body: [UInt8]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return distinct.contains(body)
    }
    var all: [(status: Int, body: [UInt8])] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}
