import Foundation

/// Where a remote cache answers: `http://host[:port][/prefix]`, parsed once
/// so that a mistyped `--remote-cache` is a usage error before anything is
/// built, not a thousand failed requests.
///
/// HTTP only: logoc speaks HTTP/1.1 on a socket of its own
/// (`HTTPClient`), without a TLS library. A team whose cache is behind
/// https points logoc at a local TLS-terminating proxy, or at the cache's
/// plain port inside the CI network (docs/remote-cache.md).
public struct HTTPEndpoint: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// The path every request starts with, without a trailing slash ("" or "/cache").
    public var prefix: String

    /// The URL as given, for messages.
    public var display: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(prefix)" }

    /// Parses `text`; the failure is a sentence for the usage error.
    public static func parse(_ text: String) -> Result<HTTPEndpoint, ParseError> {
        let lower = text.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("grpc://") || lower.hasPrefix("grpcs://") {
            return .failure(ParseError(message: "'\(text)': only http:// is spoken (no TLS, no gRPC); see docs/remote-cache.md"))
        }
        guard lower.hasPrefix("http://") else { return .failure(ParseError(message: "'\(text)' is not an http:// URL")) }
        var rest = Substring(text.dropFirst("http://".count))
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        rest = rest[slash...]
        guard !authority.contains("@") else { return .failure(ParseError(message: "'\(text)': credentials in the URL are not supported")) }
        guard !rest.contains("?"), !rest.contains("#") else { return .failure(ParseError(message: "'\(text)': a query or fragment has no place in a cache URL")) }
        var host = Substring(authority)
        var port = 80
        if host.hasPrefix("[") {
            // [v6]:port
            guard let close = host.firstIndex(of: "]") else { return .failure(ParseError(message: "'\(text)': unclosed '[' in the host")) }
            let after = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else { return .failure(ParseError(message: "'\(text)': bad port")) }
                port = p
            }
        } else if let colon = host.lastIndex(of: ":") {
            guard let p = Int(host[host.index(after: colon)...]) else { return .failure(ParseError(message: "'\(text)': bad port")) }
            port = p
            host = host[..<colon]
        }
        guard !host.isEmpty else { return .failure(ParseError(message: "'\(text)' names no host")) }
        guard (1...65535).contains(port) else { return .failure(ParseError(message: "'\(text)': the port must be from 1 to 65535")) }
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:".contains($0)) }) else {
            return .failure(ParseError(message: "'\(text)': the host may hold letters, digits, '-', '.' and ':' only"))
        }
        var prefix = String(rest)
        while prefix.hasSuffix("/") { prefix.removeLast() }
        guard prefix.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(ParseError(message: "'\(text)': the path must be plain ASCII without spaces (percent-encode it)"))
        }
        return .success(HTTPEndpoint(host: String(host), port: port, prefix: prefix))
    }

    public struct ParseError: Error, Sendable {
        public var message: String
    }
}
