import Foundation
import LogocCore

/// Parses the colour syntaxes of SPEC.md: `#RGB`, `#RGBA`, `#RRGGBB`,
/// `#RRGGBBAA`, CSS names, `transparent`, `rgb()`/`rgba()` and
/// `hsl()`/`hsla()` with commas or spaces and an optional alpha.
public enum ColorParser {
    /// Longest colour value read, in Unicode scalars: the longest syntax
    /// (`hsla(…)` with four decimals and spaces) is far shorter. A longer
    /// value is refused unread (`E005`): a 1 MiB value was searched for a
    /// "did you mean" colour name for 36 s.
    public static let maxLength = 128

    /// The colour, or nil when `text` is not one.
    public static func parse(_ text: String) -> RGBA? {
        let s = text.trimmingWhitespaces()
        if s.utf8.first == UInt8(ascii: "#") { return hex(s.dropFirst()) }
        let lower = s.lowercased()
        if lower == "transparent" { return .transparent }
        if let value = CSSColorNames.all[lower] { return RGBA(rgb: value) }
        for prefix in ["rgba", "rgb", "hsla", "hsl"] where lower.hasPrefix(prefix + "(") && lower.hasSuffix(")") {
            let inner = lower.dropFirst(prefix.count + 1).dropLast()
            return function(prefix.hasPrefix("rgb") ? .rgb : .hsl, String(inner))
        }
        return nil
    }

    /// Exactly 3, 4, 6 or 8 ASCII hex digits, read as bytes: as
    /// characters (counted, then parsed, then each one's properties looked
    /// up) it cost 3,000 instructions a colour, the most of decoding one.
    private static func hex(_ text: Substring) -> RGBA? {
        var value: UInt32 = 0, count = 0
        for byte in text.utf8 {
            guard count < 8, let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
            count += 1
        }
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        switch count {
        case 3, 4:
            let n = count
            func nibble(_ i: Int) -> UInt8 {
                let v = UInt8((value >> UInt32(4 * (n - 1 - i))) & 0xF)
                return v << 4 | v
            }
            return RGBA(r: nibble(0), g: nibble(1), b: nibble(2), a: n == 4 ? nibble(3) : 255)
        case 6:
            return RGBA(rgb: value)
        default:
            return RGBA(rgb: value >> 8, alpha: UInt8(value & 0xFF))
        }
    }

    /// The value of an ASCII hex digit, or nil.
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private enum Model { case rgb, hsl }

    /// `r g b / a`, `r, g, b, a`, with numbers or percentages.
    private static func function(_ model: Model, _ inner: String) -> RGBA? {
        var parts: [Substring]
        var alphaPart: Substring?
        if inner.contains(",") {
            parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
            if parts.count == 4 { alphaPart = parts.removeLast() }
        } else {
            let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            parts = halves[0].split(separator: " ")
            if halves.count == 2 { alphaPart = halves[1].trimmingCharacters(in: .whitespaces)[...] }
        }
        guard parts.count == 3 else { return nil }
        var alpha = 1.0
        if let alphaPart {
            guard let a = number(alphaPart, percentOf: 1) else { return nil }
            alpha = a
        }
        guard (0...1).contains(alpha) else { return nil }
        let a8 = UInt8((alpha * 255).rounded())
        switch model {
        case .rgb:
            let channels = parts.compactMap { number($0, percentOf: 255) }
            guard channels.count == 3, channels.allSatisfy({ (0...255).contains($0) }) else { return nil }
            let c = channels.map { UInt8($0.rounded()) }
            return RGBA(r: c[0], g: c[1], b: c[2], a: a8)
        case .hsl:
            let hueText = parts[0].hasSuffix("deg") ? parts[0].dropLast(3) : parts[0]
            guard let hue = Double(hueText), hue.isFinite,
                  parts[1].hasSuffix("%"), parts[2].hasSuffix("%"),
                  let sat = number(parts[1], percentOf: 1), let light = number(parts[2], percentOf: 1),
                  (0...1).contains(sat), (0...1).contains(light) else { return nil }
            let (r, g, b) = hslToRGB(hue, sat, light)
            return RGBA(r: r, g: g, b: b, a: a8)
        }
    }

    /// A plain number, or a percentage scaled so that 100% is `percentOf`.
    private static func number(_ text: Substring, percentOf scale: Double) -> Double? {
        let t = text.trimmingWhitespaces()
        if t.hasSuffix("%") {
            guard let v = Double(t.dropLast()), v.isFinite else { return nil }
            return v / 100 * scale
        }
        guard let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// CSS Color 4's `hsl()` conversion.
    static func hslToRGB(_ hue: Double, _ s: Double, _ l: Double) -> (UInt8, UInt8, UInt8) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        func f(_ n: Double) -> UInt8 {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            let v = l - a * max(-1, min(k - 3, 9 - k, 1))
            return UInt8((v * 255).rounded())
        }
        return (f(0), f(8), f(4))
    }
}
