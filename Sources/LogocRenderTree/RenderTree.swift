import LogocCore

/// A logo ready to draw. Its promises, which the renderer relies on and never
/// re-checks: every default is applied; every length is in pixels of the
/// 1× canvas; colours are RGBA, except that text and ring colours may be a
/// rule (`auto`, `fromImage`) that only pixels can settle; initials are derived, cut and cased; fonts
/// are resolved to a family of the bundled set or a font file; gradients are
/// stops along a line (or circle) in canvas pixels; an image's placement is
/// a rectangle in canvas pixels. Nothing here refers to YAML.
///
/// A class, though nothing in it changes: a tree (296 bytes, with its text
/// run) was copied whole wherever a plan, a measurement or a variant took
/// one; now a copy is a reference.
public final class RenderTree: Sendable, Equatable {
    /// Edge of the square canvas at scale 1, in pixels.
    public let size: Int
    public let shape: Shape
    public let background: Paint
    public let border: Border?
    public let text: TextRun?

    public init(size: Int, shape: Shape, background: Paint, border: Border?, text: TextRun?) {
        self.size = size
        self.shape = shape
        self.background = background
        self.border = border
        self.text = text
    }

    public static func == (a: RenderTree, b: RenderTree) -> Bool {
        a === b || (a.size == b.size && a.shape == b.shape && a.background == b.background && a.border == b.border && a.text == b.text)
    }
}

/// A point in canvas pixels, y pointing down.
public struct Point: Sendable, Equatable {
    public let x: Double, y: Double
    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
}

/// A rectangle in canvas pixels.
public struct Rect: Sendable, Equatable {
    public let x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The rectangle scaled about the origin: a text's ink at a size from its ink at the reference size.
    public func scaled(by k: Double) -> Rect {
        Rect(x: x * k, y: y * k, width: width * k, height: height * k)
    }
}

/// The outline; outside it the canvas is transparent.
public enum Shape: Sendable, Equatable {
    case circle
    case square
    case roundRect(radius: Double)
}

/// What fills the shape.
public enum Paint: Sendable, Equatable {
    case solid(RGBA)
    case linear(from: Point, to: Point, stops: [GradientStop])
    case radial(center: Point, radius: Double, stops: [GradientStop])
    case image(ImagePaint)
}

/// A colour at a position 0–1 along a gradient; positions never decrease.
public struct GradientStop: Sendable, Equatable {
    public let offset: Double
    public let color: RGBA
    public init(offset: Double, color: RGBA) { (self.offset, self.color) = (offset, color) }
}

/// A PNG or JPEG file drawn into `placement`, over `underlay`.
public struct ImagePaint: Sendable, Equatable {
    /// Absolute path of the image file.
    public let path: String
    /// The image's own size in pixels, from its header.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Where the whole image lands on the canvas (larger than the canvas for
    /// `cover`, inside it for `contain`).
    public let placement: Rect
    /// Painted under the image (transparent for `cover`).
    public let underlay: RGBA

    public init(path: String, pixelWidth: Int, pixelHeight: Int, placement: Rect, underlay: RGBA) {
        self.path = path
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.placement = placement
        self.underlay = underlay
    }
}

/// A ring drawn inside the shape's edge.
public struct Border: Sendable, Equatable {
    public let width: Double
    /// A fixed colour, or one the renderer picks from the pixels the ring sits on.
    public let color: ColorChoice
    public init(width: Double, color: ColorChoice) { (self.width, self.color) = (width, color) }
    public init(width: Double, color: RGBA) { self.init(width: width, color: .fixed(color)) }
}

