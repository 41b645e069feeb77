import Foundation
import LogocCore
import LogocFonts
import LogocImageIO

/// The rules of SPEC.md that look across keys and at the files a spec names:
/// palette names, paths, images and fonts, characters the fonts can draw,
/// and text contrast. Runs on the decoded AST; returns diagnostics only.
struct Validator {
    let project: Project
    /// The spec file's folder, absolute: paths are relative to it.
    let directory: String
    /// The spec's display path: some warnings concern only what it wrote itself.
    let specFile: String
    private(set) var diagnostics: [Diagnostic] = []

    init(project: Project, directory: String, specFile: String) {
        self.project = project
        self.directory = directory
        self.specFile = specFile
    }

    /// The widest raster file drawn (size × scale; PNG, WebP, AVIF, JPEG):
    /// 8,192 pixels is a 256 MiB surface, more than any avatar or logo
    /// needs (docs/limits.md).
    static let maxOutputEdge = 8_192

    /// `name` is the spec's name (written, or from the file name): `background: auto` hashes it.
    mutating func validate(_ logo: LogoSyntax, name: String) {
        let size = Double(logo.size?.value ?? Resolver.defaultSize)
        let shape = logo.shape?.value ?? Resolver.defaultShape
        // A PNG's edge is size × scale; drawing one 16,384 pixels wide takes
        // 2 GiB and half a minute, per job.
        if let scales = logo.output?.value.scales, let scale = scales.value.max(by: { $0.value < $1.value }),
           Int(size) * scale.value > Self.maxOutputEdge {
            error(.E006, "size \(Int(size)) at scale \(scale.value) makes a raster file \(Int(size) * scale.value) pixels wide; at most \(Self.maxOutputEdge) are drawn",
                  at: scale.span, help: "use a smaller scale or size; \(Self.maxOutputEdge / Int(size)) is the largest scale at size \(Int(size))")
        }
        // `android: image` draws the spec at 4 × for xxxhdpi.
        if let kind = logo.targets?.value["android"], kind.value == "image", Int(size) > AndroidImageLayout.maxSize {
            let widest = AndroidImageLayout.pixels(Int(size), scale: AndroidImageLayout.densities.last?.scale ?? 4)
            error(.E006, "size \(Int(size)) makes the xxxhdpi drawable of 'android: image' \(widest) pixels wide; at most \(Self.maxOutputEdge) are drawn",
                  at: kind.span, help: "use a size of at most \(AndroidImageLayout.maxSize) (the drawable's dp) with 'android: image'")
        }
        // An iOS imageset's 3x file is three times `size` (its 1x).
        if let image = logo.targets?.value.choices.first(where: { $0.target == "ios" && $0.kind.value == "image" }),
           let scale = IOSImageLayout.scales.max(), Int(size) * scale > Self.maxOutputEdge {
            error(.E006, "size \(Int(size)) makes the imageset's \(scale)x file \(Int(size) * scale) pixels wide; at most \(Self.maxOutputEdge) are drawn",
                  at: image.kind.span, help: "use a size of at most \(Self.maxOutputEdge / scale) (an imageset's size is its 1x, in points)")
        }
        if let matte = logo.output?.value.matte, let rgba = resolve(matte), !rgba.isOpaque {
            error(.E005, "matte \(rgba) is not opaque; JPEG has no transparency to show through it", at: matte.span,
                  help: "write an opaque colour such as \"#FFFFFF\" (the page the JPEG will sit on)")
        }
        // A shape written but refused (`shape: rounded`) is E003's alone: no
        // warning that the radius does nothing on the circle it fell back to.
        if let radius = logo.cornerRadius, logo.shape != nil || logo.shapeKey == nil {
            if shape != .roundRect {
                warn(.W002, "'cornerRadius' has no effect on a \(shape.rawValue)", at: radius.span,
                     help: "remove 'cornerRadius', or set 'shape: roundRect'")
            } else if case .pixels(let px) = radius.value, px > size / 2 {
                error(.E006, "cornerRadius \(SyntaxDecoder.format(px)) is more than half the size (\(SyntaxDecoder.format(size / 2)))", at: radius.span,
                      help: "use at most \(SyntaxDecoder.format(size / 2)) or \"50%\"")
            }
        }
        if let border = logo.border?.value {
            if let width = border.width, case .pixels(let px) = width.value, px > size / 2 {
                error(.E006, "border width \(SyntaxDecoder.format(px)) is more than half the size", at: width.span,
                      help: "use at most \(SyntaxDecoder.format(size / 2)) or \"50%\"")
            } else if let width = border.width, width.value.pixels(of: size) == 0 {
                warn(.W002, "a border of width 0 has no effect", at: width.span, help: "remove 'border' or give it a width")
            }
            if let color = border.color {
                switch color.value {
                case .color(let c): _ = resolve(Located(c, at: color.span))
                case .fromImage: checkFromImage(color.span, background: logo.background, what: "border")
                case .auto: break
                }
            }
        }
        let backgrounds: (written: [RGBA], visible: [RGBA])?
        if case .auto(let auto)? = logo.background?.value {
            backgrounds = autoBackground(logo, auto: auto, name: name)
        } else {
            backgrounds = background(logo.background)
        }
        if let text = logo.text {
            checkText(text, backgrounds: backgrounds, logo: logo)
        } else {
            // Only where the spec itself wrote it: a partial's contrast is for
            // the specs of it that have text.
            if let contrast = logo.contrast, contrast.span.file == specFile {
                warn(.W002, "'contrast' has no effect without 'text'", at: contrast.span, help: "remove 'contrast', or add 'text'")
            }
            if let vision = logo.colorVision, vision.span.file == specFile {
                warn(.W002, "'colorVision' has no effect without 'text'", at: vision.span, help: "remove 'colorVision', or add 'text'")
            }
        }
    }

