import Foundation
import LogocFrontend

/// The path of a request, checked and percent-decoded, before it is looked
/// up in the project: the decoding and refusals every URL shares
/// (docs/serving.md, "URLs"). Pure, so every rule is a unit test.
public struct RequestPath: Sendable, Equatable {
    /// The decoded segments (`team`, `avatar`, `128`, `Jane Doe.png`).
    public var segments: [String]
    /// The last segment without its extension (`Jane Doe`, `jane@2x`).
    public var stem: String
    public var format: OutputFile.Format

    /// What the path names.
    public enum Kind: Sendable, Equatable {
        case health
        case metrics
        case image(RequestPath)
    }

    /// The longest person name (UTF-8 bytes) a template URL takes: longer
    /// names say nothing more in two initials and cost a render each.
    public static let maxNameBytes = 256

    /// The extensions served, as the spec language names formats (`jpg` too).
    static func format(of ext: String) -> OutputFile.Format? {
        switch ext {
        case "jpg": .jpeg
        default: OutputFile.Format(rawValue: ext)
        }
    }

    /// Parses a request target (`/team/jane.png?x=1`): the query is ignored
    /// (caches key on the path alone). Throws the 400 or 404 a bad path gets.
    public static func parse(_ target: String) throws(HTTPFailure) -> Kind {
        var raw = Substring(target)
        if let query = raw.firstIndex(of: "?") { raw = raw[..<query] }
        guard raw.hasPrefix("/") else { throw HTTPFailure(400, "bad-path", "the request target must be a path starting with '/'") }
        if raw == "/healthz" { return .health }
        if raw == "/metrics" { return .metrics }
        var segments: [String] = []
        for piece in raw.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let segment: String
            if piece.utf8.contains(UInt8(ascii: "%")) {
                let bytes = try decode(piece)
                // NUL, a backslash (a Windows separator) or a dot segment: the
                // path would leave the served folders, or means something else
                // to another layer. Not found, whatever the project holds.
                if bytes.contains(0) || bytes.contains(UInt8(ascii: "\\")) || bytes.contains(UInt8(ascii: "/")) {
                    throw outside
                }
                guard let decoded = String(validatingUTF8CString: bytes) else {
                    throw HTTPFailure(400, "bad-encoding", "the path is not UTF-8 once percent-decoded")
                }
                segment = decoded
            } else {
                // Nothing to decode (most URLs): the piece is already UTF-8.
                if piece.utf8.contains(0) || piece.utf8.contains(UInt8(ascii: "\\")) { throw outside }
                segment = String(piece)
            }
            if segment.isEmpty || segment == "." || segment == ".." || segment.hasPrefix(".") { throw outside }
            segments.append(segment)
        }
        guard let last = segments.last, let dot = last.lastIndex(of: ".") else {
            throw HTTPFailure(404, "not-found", "no image here: image URLs end in .png, .svg, .webp, .avif, .jpeg or .pdf")
        }
        let ext = String(last[last.index(after: dot)...])
        guard let format = format(of: ext) else {
            throw HTTPFailure(400, "bad-extension", "'.\(ext)' is not a format logoc draws: use png, svg, webp, avif, jpeg or pdf")
        }
        let stem = String(last[..<dot])
        guard !stem.isEmpty else { throw HTTPFailure(404, "not-found", "no image is named '\(last)'") }
        return .image(RequestPath(segments: segments, stem: stem, format: format))
    }

    private static var outside: HTTPFailure {
        HTTPFailure(404, "not-found", "the path leaves the served folders")
    }

    /// Percent-decodes one segment; a `%` not followed by two hex digits is a 400.
    static func decode(_ piece: Substring) throws(HTTPFailure) -> [UInt8] {
        var out: [UInt8] = []
        let bytes = Array(piece.utf8)
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) else {
                    throw HTTPFailure(400, "bad-encoding", "invalid percent-encoding in the path: '%' must be followed by two hex digits")
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A template URL's size segment: decimal digits only, 16–1024
    /// (`0`, `-1`, `99999` and `1e3` are all 400).
    public static func size(_ segment: String) throws(HTTPFailure) -> Int {
        let range = 16...1024
        guard !segment.isEmpty, segment.utf8.count <= 5, segment.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let value = Int(segment), range.contains(value) else {
            throw HTTPFailure(400, "bad-size", "the size must be a whole number of pixels from \(range.lowerBound) to \(range.upperBound), not '\(segment.prefix(32))'")
        }
        return value
    }

    /// Splits `name@2x` into the name and its scale (1 without a suffix).
    public static func scale(of stem: String) -> (name: String, scale: Int) {
        guard let at = stem.lastIndex(of: "@") else { return (stem, 1) }
        let suffix = stem[stem.index(after: at)...]
        guard suffix.count >= 2, suffix.last == "x", let scale = Int(suffix.dropLast()), (1...16).contains(scale),
              suffix.first != "0" else { return (stem, 1) }
        return (String(stem[..<at]), scale)
    }
}

private extension String {
    /// The string of `bytes` when they are UTF-8, else nil (no replacement characters).
    init?(validatingUTF8CString bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        self = text
    }
}
