import Foundation
import LogocCore

/// `background: auto`: a colour chosen from a fixed palette by a stable hash
/// of a key (the spec's initials source, else its name), after every entry
/// of the palette was adjusted to pass the spec's contrast minimum (and its
/// colour-vision checks) against the text colour.
///
/// Every step is arithmetic on fixed tables (FNV-1a, never Swift's seeded
/// `Hasher`), so the same key gives the same colour in every process and on
/// every machine. The adjustment keeps each entry's hue: it scales the
/// colour's linear light towards black (under light text) or mixes it towards
/// white (under dark text) until the contrast is reached.
public enum AutoBackground {
    /// The base hues: Material Design's 600 shades, vivid and distinct.
    public static let base: [RGBA] = [
        0xE53935, 0xD81B60, 0x8E24AA, 0x5E35B1, 0x3949AB, 0x1E88E5, 0x039BE5, 0x00ACC1, 0x00897B,
        0x43A047, 0x7CB342, 0xC0CA33, 0xFFB300, 0xFB8C00, 0xF4511E, 0x6D4C41, 0x546E7A,
    ].map { RGBA(rgb: $0) }

    /// The text colour assumed when the spec's is `auto`: white, as avatar
    /// initials conventionally are. (`auto` may still pick black where black
    /// contrasts more; it then passes too.)
    public static let autoText = RGBA.white

    /// The palette for text colour `text` (nil for `auto`), minimum contrast
    /// `minimum` (nil for `contrast: off`) and colour-vision checks `vision`:
    /// each base hue adjusted until it passes. Entries that cannot pass are
    /// left out; the palette is empty when none can.
    public static func palette(text: RGBA?, minimum: Double?, vision: [ColorVision] = []) -> [RGBA] {
        guard let minimum else {
            // No minimum: the hues as they are, but never the text's own colour (E010).
            return base.filter { c in text.map { ($0.r, $0.g, $0.b) != (c.r, c.g, c.b) } ?? true }
        }
        let ink = text ?? autoText
        var result: [RGBA] = []
        for colour in base {
            if let adjusted = adjust(colour, text: ink, minimum: minimum, vision: vision), !result.contains(adjusted) {
                result.append(adjusted)
            }
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

    /// The colour for `key`, or nil when no palette entry passes.
    public static func colour(for key: String, text: RGBA?, minimum: Double?, vision: [ColorVision] = []) -> RGBA? {
        pick(key, from: palette(text: text, minimum: minimum, vision: vision))
    }

    /// The entry of `palette` that `key` hashes to; nil for an empty palette.
    public static func pick(_ key: String, from palette: [RGBA]) -> RGBA? {
        guard !palette.isEmpty else { return nil }
        return palette[Int(StableHash.fnv1a64(normalized(key)) % UInt64(palette.count))]
    }

    /// Case, Unicode normalisation and surrounding spaces do not change the
    /// colour: `Jane Doe` and ` jane doe` are one person.
    public static func normalized(_ key: String) -> String {
        key.precomposedStringWithCanonicalMapping.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `text` on `background` reaches `minimum`, seen normally and
    /// under each deficiency of `vision`.
    public static func passes(_ background: RGBA, text: RGBA, minimum: Double, vision: [ColorVision]) -> Bool {
        guard text.contrast(with: background) + 1e-9 >= minimum else { return false }
        return vision.allSatisfy { $0.contrast(text, background) + 1e-9 >= minimum }
    }

    /// `colour` moved away from `text` by the fewest 1/256 steps of linear
    /// light that pass; nil when even black (or white) does not. Contrast
    /// grows with the steps, so a binary search finds the step (in 9 tries
    /// rather than up to 256: `check` of 10,000 specs computes many palettes).
    static func adjust(_ colour: RGBA, text: RGBA, minimum: Double, vision: [ColorVision]) -> RGBA? {
        let lin = (SRGB.linear[Int(colour.r)], SRGB.linear[Int(colour.g)], SRGB.linear[Int(colour.b)])
        // Light text wants a darker background; dark text a lighter one.
        let darken = text.relativeLuminance > 0.179
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
