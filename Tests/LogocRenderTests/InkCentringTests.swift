import Testing
import LogocCore
import LogocImageIO
import LogocRenderTree
@testable import LogocRender

/// Text is centred across on its outline's true extent. An italic glyph's
/// curves are slanted, so their control points reach beyond the curve
/// itself, and the control box (FreeType's, which Pango's ink rectangle is)
/// put Inter Italic `D` at size 1000 7 px left of centre and `J` at weight
/// 900 5.5 px right. Down, text sits on its cap height (`BaselineTests`):
/// `D`, whose ink is exactly the cap height, is centred both ways.
struct InkCentringTests {
    static let edge = 1600

    /// Black text of `size` px on a white square of `edge` px.
    static func tree(_ text: String, weight: Int, italic: Bool, size: Double = 1000) -> RenderTree {
        let area = Rect(x: 0, y: 0, width: Double(edge), height: Double(edge))
        let run = TextRun(text: text, font: FontChoice(family: "Inter", file: nil, weight: weight, italic: italic), size: .pixels(size),
                          safeArea: .rect(area), color: .fixed(.black), minimumContrast: nil)
        return RenderTree(size: edge, shape: .square, background: .solid(.white), border: nil, text: run)
    }

    /// The box of every pixel the text touches (any that is not white).
    static func inkPixels(_ p: PixelBuffer) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
        for y in 0..<p.height {
            for x in 0..<p.width {
                let i = y * p.stride + x * 4
                if p.bytes[i] != 255 || p.bytes[i + 1] != 255 || p.bytes[i + 2] != 255 {
                    (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1))
                }
            }
        }
        return (x0, y0, x1, y1)
    }

    /// At sizes far from the reference (100 px), above and below: the text
    /// is laid out at the reference and drawn scaled, so this also holds
    /// the drawing to the measurement.
    @Test(arguments: [("D", 400, true), ("J", 900, true), ("f", 400, true), ("Q", 700, true), ("D", 400, false), ("JD", 700, false)])
    func inkIsCentredWithinAPixel(_ text: String, _ weight: Int, _ italic: Bool) throws {
        let renderer = try Renderer(catalog: RendererTests.catalog)
        for size in [1000.0, 250, 37.5] {
            let tree = Self.tree(text, weight: weight, italic: italic, size: size)
            let box = Self.inkPixels(try renderer.pixels(tree, scale: 1))
            try #require(box.x1 > box.x0, "\(text) at \(size): nothing drawn")
            let centre = Double(Self.edge) / 2
            let dx = Double(box.x0 + box.x1) / 2 - centre, dy = Double(box.y0 + box.y1) / 2 - centre
            #expect(abs(dx) <= 1, "\(text) \(weight)\(italic ? " italic" : "") at \(size): ink centred \(dx) px off across")
            if text == "D" { #expect(abs(dy) <= 1, "D \(weight)\(italic ? " italic" : "") at \(size): \(dy) px off down") }
            // The measured ink box is the drawn one, to a pixel, both ways.
            let ink = try #require(try renderer.measureText(tree)).inkBox
            #expect(abs(ink.x - Double(box.x0)) <= 1 && abs(ink.x + ink.width - Double(box.x1)) <= 1, "\(text) at \(size): \(ink) against \(box)")
            #expect(abs(ink.y - Double(box.y0)) <= 1 && abs(ink.y + ink.height - Double(box.y1)) <= 1, "\(text) at \(size): \(ink) against \(box)")
        }
    }
}

/// The outline box made from each glyph's cached box equals the box of the
/// whole layout's outlines, for every script the bundled fonts draw.
struct OutlineInkTests {
    @Test(arguments: [("D", 400, true), ("Jane Doe", 900, true), ("fiona", 400, false), ("عمر فاروق", 700, false), ("שלום", 400, false),
                      ("प्रिया शर्मा", 700, false), ("王芳", 400, false), ("김민준", 700, false), ("Ǻçé ŢŴ", 400, true), ("A  B", 400, false)])
    func glyphBoxesGiveTheLayoutsBox(_ text: String, _ weight: Int, _ italic: Bool) throws {
        let catalog = RendererTests.catalog
        let session = try FontSession(catalog: catalog)
        // One size: every text is laid out at the reference size (and drawn scaled).
        let run = TextRun(text: text, font: FontChoice(family: "Inter", file: nil, weight: weight, italic: italic), size: .pixels(TextLayout.referenceSize),
                          safeArea: .rect(Rect(x: 0, y: 0, width: 4096, height: 4096)), color: .fixed(.black), minimumContrast: nil)
        try session.locked {
            let layout = try TextLayout(run, session: session)
            let cr = try #require(session.measuring.context)
            let whole = try #require(OutlineInk.box(of: layout.layout, on: cr))
            // Twice: the second time every glyph's box comes from the cache.
            for _ in 0..<2 {
                let cached = try #require(OutlineInk.box(of: layout.layout, on: cr, glyphs: session.measuring.glyphs))
                let tolerance = 2.0 / 256
                #expect(abs(cached.x - whole.x) <= tolerance && abs(cached.y - whole.y) <= tolerance
                        && abs(cached.width - whole.width) <= tolerance && abs(cached.height - whole.height) <= tolerance,
                        "\(text): \(cached) against \(whole)")
            }
        }
    }
}
