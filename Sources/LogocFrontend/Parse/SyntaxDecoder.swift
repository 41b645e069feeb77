import Foundation
import LogocCore

/// Types the located YAML of one merged spec by the schema in
/// `LanguageSchema`: checks keys, types, allowed words and ranges, and builds
/// the AST. It reports every independent problem and keeps going, leaving a
/// field `nil` where its value was wrong.
struct SyntaxDecoder {
    private(set) var diagnostics: [Diagnostic] = []
    /// File texts, to see what YAML dropped as a comment (`color: #FFF`).
    let sources: PathMap<SourceFile>
    /// A partial may leave required keys to the specs that extend it.
    var checksPresence = true
    /// Set while decoding a template (`template: true`): its text needs
    /// neither `content` nor `initials`, since each person's name gives them.
    private var decodingTemplate = false

    init(sources: PathMap<SourceFile>) {
        self.sources = sources
    }

    mutating func appendDiagnostic(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    // MARK: Documents

    mutating func logo(_ node: YAMLNode) -> LogoSyntax {
        var logo = LogoSyntax()
        guard let fields = fields(of: node, LanguageSchema.logo, what: "a spec") else { return logo }
        logo.version = fields["version"].flatMap { integer($0.value, key: "version", LanguageSchema.logo.integers("version")) }
        logo.name = fields["name"].flatMap { text($0.value, key: "name", pattern: LanguageSchema.logo.pattern("name")) }
        logo.template = fields["template"].flatMap { boolean($0.value, key: "template") }
        decodingTemplate = logo.template?.value == true
        defer { decodingTemplate = false }
        logo.size = fields["size"].flatMap { integer($0.value, key: "size", LanguageSchema.logo.integers("size")) }
        appearance(fields, into: &logo)
        logo.output = fields["output"].flatMap { output($0.value) }
        logo.targets = fields["targets"].flatMap { targets($0.value) }
        return logo
    }

    /// The keys a spec and its `dark` variant share.
    mutating func appearance(_ fields: Fields, into logo: inout LogoSyntax) {
        logo.shape = fields["shape"].flatMap { choice($0.value, key: "shape", LanguageSchema.logo.words("shape"), ShapeSyntax.self) }
        logo.shapeKey = fields["shape"]?.key.span
        logo.cornerRadius = fields["cornerRadius"].flatMap { length($0.value, key: "cornerRadius", maxPercent: LanguageSchema.logo.maxPercent("cornerRadius")) }
        logo.background = fields["background"].flatMap { background($0.value) }
        logo.text = fields["text"].flatMap { text($0.value) }
        logo.textKey = fields["text"]?.key.span
        logo.border = fields["border"].flatMap { border($0.value) }
        if let pair = fields["contrast"] {
            (logo.contrast, logo.colorVision) = contrastSetting(pair.value)
        }
    }

    /// Checks that `node` is a mapping of `spec`'s keys; reports unknown keys
    /// with the nearest known one, missing required keys and keys that
    /// exclude each other.
    mutating func fields(of node: YAMLNode, _ spec: ObjectSpec, what: String, context: String? = nil) -> Fields? {
        guard let pairs = node.pairs else {
            let found = node.kindDescription
            diagnostics.append(Diagnostic(.E003, "expected \(what) (a mapping of keys), found \(found)", at: node.span,
                                          help: context.map { "write '\($0):' followed by indented keys" } ?? "write 'key: value' lines"))
            return nil
        }
        var result = Fields(pairs)
        // Known keys an unknown key was taken for (`intials` → `initials`):
        // E002 already says to write them, so their absence is no second error.
        var suggested: Set<String> = []
        for i in pairs.indices {
            guard let key = pairs[i].key.scalar else { continue }
            if spec.position(of: key) != nil {
                result.keep(i)
                continue
            }
            let pair = pairs[i]
            if spec.notHere.contains(key) {
                // `dark` and `small` (the mappings with such keys) name themselves in `context`.
                let variant = context ?? "dark"
                let help = (key == "dark" || key == "small")
                    ? "a dark small output is the spec, then 'dark', then 'small': write '\(Quoted.value(key))' at the top level of the spec"
                    : "move '\(Quoted.value(key))' out of '\(variant)'; the \(variant) variant shares it with the spec"
                diagnostics.append(Diagnostic(.E002, "'\(Quoted.value(key))' cannot be overridden in '\(variant)'", at: pair.key.span, help: help))
                continue
            }
            let place = context.map { " in '\($0)'" } ?? ""
            var help = "known keys\(place) are " + Self.list(spec.keyNames)
            if let near = Suggest.nearest(key, in: spec.keyNames) {
                help = "did you mean '\(near)'?"
                suggested.insert(near)
            } else if let owner = LanguageSchema.owner(of: key, below: spec) {
                help = "'\(Quoted.value(key))' is a key of '\(owner)'; move it under '\(owner):'"
            }
            diagnostics.append(Diagnostic(.E002, "unknown key '\(Quoted.value(key))'\(place)", at: pair.key.span, help: help))
        }
        // Worded only for a diagnostic (five mappings a spec asked for it).
        func where_() -> String { context.map { "'\($0)'" } ?? "the spec" }
        for key in spec.required where result[key] == nil && checksPresence && !suggested.contains(key) {
            diagnostics.append(Diagnostic(.E004, "\(where_()) needs '\(key)'", at: node.span,
                                          help: "add '\(key):' to \(where_())"))
        }
        for group in spec.exactlyOne {
            // One of the group set, as it should be: nothing to list.
            if group.count(where: { result[$0] != nil }) == 1 { continue }
            let present = group.filter { result[$0] != nil }
            if present.isEmpty, !checksPresence || group.contains(where: suggested.contains) {
                continue
            } else if present.isEmpty, let none = spec.noneOfGroup {
                diagnostics.append(Diagnostic(.E004, none.message, at: node.span, help: none.help))
            } else if present.isEmpty {
                diagnostics.append(Diagnostic(.E004, "\(where_()) needs one of " + Self.list(group, quote: true, or: true), at: node.span,
                                              help: "add one of " + Self.list(group, quote: true, or: true)))
            } else if present.count > 1 {
                // Only the one written first is kept.
                let set = present.compactMap { result.position(of: $0) }.sorted { pairs[$0].key.span < pairs[$1].key.span }
                guard let first = set.first, let second = set.last else { continue }
                diagnostics.append(Diagnostic(.E004, "\(where_()) sets both " + Self.list(present, quote: true, or: false) + "; they exclude each other",
                                              at: pairs[second].key.span, help: "keep only one of " + Self.list(group, quote: true, or: true),
                                              notes: [.init("'\(pairs[first].key.scalar ?? "")' is set here", at: pairs[first].key.span)]))
                for key in present { result.drop(key) }
                result.keep(first)
            }
        }
        return result
    }

    /// A mapping's pairs whose keys its schema knows, found by key. A
    /// mapping has a few keys, so a key is found by comparing it with each
    /// (keys are short: two words compared), where a dictionary hashed every
    /// key asked, present or not, 80 times a spec (2 % of a check). The
    /// pairs are the mapping's own array, shared, with the positions of
    /// those kept: copying each kept pair in (two nodes, their texts and
    /// spans retained) was most of this.
    struct Fields {
        private let all: [YAMLNode.Pair]
        /// Which of `all` are kept, a bit each (the first 64; a mapping of
        /// more keeps the rest in `keptPast64`): a list made for every
        /// mapping of every spec was one allocation each.
        private var kept: UInt64 = 0
        private var keptPast64: [Int] = []

        init(_ pairs: [YAMLNode.Pair]) {
            all = pairs
        }

        subscript(key: String) -> YAMLNode.Pair? {
            position(of: key).map { all[$0] }
        }

        /// Where the kept pair of `key` is among the mapping's pairs.
        func position(of key: String) -> Int? {
            var bits = kept
            while bits != 0 {
                let i = bits.trailingZeroBitCount
                if all[i].key.isScalar(key) { return i }
                bits &= bits - 1
            }
            for i in keptPast64 where all[i].key.isScalar(key) { return i }
            return nil
        }

        mutating func keep(_ position: Int) {
            if position < 64 { kept |= 1 << UInt64(position) } else { keptPast64.append(position) }
        }

        mutating func drop(_ key: String) {
            for i in 0..<min(all.count, 64) where all[i].key.isScalar(key) { kept &= ~(1 << UInt64(i)) }
            keptPast64.removeAll { all[$0].key.isScalar(key) }
        }

        /// The keys, in the order written.
        var keys: [String] {
            var keys: [String] = []
            var bits = kept
            while bits != 0 {
                if let key = all[bits.trailingZeroBitCount].key.scalar { keys.append(key) }
                bits &= bits - 1
            }
            for i in keptPast64 { if let key = all[i].key.scalar { keys.append(key) } }
            return keys
        }
    }

    // MARK: Values

    mutating func background(_ node: YAMLNode) -> Located<BackgroundSyntax>? {
        if node.isEmptyPlain {
            _ = colour(node, key: "background")
            return nil
        }
        guard let fields = fields(of: node, LanguageSchema.background, what: "a colour or a background mapping", context: "background") else { return nil }
        if let pair = fields["color"] {
            if pair.value.scalar == "auto" { return Located(.auto(AutoSyntax()), at: pair.value.span) }
            return colour(pair.value, key: "color", alsoAllowed: "auto").map { Located(.color($0), at: node.span) }
        }
        if let pair = fields["auto"] {
            return autoBackground(pair.value).map { Located(.auto($0), at: pair.value.span) }
        }
        if let pair = fields["gradient"] {
            return gradient(pair.value).map { Located(.gradient($0), at: node.span) }
        }
        if let pair = fields["image"] {
            return image(pair.value).map { Located(.image($0), at: node.span) }
        }
        return nil
    }

    /// `background.auto`: `{seed, from}`.
    mutating func autoBackground(_ node: YAMLNode) -> AutoSyntax? {
        guard let fields = fields(of: node, LanguageSchema.autoBackground, what: "a mapping of 'seed' and 'from'", context: "auto") else { return nil }
        var auto = AutoSyntax()
        auto.seed = fields["seed"].flatMap { text($0.value, key: "seed", pattern: LanguageSchema.autoBackground.pattern("seed")) }
        if let pair = fields["from"] {
            auto.from = list(pair.value, key: "from", count: LanguageSchema.autoBackground.count("from")) { d, item in d.colour(item, key: "from") }
        }
        return auto
    }

    mutating func gradient(_ node: YAMLNode) -> GradientSyntax? {
        guard let fields = fields(of: node, LanguageSchema.gradient, what: "a gradient mapping", context: "gradient") else { return nil }
        var gradient = GradientSyntax()
        if let pair = fields["colors"] {
            gradient.stops = list(pair.value, key: "colors", count: LanguageSchema.gradient.count("colors")) { decoder, item in decoder.stop(item) }
        }
        gradient.angle = fields["angle"].flatMap { number($0.value, key: "angle", LanguageSchema.gradient.numbers("angle")) }
        gradient.type = fields["type"].flatMap { choice($0.value, key: "type", LanguageSchema.gradient.words("type"), GradientSyntax.Kind.self) }
        return gradient
    }

    mutating func stop(_ node: YAMLNode) -> Located<StopSyntax>? {
        if node.scalar != nil {
            return colour(node, key: "colors").map { Located(StopSyntax(color: $0), at: node.span) }
        }
        guard let fields = fields(of: node, LanguageSchema.stop, what: "a colour or a {color, at} stop", context: "stop") else { return nil }
        guard let color = fields["color"].flatMap({ colour($0.value, key: "color") }) else { return nil }
        let at = fields["at"].flatMap { number($0.value, key: "at", LanguageSchema.stop.numbers("at")) }
        return Located(StopSyntax(color: color, at: at), at: node.span)
    }

    mutating func image(_ node: YAMLNode) -> ImageSyntax? {
        guard let fields = fields(of: node, LanguageSchema.image, what: "an image path or mapping", context: "image") else { return nil }
        var image = ImageSyntax()
        image.path = fields["path"].flatMap { path($0.value, key: "path") }
        image.fit = fields["fit"].flatMap { choice($0.value, key: "fit", LanguageSchema.image.words("fit"), ImageSyntax.Fit.self) }
        if let pair = fields["focus"], let items = list(pair.value, key: "focus", count: LanguageSchema.image.count("focus"), { d, item in d.number(item, key: "focus", LanguageSchema.image.numbers("focus", item: true)) }) {
            image.focus = Located(items.value.map(\.value), at: items.span)
        }
        image.color = fields["color"].flatMap { colour($0.value, key: "color") }
        return image
    }

    mutating func text(_ node: YAMLNode) -> Located<TextSyntax>? {
        // A template's people give its initials: neither `content` nor `initials` is required there.
        let presence = checksPresence
        checksPresence = presence && !decodingTemplate
        let decoded = fields(of: node, LanguageSchema.text, what: "text or a text mapping", context: "text")
        checksPresence = presence
        guard let fields = decoded else { return nil }
        var text = TextSyntax()
        text.content = fields["content"].flatMap { self.text($0.value, key: "content", pattern: nil) }.flatMap { drawable($0, key: "content") }
        text.initials = fields["initials"].flatMap { self.text($0.value, key: "initials", pattern: nil) }.flatMap { drawable($0, key: "initials") }
        text.maxLength = fields["maxLength"].flatMap { integer($0.value, key: "maxLength", LanguageSchema.text.integers("maxLength")) }
        text.uppercase = fields["uppercase"].flatMap { boolean($0.value, key: "uppercase") }
        text.font = fields["font"].flatMap { font($0.value) }
        if let pair = fields["size"] {
            if pair.value.scalar == "auto" {
                text.size = Located(.auto, at: pair.value.span)
            } else {
                text.size = length(pair.value, key: "size", maxPercent: LanguageSchema.text.maxPercent("size"), alsoAllowed: "auto").map { $0.map { .length($0) } }
            }
        }
        text.color = fields["color"].flatMap { chosenColour($0.value) }
        text.initialsStyle = fields["initialsStyle"].flatMap { choice($0.value, key: "initialsStyle", LanguageSchema.text.words("initialsStyle"), InitialsStyle.self) }
        text.settleShown()
        return Located(text, at: node.span)
    }

    mutating func font(_ node: YAMLNode) -> Located<FontSyntax>? {
        guard let fields = fields(of: node, LanguageSchema.font, what: "a font family or a font mapping", context: "font") else { return nil }
        var font = FontSyntax()
        font.family = fields["family"].flatMap { text($0.value, key: "family", pattern: nil) }
        if let pair = fields["weight"] {
            font.weight = weight(pair.value)
        }
        font.italic = fields["italic"].flatMap { boolean($0.value, key: "italic") }
        font.file = fields["file"].flatMap { path($0.value, key: "file") }
        return Located(font, at: node.span)
    }

    /// The weight words, lower-cased, as `weight` folds what is written.
    private static let weightByWord = Dictionary(LanguageSchema.weightNames.map { ($0.word.lowercased(), $0.weight) }, uniquingKeysWith: { a, _ in a })

    mutating func weight(_ node: YAMLNode) -> Located<Int>? {
        guard let s = scalar(node, key: "weight", expected: "a weight (100–900 or thin…black)") else { return nil }
        // A number (most weights written) goes straight to `integer`.
        if let first = s.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
           let named = Self.weightByWord[s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }] {
            return Located(named, at: node.span)
        }
        guard Self.decimalValue(s) != nil else {
            let words = LanguageSchema.weightNames.map(\.word)
            diagnostics.append(Diagnostic(.E003, "unknown font weight '\(Quoted.value(s))'; expected 100–900 or one of " + Self.list(words, quote: true, or: true),
                                          at: node.span, help: Suggest.nearest(s, in: words).map { "did you mean '\($0)'?" } ?? "write a weight such as 700 or bold"))
            return nil
        }
        return integer(node, key: "weight", LanguageSchema.font.integers("weight"))
    }

