import Foundation
import LogocCore

/// The contrast a spec's text must reach, and the one wording of E011 that
/// both the front end (solid colours, exact) and the renderer (gradients and
/// images, measured on the pixels under the text) report.
public struct ContrastRule: Sendable, Equatable {
    /// The minimum ratio, 1–21.
    public let minimum: Double
    /// How the minimum is shown: `4.5:1 (AA)`. Worded when a diagnostic
    /// asks: every spec makes a rule, and wording it each time was a
    /// number formatted and two strings joined per spec, for nothing.
    public var label: String {
        let number = SyntaxDecoder.format(minimum) + ":1"
        guard let word = LanguageSchema.contrastLevels.first(where: { $0.ratio == minimum })?.word else { return number }
        return "\(number) (\(word))"
    }
    /// Deficiencies the contrast is re-checked under (`contrast.colorVision`).
    public let colorVision: [ColorVision]

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
    public init?(logo written: Located<ContrastSyntax>?, colorVision: Located<[ColorVision]>? = nil, project: Project) {
        let vision = (colorVision ?? project.config.colorVision)?.value ?? []
        switch (written ?? project.config.contrast)?.value {
        case .off: return nil
        case .minimum(let ratio): self.init(minimum: ratio, colorVision: vision)
        case nil: self.init(minimum: 3, colorVision: vision)
        }
    }

    /// The rule of a spec (its own `contrast`, else `logoc.yaml`'s).
    public init?(_ logo: LogoSyntax, project: Project) {
        self.init(logo: logo.contrast, colorVision: logo.colorVision, project: project)
    }

    public init(minimum: Double, colorVision: [ColorVision] = []) {
        self.minimum = minimum
        self.colorVision = colorVision
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
            ? "use 'color: auto' (\(name(m.autoColor)) reaches it), or a \(WCAG.luminance(m.color) > 0.18 ? "darker" : "lighter") background"
            : "choose a lighter or darker text colour or background; for a logotype, 'contrast: off'"
        return Diagnostic(.E011, "contrast \(shown):1 between text \(m.color) and the background is below the minimum \(label)",
                          at: span, help: help)
    }

    /// E017 when the text passes for normal vision but not under one or more
    /// of `colorVision`; `ratios` are the contrasts measured under each.
    /// (Failing for normal vision too is E011's alone: one problem, one code.)
    public func colorVisionDiagnostic(_ m: Measurement, ratios: [(ColorVision, Double)], at span: SourceSpan) -> Diagnostic? {
        guard m.ratio + 1e-9 >= minimum else { return nil }
        let failing = ratios.filter { $0.1 + 1e-9 < minimum }.sorted { $0.0 < $1.0 }
        guard let worst = failing.min(by: { $0.1 < $1.1 }) else { return nil }
        let list = failing.map { "\($0.0.rawValue) (\(String(format: "%.2f", floor($0.1 * 100) / 100)):1)" }
        let what = m.isAuto ? "auto text (\(m.color == .white ? "white" : m.color == .black ? "black" : m.color.description))" : "text \(m.color)"
        // Auto text is already the better of black and white: suggesting
        // 'color: auto' again would send the user in a circle.
        let help = m.isAuto
            ? "the background differs from \(m.color == .white ? "white" : m.color == .black ? "black" : m.color.description) mostly in hue, which \(worst.0.rawValue) loses; use a \(WCAG.luminance(m.color) > 0.18 ? "darker" : "lighter") background"
            : "the colours differ mostly in hue, which \(worst.0.rawValue) loses; make the text and the background differ in lightness, or use 'color: auto'"
        return Diagnostic(.E017, "contrast of \(what) is below the minimum \(label) for a viewer with " + SyntaxDecoder.list(list, quote: false, or: false),
                          at: span, help: help)
    }
}
