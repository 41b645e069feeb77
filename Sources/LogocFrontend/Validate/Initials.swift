import Foundation
import LogocCore

/// `text.initialsStyle`: which graphemes of the name become the initials.
public enum InitialsStyle: String, Sendable, Equatable, CaseIterable {
    /// The first grapheme of the first and of the last word (SPEC.md's rule, the default).
    case firstLast
    /// The first grapheme of the first word only.
    case first
    /// The first two graphemes of the first word: `Ada` → `AD`, `李小龍` → `李小`.
    case firstTwo
}

/// Initials as SPEC.md defines them: the first grapheme of the first and of
/// the last word, where a word is a run of letters, marks or digits, an
/// apostrophe inside a word does not split it, and anything from `@` on is
/// dropped (an e-mail address gives its local part's initials). The name is
/// read as a person reads it first: compatibility characters (ligatures,
/// full-width and circled letters) become their plain letters (`readable`).
///
/// Scripts written without spaces (Chinese, Japanese, and Korean names
/// written as one block) are one word, so `firstLast` gives one character
/// and `firstTwo` two. Letters of joining scripts (Arabic, Syriac, N'Ko, …)
/// taken from two different words get a zero-width non-joiner between them:
/// they are two initials, not the start of a word, and must not join.
public enum Initials {
    public static func of(_ name: String, style: InitialsStyle = .firstLast) -> String {
        shown(of: name, style: style, maxLength: nil, uppercase: false)
    }

    /// What a text of `initials: name` shows: its initials, cut to
    /// `maxLength` graphemes and upper-cased when `uppercase`
    /// (`TextSyntax.finish`), remembered whole: the cut and the
    /// upper-casing were as dear as the look-up.
    static func shown(of name: String, style: InitialsStyle, maxLength: Int?, uppercase: Bool) -> String {
        known.value(for: Key(name: name, style: style, maxLength: maxLength, uppercase: uppercase)) {
            TextSyntax.finish(compute(name, style: style), maxLength: maxLength, uppercase: uppercase)
        }
    }

    /// A name is told apart by its bytes: `String`'s own hashing and
    /// equality first bring a non-ASCII name (most of a team's, across
    /// scripts) to Unicode's canonical form, about 1,600 instructions a
    /// look-up, twice per text of every spec. Two spellings of one name in
    /// different normal forms are two entries, each with the initials of
    /// its own characters.
    struct Key: Hashable, Sendable {
        let name: String
        let style: InitialsStyle
        let maxLength: Int?
        let uppercase: Bool

        static func == (a: Key, b: Key) -> Bool {
            a.style == b.style && a.maxLength == b.maxLength && a.uppercase == b.uppercase
                && a.name.utf8.count == b.name.utf8.count && String.withUTF8(a.name, b.name) { $0.elementsEqual($1) }
        }

        func hash(into hasher: inout Hasher) {
            var name = name
            name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(style)
            hasher.combine(maxLength)
            hasher.combine(uppercase)
        }
    }

    /// Initials already worked out in this process. Every spec asks twice
    /// (validation, then its render tree) and a team's names repeat, while
    /// finding words grapheme by grapheme costs tens of thousands of
    /// instructions for a non-Latin name. A pure function, so remembering
    /// cannot change an answer.
    static let known = Memo<Key>(limit: 4096)

    /// Answers by key, shared by threads; emptied when `limit` is reached, so
    /// memory stays flat however many names a run meets.
    final class Memo<Key: Hashable & Sendable>: Sendable {
        private let values = Locked<[Key: String]>([:])
        let limit: Int

        init(limit: Int) { self.limit = limit }

        func value(for key: Key, _ make: () -> String) -> String {
            if let known = values.withLock({ $0[key] }) { return known }
            let made = make()
            values.withLock { values in
                if values.count >= limit { values.removeAll(keepingCapacity: true) }
                values[key] = made
            }
            return made
        }
    }

    /// `of` without the memo.
    static func compute(_ name: String, style: InitialsStyle) -> String {
        let plain = readable(name)
        let local = plain.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? plain
        let words = words(in: local)
        guard let firstWord = words.first, let first = firstWord.first else {
            // No letters at all (an emoji, say): show the first grapheme.
            return local.first { !$0.isWhitespace }.map(String.init) ?? ""
        }
        switch style {
        case .first:
            return String(first)
        case .firstTwo:
            return String(firstWord.prefix(2))
        case .firstLast:
            guard words.count > 1, let last = words.last?.first else { return String(first) }
            let separator = joins(first) && joins(last) ? "\u{200C}" : ""
            return String(first) + separator + String(last)
        }
    }

    /// Whether the grapheme's letter joins its neighbours in cursive scripts
    /// (Unicode's Joining_Type D or R is what Arabic shaping uses; the
    /// scripts' blocks are a close, dependency-free stand-in).
    static func joins(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x0600...0x08FF).contains(v)     // Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended
            || (0xFB50...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)   // Arabic presentation forms
            || (0x10D00...0x10D3F).contains(v)   // Hanifi Rohingya
            || (0x1800...0x18AF).contains(v)     // Mongolian
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