    mutating func border(_ node: YAMLNode) -> Located<BorderSyntax>? {
        guard let fields = fields(of: node, LanguageSchema.border, what: "a border mapping", context: "border") else { return nil }
        var border = BorderSyntax()
        border.width = fields["width"].flatMap { length($0.value, key: "width", maxPercent: LanguageSchema.border.maxPercent("width")) }
        border.color = fields["color"].flatMap { chosenColour($0.value) }
        return Located(border, at: node.span)
    }

    /// A text or border `color`: a colour, `auto` or `fromImage`.
    mutating func chosenColour(_ node: YAMLNode) -> Located<ColorChoiceSyntax>? {
        switch node.scalar {
        case "auto": return Located(.auto, at: node.span)
        case "fromImage": return Located(.fromImage, at: node.span)
        default: return colour(node, key: "color", alsoAllowed: "auto' or 'fromImage").map { $0.map { .color($0) } }
        }
    }

    /// `contrast`: a ratio or level, or `{minimum, colorVision}`.
    mutating func contrastSetting(_ node: YAMLNode) -> (Located<ContrastSyntax>?, Located<[ColorVision]>?) {
        guard node.pairs != nil else { return (contrast(node), nil) }
        guard let fields = fields(of: node, LanguageSchema.contrastObject, what: "a contrast mapping", context: "contrast") else { return (nil, nil) }
        let minimum = fields["minimum"].flatMap { contrast($0.value) }
        let vision = fields["colorVision"].flatMap { colorVision($0.value) }
        return (minimum, vision)
    }

