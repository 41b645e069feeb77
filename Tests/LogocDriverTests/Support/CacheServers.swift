import Foundation
import LoopbackFixtures
#if canImport(Glibc)
import Glibc
#endif

/// Debian's nginx as a Bazel HTTP remote cache (`dav_methods PUT`,
/// `create_full_put_path on`) on a free loopback port, its prefix, store and
/// logs in a temporary folder; stopped and removed when the test lets it go.
/// Started the way LogocServerTests' DeploymentTests start nginx (`-p`,
/// `-e stderr`, `daemon off`).
final class WebDAVCache {
    static let program: String? = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let prefix: String
    let port: Int
    private let process = Process()

    var url: String { "http://127.0.0.1:\(port)/cache" }
    /// Where nginx keeps what is PUT below `url`.
    var store: String { prefix + "/store/cache" }

    init() throws {
        guard let nginx = Self.program else { throw CacheServerFailure(message: "nginx is not installed (make test installs it)") }
        prefix = NSTemporaryDirectory() + "logoc-webdav-" + UUID().uuidString
        for folder in ["logs", "tmp", "store"] {
            try FileManager.default.createDirectory(atPath: prefix + "/" + folder, withIntermediateDirectories: true)
        }
        port = try LoopbackPort.free()
        // Run as root (make test does), the workers would be nobody and could not write the store.
        let user = geteuid() == 0 ? "user root root;" : ""
        let config = """
            \(user)
            worker_processes 1;
            pid \(prefix)/nginx.pid;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(prefix)/tmp/body;
                proxy_temp_path \(prefix)/tmp/proxy;
                fastcgi_temp_path \(prefix)/tmp/fastcgi;
                uwsgi_temp_path \(prefix)/tmp/uwsgi;
                scgi_temp_path \(prefix)/tmp/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    root \(prefix)/store;
                    client_max_body_size 0;
                    location /cache/ {
                        dav_methods PUT;
                        create_full_put_path on;
                        dav_access user:rw;
                    }
                }
            }
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: prefix + "/nginx.conf"))
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", prefix + "/", "-c", prefix + "/nginx.conf", "-e", "stderr", "-g", "daemon off;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Up when a missing key is a 404.
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline {
            if LoopbackPort.status(port, "/cache/ac/0") == 404 { return }
            usleep(50_000)
        }
        stop()
        throw CacheServerFailure(message: "nginx did not start on port \(port)")
    }

    /// The files nginx holds below `kind` (`ac` or `cas`).
    func entries(_ kind: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store + "/" + kind)) ?? []).sorted()
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGQUIT)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: prefix)
    }

    deinit { stop() }
}

/// A cache that misbehaves on a loopback port: `silent` accepts
/// connections (the kernel does, from its backlog) and never answers;
/// `status(code)` answers every request with that status and no body.
final class FaultyCache: @unchecked Sendable {
    enum Behaviour { case silent, status(Int) }

    let port: Int
    private let fd: Int32
    private let stopped = NSLock()
    private var isStopped = false
    private let done = DispatchSemaphore(value: 0)
    private let behaviour: Behaviour

    var url: String { "http://127.0.0.1:\(port)" }

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw CacheServerFailure(message: "cannot listen on loopback")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.fd = fd
        if case .status(let code) = behaviour {
            Thread { [self] in self.answer(code) }.start()
        } else {
            done.signal()
        }
    }

    private func answer(_ code: Int) {
        defer { done.signal() }
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 50) <= 0 {
                if stopped.withLock({ isStopped }) { return }
                continue
            }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { continue }
            // Read the request's head (and whatever body came with it), then answer.
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var received: [UInt8] = []
            var q = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            while poll(&q, 1, 200) > 0 {
                let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                received += buffer[0..<n]
                if String(decoding: received, as: UTF8.self).contains("\r\n\r\n") { break }
            }
            let reply = Array("HTTP/1.1 \(code) Failing\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(client)
        }
    }

    func stop() {
        let first = stopped.withLock { () -> Bool in
            defer { isStopped = true }
            return !isStopped
        }
        guard first else { return }
        done.wait()
        close(fd)
    }

    deinit { stop() }
}

struct CacheServerFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
