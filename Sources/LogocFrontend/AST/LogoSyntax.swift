import LogocCore

/// One spec as the user wrote it, after `extends` were merged: every value
/// keeps the place it was written, `nil` means "not written", no defaults are
/// applied, and `$palette` names are still names.
public struct LogoSyntax: Sendable, Equatable {
    // Its fields live in a box that copies share (`CopyOnWrite`): a spec's
    // syntax, 1,656 bytes, was copied whole several times per spec.
    private var fields = CopyOnWrite(Fields())

    /// `version`
    public var version: Located<Int>? {
        _read { yield fields.value.version }
        _modify { yield &fields.value.version }
    }
    /// `name`
    public var name: Located<String>? {
        _read { yield fields.value.name }
        _modify { yield &fields.value.name }
    }
    /// `template`: true makes the spec a template, drawn once per person
    /// (docs/templates.md), whose text needs neither `content` nor `initials`.
    public var template: Located<Bool>? {
        _read { yield fields.value.template }
        _modify { yield &fields.value.template }
    }
    /// `size`
    public var size: Located<Int>? {
        _read { yield fields.value.size }
        _modify { yield &fields.value.size }
    }
    /// `shape`
    public var shape: Located<ShapeSyntax>? {
        _read { yield fields.value.shape }
        _modify { yield &fields.value.shape }
    }
    /// Where the key `shape` was written, even when its value was refused:
    /// `cornerRadius` is judged against the shape only once the shape is valid.
    public var shapeKey: SourceSpan? {
        _read { yield fields.value.shapeKey }
        _modify { yield &fields.value.shapeKey }
    }
    /// `cornerRadius`
    public var cornerRadius: Located<LengthSyntax>? {
        _read { yield fields.value.cornerRadius }
        _modify { yield &fields.value.cornerRadius }
    }
    /// `background`
    public var background: Located<BackgroundSyntax>? {
        _read { yield fields.value.background }
        _modify { yield &fields.value.background }
    }
    /// `text`
    public var text: Located<TextSyntax>? {
        _read { yield fields.value.text }
        _modify { yield &fields.value.text }
    }
    /// Where the key `text` was written: diagnostics about auto text point here.
    public var textKey: SourceSpan? {
        _read { yield fields.value.textKey }
        _modify { yield &fields.value.textKey }
    }
    /// `border`
    public var border: Located<BorderSyntax>? {
        _read { yield fields.value.border }
        _modify { yield &fields.value.border }
    }
    /// `contrast`, or `contrast.minimum` of the mapping form.
    public var contrast: Located<ContrastSyntax>? {
        _read { yield fields.value.contrast }
        _modify { yield &fields.value.contrast }
    }
    /// `contrast.colorVision`: deficiencies the contrast is re-checked under.
    public var colorVision: Located<[ColorVision]>? {
        _read { yield fields.value.colorVision }
        _modify { yield &fields.value.colorVision }
    }
    /// `output`
    public var output: Located<OutputSyntax>? {
        _read { yield fields.value.output }
        _modify { yield &fields.value.output }
    }
    /// `targets`: where the pictures land (favicon set, …).
    public var targets: Located<TargetsSyntax>? {
        _read { yield fields.value.targets }
        _modify { yield &fields.value.targets }
    }
    /// `dark`: the whole dark variant (this spec with the overrides merged on top).
    public var dark: Located<DarkVariant>? {
        _read { yield fields.value.dark }
        _modify { yield &fields.value.dark }
    }
    /// `small`: the drawings for outputs at most `maxSize` pixels wide,
    /// located at the key `small`.
    public var small: Located<SmallVariant>? {
        _read { yield fields.value.small }
        _modify { yield &fields.value.small }
    }

    public init() {}

    private struct Fields: Sendable, Equatable {
        var version: Located<Int>?
        var name: Located<String>?
        var template: Located<Bool>?
        var size: Located<Int>?
        var shape: Located<ShapeSyntax>?
        var shapeKey: SourceSpan?
        var cornerRadius: Located<LengthSyntax>?
        var background: Located<BackgroundSyntax>?
        var text: Located<TextSyntax>?
        var textKey: SourceSpan?
        var border: Located<BorderSyntax>?
        var contrast: Located<ContrastSyntax>?
        var colorVision: Located<[ColorVision]>?
        var output: Located<OutputSyntax>?
        var targets: Located<TargetsSyntax>?
        var dark: Located<DarkVariant>?
        var small: Located<SmallVariant>?
    }
}

/// The small variants: the spec with `small`'s overrides merged on top, and
/// the dark variant with them merged on top of `dark`'s (SPEC-v2 §2).
public final class SmallVariant: Sendable, Equatable {
    /// `small.maxSize`: outputs at most this many pixels wide use these drawings.
    public let maxSize: Located<Int>
    /// The spec, then `small`.
    public let logo: LogoSyntax
    /// The spec, then `dark`, then `small`; nil when the spec has no `dark`.
    public let dark: LogoSyntax?

    public init(maxSize: Located<Int>, logo: LogoSyntax, dark: LogoSyntax?) {
        (self.maxSize, self.logo, self.dark) = (maxSize, logo, dark)
    }

    public static func == (a: SmallVariant, b: SmallVariant) -> Bool { a.maxSize == b.maxSize && a.logo == b.logo && a.dark == b.dark }
}

/// Boxes the dark variant, which is itself a `LogoSyntax`.
public final class DarkVariant: Sendable, Equatable {
    public let logo: LogoSyntax
    public init(_ logo: LogoSyntax) { self.logo = logo }
    public static func == (a: DarkVariant, b: DarkVariant) -> Bool { a.logo == b.logo }
}

/// `shape`
public enum ShapeSyntax: String, Sendable, Equatable {
    case circle, square, roundRect
}

/// A length: pixels, or a percentage of `size`.
public enum LengthSyntax: Sendable, Equatable {
    case pixels(Double)
    case percent(Double)

    /// The length in pixels on a canvas of edge `size`.
    public func pixels(of size: Double) -> Double {
        switch self {
        case .pixels(let v): v
        case .percent(let p): p / 100 * size
        }
    }
}

/// A colour value: literal, or a palette name from `logoc.yaml`.
public enum ColorSyntax: Sendable, Equatable {
    case literal(RGBA)
    /// `$name`, without the `$`.
    case palette(String)
}

/// `contrast`
public enum ContrastSyntax: Sendable, Equatable {
    case minimum(Double)
    case off
}

/// `output`
public struct OutputSyntax: Sendable, Equatable {
    public var formats: Located<[Located<String>]>?
    public var scales: Located<[Located<Int>]>?
    /// 1–100: makes webp lossy; avif and jpeg use it.
    public var quality: Located<Int>?
    /// What jpeg shows where the drawing is transparent.
    public var matte: Located<ColorSyntax>?
    public init() {}
}

/// `border`
public struct BorderSyntax: Sendable, Equatable {
    public var width: Located<LengthSyntax>?
    /// A colour, `auto` or `fromImage`.
    public var color: Located<ColorChoiceSyntax>?
    public init() {}
}