    /// `colorVision`: `all`, `none`, one deficiency, or a list of them.
    mutating func colorVision(_ node: YAMLNode) -> Located<[ColorVision]>? {
        let schema = LanguageSchema.contrastObject
        let words = schema.words("colorVision")
        if node.items != nil {
            guard let items = list(node, key: "colorVision", count: schema.count("colorVision"), { d, item in
                d.word(item, key: "colorVision", schema.words("colorVision", item: true)).flatMap { w in ColorVision(rawValue: w.value).map { Located($0, at: w.span) } }
            }) else { return nil }
            checkUnique(items, key: "colorVision")
            return Located(Array(Set(items.value.map(\.value))).sorted(), at: node.span)
        }
        guard let w = word(node, key: "colorVision", words) else { return nil }
        switch w.value {
        case "all": return Located(ColorVision.allCases, at: node.span)
        case "none": return Located([], at: node.span)
        default: return Located(ColorVision(rawValue: w.value).map { [$0] } ?? [], at: node.span)
        }
    }

    mutating func contrast(_ node: YAMLNode) -> Located<ContrastSyntax>? {
        guard let s = scalar(node, key: "contrast", expected: "a contrast ratio or level") else { return nil }
        if let level = LanguageSchema.contrastLevels.first(where: { $0.word == s }) {
            return Located(level.ratio.map { .minimum($0) } ?? .off, at: node.span)
        }
        if Self.decimalValue(s) != nil {
            return number(node, key: "contrast", LanguageSchema.contrastObject.numbers("minimum")).map { $0.map { .minimum($0) } }
        }
        let words = LanguageSchema.contrastLevels.map(\.word)
        diagnostics.append(Diagnostic(.E003, "unknown contrast '\(Quoted.value(s))'; expected a ratio from 1 to 21 or " + Self.list(words, quote: true, or: true),
                                      at: node.span, help: Suggest.nearest(s, in: words).map { "did you mean '\($0)'?" } ?? "write for example 'contrast: AA'"))
        return nil
    }

