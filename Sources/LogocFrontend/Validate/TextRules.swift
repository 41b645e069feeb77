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
/// combining marks stacked on a few characters. A text must also show
/// something: one made only of spaces, fillers or ignorable characters
/// draws an empty logo that looks like a bug (`hasInk`).
public enum TextRules {
    /// Most grapheme clusters (what a reader counts as characters) in a text.
    public static let maxCharacters = 100
    /// Most Unicode scalars in a text.
    public static let maxScalars = 400
    /// Most scalars in one character (grapheme cluster): a letter with a few
    /// accents, or the longest emoji family sequence (about 10), fits well;
    /// hundreds of marks stacked on one letter ("Zalgo") draw far outside
    /// the line and make Pango's shaping slow.
    public static let maxScalarsPerCharacter = 32

    /// Why a text to draw is refused (E003): too long, a character that
    /// hides or reorders what is shown, or nothing to show; nil when it may
    /// be drawn. `named` starts the message (`'content'`, `the name`);
    /// `removable` is what the help offers to remove. A spec's `content`
    /// and `initials` and a `build --data` row's name share it.
    public static func refusal(of text: String, named: @autoclosure () -> String,
                               removable: @autoclosure () -> String) -> (message: String, help: String)? {
        // The names are worded only for a refusal: every text of every spec is asked.
        isPlainASCII(text) ? nil : refusalByRules(of: text, named: named(), removable: removable())
    }

    /// `refusal` by every rule, for any text.
    static func refusalByRules(of text: String, named: @autoclosure () -> String,
                               removable: @autoclosure () -> String) -> (message: String, help: String)? {
        if let (problem, help) = lengthProblem(in: text) { return ("\(named()) \(problem)", help) }
        if let (scalar, why) = forbidden(in: text) {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            let name = scalar.properties.name.map { " " + $0 } ?? ""
            return ("\(named()) holds \(code)\(name), \(why)", "remove the character; write the text as it should be read")
        }
        if !hasInk(text) {
            return ("\(named()) shows nothing: it holds only spaces, fillers or invisible characters", "write visible text, or remove \(removable())")
        }
        return nil
    }

    /// Why a text's length is refused, counted as it says ("1 character of
    /// 401 code points"), with a help; nil when it is within the bounds.
    public static func lengthProblem(in text: String) -> (message: String, help: String)? {
        lengthMessage(text).map { message in
            (message, message.hasPrefix("has a character")
                ? "remove the extra combining marks; a letter takes a few accents at most"
                : "shorten the text; a logo shows a few words at most")
        }
    }

    /// (The counts are worded only for a refusal: every text of every spec
    /// is asked, and wording them each time was half of decoding a text.)
    private static func lengthMessage(_ text: String) -> String? {
        let scalars = text.unicodeScalars.count
        // No more code points than one character may have: there are as
        // few characters, and none is too wide. Most names are this short,
        // and counting characters (grapheme breaking) is what costs.
        if scalars <= maxScalarsPerCharacter { return nil }
        let characters = text.count
        func counted() -> String {
            "\(characters) character\(characters == 1 ? "" : "s") of \(scalars) code point\(scalars == 1 ? "" : "s")"
        }
        if characters > maxCharacters {
            return "is \(counted()); a logo's text is limited to \(maxCharacters) characters"
        }
        if scalars > maxScalars {
            return "is \(counted()); a logo's text is limited to \(maxScalars) code points"
        }
        // Every character is one code point: none can be too wide.
        guard scalars > characters else { return nil }
        var widest = 0, widestIndex = 0
        for (index, character) in text.enumerated() {
            let width = character.unicodeScalars.count
            if width > widest { (widest, widestIndex) = (width, index) }
        }
        if widest > maxScalarsPerCharacter {
            return "has a character (the \(ordinal(widestIndex + 1))) made of \(widest) code points; at most \(maxScalarsPerCharacter) combine into one character"
        }
        return nil
    }

