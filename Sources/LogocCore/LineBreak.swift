/// Line breaks as libyaml counts them (YAML 1.1): LF, CR LF, a lone CR, and
/// the Unicode breaks NEL (U+0085), LS (U+2028) and PS (U+2029). libyaml's
/// marks give every line and column this way, so everything that turns a
/// place into a line and column, or quotes a line, must split lines the same
/// way; otherwise, after one NEL, every later caret points one line too low.
public enum LineBreak {
    /// How many bytes of UTF-8 the line break starting at `i` takes (CR LF
    /// counts as one break of two bytes), or 0 when none starts there.
    /// Cheap on ASCII: only LF, CR, 0xC2 and 0xE2 need a second look.
    @inline(__always)
    public static func width<Bytes: RandomAccessCollection>(in bytes: Bytes, at i: Bytes.Index) -> Int where Bytes.Element == UInt8 {
        switch bytes[i] {
        case 0x0A:
            return 1
        case 0x0D:
            let next = bytes.index(after: i)
            return next < bytes.endIndex && bytes[next] == 0x0A ? 2 : 1
        case 0xC2:
            // NEL: C2 85.
            let next = bytes.index(after: i)
            return next < bytes.endIndex && bytes[next] == 0x85 ? 2 : 0
        case 0xE2:
            // LS and PS: E2 80 A8 and E2 80 A9.
            guard bytes.distance(from: i, to: bytes.endIndex) >= 3 else { return 0 }
            let second = bytes.index(after: i), third = bytes.index(after: second)
            return bytes[second] == 0x80 && (bytes[third] == 0xA8 || bytes[third] == 0xA9) ? 3 : 0
        default:
            return 0
        }
    }
}
