import Foundation
import LogocCore
import LogocRenderTree

/// What a text's measurement is sure to be, worked out from its ink at the
/// reference size (`TextFit`) without sizing and placing it, and whether its
/// contrast rule can fail at all over an opaque gradient.
///
/// Why: `check` only needs decisions (is the text too small? is the
/// contrast below the minimum?), and a bound that passes saves reading the
/// pixels under the ink. A text's ink at its size is its reference ink
/// scaled (`TextLayout` lays out at the reference size and draws scaled),
/// and the fitting loop only shrinks a text from `TextFit.firstSize`, at
/// most `TextFit.maximumShrinks` times, about the same centre; so:
///
/// - the cap height is at least its value after every shrink (exact, the
///   same arithmetic as `TextLayout`);
/// - the ink window the measure stage reads lies inside `window`: the box
///   the ink can take at any size the loop can end at, widened by
///   `inkSlack` on every side and rounded out to whole pixels;
/// - over an opaque gradient every pixel's channels lie between its stops'
///   (`StopLuminances`), so when `window` is clear of the shape's edge and
///   the ring, the contrast the text reaches under its ink is at least
///   `contrastAtLeast`.
///
/// Each bound only ever says "at least": the caller (`SpecPlan`) skips the
/// measurement when the bound already passes the rule, and measures as
/// before otherwise, so decisions and messages are those of the pixels
/// (`TextBoundsTests` holds bounds against real layouts, and
/// `GeometryContrastEquivalenceTests` the decisions of random specs).
public struct TextBounds: Sendable, Equatable {
    /// The least cap height on the 1× canvas any run of the fitting loop can give.
    public let minimumCapHeight: Double
    /// Canvas pixels (`x1`, `y1` excluded) holding every pixel the measure
    /// stage can read under the ink.
    let window: BackgroundExtremes.Window
    /// The least contrast the text's colour can reach over the pixels under
    /// its ink (for `auto`, the better of white and black); nil when only
    /// the pixels can tell (not an opaque gradient, translucent text, colour
    /// vision, a window reaching the shape's edge or the ring).
    public let contrastAtLeast: Double?

    /// How far (px) the bounds widen the ink on every side: the ink at the
    /// final size is the reference ink scaled, the same arithmetic, so only
    /// floating-point rounding could move it, far less than this.
    static let inkSlack = 0.25

    /// Nil when the reference ink is empty (nothing to bound).
    init?(fit: TextFit, tree: RenderTree) {
        let ink = fit.reference.ink
        guard ink.width > 0, ink.height > 0 else { return nil }
        let reference = TextLayout.referenceSize
        let largest = fit.firstSize
        // The size after every shrink, multiplied as the loop multiplies.
        var smallest = largest
        for _ in 0..<TextFit.maximumShrinks { smallest *= TextFit.shrinkStep }
        let slack = Self.inkSlack
        minimumCapHeight = fit.bodyHeight.map { $0 * smallest / reference } ?? max(0, ink.height * smallest / reference - slack)
        // Across: centred on the ink, so the widest ink reaches farthest.
        let center = fit.run.safeArea.center
        let halfWidth = ink.width * largest / reference / 2 + slack
        // Down: the band's middle (or the ink's) on the centre; the ink's
        // top and bottom move linearly with the size about it.
        let top: Double, bottom: Double
        if let band = fit.bandHeight {
            let above = ink.y - fit.reference.baseline + band / 2
            let below = above + ink.height
            top = center.y + min(above * smallest, above * largest) / reference - slack
            bottom = center.y + max(below * smallest, below * largest) / reference + slack
        } else {
            let halfHeight = ink.height * largest / reference / 2 + slack
            (top, bottom) = (center.y - halfHeight, center.y + halfHeight)
        }
        let left = center.x - halfWidth, right = center.x + halfWidth
        guard [left, right, top, bottom].allSatisfy(\.isFinite) else { return nil }
        // Rounded out as the measure stage rounds the ink box to its window.
        window = BackgroundExtremes.Window(x0: max(0, Int(saturating: left.rounded(.down))), y0: max(0, Int(saturating: top.rounded(.down))),
                                           x1: min(tree.size, Int(saturating: right.rounded(.up))),
                                           y1: min(tree.size, Int(saturating: bottom.rounded(.up))))
        contrastAtLeast = Self.contrastAtLeast(tree: tree, run: fit.run, window: window)
    }

    /// The least contrast of the run's colour over `window` of an opaque
    /// gradient clear of edges; nil when that cannot be bounded.
    private static func contrastAtLeast(tree: RenderTree, run: TextRun, window: BackgroundExtremes.Window) -> Double? {
        guard run.colorVision.isEmpty, window.x0 < window.x1, window.y0 < window.y1,
              let range = StopLuminances.of(tree.background),
              BackgroundExtremes.clearOfEdges(tree, border: tree.border == nil ? nil : .black, window: window) else { return nil }
        // The least contrast of opaque text of luminance `l`: as
        // `Backdrop.minimumContrast`, from the extremes, which lie in `range`.
        func least(_ c: RGBA) -> Double? {
            let l = WCAG.luminance(c)
            if l >= range.lightest { return WCAG.contrast(range.lightest, l) }
            if l <= range.darkest { return WCAG.contrast(range.darkest, l) }
            return nil
        }
        switch run.color {
        case .fixed(let c):
            guard c.isOpaque else { return nil }
            return least(c)
        case .auto, .fromImage:
            // Not over a picture, `fromImage` is `auto`: the better of the two.
            return [least(.white), least(.black)].compactMap { $0 }.max()
        }
    }
}

/// The darkest and lightest luminance any pixel of an opaque gradient can
/// have. Pixman interpolates each channel between two neighbouring stops
/// and rounds to 8 bits, which never leaves the range of the two; padding
/// repeats the end stops. So every pixel's channels lie between the
/// stops' smallest and largest, and (WCAG's tables increase) its luminance
/// between the luminances of those channel-wise extremes.
enum StopLuminances {
    static func of(_ paint: Paint) -> (darkest: Double, lightest: Double)? {
        let stops: [GradientStop]
        switch paint {
        case .linear(_, _, let s), .radial(_, _, let s): stops = s
        case .solid, .image: return nil
        }
        guard !stops.isEmpty, stops.allSatisfy({ $0.color.isOpaque }) else { return nil }
        let colors = stops.map(\.color)
        func channel(_ pick: (RGBA) -> UInt8, _ extreme: ([UInt8]) -> UInt8?) -> UInt8 { extreme(colors.map(pick)) ?? 0 }
        let darkest = RGBA(r: channel(\.r) { $0.min() }, g: channel(\.g) { $0.min() }, b: channel(\.b) { $0.min() }, a: 255)
        let lightest = RGBA(r: channel(\.r) { $0.max() }, g: channel(\.g) { $0.max() }, b: channel(\.b) { $0.max() }, a: 255)
        return (WCAG.luminance(darkest), WCAG.luminance(lightest))
    }
}
