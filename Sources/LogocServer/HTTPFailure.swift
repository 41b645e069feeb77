import Foundation
import LogocCore

/// An error answer of `logoc serve`: its status and a JSON body
/// `{"error": {"code", "message"}}` (SPEC-v2 §5), the code a stable word a
/// client can test, the message for people.
public struct HTTPFailure: Error, Sendable, Equatable {
    public var status: Int
    public var code: String
    public var message: String
    /// Extra headers (`Allow` on 405, `Retry-After` on 503).
    public var headers: [(String, String)] = []

    public init(_ status: Int, _ code: String, _ message: String, headers: [(String, String)] = []) {
        (self.status, self.code, self.message, self.headers) = (status, code, message, headers)
    }

    public static func == (a: HTTPFailure, b: HTTPFailure) -> Bool {
        a.status == b.status && a.code == b.code && a.message == b.message
    }

    /// The JSON body.
    public var body: [UInt8] {
        Array("{\"error\":{\"code\":\(JSON.quote(code)),\"message\":\(JSON.quote(message))}}\n".utf8)
    }

    /// The reason phrase of the statuses `serve` sends.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }

    /// The whole HTTP/1.1 answer as bytes, for errors found before the HTTP
    /// decoder has a request (`RequestHeadGuard`); the connection closes after it.
    var rawResponse: [UInt8] {
        let body = self.body
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}