/// Text on a common baseline: centred on its ink across, and on its font's
/// cap height (or x-height) down (docs/rendering.md, Centring).
public struct TextRun: Sendable, Equatable {
    /// The text exactly as drawn.
    public let text: String
    public let font: FontChoice
    /// Pixels, or the largest size that fits `safeArea`, at most `maximum`.
    public let size: TextSize
    /// What the text's body (its ink's width by its band's height) must fit.
    public let safeArea: SafeArea
    /// Where the ink itself must stay: the shape inside its border. Accents
    /// and descenders may reach into the padding between the two.
    public let inkArea: SafeArea
    /// The colour, or black or white chosen on the measured background.
    public let color: TextColor
    /// The contrast the text must reach against the pixels under its ink,
    /// nil for `contrast: off`.
    public let minimumContrast: Double?
    /// Colour-vision deficiencies under which the contrast is measured again
    /// (`contrast.colorVision`), in a fixed order; empty when not asked for.
    public let colorVision: [ColorVision]

    /// `inkArea` nil: the same as `safeArea`.
    public init(text: String, font: FontChoice, size: TextSize, safeArea: SafeArea, inkArea: SafeArea? = nil, color: TextColor,
                minimumContrast: Double?, colorVision: [ColorVision] = []) {
        self.text = text
        self.font = font
        self.size = size
        self.safeArea = safeArea
        self.inkArea = inkArea ?? safeArea
        self.color = color
        self.minimumContrast = minimumContrast
        self.colorVision = colorVision
    }
}

/// A font resolved to what the renderer loads.
public struct FontChoice: Sendable, Hashable {
    /// A family of the bundled set or a project font folder, or nil when `file` is used.
    public let family: String?
    /// A font file, absolute; wins over `family`.
    public let file: String?
    /// 100–900.
    public let weight: Int
    public let italic: Bool

    public init(family: String?, file: String?, weight: Int, italic: Bool) {
        self.family = family
        self.file = file
        self.weight = weight
        self.italic = italic
    }
}

public enum TextSize: Sendable, Equatable {
    case pixels(Double)
    /// The largest size whose ink fits the safe area, capped at `maximum` pixels.
    case auto(maximum: Double)
}

/// How a text or border colour is chosen.
public enum ColorChoice: Sendable, Equatable, CustomStringConvertible {
    case fixed(RGBA)
    /// Black or white, whichever has the higher contrast against the
    /// background under the text (or under the ring).
    case auto
    /// The most chromatic colour of the background image's own palette that
    /// reaches the contrast needed there; `auto` when none does.
    case fromImage

    /// The colour's hex, or `auto` / `fromImage`: the render-tree dump's form.
    public var description: String {
        switch self {
        case .fixed(let c): c.description
        case .auto: "auto"
        case .fromImage: "fromImage"
        }
    }
}

/// The text's colour choice.
public typealias TextColor = ColorChoice

/// The region text ink must stay inside.
public enum SafeArea: Sendable, Equatable {
    case circle(center: Point, radius: Double)
    case rect(Rect)

    /// Whether an ink box of this size, centred in the area, fits.
    public func fits(width: Double, height: Double) -> Bool {
        switch self {
        case .circle(_, let r): return (width / 2) * (width / 2) + (height / 2) * (height / 2) <= r * r
        case .rect(let rect): return width <= rect.width && height <= rect.height
        }
    }

    public var center: Point {
        switch self {
        case .circle(let c, _): return c
        case .rect(let r): return Point(x: r.x + r.width / 2, y: r.y + r.height / 2)
        }
    }
}

// Synthesized, so that `canonicalBytes()` (an output's cache key) holds
// every stored property, including ones added later. (Synthesis needs the
// conformance in the file that declares the type.)
extension RenderTree: Encodable {}
extension Point: Encodable {}
extension Rect: Encodable {}
extension Shape: Encodable {}
extension Paint: Encodable {}
extension GradientStop: Encodable {}
extension ImagePaint: Encodable {}
extension Border: Encodable {}
extension TextRun: Encodable {}
extension FontChoice: Encodable {}
extension TextSize: Encodable {}
extension ColorChoice: Encodable {}
extension SafeArea: Encodable {}
