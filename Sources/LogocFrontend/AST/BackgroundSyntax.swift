import LogocCore

/// `background`: exactly one of a solid colour, a gradient or an image.
public enum BackgroundSyntax: Sendable, Equatable {
    case color(Located<ColorSyntax>)
    /// `background: auto` or `background: {auto: {seed, from}}`: a colour of
    /// `AutoBackground`'s palette chosen by a stable hash of the spec's name
    /// (or its initials' source).
    case auto(AutoSyntax)
    case gradient(GradientSyntax)
    case image(ImageSyntax)
}

/// `background.gradient`
public struct GradientSyntax: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case linear, radial }

    /// `colors`, with the span of the whole list.
    public var stops: Located<[Located<StopSyntax>]>?
    /// `angle`, degrees, CSS convention.
    public var angle: Located<Double>?
    /// `type`
    public var type: Located<Kind>?
    public init() {}
}

/// One gradient stop: a colour, or `{color, at}`.
public struct StopSyntax: Sendable, Equatable {
    public var color: Located<ColorSyntax>
    public var at: Located<Double>?
    public init(color: Located<ColorSyntax>, at: Located<Double>? = nil) {
        self.color = color
        self.at = at
    }
}

/// `background.image`
public struct ImageSyntax: Sendable, Equatable {
    public enum Fit: String, Sendable, Equatable { case cover, contain }

    public var path: Located<String>?
    public var fit: Located<Fit>?
    /// `focus: [x, y]`, fractions of the image.
    public var focus: Located<[Double]>?
    /// `color` under a contained image.
    public var color: Located<ColorSyntax>?
    public init() {}
}

/// `background.auto`'s mapping form; `background: auto` is both keys unset.
public struct AutoSyntax: Sendable, Equatable {
    /// Hashed before the name: another seed deals the colours again.
    public var seed: Located<String>?
    /// The team's colours: the palette is these, adjusted to pass contrast.
    public var from: Located<[Located<ColorSyntax>]>?
    public init(seed: Located<String>? = nil, from: Located<[Located<ColorSyntax>]>? = nil) {
        self.seed = seed
        self.from = from
    }
}
