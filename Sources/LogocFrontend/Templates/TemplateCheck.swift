import LogocCore

/// The check of a template (`template: true`) on what no single spec shows:
/// a template is refused when some name could make it fail, so it is
/// validated as the spec of each name of a fixed sample across scripts
/// (initials that no font can draw, names with nothing to show) and on every
/// colour `background: auto` can give (contrast of the text's colour as
/// drawn, translucent text included: the palette only guarantees the
/// contrast of the text's opaque colour). The diagnostics are the usual
/// ones (E011, E017, E016, …) at the template's keys, their messages
/// naming the name or the colour that fails.
///
/// Pure arithmetic and font coverage: what only pixels tell (text too small
/// in a file, characters Pango cannot shape) the driver measures on the
/// sample's distinct initials (`TemplateSampleCheck`).
struct TemplateCheck {
    let project: Project
    let directory: String
    let specFile: String

    /// Names across the scripts people's names come in: Latin (with
    /// accents and an apostrophe), Cyrillic, Greek, Hebrew and Arabic (right
    /// to left; Arabic's two initials joined by a ZWNJ), Devanagari, Korean,
    /// Chinese and Japanese (one word: one character), an emoji alone (its
    /// own initial), and a name of one letter.
    static let sampleNames = ["Jane Doe", "Zoë O'Brien-Ångström", "Дмитрий Иванов", "Ζωή Παππά", "מרים לוי", "محمد علي", "रवि कुमार",
                              "김민준", "王芳", "山田太郎", "🦊", "X"]

    /// Diagnostics of `variants` (the template and its dark and small
    /// drawings) as the specs of `sampleNames` and on every auto colour.
    func diagnostics(_ variants: [LogoSyntax], name: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func add(_ diagnostic: Diagnostic, _ context: String, more: Int = 0) {
            // One finding per code and place: the first name or colour that fails.
            guard !found.contains(where: { $0.code == diagnostic.code && $0.span == diagnostic.span }) else { return }
            var d = diagnostic
            d.message = context + ": " + d.message + (more > 0 ? " (and on \(more) more of the auto colours)" : "")
            found.append(d)
        }
        for logo in variants {
            let base = validate(CheckedSpec.personal(logo, person: Self.sampleNames[0], size: nil, fallback: .startOf(specFile)), name: name)
            for person in Self.sampleNames.dropFirst() {
                let personal = CheckedSpec.personal(logo, person: person, size: nil, fallback: .startOf(specFile))
                // Colour problems of this name's own hue are the hue check's, below.
                for d in validate(Self.withoutAuto(personal), name: name) where !base.contains(d) { add(d, "with the name '\(person)'") }
            }
            guard case .auto(let auto)? = logo.background?.value, let span = logo.background?.span else { continue }
            let sample = CheckedSpec.personal(logo, person: Self.sampleNames[0], size: nil, fallback: .startOf(specFile))
            let palette = AutoBackground.palette(of: sample, auto: auto, project: project)
            var failing: [(hue: RGBA, diagnostics: [Diagnostic])] = []
            for hue in palette {
                var solid = sample
                solid.background = Located(.color(Located(.literal(hue), at: span)), at: span)
                let diagnostics = validate(solid, name: name).filter(\.isError)
                if !diagnostics.isEmpty { failing.append((hue, diagnostics)) }
            }
            guard let first = failing.first else { continue }
            let person = Self.person(for: first.hue, in: palette, seed: auto.seed?.value)
            let example = person.map { " (for names like '\($0)')" } ?? ""
            for d in first.diagnostics { add(d, "on the auto colour \(first.hue)\(example)", more: failing.count - 1) }
        }
        return found
    }

    /// `logo` with its auto background replaced by the default solid one:
    /// the name checks leave colours to the hue check.
    private static func withoutAuto(_ logo: LogoSyntax) -> LogoSyntax {
        guard case .auto? = logo.background?.value, let span = logo.background?.span else { return logo }
        var solid = logo
        solid.background = Located(.color(Located(.literal(Resolver.defaultBackground), at: span)), at: span)
        solid.contrast = Located(.off, at: span)
        return solid
    }

    private func validate(_ logo: LogoSyntax, name: String) -> [Diagnostic] {
        var validator = Validator(project: project, directory: directory, specFile: specFile)
        validator.validate(logo, name: name)
        return validator.diagnostics
    }

    /// A name whose auto colour is `hue`, for the message: the first of a
    /// fixed list of names that hashes to it (nil when none of 4,096 does).
    static func person(for hue: RGBA, in palette: [RGBA], seed: String?) -> String? {
        let given = ["Jane", "John", "Amara", "Wei", "Olivia", "Omar", "Ravi", "Sofia", "Yuki", "Lena", "Kofi", "Inès", "Raj", "Sara", "Tomo", "Ada"]
        let family = ["Doe", "Smith", "Okafor", "Chen", "Brown", "Farouk", "Kumar", "Rossi", "Tanaka", "Fischer", "Mensah", "Moreau", "Patel",
                      "Lind", "Arai", "Lovelace"]
        for i in 0..<4096 {
            let name = given[i % given.count] + " " + family[(i / given.count) % family.count] + (i < 256 ? "" : " \(i / 256)")
            if AutoBackground.pick(name, seed: seed, from: palette) == hue { return name }
        }
        return nil
    }
}
