/// A file path as a URI path: every byte but RFC 3986's unreserved ones and
/// `/` percent-encoded. One encoder for every place logoc writes a path into
/// a link: SARIF's `artifactLocation` and the gallery's `href` and `src`.
/// `:` is encoded too, so a first segment named `javascript:…` stays a file
/// name (a relative reference whose first segment holds a colon would be
/// read as a scheme); `&`, quotes, `#`, `?` and `%` reach the file as well.
public enum URIPath {
    public static func encoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
