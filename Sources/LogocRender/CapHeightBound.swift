import LogocRenderTree

/// A floor under a text's cap height on the 1× canvas, worked out from the
/// tree alone, without laying the text out: `check` asks W004 of every
/// spec, and laying out the text of a spec with a solid background (which
/// `check` otherwise never draws) cost it about a fifth of its time. When
/// the floor is already readable in a file, nothing is measured.
///
/// The floor is generous on purpose: it assumes every character's ink is
/// up to two em wide, the body and the ink up to 1.5 em tall, a cap height
/// of at least 0.4 em and the full shrink of the fitting loop. Texts
/// without cased letters or digits are centred on their ink, whose height
/// can be a dash's: they get no floor and are always measured.
public enum CapHeightBound {
    /// Widest ink of one character, in em.
    static let characterWidth = 2.0
    /// Tallest body or ink, in em.
    static let inkHeight = 1.5
    /// Smallest cap height of a text font, in em.
    static let capHeight = 0.4
    /// What `TextLayout`'s fitting loop may take off: 20 steps of 2 %.
    static let shrink = 0.66

    /// The floor in 1× pixels; nil when the tree has no text, or a text
    /// without a band.
    public static func floor(_ tree: RenderTree) -> Double? {
        guard let run = tree.text, TextPlacement.band(for: run.text) != nil else { return nil }
        let width = Double(run.text.count) * characterWidth
        func fitting(_ area: SafeArea, body: Double) -> Double {
            switch area {
            case .circle(_, let r): return 2 * r / (width * width + body * body).squareRoot()
            case .rect(let rect): return min(rect.width / width, rect.height / body)
            }
        }
        // The body fits the safe area; the ink, reaching up to `inkHeight` from the band's middle, the ink area.
        let fit = min(fitting(run.safeArea, body: inkHeight), fitting(run.inkArea, body: 2 * inkHeight))
        let size: Double
        switch run.size {
        case .auto(let maximum): size = min(maximum, fit)
        case .pixels(let px): size = min(px, fit)
        }
        return max(0, max(size, 1) * shrink * capHeight)
    }
}
