import LogocCore

/// `text`, after the string shorthand became `{content: …}`.
public struct TextSyntax: Sendable, Equatable {
    // The fields live in a box shared by copies until one changes (copy on
    // write), as `LogoSyntax`'s do: at 528 bytes a text was copied whole
    // wherever it was read out of its spec.
    private var storage = Storage()

    public var content: Located<String>? {
        _read { yield storage.content }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.content
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.content = newValue
        }
    }
    public var initials: Located<String>? {
        _read { yield storage.initials }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.initials
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.initials = newValue
        }
    }
    public var maxLength: Located<Int>? {
        _read { yield storage.maxLength }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.maxLength
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.maxLength = newValue
        }
    }
    public var uppercase: Located<Bool>? {
        _read { yield storage.uppercase }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.uppercase
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.uppercase = newValue
        }
    }
    public var font: Located<FontSyntax>? {
        _read { yield storage.font }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.font
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.font = newValue
        }
    }
    public var size: Located<TextSizeSyntax>? {
        _read { yield storage.size }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.size
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.size = newValue
        }
    }
    public var color: Located<TextColorSyntax>? {
        _read { yield storage.color }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.color
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.color = newValue
        }
    }
    /// `initialsStyle`
    public var initialsStyle: Located<InitialsStyle>? {
        _read { yield storage.initialsStyle }
        _modify {
            makeUnique()
            storage.settled = nil
            yield &storage.initialsStyle
        }
        set {
            makeUnique()
            storage.settled = nil
            storage.initialsStyle = newValue
        }
    }
    public init() {}

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    public static func == (a: TextSyntax, b: TextSyntax) -> Bool {
        a.storage === b.storage || a.storage.fieldsEqual(b.storage)
    }

    /// The fields, changed only through the one `TextSyntax` that holds them (`makeUnique`).
    private final class Storage: @unchecked Sendable {
        var content: Located<String>?
        var initials: Located<String>?
        var maxLength: Located<Int>?
        var uppercase: Located<Bool>?
        var font: Located<FontSyntax>?
        var size: Located<TextSizeSyntax>?
        var color: Located<TextColorSyntax>?
        var initialsStyle: Located<InitialsStyle>?
        /// `shown`, worked out by `settleShown` (nil: not, or a field changed since).
        var settled: Located<String>??

        init() {}

        init(copying other: Storage) {
            content = other.content
            initials = other.initials
            maxLength = other.maxLength
            uppercase = other.uppercase
            font = other.font
            size = other.size
            color = other.color
            initialsStyle = other.initialsStyle
            settled = other.settled
        }

        func fieldsEqual(_ other: Storage) -> Bool {
            content == other.content
                && initials == other.initials
                && maxLength == other.maxLength
                && uppercase == other.uppercase
                && font == other.font
                && size == other.size
                && color == other.color
                && initialsStyle == other.initialsStyle
        }
    }

    /// The text as it will be drawn: `content`, or the initials of
    /// `initials`; cut to `maxLength` grapheme clusters (2 by default for
    /// initials), then upper-cased when `uppercase` (default: for initials).
    public var shown: Located<String>? {
        if let settled = storage.settled { return settled }
        return shownAfresh
    }

    /// Works `shown` out once and keeps it with the fields until one of them
    /// changes: the validator, the resolver and the plans each ask for it,
    /// and each answer was a look-up of the initials under a lock that both
    /// cores take (1.5 % of a `check`).
    mutating func settleShown() {
        let shown = shownAfresh
        makeUnique()
        storage.settled = .some(shown)
    }

    private var shownAfresh: Located<String>? {
        if let content {
            return content.map { Self.finish($0, maxLength: maxLength?.value, uppercase: uppercase?.value ?? false) }
        }
        guard let initials else { return nil }
        let style = initialsStyle?.value ?? .firstLast, length = maxLength?.value ?? 2, upper = uppercase?.value ?? true
        return initials.map { Initials.shown(of: $0, style: style, maxLength: length, uppercase: upper) }
    }

    /// `text` cut to `maxLength` graphemes, then upper-cased when `uppercase`.
    static func finish(_ text: String, maxLength: Int?, uppercase: Bool) -> String {
        let cut = maxLength.map { String(text.prefix($0)) } ?? text
        return uppercase ? cut.uppercased() : cut
    }
}

/// `text.size`
public enum TextSizeSyntax: Sendable, Equatable {
    case auto
    case length(LengthSyntax)
}

/// `text.color` and `border.color`: a colour, or a rule that picks one.
public enum ColorChoiceSyntax: Sendable, Equatable {
    /// Black or white, whichever contrasts more.
    case auto
    /// A colour of the background image's palette that passes contrast, else as `auto`.
    case fromImage
    case color(ColorSyntax)
}

/// `text.color`
public typealias TextColorSyntax = ColorChoiceSyntax

/// `text.font`, after a family-name string became `{family: …}`.
public struct FontSyntax: Sendable, Equatable {
    public var family: Located<String>?
    /// 100–900; weight words are converted when read.
    public var weight: Located<Int>?
    public var italic: Located<Bool>?
    public var file: Located<String>?
    public init() {}
}
