import LogocRenderTree

/// How a text is sized from what it measures at the reference size
/// (`TextLayout.referenceSize`): the first size it is given, and how the
/// fitting loop judges a size. `TextLayout` lays the text out at that size
/// and shrinks it while its ink overflows; `TextBounds` bounds the result
/// of that loop without running it. One place for the arithmetic, so the
/// two can never disagree about the size a text starts from.
struct TextFit {
    let run: TextRun
    /// The text's ink, baseline and unknown glyphs at the reference size.
    let reference: ReferenceInks.Reference
    /// The cap height the body is sized by, at the reference size; nil for
    /// a text centred on its ink (no cased letters or digits).
    let bodyHeight: Double?
    /// The band the text is centred on (cap or x-height) at the reference size.
    let bandHeight: Double?

    /// Each step of the fitting loop takes 2 % off the size…
    static let shrinkStep = 0.98
    /// …at most this many times.
    static let maximumShrinks = 20

    /// How much `box` (the ink at `scale` times the reference size, with its
    /// `baseline`) may grow and still fit the text's areas.
    func growth(_ box: Rect, baseline: Double, scale: Double, slack: Double) -> Double {
        let g = TextPlacement.growth(ink: box, anchorY: bandHeight.map { baseline - $0 * scale / 2 }, body: (bodyHeight ?? 0) * scale,
                                     safeArea: run.safeArea, inkArea: run.inkArea, slack: slack)
        return g.isFinite ? g : 1
    }

    /// The size the text is laid out at first: the largest whose body fits
    /// the safe area and whose ink stays in the shape (a fixed size shrinks
    /// to it too), at least 1 px. The fitting loop only ever shrinks it.
    var firstSize: Double {
        let fitting = TextLayout.referenceSize * growth(reference.ink, baseline: reference.baseline, scale: 1, slack: 0)
        let size: Double
        switch run.size {
        case .auto(let maximum): size = min(fitting, maximum)
        case .pixels(let px): size = min(px, fitting)
        }
        return max(size, 1)
    }
}
