import Foundation
import LogocCore
import LogocFonts
import LogocRenderTree

/// Turns a checked spec into render trees: applies every default, converts
/// lengths to pixels and colours to RGBA, derives the text, picks the font
/// and lays out gradient and image geometry. It runs only on specs without
/// errors, so every value it reads is known to be valid; where a value is
/// missing anyway it falls back to the default rather than failing.
public struct Resolver: Sendable {
    public let project: Project

    /// The defaults of SPEC.md: their only home. The validator and the
    /// driver read them from here, so what `check` judges is what `build` draws.
    public static let defaultSize = 512
    public static let defaultShape = ShapeSyntax.circle
    public static let defaultBackground = RGBA(rgb: 0x9E9E9E)
    public static let defaultCornerRadius = LengthSyntax.percent(20)
    public static let defaultAngle = 180.0
    public static let defaultWeight = 700
    /// `size: auto` never exceeds this fraction of the canvas.
    public static let autoTextCap = 0.45
    /// Text keeps this fraction of the canvas clear of the shape's edge.
    public static let textPadding = 0.08

    public init(project: Project) {
        self.project = project
    }

    /// The spec's light tree and, when it has `dark` or `small`, those.
    public func resolve(_ spec: CheckedSpec) -> SpecTrees {
        let directory = PathResolver.folder(of: spec.input.path)
        let small = spec.logo.small?.value
        return SpecTrees(light: tree(spec.logo, directory: directory, name: spec.name),
                         dark: spec.dark.map { tree($0, directory: directory, name: spec.name) },
                         smallLight: small.map { tree($0.logo, directory: directory, name: spec.name) },
                         smallDark: small?.dark.map { tree($0, directory: directory, name: spec.name) },
                         maxSize: small?.maxSize.value)
    }

    /// `name` is the spec's name, which `background: auto` hashes.
    public func tree(_ logo: LogoSyntax, directory: String, name: String = "") -> RenderTree {
        let size = Double(logo.size?.value ?? Self.defaultSize)
        let shape: Shape
        switch logo.shape?.value ?? Self.defaultShape {
        case .circle: shape = .circle
        case .square: shape = .square
        case .roundRect:
            let radius = (logo.cornerRadius?.value ?? Self.defaultCornerRadius).pixels(of: size)
            shape = .roundRect(radius: min(radius, size / 2))
        }
        let border = logo.border.flatMap { b -> Border? in
            guard let width = b.value.width?.value.pixels(of: size), width > 0, let written = b.value.color else { return nil }
            let color: ColorChoice
            switch written.value {
            case .auto: color = .auto
            case .fromImage: color = .fromImage
            case .color(let c):
                guard let rgba = colour(Located(c, at: written.span)) else { return nil }
                color = .fixed(rgba)
            }
            return Border(width: min(width, size / 2), color: color)
        }
        let paint: Paint
        if case .auto(let auto)? = logo.background?.value {
            paint = .solid(AutoBackground.colour(of: logo, auto: auto, name: name, project: project) ?? Self.defaultBackground)
        } else {
            paint = background(logo.background?.value, size: size, directory: directory)
        }
        return RenderTree(
            size: Int(size), shape: shape,
            background: paint,
            border: border,
            text: logo.text.flatMap { text($0.value, logo: logo, size: size, shape: shape, border: border?.width ?? 0, directory: directory) }
        )
    }

    // MARK: Background

    func background(_ syntax: BackgroundSyntax?, size: Double, directory: String) -> Paint {
        switch syntax {
        case nil, .auto:
            return .solid(Self.defaultBackground)
        case .color(let c):
            return .solid(colour(c) ?? Self.defaultBackground)
        case .gradient(let g):
            let stops = Self.stops(g.stops?.value.map { ($0.value.at?.value, colour($0.value.color) ?? Self.defaultBackground) } ?? [])
            // All stops equal (W001): one colour, drawn as one.
            if let first = stops.first, stops.allSatisfy({ $0.color == first.color }) { return .solid(first.color) }
            let center = Point(x: size / 2, y: size / 2)
            if g.type?.value == .radial {
                // CSS's default radial gradient: a circle to the farthest corner.
                return .radial(center: center, radius: size / 2 * 2.0.squareRoot(), stops: stops)
            }
            let (from, to) = Self.linearLine(angle: g.angle?.value ?? Self.defaultAngle, size: size)
            return .linear(from: from, to: to, stops: stops)
        case .image(let image):
            return self.image(image, size: size, directory: directory)
        }
    }

    /// CSS `linear-gradient` geometry: 0° points up, 90° right; the line
    /// passes through the centre and is long enough that the corners get the
    /// first and last colours exactly.
    public static func linearLine(angle: Double, size: Double) -> (Point, Point) {
        let radians = angle * .pi / 180
        let dx = sin(radians), dy = -cos(radians)
        let half = (abs(size * dx) + abs(size * dy)) / 2
        let c = size / 2
        return (Point(x: c - dx * half, y: c - dy * half), Point(x: c + dx * half, y: c + dy * half))
    }

