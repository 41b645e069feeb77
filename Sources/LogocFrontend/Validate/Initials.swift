/// Initials as SPEC.md defines them: the first grapheme of the first and of
/// the last word, where a word is a run of letters, marks or digits, an
/// apostrophe inside a word does not split it, and anything from `@` on is
/// dropped (an e-mail address gives its local part's initials).
public enum Initials {
    public static func of(_ name: String) -> String {
        let local = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        let words = words(in: local)
        guard let first = words.first?.first else {
            // No letters at all (an emoji, say): show the first grapheme.
            return local.first { !$0.isWhitespace }.map(String.init) ?? ""
        }
        guard words.count > 1, let last = words.last?.first else { return String(first) }
        return String(first) + String(last)
    }

    /// The words of `text`, as strings of whole graphemes.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(text)
        for (i, character) in characters.enumerated() {
            if isWordCharacter(character) {
                current.append(character)
            } else if isApostrophe(character), !current.isEmpty, i + 1 < characters.count, isWordCharacter(characters[i + 1]) {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        guard let first = c.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    private static func isApostrophe(_ c: Character) -> Bool {
        c == "'" || c == "\u{2019}" || c == "\u{02BC}"
    }

    /// At most `count` grapheme clusters of `text`.
    public static func prefix(_ text: String, graphemes count: Int) -> String {
        String(text.prefix(count))
    }
}