    /// Whether a text draws anything: false when every character in it is
    /// whitespace, a default-ignorable code point (joiners, variation
    /// selectors, tag characters U+E0020–E007F), or a filler that fonts draw
    /// empty (Hangul fillers U+115F, U+1160, U+3164, U+FFA0, and the blank
    /// Braille pattern U+2800).
    public static func hasInk(_ text: String) -> Bool {
        text.unicodeScalars.contains { !isBlank($0) }
    }

    /// A text every rule lets through without looking further: printable
    /// ASCII (no control, break or invisible character among it), one
    /// character a byte, at most `maxCharacters` of them, not all spaces.
    /// Many names and initials are; the rules' Unicode lookups for each
    /// character were most of decoding a text (`FastPathTests`).
    static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count <= maxCharacters else { return false }
            var ink = false
            for byte in bytes {
                guard byte >= 0x20, byte < 0x7F else { return false }
                if byte != 0x20 { ink = true }
            }
            return ink
        } ?? false
    }

    /// A scalar that draws nothing on its own (see `hasInk`). ASCII is
    /// answered without the property tables: its spaces and controls.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
        if isCommonVisible(scalar) { return false }
        return isBlankByProperties(scalar)
    }

    /// Whether `scalar` lies in a block of the scripts names are most often
    /// written in (Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari, kana,
    /// CJK ideographs, Hangul) where every code point is assigned and drawn:
    /// no space, format, control or variation character. Looking up those
    /// properties in Unicode's tables was most of validating a name's text
    /// (`FastPathTests` checks every code point of these ranges).
    @inline(__always)
    static func isCommonVisible(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return commonVisible.contains { $0.contains(v) }
    }

    static let commonVisible: [ClosedRange<UInt32>] = [
        0x00A1...0x00AC, 0x00AE...0x034E, 0x0350...0x0377,  // Latin-1 letters and signs, Latin Extended, IPA, combining marks (not U+034F, a joiner)
        0x037A...0x037F, 0x0384...0x038A, 0x038C...0x038C, 0x038E...0x03A1, 0x03A3...0x03FF,  // Greek
        0x0400...0x052F,  // Cyrillic
        0x05D0...0x05EA,  // Hebrew letters
        0x0620...0x064A,  // Arabic letters
        0x0900...0x097F,  // Devanagari
        0x1E00...0x1EFF,  // Latin Extended Additional
        0x3041...0x3096, 0x30A1...0x30FA,  // Hiragana, Katakana
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xAC00...0xD7A3,  // Hangul syllables
    ]

    /// `isBlank` from the scalar's Unicode properties.
    static func isBlankByProperties(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        if p.isWhitespace || p.isDefaultIgnorableCodePoint || p.isVariationSelector { return true }
        switch scalar.value {
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0xE0000...0xE007F: return true
        default: return p.generalCategory == .format || p.generalCategory == .control
        }
    }

    private static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// The first character a text may not hold, with why; nil when it is fine.
    public static func forbidden(in text: String) -> (Unicode.Scalar, String)? {
        // Most texts hold none of the characters looked at below, which a
        // glance at each code point tells without making the list of them.
        guard text.unicodeScalars.contains(where: mayBeForbidden) else { return nil }
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let v = scalar.value
            if v == 0x0A || v == 0x0D || v == 0x85 || v == 0x2028 || v == 0x2029 || v == 0x0B || v == 0x0C {
                return (scalar, "a line break; a logo's text is one line")
            }
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

    /// Whether `forbidden` looks twice at `scalar`: a control, a line
    /// break, or one of the format characters of U+061C, U+180E,
    /// U+2000–U+206F and U+FEFF–U+FFFC. A superset of what it refuses.
    @inline(__always)
    static func mayBeForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x180E || (0x2000...0x206F).contains(v) || (0xFEFF...0xFFFC).contains(v)
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