    /// `fromImage` on a background without an image: it picks as `auto` does.
    private mutating func checkFromImage(_ span: SourceSpan, background: Located<BackgroundSyntax>?, what: String) {
        if case .image? = background?.value { return }
        warn(.W002, "'fromImage' has no effect without an image background; the \(what) is black or white as with 'auto'", at: span,
             help: "write 'color: auto', or use an image background")
    }

    /// `background: auto`: the colour it resolves to, or E011 when no entry
    /// of the palette can reach the minimum with the text's colour.
    private mutating func autoBackground(_ logo: LogoSyntax, auto: AutoSyntax, name: String) -> (written: [RGBA], visible: [RGBA])? {
        // Team colours are checked as every colour is (an unknown `$name` is E005).
        var known = true
        for colour in auto.from?.value ?? [] where resolve(colour) == nil { known = false }
        guard known else { return nil }
        let rule = ContrastRule(logo, project: project)
        let text = AutoBackground.writtenText(logo, palette: project.config.palette)
        guard let colour = AutoBackground.colour(of: logo, auto: auto, name: name, project: project) else {
            let span = logo.text?.value.color?.span ?? logo.background?.span ?? logo.textKey
            if let span, let rule {
                error(.E011, "no colour of the automatic background palette reaches the minimum \(rule.label) with text \(text ?? AutoBackground.autoText)",
                      at: span, help: auto.from == nil ? "use 'color: auto', a lighter or darker text colour, or a lower 'contrast'"
                        : "use 'color: auto', add darker or lighter colours to 'from', or a lower 'contrast'")
            }
            return nil
        }
        return ([colour], [colour])
    }

    // MARK: Background

