import Foundation
import LogocCore

/// The contrast a spec's text must reach, and the one wording of E011 that
/// both the front end (solid colours, exact) and the renderer (gradients and
/// images, measured on the pixels under the text) report.
public struct ContrastRule: Sendable, Equatable {
    /// The minimum ratio, 1–21.
    public let minimum: Double
    /// How the minimum is shown: `4.5:1 (AA)`.
    public let label: String

    /// What was measured for the text.
    public struct Measurement: Sendable, Equatable {
        public var color: RGBA
        public var ratio: Double
        /// Whether the colour was chosen by `color: auto`.
        public var isAuto: Bool
        /// What `auto` would choose and reach, for the advice.
        public var autoColor: RGBA
        public var autoRatio: Double

        public init(color: RGBA, ratio: Double, isAuto: Bool, autoColor: RGBA, autoRatio: Double) {
            (self.color, self.ratio, self.isAuto, self.autoColor, self.autoRatio) = (color, ratio, isAuto, autoColor, autoRatio)
        }
    }

    /// The rule in force: the spec's `contrast`, else `logoc.yaml`'s, else
    /// AA-large; nil for `contrast: off`.
    public init?(logo written: Located<ContrastSyntax>?, project: Project) {
        switch (written ?? project.config.contrast)?.value {
        case .off: return nil
        case .minimum(let ratio): self.init(minimum: ratio)
        case nil: self.init(minimum: 3)
        }
    }

    public init(minimum: Double) {
        self.minimum = minimum
        let number = SyntaxDecoder.format(minimum) + ":1"
        if let word = LanguageSchema.contrastLevels.first(where: { $0.ratio == minimum })?.word {
            label = "\(number) (\(word))"
        } else {
            label = number
        }
    }

    /// E011 when the measurement is below the minimum, else nil. The ratio
    /// is shown rounded down, so 4.499 never reads as "4.50 below 4.5".
    public func diagnostic(_ m: Measurement, at span: SourceSpan) -> Diagnostic? {
        guard m.ratio + 1e-9 < minimum else { return nil }
        let shown = String(format: "%.2f", floor(m.ratio * 100) / 100)
        let name = { (c: RGBA) in c == .white ? "white" : c == .black ? "black" : c.description }
        if m.isAuto {
            return Diagnostic(.E011, "contrast \(shown):1 of auto text (\(name(m.color))) is below the minimum \(label); no text colour can reach it here",
                              at: span, help: "use a lighter or darker background, or lower 'contrast'")
        }
        let help = m.autoRatio + 1e-9 >= minimum
            ? "use 'color: auto' (\(name(m.autoColor)) reaches it), or a \(m.color.relativeLuminance > 0.18 ? "darker" : "lighter") background"
            : "choose a lighter or darker text colour or background; for a logotype, 'contrast: off'"
        return Diagnostic(.E011, "contrast \(shown):1 between text \(m.color) and the background is below the minimum \(label)",
                          at: span, help: help)
    }
}