    mutating func output(_ node: YAMLNode) -> Located<OutputSyntax>? {
        guard let fields = fields(of: node, LanguageSchema.output, what: "an output mapping", context: "output") else { return nil }
        var output = OutputSyntax()
        if let pair = fields["formats"] {
            output.formats = list(pair.value, key: "formats", count: LanguageSchema.output.count("formats")) { d, item in
                d.word(item, key: "formats", LanguageSchema.output.words("formats", item: true), noun: "format", code: .E018)
            }
            output.formats.map { checkUnique($0, key: "formats") }
        }
        if let pair = fields["scales"] {
            output.scales = list(pair.value, key: "scales", count: LanguageSchema.output.count("scales")) { d, item in d.integer(item, key: "scales", LanguageSchema.output.integers("scales", item: true)) }
            output.scales.map { checkUnique($0, key: "scales") }
        }
        output.quality = fields["quality"].flatMap { integer($0.value, key: "quality", LanguageSchema.output.integers("quality")) }
        output.matte = fields["matte"].flatMap { colour($0.value, key: "matte") }
        return Located(output, at: node.span)
    }

    /// E007 at each item listed again. The lists are short (`formats`,
    /// `scales`, `colorVision`: at most six items, their `count` checked
    /// before), so each item is compared with those before it rather than
    /// hashed into a dictionary made for every spec.
    private mutating func checkUnique<T: Equatable>(_ items: Located<[Located<T>]>, key: String) {
        let list = items.value
        for (i, item) in list.enumerated() {
            guard let first = list[..<i].first(where: { $0.value == item.value }) else { continue }
            diagnostics.append(Diagnostic(.E007, "'\(item.value)' is listed twice in '\(key)'", at: item.span,
                                          help: "remove the second '\(item.value)'", notes: [.init("first listed here", at: first.span)]))
        }
    }

