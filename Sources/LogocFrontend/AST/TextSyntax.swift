import LogocCore

/// `text`, after the string shorthand became `{content: …}`.
public struct TextSyntax: Sendable, Equatable {
    // Its fields live in a box that copies share (`CopyOnWrite`), as
    // `LogoSyntax`'s do: at 528 bytes a text was copied whole wherever it
    // was read out of its spec.
    private var fields = CopyOnWrite(Fields())

    public var content: Located<String>? {
        _read { yield fields.value.content }
        _modify { yield &fields.value.unsettled.content }
    }
    public var initials: Located<String>? {
        _read { yield fields.value.initials }
        _modify { yield &fields.value.unsettled.initials }
    }
    public var maxLength: Located<Int>? {
        _read { yield fields.value.maxLength }
        _modify { yield &fields.value.unsettled.maxLength }
    }
    public var uppercase: Located<Bool>? {
        _read { yield fields.value.uppercase }
        _modify { yield &fields.value.unsettled.uppercase }
    }
    public var font: Located<FontSyntax>? {
        _read { yield fields.value.font }
        _modify { yield &fields.value.unsettled.font }
    }
    public var size: Located<TextSizeSyntax>? {
        _read { yield fields.value.size }
        _modify { yield &fields.value.unsettled.size }
    }
    public var color: Located<TextColorSyntax>? {
        _read { yield fields.value.color }
        _modify { yield &fields.value.unsettled.color }
    }
    /// `initialsStyle`
    public var initialsStyle: Located<InitialsStyle>? {
        _read { yield fields.value.initialsStyle }
        _modify { yield &fields.value.unsettled.initialsStyle }
    }

    public init() {}

    private struct Fields: Sendable, Equatable {
        var content: Located<String>?
        var initials: Located<String>?
        var maxLength: Located<Int>?
        var uppercase: Located<Bool>?
        var font: Located<FontSyntax>?
        var size: Located<TextSizeSyntax>?
        var color: Located<TextColorSyntax>?
        var initialsStyle: Located<InitialsStyle>?
        /// `shown`, once worked out by `settleShown`, until a field changes.
        var settled = Settled()

        /// The fields to change: what was settled goes first.
        var unsettled: Fields {
            get { self }
            _modify {
                settled = Settled()
                yield &self
            }
        }
    }

    /// `shown` as it was worked out: made from the fields, so no part of
    /// comparing them.
    private struct Settled: Sendable, Equatable {
        /// Nil when not worked out.
        var shown: Located<String>??
        static func == (_: Settled, _: Settled) -> Bool { true }
    }

    /// The text as it will be drawn: `content`, or the initials of
    /// `initials`; cut to `maxLength` grapheme clusters (2 by default for
    /// initials), then upper-cased when `uppercase` (default: for initials).
    public var shown: Located<String>? {
        if let settled = fields.value.settled.shown { return settled }
        return shownAfresh
    }

    /// Works `shown` out once and keeps it with the fields until one of them
    /// changes: the validator, the resolver and the plans each ask for it,
    /// and each answer was a look-up of the initials under a lock that both
    /// cores take (1.5 % of a `check`).
    mutating func settleShown() {
        fields.value.settled = Settled(shown: .some(shownAfresh))
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
