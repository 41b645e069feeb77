import Foundation

/// HTTP/1.1 over a plain socket, byte for byte: the malformed requests the
/// fault tests send would be normalised or refused by URLSession.
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        /// The status line and header lines as sent, in order.
        var headLines: [String] = []
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
        guard var response = parseHead(data[0..<end]) else { return nil }
        let status = response.status
        var body = Array(data[(end + 4)...])
        if head || status == 304 { return response }
        if let length = response.headers["content-length"].flatMap(Int.init) {
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
        response.body = body
        return response
    }

    /// A response's status and headers from its head (without the blank line); no body.
    static func parseHead(_ bytes: ArraySlice<UInt8>) -> Response? {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: [], headLines: lines)
    }

    /// The responses of `bytes`, one after another, each framed by its
    /// `Content-Length` (no HEAD answers among them).
    static func responses(in bytes: [UInt8]) -> [Response] {
        var rest = bytes[...]
        var found: [Response] = []
        while let end = find(Array(rest)).map({ rest.startIndex + $0 }), var response = parseHead(rest[..<end]) {
            let length = response.headers["content-length"].flatMap(Int.init) ?? 0
            let bodyStart = end + 4
            guard rest.endIndex - bodyStart >= length else { break }
            response.body = Array(rest[bodyStart..<(bodyStart + length)])
            found.append(response)
            rest = rest[(bodyStart + length)...]
        }
        return found
    }

    /// Everything the server sends until it closes the connection.
    static func readToClose(_ fd: Int32) -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return data }
            data += buffer[0..<n]
        }
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
