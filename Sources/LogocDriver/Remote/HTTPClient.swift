import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 client on a blocking-by-poll socket: one request per
/// connection (`Connection: close`), every wait bounded.
///
/// Why not URLSession: on Linux it is FoundationNetworking over libcurl, a
/// library `logoc check` would load at every start for a feature only
/// `build --remote-cache` uses, and its timeouts are per-task, not per
/// wait. A cache that accepts and never answers, or answers a byte a
/// minute, must cost a build `timeout` and then be given up; a socket with
/// `poll` says exactly that. Plain HTTP only (`HTTPEndpoint`).
struct HTTPClient: Sendable {
    let endpoint: HTTPEndpoint
    /// The longest wait for the server to do anything (connect, take
    /// bytes, send bytes); a whole request is given at most 10 times it.
    let timeout: Double

    struct Response {
        var status: Int
        var body: [UInt8]
    }

    /// Why a request failed: the transport, or an answer that is not HTTP.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var message: String
        /// The server answered, with a body longer than asked for: a wrong
        /// entry, not a broken server.
        var tooLong = false
        var description: String { message }
    }

    /// GET `path` (below the endpoint's prefix); a body longer than `limit` is a failure.
    func get(_ path: String, limit: Int) -> Result<Response, Failure> {
        request("GET", path, body: [], limit: limit)
    }

    /// PUT `body` at `path`.
    func put(_ path: String, body: [UInt8]) -> Result<Response, Failure> {
        request("PUT", path, body: body, limit: 1 << 16)
    }

    private func request(_ method: String, _ path: String, body: [UInt8], limit: Int) -> Result<Response, Failure> {
        let deadline = Deadline(idle: timeout)
        let fd: Int32
        switch connect(deadline) {
        case .success(let opened): fd = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(fd) }
        var head = "\(method) \(endpoint.prefix)\(path) HTTP/1.1\r\nHost: \(endpoint.host):\(endpoint.port)\r\n"
        head += "User-Agent: logoc\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        if method == "PUT" { head += "Content-Type: application/octet-stream\r\n" }
        head += "\r\n"
        if case .failure(let failure) = send(fd, Array(head.utf8) + body, deadline) { return .failure(failure) }
        return receive(fd, limit: limit, deadline: deadline)
    }

    /// Each wait may last `idle`; all of them together ten times that.
    private struct Deadline {
        let idle: Double
        let end: Double

        init(idle: Double) {
            self.idle = idle
            end = Self.now() + idle * 10
        }

        static func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }

        /// Milliseconds for the next `poll`, or nil when the request's time is up.
        var nextWait: Int32? {
            let left = end - Self.now()
            guard left > 0 else { return nil }
            return Int32(max(1, (min(idle, left) * 1000).rounded(.up)))
        }
    }

    /// Waits for `events` on `fd`; a failure names what was awaited.
    private func wait(_ fd: Int32, _ events: Int16, _ deadline: Deadline, doing: String) -> Failure? {
        while true {
            guard let ms = deadline.nextWait else { return Failure(message: "\(doing): no answer within \(Self.seconds(deadline.idle * 10))") }
            var p = pollfd(fd: fd, events: events, revents: 0)
            let n = poll(&p, 1, ms)
            if n > 0 { return nil }
            if n == 0 { return Failure(message: "\(doing): no answer within \(Self.seconds(deadline.idle))") }
            if errno != EINTR { return Failure(message: "\(doing): \(String(cString: strerror(errno)))") }
        }
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : String(format: "%.2f s", s)
    }

    private func connect(_ deadline: Deadline) -> Result<Int32, Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard resolved == 0, let first = list else {
            return .failure(Failure(message: "cannot resolve '\(endpoint.host)': \(String(cString: gai_strerror(resolved)))"))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else {
                lastError = String(cString: strerror(errno))
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return .success(fd) }
            guard errno == EINPROGRESS else {
                lastError = String(cString: strerror(errno))
                close(fd)
                continue
            }
            if let failure = wait(fd, Int16(POLLOUT), deadline, doing: "connecting") {
                close(fd)
                lastError = failure.message
                continue
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return .success(fd) }
            lastError = String(cString: strerror(error))
            close(fd)
        }
        return .failure(Failure(message: "cannot connect to \(endpoint.host):\(endpoint.port): \(lastError)"))
    }

    private func send(_ fd: Int32, _ bytes: [UInt8], _ deadline: Deadline) -> Result<Void, Failure> {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.send(fd, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                sent += n
            } else if n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                if let failure = wait(fd, Int16(POLLOUT), deadline, doing: "sending") { return .failure(failure) }
            } else {
                return .failure(Failure(message: "sending: \(String(cString: strerror(errno)))"))
            }
        }
        return .success(())
    }

    /// Reads the answer: status line, headers, and a body of Content-Length,
    /// chunked, or up to the end of the connection.
    private func receive(_ fd: Int32, limit: Int, deadline: Deadline) -> Result<Response, Failure> {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var headerEnd: Int?
        var expected: Int?   // whole message length, once known
        var chunked = false
        func readMore() -> Result<Bool, Failure> {
            while true {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n > 0 {
                    bytes += buffer[0..<n]
                    return .success(true)
                }
                if n == 0 { return .success(false) }
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                    if let failure = wait(fd, Int16(POLLIN), deadline, doing: "waiting for the answer") { return .failure(failure) }
                    continue
                }
                return .failure(Failure(message: "receiving: \(String(cString: strerror(errno)))"))
            }
        }
        while true {
            if headerEnd == nil, let end = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: bytes) {
                headerEnd = end + 4
                let head = String(decoding: bytes[0..<end], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let name = parts[0].lowercased(), value = parts[1].trimmingCharacters(in: .whitespaces)
                    if name == "content-length" {
                        guard let length = Int(value), length >= 0 else { return .failure(Failure(message: "a bad Content-Length '\(value)'")) }
                        if length > limit { return .failure(Failure(message: "an answer of \(length) bytes, more than the \(limit) expected", tooLong: true)) }
                        expected = end + 4 + length
                    }
                    if name == "transfer-encoding", value.lowercased().contains("chunked") { chunked = true }
                }
            }
            if let headerEnd, !chunked, let expected, bytes.count >= expected {
                return Self.response(bytes[0..<headerEnd], body: Array(bytes[headerEnd..<expected]))
            }
            if bytes.count > limit + (headerEnd ?? 0) + 64 * 1024 { return .failure(Failure(message: "an answer longer than \(limit) bytes", tooLong: true)) }
            switch readMore() {
            case .failure(let failure): return .failure(failure)
            case .success(true): continue
            case .success(false):
                guard let headerEnd else {
                    return .failure(Failure(message: bytes.isEmpty ? "the connection was closed without an answer" : "an answer that is not HTTP"))
                }
                if chunked {
                    guard let body = Self.dechunked(bytes[headerEnd...]) else { return .failure(Failure(message: "a chunked body cut short")) }
                    return Self.response(bytes[0..<headerEnd], body: body)
                }
                if expected != nil { return .failure(Failure(message: "the answer was cut short")) }
                return Self.response(bytes[0..<headerEnd], body: Array(bytes[headerEnd...]))
            }
        }
    }

    private static func response(_ head: ArraySlice<UInt8>, body: [UInt8]) -> Result<Response, Failure> {
        // "HTTP/1.1 200 OK"
        let line = head.prefix { $0 != 0x0D }
        let fields = line.split(separator: 0x20, maxSplits: 2)
        guard fields.count >= 2, fields[0].starts(with: Array("HTTP/".utf8)),
              let status = Int(String(decoding: fields[1], as: UTF8.self)), (100...599).contains(status) else {
            return .failure(Failure(message: "an answer that is not HTTP"))
        }
        return .success(Response(status: status, body: body))
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    /// A whole chunked body decoded; nil when it is cut short or malformed.
    static func dechunked(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while true {
            guard let lineEnd = bytes[i...].firstIndex(of: 0x0D), lineEnd + 1 < bytes.endIndex, bytes[lineEnd + 1] == 0x0A else { return nil }
            let sizeText = String(decoding: bytes[i..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else { return nil }
            i = lineEnd + 2
            if size == 0 { return out }
            guard bytes.endIndex - i >= size + 2 else { return nil }
            out += bytes[i..<(i + size)]
            i += size + 2
        }
    }
}
