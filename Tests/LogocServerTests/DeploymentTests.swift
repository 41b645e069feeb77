import Foundation
import LoopbackFixtures
import Testing

/// deploy/nginx.conf as it is (only its ports moved to free loopback ones,
/// its prefix a temporary folder), in front of two `logoc serve`.
@Suite(.serialized, .enabled(if: nginxProgram != nil, "nginx is not installed (make test installs it)"))
struct DeploymentTests {

    @Test func nginxBalancesCachesAndSurvivesAnInstanceKilledUnderLoad() throws {
        let nginx = try #require(nginxProgram)
        let project = try TemplateProject()
        let first = try ServerProcess(["Specs"], in: project.url)
        let second = try ServerProcess(["Specs"], in: project.url)
        let port = try LoopbackPort.free()
        let prefix = project.url.appendingPathComponent("nginx")
        for folder in ["logs", "tmp", "cache"] {
            try FileManager.default.createDirectory(at: prefix.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var config = try String(contentsOf: ServerProcess.repository.appendingPathComponent("deploy/nginx.conf"), encoding: .utf8)
        for (from, to) in [("127.0.0.1:8081", first.port), ("127.0.0.1:8082", second.port), ("127.0.0.1:8080", port)] {
            #expect(config.components(separatedBy: from).count == 2, "deploy/nginx.conf names \(from) once")
            config = config.replacingOccurrences(of: from, with: "127.0.0.1:\(to)")
        }
        let configFile = prefix.appendingPathComponent("nginx.conf")
        try Data(config.utf8).write(to: configFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", prefix.path + "/", "-c", configFile.path, "-e", "stderr", "-g", "daemon off;"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGQUIT)
                process.waitUntilExit()
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while (try? RawHTTP.get(port, "/healthz"))??.status != 200, Date() < deadline, process.isRunning { usleep(50_000) }
        #expect(try RawHTTP.get(port, "/healthz")?.status == 200, "nginx did not start")

        // Through nginx: the picture, then the same from nginx's cache; 304 passes.
        let miss = try #require(try RawHTTP.get(port, "/people/avatar/64/Jane%20Doe.png"))
        #expect(miss.status == 200)
        #expect(miss.headers["x-cache-status"] == "MISS")
        let hit = try #require(try RawHTTP.get(port, "/people/avatar/64/Jane%20Doe.png"))
        #expect(hit.headers["x-cache-status"] == "HIT")
        #expect(hit.body == miss.body)
        let etag = try #require(miss.headers["etag"])
        #expect(try RawHTTP.get(port, "/people/avatar/64/Jane%20Doe.png", headers: ["If-None-Match: \(etag)"])?.status == 304)
        #expect(try RawHTTP.get(port, "/team/red.png")?.headers["content-type"] == "image/png")

        // A load of new names; one instance killed in the middle: the client sees no failure.
        let statuses = Statuses()
        let counter = Counter()
        let group = DispatchGroup()
        for worker in 0..<8 {
            group.enter()
            Thread {
                for i in 0..<60 {
                    let response = try? RawHTTP.get(port, "/people/avatar/128/Load%20\(worker)%20\(i).png")
                    statuses.add(response?.status ?? 0, retryAfter: nil)
                    counter.increment()
                }
                group.leave()
            }.start()
        }
        while counter.value < 100 { usleep(5_000) }
        kill(first.pid, SIGKILL)
        group.wait()
        let all = statuses.all
        #expect(all.count == 480)
        #expect(all.allSatisfy { $0.status == 200 }, "failed: \(all.filter { $0.status != 200 }.map(\.status))")
        #expect(second.stop() == 0)
    }
}

/// Debian's nginx, when installed.
let nginxProgram: String? = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
