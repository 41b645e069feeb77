import LogocCore

/// The spec language v1 as data: every mapping, key, type, allowed word and
/// range of SPEC.md. The decoder reads its checks from here and `logoc schema`
/// prints it as JSON Schema.
public enum LanguageSchema {
    /// `contrast` words and the ratios they stand for.
    public static let contrastLevels: [(word: String, ratio: Double?)] = [
        ("AA", 4.5), ("AA-large", 3), ("AAA", 7), ("AAA-large", 4.5), ("off", nil),
    ]

    /// `font.weight` words and their numeric weights.
    public static let weightNames: [(word: String, weight: Int)] = [
        ("thin", 100), ("extraLight", 200), ("light", 300), ("regular", 400), ("normal", 400),
        ("medium", 500), ("semiBold", 600), ("bold", 700), ("extraBold", 800), ("black", 900),
    ]

    /// The weight words as logoc reads them (any case; `-`, `_` and spaces
    /// ignored), in the spellings the JSON Schema lists: `extraBold`,
    /// `extrabold`, `extra-bold`.
    public static let weightSpellings: [String] = {
        var words: [String] = []
        for (word, _) in weightNames {
            let kebab = word.reduce(into: "") { out, c in
                if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
            }
            for spelling in [word, word.lowercased(), kebab] where !words.contains(spelling) { words.append(spelling) }
        }
        return words
    }()

    public static let shapes = ["circle", "square", "roundRect"]
    public static let formats = ["png", "svg", "webp", "avif", "jpeg", "pdf"]
    public static let namePattern = "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"
    /// Longest palette name (and `$name`): a name is a word; a 40 KB
    /// `$name` against 4,000 palette names took 27 s of "did you mean".
    public static let maxPaletteNameLength = 64
    public static let paletteNamePattern = "^[A-Za-z_][A-Za-z0-9_-]{0,63}$"
    /// Largest length in pixels (text size, border width, corner radius):
    /// the largest canvas. `1e19` once passed `check` and trapped `build`.
    public static let maxLengthPixels = 4096.0
    /// Largest percentage of a length whose key sets no smaller one (text
    /// size): the whole canvas.
    public static let maxLengthPercent = 100.0

    /// Whether `text` matches `pattern` as Foundation's `.regularExpression`
    /// (ICU) matches it. `namePattern`, asked for every spec, and
    /// `paletteNamePattern`, asked for every palette name of logoc.yaml and
    /// every `$name`, are matched by hand: compiling `namePattern` for each
    /// spec was about 3 % of a `check`, and the first regular expression of
    /// a process (ICU's set-up, and Foundation's cache key built with
    /// reflection) about 5 % of a one-spec `logoc check`.
    public static func matches(_ text: String, pattern: String) -> Bool {
        switch pattern {
        case namePattern: isValidName(text)
        case paletteNamePattern: isValidPaletteName(text)
        default: text.range(of: pattern, options: .regularExpression) != nil
        }
    }