    /// What the background shows, for contrast: the colours written, and for
    /// a solid colour the colours visible (`visible` is empty for gradients
    /// and images, whose contrast the renderer measures on the pixels under
    /// the text). Nil when a colour is invalid.
    private mutating func background(_ background: Located<BackgroundSyntax>?) -> (written: [RGBA], visible: [RGBA])? {
        guard let background else { return ([Resolver.defaultBackground], [Resolver.defaultBackground]) }
        switch background.value {
        case .color(let colour):
            return resolve(colour).map { ([$0], ContrastMeter.backdrops($0)) }
        case .auto:
            return nil
        case .gradient(let gradient):
            if let angle = gradient.angle, gradient.type?.value == .radial {
                warn(.W002, "'angle' has no effect on a radial gradient", at: angle.span, help: "remove 'angle', or use 'type: linear'")
            }
            guard let stops = gradient.stops else { return nil }
            var positions: [Located<Double>] = []
            let colours = stops.value.map { stop -> RGBA? in
                if let at = stop.value.at { positions.append(at) }
                return resolve(stop.value.color)
            }
            for (a, b) in zip(positions, positions.dropFirst()) where b.value < a.value {
                error(.E006, "stop position \(SyntaxDecoder.format(b.value)) comes after \(SyntaxDecoder.format(a.value))", at: b.span,
                      help: "list stops in increasing 'at' order")
            }
            let resolved = colours.compactMap { $0 }
            guard resolved.count == colours.count else { return nil }
            if Set(resolved).count == 1 {
                warn(.W001, "all \(resolved.count) gradient stops are \(resolved[0]); this is a solid colour", at: stops.span,
                     help: "write 'background: \"\(resolved[0])\"', or change a stop")
            }
            return (resolved, [])
        case .image(let image):
            if let focus = image.focus, image.fit?.value == .contain {
                warn(.W002, "'focus' has no effect with 'fit: contain'", at: focus.span, help: "remove 'focus', or use 'fit: cover'")
            }
            if let colour = image.color { _ = resolve(colour) }
            if let path = image.path { checkImage(path) }
            return nil
        }
    }

    private mutating func checkImage(_ path: Located<String>) {
        guard let file = resolvePath(path, what: "image") else { return }
        switch ImageProbe.headerBytes(ofFile: file) {
        case .failure(let failure):
            error(.E012, "cannot read image '\(Quoted.value(path.value))': \(failure.reason)", at: path.span, help: "check the file's permissions")
        case .success(let bytes):
            guard let header = ImageProbe.header(bytes) else {
                let (message, help) = ImageProbe.problem(bytes) ?? ("is not a PNG or JPEG image", "convert the image to PNG or JPEG")
                error(.E012, "'\(Quoted.value(path.value))' \(message)", at: path.span, help: help)
                return
            }
            if header.width == 0 || header.height == 0 {
                error(.E012, "image '\(Quoted.value(path.value))' is empty: \(header.width) × \(header.height) pixels", at: path.span,
                      help: "export the image again; it needs at least one pixel each way")
            } else if header.width > ImageProbe.maxEdge || header.height > ImageProbe.maxEdge
                || header.width * header.height > ImageProbe.maxPixels {
                error(.E012, "image '\(Quoted.value(path.value))' is \(header.width) × \(header.height) pixels; at most \(ImageProbe.maxEdge) per edge and \(ImageProbe.maxPixels / 1_000_000) megapixels are accepted",
                      at: path.span, help: "scale the image down; 4096 pixels per edge is plenty for any avatar")
            }
            if let problem = ColourConversion.problem(with: header) {
                warn(.W007, "the colour profile of image '\(path.value)' cannot be used, so its colours are read as sRGB: \(problem)",
                     at: path.span, help: "export the image again with an intact profile (Display P3, Adobe RGB or sRGB), or without one")
            }
        }
    }

    // MARK: Text