    // MARK: Scalars

    /// The scalar's text, or a diagnostic when the node is a mapping, a list or empty.
    /// `expected` is worded only for a diagnostic: most values are fine, and
    /// building "one of 'png', 'svg', …" for each of them was 5 % of a check.
    mutating func scalar(_ node: YAMLNode, key: String, expected: @autoclosure () -> String, code: DiagnosticCode? = nil) -> String? {
        if node.isEmptyPlain {
            diagnostics.append(Diagnostic(code ?? .E003, "'\(key)' has no value; expected \(expected())", at: node.span,
                                          help: "write a value after '\(key):'"))
            return nil
        }
        guard let s = node.scalar else {
            diagnostics.append(Diagnostic(code ?? .E003, "expected \(expected()) for '\(key)', found \(node.kindDescription)", at: node.span,
                                          help: "write a single value after '\(key):'"))
            return nil
        }
        return s
    }

    mutating func text(_ node: YAMLNode, key: String, pattern: String?) -> Located<String>? {
        guard let s = scalar(node, key: key, expected: "text") else { return nil }
        if let pattern, !LanguageSchema.matches(s, pattern: pattern) {
            diagnostics.append(Diagnostic(.E003, "'\(Quoted.value(s))' is not a valid \(key)", at: node.span,
                                          help: "a \(key) starts with a letter or digit and has at most 128 letters, digits, '.', '_' or '-'"))
            return nil
        }
        if s.isEmpty {
            diagnostics.append(Diagnostic(.E003, "'\(key)' is empty", at: node.span, help: "write some text, or remove '\(key)'"))
            return nil
        }
        return Located(s, at: node.span)
    }

    /// A text to draw: bounded in length, and free of characters that are
    /// invisible or that change how the rest is shown (see `TextRules`).
    mutating func drawable(_ text: Located<String>, key: String) -> Located<String>? {
        if let (message, help) = TextRules.refusal(of: text.value, named: "'\(key)'", removable: "'\(key)'") {
            diagnostics.append(Diagnostic(.E003, message, at: text.span, help: help))
            return nil
        }
        return text
    }

