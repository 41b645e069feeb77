/// What a drawn text (`content`, `initials`) may hold.
///
/// Specs come from anyone, so a text must look like what it says: no control
/// characters (they draw as boxes or nothing), no bidi embeddings, overrides
/// or isolates (they reorder what follows, the "Trojan Source" trick), and no
/// zero-width characters that hide in a review. The zero-width joiner is
/// allowed only between two emoji, where it builds one picture (👨‍👩‍👧);
/// the scripts that use it between letters are not drawn by logoc's fonts in
/// a way that needs it for a logo's few words.
///
/// The length bound keeps layout cheap and errors readable: 100 characters
/// is many times what a logo shows, and 400 scalars bounds a text of
/// combining marks stacked on a few characters.
public enum TextRules {
    /// Most grapheme clusters (what a reader counts as characters) in a text.
    public static let maxCharacters = 100
    /// Most Unicode scalars in a text.
    public static let maxScalars = 400

    /// The first character a text may not hold, with why; nil when it is fine.
    public static func forbidden(in text: String) -> (Unicode.Scalar, String)? {
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) {
                return (scalar, "a control character")
            }
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C {
                return (scalar, "an invisible bidirectional control that changes the order text is shown in")
            }
            if v == 0x200D {
                let joinsEmoji = i > 0 && i + 1 < scalars.count && isEmojiPart(scalars[i - 1]) && scalars[i + 1].properties.isEmoji
                if !joinsEmoji { return (scalar, "a zero-width joiner outside an emoji sequence") }
                continue
            }
            if v == 0x200B || v == 0x200C || v == 0x2060 || v == 0xFEFF || v == 0x180E || (0x2061...0x2064).contains(v) {
                return (scalar, "an invisible zero-width character")
            }
            if (0xFFF9...0xFFFB).contains(v) || v == 0xFFFC {
                return (scalar, "an invisible annotation or object character")
            }
        }
        return nil
    }

    /// Whether `scalar` can end the emoji before a joiner: an emoji, a
    /// variation selector 16 or a skin tone modifier.
    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji || scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