    private mutating func checkText(_ text: Located<TextSyntax>, backgrounds background: (written: [RGBA], visible: [RGBA])?, logo: LogoSyntax) {
        let textKey = logo.textKey
        let t = text.value
        if let style = t.initialsStyle, t.initials == nil, style.span.file == specFile {
            warn(.W002, "'initialsStyle' has no effect without 'initials'", at: style.span, help: "remove 'initialsStyle', or write 'initials:' instead of 'content:'")
        }
        if let colour = t.color, colour.value == .fromImage { checkFromImage(colour.span, background: logo.background, what: "text") }
        // Without content or initials there is nothing to draw (E004 says so).
        guard t.content != nil || t.initials != nil else { return }
        // Fonts: a file wins over a family.
        var primary: [FontFace] = []
        if let font = t.font?.value {
            if let file = font.file {
                if let path = resolvePath(file, what: "font file") {
                    primary = project.fonts.faces(ofFile: path)
                    if primary.isEmpty {
                        let why = FontFileCheck.problem(path: path).map { ": it \($0)" } ?? ""
                        error(.E012, "'\(Quoted.value(file.value))' is not a font file that can be read\(why)", at: file.span,
                              help: "use a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file")
                    }
                }
                if let family = font.family {
                    warn(.W002, "'family' has no effect when 'file' is set", at: family.span, help: "remove 'family' or 'file'")
                }
            } else if let family = font.family {
                primary = project.fonts.faces(ofFamily: family.value)
                if primary.isEmpty {
                    let names = project.fonts.familyNames()
                    let help = Suggest.nearest(family.value, in: names).map { "did you mean '\($0)'?" }
                        ?? "available families: " + names.joined(separator: ", ") + "; or add a folder of font files to 'fonts' in logoc.yaml"
                    error(.E016, "font family '\(Quoted.value(family.value))' is not installed", at: family.span, help: help)
                }
            }
        }
        if primary.isEmpty { primary = project.fonts.faces(ofFamily: FontCatalog.defaultFamily) }

        // Characters every available font lacks would show as boxes.
        if let shown = t.shown {
            if shown.value.isEmpty, let initials = t.initials {
                error(.E003, "'\(initials.value)' has no letters or digits to take initials from", at: initials.span,
                      help: "write a name, or use 'content' for other text")
            } else if !TextRules.hasInk(shown.value), let initials = t.initials {
                error(.E003, "the initials of '\(initials.value)' show nothing: they are fillers or invisible characters", at: initials.span,
                      help: "write the name with visible letters, or use 'content' for the text to show")
            }
            var missing: [Unicode.Scalar] = []
            for scalar in shown.value.unicodeScalars where Self.needsGlyph(scalar) && !missing.contains(scalar) {
                if !project.fonts.canDraw(scalar, primary: primary) { missing.append(scalar) }
            }
            if !missing.isEmpty {
                error(.E016, "no available font can draw \(Self.listed(missing))", at: shown.span,
                      help: "remove the character, or add a font that has it to a 'fonts' folder in logoc.yaml")
            } else {
                // A project font that claims the characters but has no outlines draws blank text.
                var wanted: [Unicode.Scalar] = []
                for scalar in shown.value.unicodeScalars where Self.needsGlyph(scalar) && !wanted.contains(scalar) { wanted.append(scalar) }
                let blank = project.fonts.blank(wanted, in: primary)
                if let file = blank.isEmpty ? nil : primary.first(where: { face in blank.contains { face.covers($0) } }) {
                    let span = t.font?.value.file?.span ?? t.font?.value.family?.span ?? shown.span
                    error(.E016, "font file '\(PathResolver.lastComponent(of: file.path))' cannot draw \(Self.listed(blank)): its glyphs are empty or damaged", at: span,
                          help: "use a complete font file (export it again), or another font")
                }
            }
        }

        // Colour and contrast.
        var textColour: RGBA?
        var colourSpan: SourceSpan?
        if let colour = t.color, case .color(let syntax) = colour.value {
            textColour = resolve(Located(syntax, at: colour.span))
            colourSpan = colour.span
        }
        guard let background else { return }
        let backgrounds = background.visible
        if let textColour, let colourSpan {
            if background.written.contains(textColour) {
                error(.E010, "text colour \(textColour) is the same as the background", at: colourSpan,
                      help: "choose a text colour that differs from the background, or 'color: auto'")
                return
            }
        }
        guard !backgrounds.isEmpty, let minimum = ContrastRule(logo, project: project) else { return }
        let autoColour = ContrastMeter.auto(over: backgrounds)
        let colour = textColour ?? autoColour
        let measurement = ContrastRule.Measurement(
            color: colour, ratio: ContrastMeter.minimum(colour, over: backgrounds), isAuto: textColour == nil,
            autoColor: autoColour, autoRatio: ContrastMeter.minimum(autoColour, over: backgrounds))
        let span = colourSpan ?? textKey ?? text.span
        if let diagnostic = minimum.diagnostic(measurement, at: span) {
            diagnostics.append(diagnostic)
        }
        let ratios = minimum.colorVision.map { vision in
            (vision, ContrastMeter.minimum(colour, over: backgrounds, seenBy: vision))
        }
        if let diagnostic = minimum.colorVisionDiagnostic(measurement, ratios: ratios, at: logo.colorVision?.span ?? span) {
            diagnostics.append(diagnostic)
        }
    }