    /// `namePattern` exactly as ICU reads it: an ASCII letter or digit, then
    /// up to 127 letters, digits, `.`, `_` or `-`.
    static func isValidName(_ text: String) -> Bool {
        matchesWhole(text, maxLength: 128, first: { isASCIIAlphanumeric($0) },
                     rest: { isASCIIAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
    }

    /// `paletteNamePattern` exactly as ICU reads it: an ASCII letter or `_`,
    /// then up to 63 letters, digits, `_` or `-`.
    static func isValidPaletteName(_ text: String) -> Bool {
        matchesWhole(text, maxLength: maxPaletteNameLength, first: { isASCIILetter($0) || $0 == UInt8(ascii: "_") },
                     rest: { isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
    }

    /// A `^[first][rest]*$` pattern of ASCII classes as ICU matches it: since
    /// ICU's `$` also matches before one line terminator at the end of the
    /// input, that one terminator may follow (LF, VT, FF, CR, CR LF, NEL,
    /// U+2028, U+2029). Any other non-ASCII byte fails both classes.
    private static func matchesWhole(_ text: String, maxLength: Int?, first: (UInt8) -> Bool, rest: (UInt8) -> Bool) -> Bool {
        var bytes = Array(text.utf8)
        let terminators: [[UInt8]] = [[0x0D, 0x0A], [0x0A], [0x0B], [0x0C], [0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]
        if let terminator = terminators.first(where: { bytes.count > $0.count && bytes.suffix($0.count).elementsEqual($0) }) {
            bytes.removeLast(terminator.count)
        }
        guard let head = bytes.first, bytes.count <= maxLength ?? Int.max, first(head) else { return false }
        return bytes.dropFirst().allSatisfy(rest)
    }

    private static func isASCIILetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
    private static func isASCIIAlphanumeric(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || isASCIILetter(b) }

    /// `colorVision` words: one deficiency, or `all` / `none`.
    public static let colorVisionWords = ColorVision.allCases.map(\.rawValue)

    static let contrastMinimum = ValueSpec.oneOf([.number(1...21), .choice(contrastLevels.map(\.word))])

    /// `contrast`'s mapping form: `{minimum: AA, colorVision: all}`.
    public static let contrastObject = ObjectSpec("Contrast", keys: [
        KeySpec("minimum", contrastMinimum, "minimum WCAG contrast of text, or off (default from logoc.yaml, else AA-large)"),
        KeySpec("colorVision", .oneOf([.choice(["all", "none"] + colorVisionWords), .list(.choice(colorVisionWords), count: 1...3, unique: true)]),
                "re-check the contrast under simulated protanopia, deuteranopia and tritanopia: all, none, one of them or a list"),
    ])

    static let contrast = ValueSpec.oneOf([.number(1...21), .choice(contrastLevels.map(\.word)), .object(contrastObject)])

    /// Text and border colours: a colour, or a rule that picks one.
    static let chosenColour = ValueSpec.oneOf([.colour, .choice(["auto", "fromImage"])])
    static let length = ValueSpec.length(maxPercent: nil)

    public static let stop = ObjectSpec("GradientStop", keys: [
        KeySpec("color", .colour, "the stop's colour"),
        KeySpec("at", .number(0...1), "position along the gradient, 0–1"),
    ], required: ["color"])

    public static let gradient = ObjectSpec("Gradient", keys: [
        KeySpec("colors", .list(.oneOf([.colour, .object(stop)]), count: 2...16), "2 to 16 stops"),
        KeySpec("angle", .number(-3600...3600), "CSS angle in degrees: 0 towards the top, 180 (default) towards the bottom"),
        KeySpec("type", .choice(["linear", "radial"]), "linear (default) or radial"),
    ], required: ["colors"])

    public static let image = ObjectSpec("Image", keys: [
        KeySpec("path", .path, "a PNG or JPEG file, relative to the spec"),
        KeySpec("fit", .choice(["cover", "contain"]), "cover (default) crops to fill; contain shows the whole image"),
        KeySpec("focus", .list(.number(0...1), count: 2...2), "the point kept near the centre when cropping, as fractions [x, y]"),
        KeySpec("color", .colour, "colour under a contained image (default transparent)"),
    ], required: ["path"])

    /// Most team colours `background.auto.from` may list.
    public static let autoFromCount = 1...64

    public static let autoBackground = ObjectSpec("AutoBackground", keys: [
        KeySpec("seed", .text(pattern: nil), "text hashed before the name: another seed deals the team's colours again"),
        KeySpec("from", .list(.colour, count: autoFromCount),
                "the team's palette ($names or colours): auto draws only these, lightened or darkened until they pass contrast"),
    ])

    public static let background = ObjectSpec("Background", keys: [
        KeySpec("color", .oneOf([.colour, .choice(["auto"])]), "a solid colour, or auto: one derived from the spec's name that passes contrast"),
        KeySpec("auto", .object(autoBackground), "auto with a seed or a team palette: {seed: \"2026\", from: [$brand, $sky]}"),
        KeySpec("gradient", .object(gradient), "a linear or radial gradient"),
        KeySpec("image", .oneOf([.path, .object(image)]), "a photo or picture"),
    ], exactlyOne: [["color", "auto", "gradient", "image"]],
       noneOfGroup: ("'background' needs one of 'color', 'gradient' or 'image'", "write 'background: \"#1E88E5\"' for a solid colour"))

    public static let font = ObjectSpec("Font", keys: [
        KeySpec("family", .text(pattern: nil), "an installed or bundled family (default Inter)"),
        KeySpec("weight", .oneOf([.integer(100...900), .choice(weightSpellings)]), "100–900 or thin…black (default 700)"),
        KeySpec("italic", .boolean, "italic style"),
        KeySpec("file", .path, "a font file; wins over family"),
    ])

    public static let text = ObjectSpec("Text", keys: [
        KeySpec("content", .text(pattern: nil), "literal text, emoji included"),
        KeySpec("initials", .text(pattern: nil), "a name whose initials are shown"),
        KeySpec("maxLength", .integer(1...8), "most grapheme clusters shown"),
        KeySpec("uppercase", .boolean, "upper-case the text (default true for initials)"),
        KeySpec("font", .oneOf([.text(pattern: nil), .object(font)]), "family name or font mapping"),
        KeySpec("size", .oneOf([length, .choice(["auto"])]), "text size, or auto (default)"),
        KeySpec("color", chosenColour, "text colour; auto (default): black or white; fromImage: a colour of the background image that passes contrast"),
        KeySpec("initialsStyle", .choice(InitialsStyle.allCases.map(\.rawValue)), "which letters of 'initials': firstLast (default), first or firstTwo"),
    ], exactlyOne: [["content", "initials"]])

    public static let border = ObjectSpec("Border", keys: [
        KeySpec("width", .length(maxPercent: 50), "ring width, pixels or percentage of size, at most 50%"),
        KeySpec("color", chosenColour, "ring colour; auto: black or white; fromImage: a colour of the background image"),
    ], required: ["width", "color"])

    public static let output = ObjectSpec("Output", keys: [
        KeySpec("formats", .list(.choice(formats), count: 1...6, unique: true), "files to write: png, svg, webp, avif, jpeg, pdf (default png and svg)"),
        KeySpec("scales", .list(.integer(1...4), count: 1...4, unique: true), "scales of png, webp, avif and jpeg: 1 writes name.png, 2 name@2x.png, …"),
        KeySpec("quality", .integer(1...100), "1–100: makes webp lossy (else lossless); avif and jpeg use it (defaults: avif 80, jpeg 90)"),
        KeySpec("matte", .colour, "jpeg has no alpha: the colour shown where the drawing is transparent (default white)"),
    ])

    /// `targets`: one key per target of SPEC-v2 §3, its kinds as words
    /// (`TargetCatalog`; the decoder refuses the kinds this version does not write).
    public static let targets = ObjectSpec("Targets", keys: TargetCatalog.kinds.map { entry in
        KeySpec(entry.target, .choice(entry.kinds), "files for \(entry.target): " + entry.kinds.joined(separator: " or "))
    })

    /// Keys a `dark` mapping may override: all but these.
    public static let notInDark: Set<String> = ["name", "version", "extends", "template", "size", "output", "targets", "dark", "small"]

    /// Keys a `small` mapping may override: the same as `dark`'s. A dark
    /// small output is the spec, then `dark`, then `small`
    /// (docs/spec-language.md, small), so neither holds the other.
    public static let notInSmall: Set<String> = notInDark

    /// `small.maxSize`: the widest output, in pixels, that uses the small
    /// drawing. 1024 covers every icon size the targets write (at most 512)
    /// with room to spare; above it a drawing is not small.
    public static let smallMaxSize = 1...1024

    static let appearanceKeys: [KeySpec] = [
        KeySpec("shape", .choice(shapes), "outline: circle (default), square or roundRect"),
        KeySpec("cornerRadius", .length(maxPercent: 50), "corner radius of roundRect, at most 50% (default 20%)"),
        KeySpec("background", .oneOf([.colour, .choice(["auto"]), .object(background)]), "fill inside the shape (default #9E9E9E); auto: a colour derived from the name"),
        KeySpec("text", .oneOf([.text(pattern: nil), .object(text)]), "overlay text"),
        KeySpec("border", .object(border), "ring inside the shape's edge"),
        KeySpec("contrast", contrast, "minimum WCAG contrast of text, or off; or {minimum, colorVision}"),
    ]

    public static let dark = ObjectSpec("Dark", keys: appearanceKeys, notHere: notInDark)

    /// `small`: `maxSize` and the keys `dark` may override.
    public static let small = ObjectSpec("Small", keys: [
        KeySpec("maxSize", .integer(smallMaxSize), "every output at most this many pixels wide (size × scale; size for SVG) uses these overrides"),
    ] + appearanceKeys, required: ["maxSize"], notHere: notInSmall)

    /// A whole spec document.
    public static let logo = ObjectSpec("Logo", keys: [
        KeySpec("version", .integer(1...1), "language version (1)"),
        KeySpec("name", .text(pattern: namePattern), "output base name (default: the file name)"),
        KeySpec("extends", .oneOf([.path, .list(.path, count: 0...64)]), "partials merged under this spec"),
        KeySpec("template", .boolean, "true: a template, drawn once per person (logoc build --data, logoc serve), never on its own; text.initials is each person's name"),
        KeySpec("size", .integer(16...4096), "edge of the square canvas in pixels (default 512)"),
    ] + appearanceKeys + [
        KeySpec("dark", .object(dark), "overrides for the dark variant, written as NAME-dark"),
        KeySpec("small", .object(small), "overrides for outputs at most maxSize pixels wide: {maxSize: 48, text: {maxLength: 1}}"),
        KeySpec("output", .object(output), "formats and scales to write"),
        KeySpec("targets", .object(targets), "where the pictures land: web: favicon writes the favicon set under web/"),
    ])

    /// `logoc.yaml`.
    public static let config = ObjectSpec("Config", keys: [
        KeySpec("contrast", contrast, "default minimum contrast (default AA-large), or {minimum, colorVision}"),
        KeySpec("lookAlike", .oneOf([.integer(0...16), .choice(["off"])]),
                "largest perceptual-hash distance (of 64 bits) at which two outputs are reported as look-alikes (W003); default \(ProjectConfig.defaultLookAlike), or off"),
        KeySpec("fonts", .list(.path, count: 0...64), "folders of font files, searched before the bundled fonts"),
        KeySpec("palette", .dictionary(keyPattern: paletteNamePattern, value: .colour), "named colours, used as $name"),
        KeySpec("output", .object(output), "default output"),
    ])

    /// The key of `spec` whose mapping has a key `name`, when exactly one
    /// does: for "'uppercase' is a key of 'text'" hints.
    static func owner(of name: String, below spec: ObjectSpec) -> String? {
        var owners: [String] = []
        for key in spec.keys {
            for object in objects(in: key.value) where object[name] != nil {
                owners.append(key.name)
            }
        }
        return owners.count == 1 ? owners[0] : nil
    }

    /// The mapping schema at `path` of keys below `root` (`["text", "font"]`
    /// is `font`), taking the mapping form where a key also has a scalar one.
    static func object(at path: [String], below root: ObjectSpec) -> ObjectSpec? {
        var current = root
        for key in path {
            guard let spec = current[key], let next = objects(in: spec.value).first else { return nil }
            current = next
        }
        return current
    }

    private static func objects(in value: ValueSpec) -> [ObjectSpec] {
        switch value {
        case .object(let o): [o]
        case .oneOf(let options): options.flatMap(objects)
        default: []
        }
    }
}
