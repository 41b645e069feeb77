import Foundation

/// HTTP/1.1 over a plain socket, byte for byte: the malformed requests the
/// fault tests send would be normalised or refused by URLSession.
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The JSON error code of an error body.
        var errorCode: String? {
            guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                  let error = object["error"] as? [String: Any] else { return nil }
            return error["code"] as? String
        }
    }

    /// A connected socket to 127.0.0.1:`port` with a receive timeout.
    static func connect(_ port: Int, timeout: Double = 10) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(message: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(message: "connect: \(errno)")
        }
        return fd
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Writes all of `bytes`; false when the peer closed.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Reads one response (Content-Length framed; to the close otherwise); nil when the connection closed first.
    static func read(_ fd: Int32, head: Bool = false) -> Response? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        func fill() -> Bool {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return false }
            data += buffer[0..<n]
            return true
        }
        var headEnd: Int?
        while headEnd == nil {
            if let i = find(data) { headEnd = i; break }
            if !fill() { return nil }
        }
        guard let end = headEnd else { return nil }
        let headText = String(decoding: data[0..<end], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(end + 4)...])
        if head || status == 304 { return Response(status: status, headers: headers, body: []) }
        if let length = headers["content-length"].flatMap(Int.init) {
            while body.count < length {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n <= 0 { break }
                body += buffer[0..<n]
            }
            body = Array(body.prefix(length))
        } else {
            while true {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n <= 0 { break }
                body += buffer[0..<n]
            }
        }
        return Response(status: status, headers: headers, body: body)
    }

    private static func find(_ data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        for i in 0...(data.count - 4) where data[i] == 13 && data[i + 1] == 10 && data[i + 2] == 13 && data[i + 3] == 10 { return i }
        return nil
    }

    /// One request on a new connection: `raw` sent as is.
    static func exchange(_ port: Int, _ raw: [UInt8], head: Bool = false, timeout: Double = 10) throws -> Response? {
        let fd = try connect(port, timeout: timeout)
        defer { close(fd) }
        send(fd, raw)
        return read(fd, head: head)
    }

    /// `GET path` (sent as given, not encoded) with extra header lines.
    static func get(_ port: Int, _ path: String, method: String = "GET", headers: [String] = []) throws -> Response? {
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n"
        return try exchange(port, Array(request.utf8), head: method == "HEAD")
    }
}
