import Foundation

/// Strong entity tags from an image's SHA-256, and the `If-None-Match`
/// test (RFC 9110 §13.1.2: a list, `*`, weak comparison).
public enum EntityTag {
    /// The `ETag` of bytes whose SHA-256 is `sha256` (hex): its first 32
    /// digits, quoted. 128 bits tell any two pictures apart.
    public static func of(sha256: String) -> String {
        "\"" + sha256.prefix(32) + "\""
    }

    /// Whether `header` (an `If-None-Match` value) matches `etag`: `*`, or
    /// any tag of the list equal to it once a `W/` prefix is dropped.
    public static func matches(_ header: String, _ etag: String) -> Bool {
        var rest = Substring(header)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { return false }
            if rest.hasPrefix("*") { return true }
            var tag = rest
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            guard tag.hasPrefix("\""), let close = tag.dropFirst().firstIndex(of: "\"") else { return false }
            if tag[...close] == etag { return true }
            rest = tag[tag.index(after: close)...]
        }
    }
}
