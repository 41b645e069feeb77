import LogocCore

/// One spec as the user wrote it, after `extends` were merged: every value
/// keeps the place it was written, `nil` means "not written", no defaults are
/// applied, and `$palette` names are still names.
public struct LogoSyntax: Sendable, Equatable {
    // The fields live in a box that copies share until one of them changes
    // one (copy on write): a spec's syntax is copied whole many times on
    // its way from the decoder to the drawing (into the checked spec, its
    // variants, each plan), and at 1,656 bytes each copy was a memmove and
    // a retain of every text in it (5 % of a `check` of 100,000 specs went
    // to `memmove` alone).
    private var storage = Storage()

    /// `version`
    public var version: Located<Int>? {
        _read { yield storage.version }
        _modify {
            makeUnique()
            yield &storage.version
        }
        set {
            makeUnique()
            storage.version = newValue
        }
    }
    /// `name`
    public var name: Located<String>? {
        _read { yield storage.name }
        _modify {
            makeUnique()
            yield &storage.name
        }
        set {
            makeUnique()
            storage.name = newValue
        }
    }
    /// `template`: true makes the spec a template, drawn once per person
    /// (docs/templates.md), whose text needs neither `content` nor `initials`.
    public var template: Located<Bool>? {
        _read { yield storage.template }
        _modify {
            makeUnique()
            yield &storage.template
        }
        set {
            makeUnique()
            storage.template = newValue
        }
    }
    /// `size`
    public var size: Located<Int>? {
        _read { yield storage.size }
        _modify {
            makeUnique()
            yield &storage.size
        }
        set {
            makeUnique()
            storage.size = newValue
        }
    }
    /// `shape`
    public var shape: Located<ShapeSyntax>? {
        _read { yield storage.shape }
        _modify {
            makeUnique()
            yield &storage.shape
        }
        set {
            makeUnique()
            storage.shape = newValue
        }
    }
    /// Where the key `shape` was written, even when its value was refused:
    /// `cornerRadius` is judged against the shape only once the shape is valid.
    public var shapeKey: SourceSpan? {
        _read { yield storage.shapeKey }
        _modify {
            makeUnique()
            yield &storage.shapeKey
        }
        set {
            makeUnique()
            storage.shapeKey = newValue
        }
    }
    /// `cornerRadius`
    public var cornerRadius: Located<LengthSyntax>? {
        _read { yield storage.cornerRadius }
        _modify {
            makeUnique()
            yield &storage.cornerRadius
        }
        set {
            makeUnique()
            storage.cornerRadius = newValue
        }
    }
    /// `background`
    public var background: Located<BackgroundSyntax>? {
        _read { yield storage.background }
        _modify {
            makeUnique()
            yield &storage.background
        }
        set {
            makeUnique()
            storage.background = newValue
        }
    }
    /// `text`
    public var text: Located<TextSyntax>? {
        _read { yield storage.text }
        _modify {
            makeUnique()
            yield &storage.text
        }
        set {
            makeUnique()
            storage.text = newValue
        }
    }
    /// Where the key `text` was written: diagnostics about auto text point here.
    public var textKey: SourceSpan? {
        _read { yield storage.textKey }
        _modify {
            makeUnique()
            yield &storage.textKey
        }
        set {
            makeUnique()
            storage.textKey = newValue
        }
    }
    /// `border`
    public var border: Located<BorderSyntax>? {
        _read { yield storage.border }
        _modify {
            makeUnique()
            yield &storage.border
        }
        set {
            makeUnique()
            storage.border = newValue
        }
    }
    /// `contrast`, or `contrast.minimum` of the mapping form.
    public var contrast: Located<ContrastSyntax>? {
        _read { yield storage.contrast }
        _modify {
            makeUnique()
            yield &storage.contrast
        }
        set {
            makeUnique()
            storage.contrast = newValue
        }
    }
    /// `contrast.colorVision`: deficiencies the contrast is re-checked under.
    public var colorVision: Located<[ColorVision]>? {
        _read { yield storage.colorVision }
        _modify {
            makeUnique()
            yield &storage.colorVision
        }
        set {
            makeUnique()
            storage.colorVision = newValue
        }
    }
    /// `output`
    public var output: Located<OutputSyntax>? {
        _read { yield storage.output }
        _modify {
            makeUnique()
            yield &storage.output
        }
        set {
            makeUnique()
            storage.output = newValue
        }
    }
    /// `targets`: where the pictures land (favicon set, …).
    public var targets: Located<TargetsSyntax>? {
        _read { yield storage.targets }
        _modify {
            makeUnique()
            yield &storage.targets
        }
        set {
            makeUnique()
            storage.targets = newValue
        }
    }
    /// `dark`: the whole dark variant (this spec with the overrides merged on top).
    public var dark: Located<DarkVariant>? {
        _read { yield storage.dark }
        _modify {
            makeUnique()
            yield &storage.dark
        }
        set {
            makeUnique()
            storage.dark = newValue
        }
    }
    /// `small`: the drawings for outputs at most `maxSize` pixels wide,
    /// located at the key `small`.
    public var small: Located<SmallVariant>? {
        _read { yield storage.small }
        _modify {
            makeUnique()
            yield &storage.small
        }
        set {
            makeUnique()
            storage.small = newValue
        }
    }

    public init() {}

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    public static func == (a: LogoSyntax, b: LogoSyntax) -> Bool {
        a.storage === b.storage || a.storage.fieldsEqual(b.storage)
    }

    /// The fields. Changed only through a `LogoSyntax` that holds the only
    /// reference (`makeUnique`), so a box shared between threads is never written.
    private final class Storage: @unchecked Sendable {
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

        init() {}

        init(copying other: Storage) {
            version = other.version
            name = other.name
            template = other.template
            size = other.size
            shape = other.shape
            shapeKey = other.shapeKey
            cornerRadius = other.cornerRadius
            background = other.background
            text = other.text
            textKey = other.textKey
            border = other.border
            contrast = other.contrast
            colorVision = other.colorVision
            output = other.output
            targets = other.targets
            dark = other.dark
            small = other.small
        }

        func fieldsEqual(_ other: Storage) -> Bool {
            version == other.version
                && name == other.name
                && template == other.template
                && size == other.size
                && shape == other.shape
                && shapeKey == other.shapeKey
                && cornerRadius == other.cornerRadius
                && background == other.background
                && text == other.text
                && textKey == other.textKey
                && border == other.border
                && contrast == other.contrast
                && colorVision == other.colorVision
                && output == other.output
                && targets == other.targets
                && dark == other.dark
                && small == other.small
        }
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
