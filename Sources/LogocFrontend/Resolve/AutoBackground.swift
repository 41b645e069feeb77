import Foundation
import LogocCore

/// `background: auto`: a colour chosen from a palette by a stable hash of a
/// key (the spec's initials source, else its name, after the optional
/// `seed`), where every entry of the palette passes the spec's contrast
/// minimum (and its colour-vision checks) against the text colour.
///
/// The palette is `AutoPaletteGrid` (at least 64 colours, any two at least
/// ΔE 0.04 apart in OKLab), or the team's own colours of `auto.from`, each
/// adjusted until it passes. Every step is arithmetic on fixed tables
/// (FNV-1a, never Swift's seeded `Hasher`), so the same key gives the same
/// colour in every process and on every machine. The adjustment of a team
/// colour keeps its hue: it scales the colour's linear light towards black
/// (under light text) or mixes it towards white (under dark text) until the
/// contrast is reached.
public enum AutoBackground {
    /// The text colour assumed when the spec's is `auto`: white, as avatar
    /// initials conventionally are. (`auto` may still pick black where black
    /// contrasts more; it then passes too.)
    public static let autoText = RGBA.white

    /// The palette for text colour `text` (nil for `auto`), minimum contrast
    /// `minimum` (nil for `contrast: off`), colour-vision checks `vision` and
    /// the team's colours `from` (nil: the generated grid). Team colours that
    /// cannot pass are left out; the palette is empty when none can.
    public static func palette(text: RGBA?, minimum: Double?, vision: [ColorVision] = [], from team: [RGBA]? = nil) -> [RGBA] {
        let ink = text ?? autoText
        guard let team else {
            guard let minimum else {
                // No minimum: every colour, but never the text's own (E010).
                return AutoPaletteGrid.colours { _ in true }.filter { c in text.map { ($0.r, $0.g, $0.b) != (c.r, c.g, c.b) } ?? true }
            }
            return AutoPaletteGrid.colours { passes($0, text: ink, minimum: minimum, vision: vision) }
        }
        var result: [RGBA] = []
        for written in team {
            let colour = RGBA(r: written.r, g: written.g, b: written.b)
            let kept: RGBA?
            if let minimum {
                kept = adjust(colour, text: ink, minimum: minimum, vision: vision)
            } else {
                kept = text.map { ($0.r, $0.g, $0.b) == (colour.r, colour.g, colour.b) } == true ? nil : colour
            }
            if let kept, !result.contains(kept) { result.append(kept) }
        }
        return result
    }

    /// What `background: auto` hashes: the name of `initials` when the text
    /// has one (the same person gets the same colour in every project),
    /// else the spec's name.
    public static func key(of logo: LogoSyntax, name: String) -> String {
        logo.text?.value.initials?.value ?? name
    }

    /// The text colour a spec wrote (nil for `auto`, `fromImage` or none).
    static func writtenText(_ logo: LogoSyntax, palette: [String: Located<RGBA>]) -> RGBA? {
        guard case .color(let c)? = logo.text?.value.color?.value else { return nil }
        switch c {
        case .literal(let rgba): return rgba
        case .palette(let name): return palette[name]?.value
        }
    }

    /// The colour `background: auto` gives the spec `logo` named `name`, or
    /// nil when no palette entry passes: the one answer the validator checks
    /// and the resolver draws. Team colours naming an unknown palette entry
    /// are left out (the validator reports them, E005).
    static func colour(of logo: LogoSyntax, auto: AutoSyntax, name: String, project: Project) -> RGBA? {
        pick(key(of: logo, name: name), seed: auto.seed?.value, from: palette(of: logo, auto: auto, project: project))
    }

    /// Every colour `background: auto` can give the spec `logo`: what a
    /// template is checked against (`TemplateCheck`), and what `colour(of:…)` picks from.
    static func palette(of logo: LogoSyntax, auto: AutoSyntax, project: Project) -> [RGBA] {
        let rule = ContrastRule(logo, project: project)
        let team = auto.from.map { list in
            list.value.compactMap { written -> RGBA? in
                switch written.value {
                case .literal(let rgba): rgba
                case .palette(let name): project.config.palette[name]?.value
                }
            }
        }
        return project.autoPalettes.palette(text: writtenText(logo, palette: project.config.palette),
                                            minimum: logo.text == nil ? nil : rule?.minimum, vision: rule?.colorVision ?? [], from: team)
    }

    /// The colour for `key`, or nil when no palette entry passes.
    public static func colour(for key: String, seed: String? = nil, text: RGBA?, minimum: Double?, vision: [ColorVision] = [],
                              from team: [RGBA]? = nil) -> RGBA? {
        pick(key, seed: seed, from: palette(text: text, minimum: minimum, vision: vision, from: team))
    }

    /// The entry of `palette` that `key` hashes to; nil for an empty palette.
    /// A `seed` is hashed before the key (a 0 byte between them), so a new
    /// seed deals every key again, the same way on every machine.
    public static func pick(_ key: String, seed: String? = nil, from palette: [RGBA]) -> RGBA? {
        guard !palette.isEmpty else { return nil }
        let bytes: [UInt8] = seed.map { Array($0.utf8) + [0] } ?? []
        return palette[Int(StableHash.fnv1a64(bytes + Array(normalized(key).utf8)) % UInt64(palette.count))]
    }

    /// Case, Unicode normalisation and surrounding spaces do not change the
    /// colour: `Jane Doe` and ` jane doe` are one person.
    public static func normalized(_ key: String) -> String {
        key.precomposedStringWithCanonicalMapping.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `text` on `background` reaches `minimum`, seen normally and
    /// under each deficiency of `vision`.
    public static func passes(_ background: RGBA, text: RGBA, minimum: Double, vision: [ColorVision]) -> Bool {
        guard WCAG.contrast(text, background) + 1e-9 >= minimum else { return false }
        return vision.allSatisfy { $0.contrast(text, background) + 1e-9 >= minimum }
    }

    /// `colour` moved away from `text` by the fewest 1/256 steps of linear
    /// light that pass; nil when even black (or white) does not. Contrast
    /// grows with the steps, so a binary search finds the step (in 9 tries
    /// rather than up to 256: `check` of 10,000 specs computes many palettes).
    static func adjust(_ colour: RGBA, text: RGBA, minimum: Double, vision: [ColorVision]) -> RGBA? {
        let lin = (SRGB.linear[Int(colour.r)], SRGB.linear[Int(colour.g)], SRGB.linear[Int(colour.b)])
        // Light text wants a darker background; dark text a lighter one.
        let darken = WCAG.luminance(text) > 0.179
        func candidate(_ step: Int) -> RGBA {
            let t = Double(step) / 256
            return darken
                ? SRGB.encode((lin.0 * (1 - t), lin.1 * (1 - t), lin.2 * (1 - t)))
                : SRGB.encode((lin.0 + (1 - lin.0) * t, lin.1 + (1 - lin.1) * t, lin.2 + (1 - lin.2) * t))
        }
        let passing = { (step: Int) in passes(candidate(step), text: text, minimum: minimum, vision: vision) }
        if passing(0) { return candidate(0) }
        guard passing(256) else { return nil }
        // Invariant: `low` fails, `high` passes; the result is always a step that passed.
        var (low, high) = (0, 256)
        while high - low > 1 {
            let middle = (low + high) / 2
            if passing(middle) { high = middle } else { low = middle }
        }
        return candidate(high)
    }
}
