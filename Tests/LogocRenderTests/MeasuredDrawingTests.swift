import Testing
import LogocCore
import LogocImageIO
@testable import LogocRender
import LogocRenderTree

/// Measure, then draw: the caller holds the `Measured` value and passes it
/// to each drawing; nothing in the renderer ties two calls together.
struct MeasuredDrawingTests {
    static func tree(_ text: String, _ from: UInt32, _ to: UInt32, color: TextColor = .fixed(.white)) -> RenderTree {
        RendererTests.tree(.circle, .linear(from: Point(x: 0, y: 0), to: Point(x: 256, y: 256), stops: [
            GradientStop(offset: 0, color: RGBA(rgb: from)), GradientStop(offset: 1, color: RGBA(rgb: to)),
        ]), text: RendererTests.text(text, color: color))
    }

    /// Drawings of a measured tree are the same whatever the renderer
    /// measured and drew in between (the renderer kept the last two trees
    /// it measured, and a third one measured meanwhile made it measure again).
    @Test func aMeasuredTreeDrawsTheSameAfterOtherTreesWereMeasured() throws {
        let trees = [Self.tree("AB", 0x1565C0, 0x00838F), Self.tree("CD", 0xC62828, 0x6A1B9A), Self.tree("EF", 0x2E7D32, 0x000000)]
        let r = try RendererTests.renderer()
        let held = try r.measure(trees[0], keepingCanvas: true)
        let others = try trees.dropFirst().map { try r.measure($0, keepingCanvas: true) }
        _ = try others.map { try r.png($0, scale: 2) }
        let fresh = try RendererTests.renderer()
        #expect(try r.png(held, scale: 1) == fresh.png(fresh.measure(trees[0]), scale: 1))
        #expect(try r.png(held, scale: 2) == fresh.png(fresh.measure(trees[0]), scale: 2))
        #expect(try r.svg(held) == fresh.svg(fresh.measure(trees[0])))
        #expect(try r.fingerprint(held) == fresh.fingerprint(fresh.measure(trees[0])))
    }

    /// The canvas measured on is finished by the first 1× drawing and given
    /// back to the pool; a second 1× drawing of the same value draws afresh,
    /// to the same bytes.
    @Test func theKeptCanvasIsFinishedOnceAndGivenBack() throws {
        let r = try RendererTests.renderer()
        let measured = try r.measure(Self.tree("AB", 0x1565C0, 0x00838F), keepingCanvas: true)
        #expect(measured.canvas?.surface != nil)
        #expect(r.measureCount == 1)
        let first = try r.png(measured, scale: 1)
        #expect(measured.canvas?.surface == nil, "the 1× PNG took the canvas")
        let second = try r.png(measured, scale: 1)
        #expect(first == second)
        #expect(r.measureCount == 1, "drawing measures nothing")
    }

    /// The measured value carries what `check` reports: the text's colour
    /// and contrast as drawn, and the ring's colour.
    @Test func theMeasurementIsWhatIsDrawn() throws {
        let r = try RendererTests.renderer()
        let measured = try r.measure(Self.tree("AB", 0xFFFFFF, 0xEEEEEE, color: .auto))
        let text = try #require(measured.text)
        #expect(text.color == .black)
        let pixels = try r.pixels(measured, scale: 1)
        let box = text.inkBox
        var dark = 0
        for y in Int(box.y)..<Int(box.y + box.height) {
            for x in Int(box.x)..<Int(box.x + box.width) where RendererTests.pixel(pixels, x, y) == .black { dark += 1 }
        }
        #expect(dark > 50, "the text is drawn in the measured colour")
        #expect(measured.ringFallback == nil)
    }
}
