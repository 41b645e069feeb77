import LogocCore

/// WCAG contrast between a text colour and a solid background, without
/// pixels. (Gradients and images are measured by the renderer, on the pixels
/// under the text's ink.)
public enum ContrastMeter {
    /// Opaque colours a translucent background can show: over a white and
    /// over a black page, since the viewer's page is unknown.
    public static func backdrops(_ colour: RGBA) -> [RGBA] {
        colour.isOpaque ? [colour] : [colour.over(.white), colour.over(.black)]
    }

    /// The lowest contrast of `text` over any of `backgrounds`.
    public static func minimum(_ text: RGBA, over backgrounds: [RGBA]) -> Double {
        backgrounds.map { WCAG.contrast(text.over($0), $0) }.min() ?? 21
    }

    /// The lowest contrast of `text` over any of `backgrounds` for a viewer
    /// with `vision`: the text is laid over each background as the screen
    /// shows it, then both are seen through the simulation, unrounded.
    public static func minimum(_ text: RGBA, over backgrounds: [RGBA], seenBy vision: ColorVision) -> Double {
        backgrounds.map { vision.contrast(text.over($0), $0) }.min() ?? 21
    }

    /// Black or white, whichever has the higher minimum contrast (black on a tie).
    public static func auto(over backgrounds: [RGBA]) -> RGBA {
        minimum(.white, over: backgrounds) > minimum(.black, over: backgrounds) ? .white : .black
    }
}