    /// CSS colour-stop fix-up: a missing first position is 0, a missing last
    /// is 1, positions never go backwards, and runs of missing positions are
    /// spread evenly between their neighbours.
    public static func stops(_ written: [(Double?, RGBA)]) -> [GradientStop] {
        guard !written.isEmpty else { return [] }
        var positions = written.map(\.0)
        if positions[0] == nil { positions[0] = 0 }
        if positions[positions.count - 1] == nil { positions[positions.count - 1] = 1 }
        var maximum = 0.0
        for i in positions.indices {
            if let p = positions[i] {
                maximum = max(maximum, p)
                positions[i] = maximum
            }
        }
        var i = 0
        while i < positions.count {
            guard positions[i] == nil else { i += 1; continue }
            let start = i - 1
            var end = i
            while positions[end] == nil { end += 1 }
            let a = positions[start] ?? 0, b = positions[end] ?? 1
            for k in (start + 1)..<end {
                positions[k] = a + (b - a) * Double(k - start) / Double(end - start)
            }
            i = end
        }
        return zip(positions, written).map { GradientStop(offset: $0 ?? 0, color: $1.1) }
    }

    func image(_ image: ImageSyntax, size: Double, directory: String) -> Paint {
        guard let written = image.path?.value, case .file(let path) = project.paths.resolve(written, from: directory),
              case .success(let bytes) = ImageProbe.headerBytes(ofFile: path), let header = ImageProbe.header(bytes), header.width > 0, header.height > 0 else {
            return .solid(image.color.flatMap(colour) ?? .transparent)
        }
        let w = Double(header.width), h = Double(header.height)
        let fit = image.fit?.value ?? .cover
        let scale = fit == .cover ? max(size / w, size / h) : min(size / w, size / h)
        let placedWidth = w * scale, placedHeight = h * scale
        let focus = fit == .cover ? (image.focus?.value ?? [0.5, 0.5]) : [0.5, 0.5]
        let fx = focus.first ?? 0.5, fy = focus.count > 1 ? focus[1] : 0.5
        // Put the focus point at the centre, as far as the image's edges allow.
        func offset(_ placed: Double, _ f: Double) -> Double {
            guard placed > size else { return (size - placed) / 2 }
            return min(0, max(size - placed, size / 2 - f * placed))
        }
        let placement = Rect(x: offset(placedWidth, fx), y: offset(placedHeight, fy), width: placedWidth, height: placedHeight)
        return .image(ImagePaint(path: path, pixelWidth: header.width, pixelHeight: header.height, placement: placement,
                                 underlay: image.color.flatMap(colour) ?? .transparent))
    }

    // MARK: Text

    func text(_ syntax: TextSyntax, logo: LogoSyntax, size: Double, shape: Shape, border: Double, directory: String) -> TextRun? {
        guard let shown = syntax.shown?.value, !shown.isEmpty else { return nil }
        let font = syntax.font?.value
        var file: String?
        if let written = font?.file?.value, case .file(let path) = project.paths.resolve(written, from: directory) { file = path }
        let family = file == nil ? (font?.family?.value).flatMap(canonicalFamily) ?? FontCatalog.defaultFamily : nil
        let choice = FontChoice(family: family, file: file, weight: font?.weight?.value ?? Self.defaultWeight, italic: font?.italic?.value ?? false)

        let textSize: TextSize
        switch syntax.size?.value {
        case .length(let l): textSize = .pixels(l.pixels(of: size))
        case .auto, nil: textSize = .auto(maximum: size * Self.autoTextCap)
        }
        var color = TextColor.auto
        if let written = syntax.color {
            switch written.value {
            case .auto: break
            case .fromImage: color = .fromImage
            case .color(let c): color = colour(Located(c, at: written.span)).map { .fixed($0) } ?? .auto
            }
        }
        let rule = ContrastRule(logo, project: project)
        return TextRun(text: shown, font: choice, size: textSize, safeArea: Self.safeArea(shape: shape, size: size, border: border),
                       inkArea: Self.safeArea(shape: shape, size: size, border: border, padding: 0), color: color, minimumContrast: rule?.minimum, colorVision: rule?.colorVision ?? [])
    }

    /// Inside the shape, the border and a padding of `padding` (a share of
    /// `size`): with `textPadding`, what the text's body fits; with 0, where
    /// its ink must stay.
    public static func safeArea(shape: Shape, size: Double, border: Double, padding: Double = textPadding) -> SafeArea {
        let inset = border + size * padding
        switch shape {
        case .circle:
            return .circle(center: Point(x: size / 2, y: size / 2), radius: max(0, size / 2 - inset))
        case .square:
            return .rect(Rect(x: inset, y: inset, width: max(0, size - 2 * inset), height: max(0, size - 2 * inset)))
        case .roundRect(let radius):
            // A rounded corner cuts (1 - 1/√2)·r into the diagonal.
            let corner = radius * (1 - 1 / 2.0.squareRoot())
            let edge = max(inset, border + corner + size * padding / 2)
            return .rect(Rect(x: edge, y: edge, width: max(0, size - 2 * edge), height: max(0, size - 2 * edge)))
        }
    }

    /// The family as the font itself spells it (`inter` → `Inter`).
    func canonicalFamily(_ written: String) -> String? {
        let faces = project.fonts.faces(ofFamily: written)
        let lower = written.lowercased()
        return faces.first?.families.first { $0.lowercased() == lower } ?? faces.first.map { _ in written }
    }

    func colour(_ c: Located<ColorSyntax>) -> RGBA? {
        switch c.value {
        case .literal(let rgba): rgba
        case .palette(let name): project.config.palette[name]?.value
        }
    }
}
