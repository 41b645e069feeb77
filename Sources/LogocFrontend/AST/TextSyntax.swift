import LogocCore

/// `text`, after the string shorthand became `{content: …}`.
public struct TextSyntax: Sendable, Equatable {
    public var content: Located<String>?
    public var initials: Located<String>?
    public var maxLength: Located<Int>?
    public var uppercase: Located<Bool>?
    public var font: Located<FontSyntax>?
    public var size: Located<TextSizeSyntax>?
    public var color: Located<TextColorSyntax>?
    /// `initialsStyle`
    public var initialsStyle: Located<InitialsStyle>?
    public init() {}

    /// The text as it will be drawn: `content`, or the initials of
    /// `initials`; cut to `maxLength` grapheme clusters (2 by default for
    /// initials), then upper-cased when `uppercase` (default: for initials).
    public var shown: Located<String>? {
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