    /// The first five characters, as `'A' (U+41), …`.
    static func listed(_ scalars: [Unicode.Scalar]) -> String {
        scalars.prefix(5).map { "'\(String($0))' (U+\(String($0.value, radix: 16, uppercase: true)))" }.joined(separator: ", ")
    }

    /// Format characters, variation selectors and joiners are drawn with
    /// their neighbours, not on their own.
    /// ASCII is answered without Unicode's property tables (a lookup each,
    /// for every character of every text): its printable characters but
    /// the space need a glyph, its controls do not (`FastPathTests`).
    static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value > 0x20 && scalar.value < 0x7F }
        if TextRules.isCommonVisible(scalar) { return true }
        return needsGlyphByProperties(scalar)
    }

    /// `needsGlyph` from the scalar's Unicode properties.
    static func needsGlyphByProperties(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        if p.isVariationSelector || p.isWhitespace { return false }
        switch p.generalCategory {
        case .format, .control, .unassigned, .surrogate, .privateUse: return false
        default: return true
        }
    }

    // MARK: Helpers

    /// A literal colour, or the palette colour a `$name` stands for.
    mutating func resolve(_ colour: Located<ColorSyntax>) -> RGBA? {
        switch colour.value {
        case .literal(let rgba): return rgba
        case .palette(let name):
            if let rgba = project.config.palette[name] { return rgba.value }
            let names = project.config.palette.keys.sorted()
            let help: String
            if let near = Suggest.nearest(name, in: names) { help = "did you mean '$\(near)'?" }
            else if names.isEmpty { help = "define it in logoc.yaml: 'palette: {\(name): \"#5B2EFF\"}'" }
            else { help = "the palette has " + names.map { "$\($0)" }.joined(separator: ", ") }
            error(.E005, "'$\(Quoted.value(name))' is not in the palette", at: colour.span, help: help)
            return nil
        }
    }

    /// The absolute path of a file the spec names, or nil after reporting why not.
    private mutating func resolvePath(_ path: Located<String>, what: String) -> String? {
        switch project.paths.resolve(path.value, from: directory) {
        case .file(let real):
            return real
        case .missing(let place):
            let near = Self.nearestFile(to: path.value, at: place)
            error(.E012, "\(what) '\(Quoted.value(path.value))' does not exist", at: path.span,
                  help: near.map { "did you mean '\(Quoted.value($0))'?" } ?? "paths are relative to the spec's folder; check the spelling")
        case .outsideRoot:
            error(.E013, "\(what) '\(Quoted.value(path.value))' is outside the project root", at: path.span,
                  help: "keep files inside the project (or pass --root)")
        }
        return nil
    }

    /// Files looked at for a "did you mean" of a missing file: a folder of
    /// photos is a few hundred; a huge one gets no suggestion rather than a slow check.
    static let maxFilesCompared = 2_000

    /// `path` with its file name replaced by the nearest name in its folder
    /// (`photos/priya.jpeg` → `photos/priya.jpg`), or nil. `place` is where
    /// the resolver found it would be: inside the project root, links of its
    /// folders followed, so no folder outside the root is ever listed.
    static func nearestFile(to path: String, at place: String) -> String? {
        let name = (path as NSString).lastPathComponent
        let folder = (path as NSString).deletingLastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: (place as NSString).deletingLastPathComponent),
              names.count <= maxFilesCompared,
              let near = Suggest.nearest(name, in: names.filter { !$0.hasPrefix(".") }.sorted()), near != name else { return nil }
        return folder.isEmpty ? near : (folder as NSString).appendingPathComponent(near)
    }

    private mutating func error(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, help: String) {
        diagnostics.append(Diagnostic(code, message, at: span, help: help))
    }

    private mutating func warn(_ code: DiagnosticCode, _ message: String, at span: SourceSpan, help: String) {
        diagnostics.append(Diagnostic(code, message, at: span, help: help))
    }
}
