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
    public init() {}
}

/// `text.size`
public enum TextSizeSyntax: Sendable, Equatable {
    case auto
    case length(LengthSyntax)
}

/// `text.color`
public enum TextColorSyntax: Sendable, Equatable {
    case auto
    case color(ColorSyntax)
}

/// `text.font`, after a family-name string became `{family: …}`.
public struct FontSyntax: Sendable, Equatable {
    public var family: Located<String>?
    /// 100–900; weight words are converted when read.
    public var weight: Located<Int>?
    public var italic: Located<Bool>?
    public var file: Located<String>?
    public init() {}
}
