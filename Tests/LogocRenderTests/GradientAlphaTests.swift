import Foundation
import Testing
import LogocCore
import LogocImageIO
import LogocRenderTree
@testable import LogocRender

/// Gradients between stops of different opacity blend as CSS does:
/// premultiplied, so a transparent stop lends no colour of its own. Checked
/// on the PNG's pixels and on the SVG as rsvg-convert draws it, against the
/// CSS formula at each pixel's centre.
struct GradientAlphaTests {
    /// A 256 px square, the gradient running left to right.
    static func tree(_ colours: [RGBA]) -> RenderTree {
        let stops = colours.enumerated().map { GradientStop(offset: Double($0.offset) / Double(colours.count - 1), color: $0.element) }
        return RenderTree(size: 256, shape: .square, background: .linear(from: Point(x: 0, y: 128), to: Point(x: 256, y: 128), stops: stops),
                          border: nil, text: nil)
    }

    /// CSS's premultiplied interpolation between two stops at `t`, as
    /// premultiplied (red, green, blue, alpha), 0–255.
    static func css(_ a: RGBA, _ b: RGBA, at t: Double) -> [Double] {
        let (fa, fb) = (Double(a.a) / 255, Double(b.a) / 255)
        func mix(_ x: UInt8, _ y: UInt8) -> Double { (1 - t) * fa * Double(x) + t * fb * Double(y) }
        return [mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), 255 * ((1 - t) * fa + t * fb)]
    }

    /// Premultiplied (red, green, blue, alpha) of a pixel.
    static func premultiplied(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [Double] {
        let i = y * p.stride + x * 4
        return [Double(p.bytes[i + 2]), Double(p.bytes[i + 1]), Double(p.bytes[i]), Double(p.bytes[i + 3])]
    }

    /// The PNG's pixels and rsvg-convert's drawing of the SVG.
    static func drawings(_ tree: RenderTree) throws -> [(String, PixelBuffer)] {
        let renderer = try Renderer(catalog: RendererTests.catalog)
        let png = try ImageDecoder.decode(bytes: try renderer.png(tree, scale: 1))
        let base = NSTemporaryDirectory() + "logoc-gradient-" + UUID().uuidString
        defer {
            try? FileManager.default.removeItem(atPath: base + ".svg")
            try? FileManager.default.removeItem(atPath: base + ".png")
        }
        try Data(try renderer.svg(tree)).write(to: URL(fileURLWithPath: base + ".svg"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = [base + ".svg", "-o", base + ".png"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "rsvg-convert failed")
        return [("PNG", png), ("SVG", try ImageDecoder.decode(contentsOfFile: base + ".png"))]
    }

    /// Every pixel of the middle row within one level of CSS, channel by
    /// channel (premultiplied: what the pixel adds over any page).
    static func expectCSS(_ a: RGBA, _ b: RGBA, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (format, pixels) in try drawings(tree([a, b])) {
            var worst = 0.0
            for x in 0..<256 {
                let want = css(a, b, at: (Double(x) + 0.5) / 256), got = premultiplied(pixels, x, 128)
                worst = max(worst, zip(want, got).map { abs($0 - $1) }.max() ?? 0)
            }
            #expect(worst <= 1, "\(format) \(a) → \(b): \(worst) levels from CSS", sourceLocation: sourceLocation)
        }
    }

    /// `[transparent, "#0000FF"]`: half-way is half-transparent pure blue
    /// (0, 0, 255, 128), not the (0, 0, 128, 128) of interpolating the
    /// transparent stop's black.
    @Test func transparentToBlueIsBlueAllTheWay() throws {
        for (format, pixels) in try Self.drawings(Self.tree([.transparent, RGBA(rgb: 0x0000FF)])) {
            let middle = RendererTests.pixel(pixels, 128, 128)
            #expect(middle.r == 0 && middle.g == 0 && middle.b >= 254 && abs(Int(middle.a) - 128) <= 1, "\(format): \(middle)")
        }
        try Self.expectCSS(.transparent, RGBA(rgb: 0x0000FF))
    }

    /// `["#FF000000", blue]`: a transparent red adds no red, so no purple fringe.
    @Test func transparentRedLeavesNoFringe() throws {
        let clearRed = RGBA(r: 255, g: 0, b: 0, a: 0)
        for (format, pixels) in try Self.drawings(Self.tree([clearRed, RGBA(rgb: 0x0000FF)])) {
            let reddest = (0..<256).map { Self.premultiplied(pixels, $0, 128)[0] }.max() ?? 0
            #expect(reddest == 0, "\(format): red \(reddest) in the fringe")
        }
        try Self.expectCSS(clearRed, RGBA(rgb: 0x0000FF))
    }

    /// A transparent stop between two colours fades each side into its own
    /// colour: the transparent white lends neither side any white.
    @Test func aTransparentStopInTheMiddleTakesEachNeighboursColour() throws {
        let colours = [RGBA(rgb: 0xFF0000), RGBA(r: 255, g: 255, b: 255, a: 0), RGBA(rgb: 0x0000FF)]
        for (format, pixels) in try Self.drawings(Self.tree(colours)) {
            for x in 0..<256 {
                let p = Self.premultiplied(pixels, x, 128)
                // Red only on the left half, blue only on the right, never green.
                #expect(p[1] == 0 && (x < 128 ? p[2] == 0 : p[0] == 0), "\(format) at \(x): \(p)")
            }
        }
    }

    /// Stops that are both partly transparent: the intermediate stops keep
    /// every pixel within one level of CSS.
    @Test(arguments: [
        (RGBA(r: 255, g: 0, b: 0, a: 128), RGBA(rgb: 0x0000FF)),
        (RGBA(r: 255, g: 0, b: 0, a: 1), RGBA(rgb: 0x00FF00)),
        (RGBA(r: 255, g: 255, b: 255, a: 0x20), RGBA(r: 0, g: 0, b: 0, a: 0xE0)),
        (RGBA(rgb: 0xFFFF00), RGBA(r: 0, g: 0, b: 255, a: 3)),
    ])
    func translucentStopsFollowCSS(_ a: RGBA, _ b: RGBA) throws {
        try Self.expectCSS(a, b)
    }
}