    mutating func path(_ node: YAMLNode, key: String) -> Located<String>? {
        text(node, key: key, pattern: nil)
    }

    mutating func boolean(_ node: YAMLNode, key: String) -> Located<Bool>? {
        guard let s = scalar(node, key: key, expected: "true or false") else { return nil }
        switch s {
        case "true", "True", "TRUE": return Located(true, at: node.span)
        case "false", "False", "FALSE": return Located(false, at: node.span)
        default:
            let yes = ["yes", "on", "y"].contains(s.lowercased())
            diagnostics.append(Diagnostic(.E003, "'\(key)' must be true or false, found '\(Quoted.value(s))'", at: node.span,
                                          help: "write '\(key): \(yes ? "true" : "false")'; only true and false are booleans here"))
            return nil
        }
    }

    mutating func number(_ node: YAMLNode, key: String, _ range: ClosedRange<Double>) -> Located<Double>? {
        guard let s = scalar(node, key: key, expected: "a number") else { return nil }
        guard let value = Self.decimalValue(s) else {
            diagnostics.append(Diagnostic(.E003, "'\(key)' must be a number, found '\(Quoted.value(s))'", at: node.span,
                                          help: "write a number such as \(Self.format(range.lowerBound))"))
            return nil
        }
        guard value.isFinite, range.contains(value) else {
            diagnostics.append(Diagnostic(.E006, "\(key) \(Quoted.value(s)) is out of range; expected \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))",
                                          at: node.span, help: "use a value from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"))
            return nil
        }
        return Located(value, at: node.span)
    }

