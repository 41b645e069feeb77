import LogocCore

/// The rule `color: fromImage` picks by (for text and for rings): the most
/// vivid colour of the picture's own palette that is readable where it is
/// drawn, else what `auto` picks. One place, so text and ring agree and the
/// guide (docs/spec-language.md, "Colours from the picture") has one source.
enum PalettePick {
    /// The contrast a text pick needs under `contrast: off`: a colour from
    /// the picture is never chosen when it is hard to read.
    static let textMinimum = 3.0
    /// What a ring pick must reach against the pixels just inside it:
    /// WCAG 2.1's 3:1 for graphical objects (success criterion 1.4.11).
    static let ringContrast = 3.0
    /// A ring is seen as a whole: its contrast is the level that three
    /// quarters of the pixels just inside it reach, not their minimum (a
    /// ring around a photo always meets some pixel of its own colour).
    static let ringPercentile = 0.25
    /// Palette colours below this OKLCH chroma are greys, which black or
    /// white serve better.
    static let minimumChroma = 0.04

    /// The most chromatic palette colour (of at least `minimumChroma`) that
    /// `passes`; ties go to the larger share. `fallback` when none passes.
    static func choose(from palette: ImagePalette, fallback: RGBA, passes: (RGBA) -> Bool) -> RGBA {
        let candidates = palette.swatches.filter { $0.chroma >= minimumChroma && passes($0.color) }
        let best = candidates.max { a, b in a.chroma != b.chroma ? a.chroma < b.chroma : a.share < b.share }
        return best?.color ?? fallback
    }
}
