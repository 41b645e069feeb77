import LogocCore

/// One spec as the user wrote it, after `extends` were merged: every value
/// keeps the place it was written, `nil` means "not written", no defaults are
/// applied, and `$palette` names are still names.
public struct LogoSyntax: Sendable, Equatable {
    // Its fields live in a box that copies share (`CopyOnWrite`): a spec's
    // syntax, 1,656 bytes, was copied whole several times per spec. The
    // accessors are inlinable, so the other modules read a field in place
    // too: called across modules, each read was a coroutine whose frame
    // was allocated (a `malloc` and a `free`), 180,000 times in a check of
    // 10,000 specs. `name` and `template`, small, are handed out as copies
    // (`get`): the coroutine cost more than the copy even in this module.
    @usableFromInline var fields = CopyOnWrite(Fields())

    /// `version`
    @inlinable public var version: Located<Int>? {
        _read { yield fields.value.version }
        _modify { yield &fields.value.version }
    }
    /// `name`
    @inlinable public var name: Located<String>? {
        get { fields.value.name }
        _modify { yield &fields.value.name }
    }
    /// `template`: true makes the spec a template, drawn once per person
    /// (docs/templates.md), whose text needs neither `content` nor `initials`.
    @inlinable public var template: Located<Bool>? {
        get { fields.value.template }
        _modify { yield &fields.value.template }
    }
    /// `size`
    @inlinable public var size: Located<Int>? {
        _read { yield fields.value.size }
        _modify { yield &fields.value.size }
    }
    /// `shape`
    @inlinable public var shape: Located<ShapeSyntax>? {
        _read { yield fields.value.shape }
        _modify { yield &fields.value.shape }
    }
    /// Where the key `shape` was written, even when its value was refused:
    /// `cornerRadius` is judged against the shape only once the shape is valid.
    @inlinable public var shapeKey: SourceSpan? {
        _read { yield fields.value.shapeKey }
        _modify { yield &fields.value.shapeKey }
    }
    /// `cornerRadius`
    @inlinable public var cornerRadius: Located<LengthSyntax>? {
        _read { yield fields.value.cornerRadius }
        _modify { yield &fields.value.cornerRadius }
    }
    /// `background`
    @inlinable public var background: Located<BackgroundSyntax>? {
        _read { yield fields.value.background }
        _modify { yield &fields.value.background }
    }
    /// `text`
    @inlinable public var text: Located<TextSyntax>? {
        _read { yield fields.value.text }
        _modify { yield &fields.value.text }
    }
    /// Where the key `text` was written: diagnostics about auto text point here.
    @inlinable public var textKey: SourceSpan? {
        _read { yield fields.value.textKey }
        _modify { yield &fields.value.textKey }
    }
    /// `border`
    @inlinable public var border: Located<BorderSyntax>? {
        _read { yield fields.value.border }
        _modify { yield &fields.value.border }
    }
    /// `contrast`, or `contrast.minimum` of the mapping form.
    @inlinable public var contrast: Located<ContrastSyntax>? {
        _read { yield fields.value.contrast }
        _modify { yield &fields.value.contrast }
    }
    /// `contrast.colorVision`: deficiencies the contrast is re-checked under.
    @inlinable public var colorVision: Located<[ColorVision]>? {
        _read { yield fields.value.colorVision }
        _modify { yield &fields.value.colorVision }
    }
    /// `output`
    @inlinable public var output: Located<OutputSyntax>? {
        _read { yield fields.value.output }
        _modify { yield &fields.value.output }
    }
    /// `targets`: where the pictures land (favicon set, …).
    @inlinable public var targets: Located<TargetsSyntax>? {
        _read { yield fields.value.targets }
        _modify { yield &fields.value.targets }
    }
    /// `dark`: the whole dark variant (this spec with the overrides merged on top).
    @inlinable public var dark: Located<DarkVariant>? {
        _read { yield fields.value.dark }
        _modify { yield &fields.value.dark }
    }
    /// `small`: the drawings for outputs at most `maxSize` pixels wide,
    /// located at the key `small`.
    @inlinable public var small: Located<SmallVariant>? {
        _read { yield fields.value.small }
        _modify { yield &fields.value.small }
    }

    public init() {}

    @usableFromInline struct Fields: Sendable, Equatable {
        @usableFromInline var version: Located<Int>?
        @usableFromInline var name: Located<String>?
        @usableFromInline var template: Located<Bool>?
        @usableFromInline var size: Located<Int>?
        @usableFromInline var shape: Located<ShapeSyntax>?
        @usableFromInline var shapeKey: SourceSpan?
        @usableFromInline var cornerRadius: Located<LengthSyntax>?
        @usableFromInline var background: Located<BackgroundSyntax>?
        @usableFromInline var text: Located<TextSyntax>?
        @usableFromInline var textKey: SourceSpan?
        @usableFromInline var border: Located<BorderSyntax>?
        @usableFromInline var contrast: Located<ContrastSyntax>?
        @usableFromInline var colorVision: Located<[ColorVision]>?
        @usableFromInline var output: Located<OutputSyntax>?
        @usableFromInline var targets: Located<TargetsSyntax>?
        @usableFromInline var dark: Located<DarkVariant>?
        @usableFromInline var small: Located<SmallVariant>?
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