    /// `code`: what a value that is no whole number, or out of `range`, is
    /// reported as; nil for the usual E003 and E006 (E018 for `small.maxSize`,
    /// SPEC-v2 §4).
    mutating func integer(_ node: YAMLNode, key: String, _ range: ClosedRange<Int>, code: DiagnosticCode? = nil) -> Located<Int>? {
        guard let s = scalar(node, key: key, expected: "a whole number", code: code) else { return nil }
        guard let value = Self.decimalValue(s), value.rounded() == value else {
            diagnostics.append(Diagnostic(code ?? .E003, "'\(key)' must be a whole number, found '\(Quoted.value(s))'", at: node.span,
                                          help: "write a whole number such as \(range.lowerBound)"))
            return nil
        }
        guard value.isFinite, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            let expected = range.count == 1 ? "only \(range.lowerBound) is supported" : "expected \(range.lowerBound) to \(range.upperBound)"
            diagnostics.append(Diagnostic(code ?? .E006, "\(key) \(Quoted.value(s)) is out of range; \(expected)", at: node.span,
                                          help: range.count == 1 ? "write '\(key): \(range.lowerBound)' or remove it" : "use a value from \(range.lowerBound) to \(range.upperBound)"))
            return nil
        }
        return Located(Int(value), at: node.span)
    }

    /// A length: a number of pixels (`48`, `"48px"`) or a percentage (`"20%"`),
    /// at most `LanguageSchema.maxLengthPixels` pixels and `maxPercent` (else
    /// `LanguageSchema.maxLengthPercent`) percent: a text size of `1e19` once
    /// passed `check` and trapped the build converting it to an integer.
    mutating func length(_ node: YAMLNode, key: String, maxPercent: Double?, alsoAllowed: String? = nil) -> Located<LengthSyntax>? {
        guard let s = scalar(node, key: key, expected: "a length") else { return nil }
        let trimmed = s.trimmingWhitespaces()
        let isPercent = trimmed.hasSuffix("%")
        let digits = isPercent ? String(trimmed.dropLast()) : (trimmed.hasSuffix("px") ? String(trimmed.dropLast(2)) : trimmed)
        guard let value = Self.decimalValue(digits.trimmingWhitespaces()) else {
            let other = alsoAllowed.map { ", or '\($0)'" } ?? ""
            diagnostics.append(Diagnostic(.E003, "'\(key)' must be a length (pixels like 48 or a percentage like \"20%\")\(other), found '\(Quoted.value(s))'",
                                          at: node.span, help: "write for example '\(key): 48' or '\(key): \"10%\"'"))
            return nil
        }
        guard value >= 0 else {
            diagnostics.append(Diagnostic(.E006, "\(key) \(Quoted.value(s)) is negative", at: node.span, help: "use a length of 0 or more"))
            return nil
        }
        let percentCap = maxPercent ?? LanguageSchema.maxLengthPercent
        if isPercent, !(value <= percentCap) {
            diagnostics.append(Diagnostic(.E006, "\(key) \(Quoted.value(s)) is out of range; at most \(Self.format(percentCap))%", at: node.span,
                                          help: "use at most \"\(Self.format(percentCap))%\""))
            return nil
        }
        if !isPercent, !(value <= LanguageSchema.maxLengthPixels) {
            diagnostics.append(Diagnostic(.E006, "\(key) \(Quoted.value(s)) is out of range; at most \(Self.format(LanguageSchema.maxLengthPixels)) pixels",
                                          at: node.span, help: "use at most \(Self.format(LanguageSchema.maxLengthPixels)) pixels, or a percentage such as \"\(Self.format(min(percentCap, 50)))%\""))
            return nil
        }
        return Located(isPercent ? .percent(value) : .pixels(value), at: node.span)
    }

    /// A colour, or `$name` from the palette. An empty value whose line holds
    /// `#…` gets the quoting hint: YAML read the colour as a comment.
    mutating func colour(_ node: YAMLNode, key: String, alsoAllowed: String? = nil) -> Located<ColorSyntax>? {
        if node.isEmptyPlain, let hint = commentedColour(node, key: key) {
            diagnostics.append(hint)
            return nil
        }
        guard let s = scalar(node, key: key, expected: "a colour") else {
            if node.isEmptyPlain, let last = diagnostics.popLast() {
                diagnostics.append(Diagnostic(.E005, "'\(key)' has no value; expected a colour", at: last.span,
                                              help: "write a colour such as \"#1E88E5\" (quoted) or teal"))
            }
            return nil
        }
        if s.hasPrefix("$") {
            let name = String(s.dropFirst())
            guard LanguageSchema.matches(name, pattern: LanguageSchema.paletteNamePattern) else {
                diagnostics.append(Diagnostic(.E005, "'\(Quoted.value(s))' is not a valid palette name", at: node.span,
                                              help: "palette names are up to \(LanguageSchema.maxPaletteNameLength) letters, digits, '_' and '-', as in $brand"))
                return nil
            }
            return Located(.palette(name), at: node.span)
        }
        if s.unicodeScalars.count > ColorParser.maxLength {
            diagnostics.append(Diagnostic(.E005, "'\(Quoted.value(s))' is not a colour: no colour is longer than \(ColorParser.maxLength) characters",
                                          at: node.span, help: "write #RRGGBB (quoted), a CSS name such as teal, or rgb(30 136 229)"))
            return nil
        }
        if let rgba = ColorParser.parse(s) { return Located(.literal(rgba), at: node.span) }
        var help = "write #RRGGBB (quoted), a CSS name such as teal, or rgb(30 136 229)"
        if let near = Suggest.nearest(s.lowercased(), in: Array(CSSColorNames.all.keys).sorted() + ["transparent"]) {
            help = "did you mean '\(near)'?"
        } else if s.hasPrefix("#") {
            help = "a hex colour has 3, 4, 6 or 8 digits 0–9 and A–F, as in \"#1E88E5\""
        }
        let also = alsoAllowed.map { " or '\($0)'" } ?? ""
        diagnostics.append(Diagnostic(.E005, "'\(Quoted.value(s))' is not a colour\(also)", at: node.span, help: help))
        return nil
    }

    /// For `key: #1E88E5`: a diagnostic pointing at the `#` that YAML took for
    /// a comment, or nil when the line shows no such thing.
    private func commentedColour(_ node: YAMLNode, key: String) -> Diagnostic? {
        guard let line = sources[node.span.file]?.line(node.span.start.line) else { return nil }
        let scalars = Array(line.unicodeScalars)
        var i = max(0, node.span.start.column - 1)
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        guard i < scalars.count, scalars[i] == "#" else { return nil }
        let comment = String(String.UnicodeScalarView(scalars[i...])).trimmingCharacters(in: .whitespaces)
        let word = comment.prefix { !$0.isWhitespace }
        let position = SourcePosition(line: node.span.start.line, column: i + 1)
        let span = SourceSpan(file: node.span.file, start: position,
                              end: SourcePosition(line: position.line, column: position.column + word.unicodeScalars.count))
        return Diagnostic(.E005, "'\(key)' is empty: YAML reads '\(Quoted.value(String(word)))' after a space as a comment, not a colour", at: span,
                          help: "quote the colour: \(key): \"\(word)\"")
    }

    /// One of `words` (the key's allowed words in `LanguageSchema`), as `T`.
    mutating func choice<T: RawRepresentable>(_ node: YAMLNode, key: String, _ words: [String], _ type: T.Type) -> Located<T>? where T.RawValue == String {
        guard let w = word(node, key: key, words) else { return nil }
        return T(rawValue: w.value).map { Located($0, at: node.span) }
    }

    /// `noun`: what one word is called in messages (`format` for an item of
    /// `formats`); the key by default. `code`: E018 for the words of formats
    /// and targets (SPEC-v2 §4), E003 elsewhere.
    mutating func word(_ node: YAMLNode, key: String, _ words: [String], noun: String? = nil, code: DiagnosticCode = .E003) -> Located<String>? {
        guard let s = scalar(node, key: key, expected: "one of " + Self.list(words, quote: true, or: true)) else { return nil }
        if words.contains(s) { return Located(s, at: node.span) }
        let near = Suggest.nearest(s, in: words) ?? Suggest.sharingStem(s, in: words)
        diagnostics.append(Diagnostic(code, "unknown \(noun ?? key) '\(Quoted.value(s))'; expected " + Self.list(words, quote: true, or: true),
                                      at: node.span, help: near.map { "did you mean '\($0)'?" } ?? "use one of " + Self.list(words, quote: true, or: true)))
        return nil
    }

    /// A list whose items `item` decodes; a single scalar is not a list.
    mutating func list<T>(_ node: YAMLNode, key: String, count: ClosedRange<Int>,
                          _ item: (inout SyntaxDecoder, YAMLNode) -> Located<T>?) -> Located<[Located<T>]>? {
        guard let items = node.items else {
            // `colors:` over an indented `color: red`: name the key that made
            // the mapping, where it is, rather than the list that is missing.
            if let first = node.pairs?.first, let name = first.key.scalar {
                diagnostics.append(Diagnostic(.E003, "'\(key)' must be a list, but the key '\(Quoted.value(name))' indented under it makes it a mapping",
                                              at: first.key.span,
                                              help: "start each item with '- ' ('- \(Quoted.value(name)): …'), or indent '\(Quoted.value(name))' like '\(key)' if it is a key beside it"))
                return nil
            }
            diagnostics.append(Diagnostic(.E003, "'\(key)' must be a list, found \(node.kindDescription)", at: node.span,
                                          help: "write a list in brackets, as in '\(key): [a, b]'"))
            return nil
        }
        guard count.contains(items.count) else {
            let expected = count.lowerBound == count.upperBound ? "exactly \(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            diagnostics.append(Diagnostic(.E006, "'\(key)' has \(items.count) item\(items.count == 1 ? "" : "s"); expected \(expected)",
                                          at: node.span, help: "give '\(key)' \(expected) items"))
            return nil
        }
        var decoded: [Located<T>] = []
        var failed = false
        for element in items {
            if let value = item(&self, element) { decoded.append(value) } else { failed = true }
        }
        return failed ? nil : Located(decoded, at: node.span)
    }

    // MARK: Helpers

    /// A decimal number: `[-+]?(digits[.digits?]|.digits)([eE][-+]?digits)?`
    /// around optional blanks; no hex, no `inf` or `nan` (which `Double`
    /// would accept), nothing infinite.
    static func parseNumber(_ s: String) -> Double? {
        decimalValue(s).flatMap { $0.isFinite ? $0 : nil }
    }

    /// What `parseNumber` reads, except that a decimal too large for a
    /// `Double` (`1e400`) is ±infinity: a number, out of every range (`E006`),
    /// not a word that is no number (`E003`).
    static func decimalValue(_ s: String) -> Double? {
        // Most numbers of a spec are a few digits (`size: 256`): their value
        // is summed from the bytes, exact up to 15 digits, where trimming,
        // checking and `Double(_:)` cost a thousand instructions each.
        if let digits = s.utf8.withContiguousStorageIfAvailable(Self.digitsValue), let value = digits { return value }
        var t = s.trimmingWhitespaces()
        // Read where the text is: an array of its bytes was made for every number of every spec.
        let valid = t.withUTF8 { Self.isDecimal($0) }
        guard valid, let v = Double(t), !v.isNaN else { return nil }
        return v
    }

    /// The value of 1 to 15 ASCII digits and nothing else (a `Double`
    /// holds every such number exactly, as `Double(_:)` reads it); nil
    /// for any other text.
    private static func digitsValue(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard (1...15).contains(b.count) else { return nil }
        var value = 0
        for byte in b {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return Double(value)
    }

    /// Whether `b` is a decimal number as YAML 1.2's core schema writes one:
    /// a sign, digits with at most one point, and an exponent.
    private static func isDecimal(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        func digits() -> Int {
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
        var mantissa = digits()
        if i < b.count, b[i] == 0x2E {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == b.count
    }

    static func format(_ v: Double) -> String {
        v.rounded() == v && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// `'a', 'b' or 'c'`
    static func list(_ words: [String], quote: Bool = true, or: Bool = true) -> String {
        let q = words.map { quote ? "'\($0)'" : $0 }
        guard q.count > 1 else { return q.first ?? "" }
        return q.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + q[q.count - 1]
    }
}
