import Foundation

extension Initials {
    /// `name` with each compatibility character written as the characters
    /// a reader sees in it (Unicode's NFKC of that grapheme): the ligature
    /// `ﬁ` is the two letters `fi`, the full-width `Ｊ` is `J`, the circled
    /// `Ⓐ` is `A`. Without this, `ﬁona ﬂetcher` gave `FIFL` (upper-casing a
    /// ligature gives both letters) and `Ⓐnna` gave `N` (a circled letter is
    /// a symbol, not a letter). Only graphemes whose compatibility form
    /// differs from their canonical one change, so Hangul syllables, Indic
    /// nuktas and emoji stay exactly as written. Hangul compatibility jamo
    /// (`ㄱ`, and the half-width ones) are kept too: NFKC turns them into
    /// conjoining jamo, which are made to combine into a syllable, not to
    /// stand alone as an initial.
    static func readable(_ name: String) -> String {
        // Nothing below U+00A0 has a compatibility mapping: a Latin name
        // costs one pass over its scalars.
        guard name.unicodeScalars.contains(where: { $0.value >= 0xA0 }) else { return name }
        var out = ""
        for character in name {
            let text = String(character)
            guard character.unicodeScalars.contains(where: { $0.value >= 0xA0 && !isHangulCompatibilityJamo($0) }) else {
                out.append(character)
                continue
            }
            let compatible = text.precomposedStringWithCompatibilityMapping
            out += compatible == text.precomposedStringWithCanonicalMapping ? text : compatible
        }
        return out
    }

    private static func isHangulCompatibilityJamo(_ s: Unicode.Scalar) -> Bool {
        (0x3131...0x318E).contains(s.value) || (0xFFA0...0xFFDC).contains(s.value)
    }
}
