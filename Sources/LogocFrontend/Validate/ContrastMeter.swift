import LogocCore

/// WCAG contrast between a text colour and the colours of a background,
/// measured without pixels: exact for solid colours, and for gradients the
/// minimum over every stop and every 8-bit step between stops (luminance
/// along a segment can dip below both ends, as red to green does).
public enum ContrastMeter {
    /// Opaque colours a translucent background can show: over a white and
    /// over a black page, since the viewer's page is unknown.
    public static func backdrops(_ colour: RGBA) -> [RGBA] {
        colour.isOpaque ? [colour] : [colour.over(.white), colour.over(.black)]
    }

    /// Every opaque colour a gradient with these stops can show.
    public static func samples(_ stops: [RGBA]) -> [RGBA] {
        guard stops.count > 1 else { return stops.flatMap(backdrops) }
        var samples: [RGBA] = []
        for (a, b) in zip(stops, stops.dropFirst()) {
            for step in 0...64 {
                let t = Double(step) / 64
                func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
                samples += backdrops(RGBA(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a)))
            }
        }
        return samples
    }

    /// The lowest contrast of `text` over any of `backgrounds`.
    public static func minimum(_ text: RGBA, over backgrounds: [RGBA]) -> Double {
        backgrounds.map { text.over($0).contrast(with: $0) }.min() ?? 21
    }

    /// Black or white, whichever has the higher minimum contrast (black on a tie).
    public static func auto(over backgrounds: [RGBA]) -> RGBA {
        minimum(.white, over: backgrounds) > minimum(.black, over: backgrounds) ? .white : .black
    }
}
