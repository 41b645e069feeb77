import Foundation
import Testing
import LogocCore
import LogocImageIO
import LogocRenderTree
@testable import LogocRender

/// Initials of one style share a baseline (SPEC-v2 §6): centred on the
/// font's cap height, not on their ink, so accents and descenders no
/// longer move a row of avatars up and down; the ink still stays inside
/// the shape.
struct BaselineTests {
    static let edge = 512

    /// A 512 px circle avatar as the resolver makes it: the body fits the
    /// circle inside an 8 % padding, the ink the circle itself.
    static func tree(_ text: String, size: TextSize = .auto(maximum: 512 * 0.45), italic: Bool = false) -> RenderTree {
        let c = Point(x: 256, y: 256)
        let run = TextRun(text: text, font: FontChoice(family: "Inter", file: nil, weight: 700, italic: italic), size: size,
                          safeArea: .circle(center: c, radius: 256 - 512 * 0.08), inkArea: .circle(center: c, radius: 256),
                          color: .fixed(.black), minimumContrast: nil)
        return RenderTree(size: edge, shape: .square, background: .solid(.white), border: nil, text: run)
    }

    static func layout(_ tree: RenderTree, _ renderer: Renderer) throws -> TextLayout {
        try #require(try renderer.measure(tree).layout)
    }

    /// Tolerance of "the same baseline": 1/4 px. The layouts put the
    /// baseline at one computed height; what is left is floating point.
    static let tolerance = 0.25

    @Test func accentedInitialsShareTheBaselineAndTheSize() throws {
        let renderer = try Renderer(catalog: RendererTests.catalog)
        let reference = try Self.layout(Self.tree("ZA"), renderer)
        for text in ["ZÅ", "ÉØ", "JÇ", "ÅÄ", "ÑG", "ŽŠ", "ÒÙ", "ĄĘ"] {
            let layout = try Self.layout(Self.tree(text), renderer)
            #expect(abs(layout.baselineY - reference.baselineY) <= Self.tolerance, "\(text): baseline \(layout.baselineY) against \(reference.baselineY)")
            #expect(layout.fontSize == reference.fontSize, "\(text): size \(layout.fontSize) against \(reference.fontSize)")
        }
        // The cap height's middle is the canvas's: H is 0.727 em in Inter,
        // so the baseline sits that half below the centre.
        #expect(abs(reference.baselineY - (256 + 0.727 * reference.fontSize / 2)) < 2, "\(reference.baselineY)")
    }

    /// The same, from the pixels: letters standing flat on the baseline
    /// (Z, A, Å, Ä, É, E) end on the same row, whatever is above them.
    /// (Centred on the ink, `ZÅ` stood 29 px lower than `ZA` here.)
    @Test func flatBottomedLettersEndOnTheSameRow() throws {
        let renderer = try Renderer(catalog: RendererTests.catalog)
        var bottoms: [String: Int] = [:]
        for text in ["ZA", "ZÅ", "ÄÉ", "EE"] {
            let box = InkCentringTests.inkPixels(try renderer.pixels(Self.tree(text), scale: 1))
            bottoms[text] = box.y1
        }
        let rows = Set(bottoms.values)
        #expect(rows.count == 1, "\(bottoms)")
    }

    @Test func lowerCaseTextSitsOnTheXHeight() throws {
        let renderer = try Renderer(catalog: RendererTests.catalog)
        let text = try Self.layout(Self.tree("ax"), renderer)
        let ascending = try Self.layout(Self.tree("gy"), renderer)
        #expect(abs(text.baselineY - ascending.baselineY) <= Self.tolerance)
        // `x`'s ink is the x-height band: centred down within a pixel.
        let box = InkCentringTests.inkPixels(try renderer.pixels(Self.tree("xx"), scale: 1))
        #expect(abs(Double(box.y0 + box.y1) / 2 - 256) <= 1, "\(box)")
        #expect(TextPlacement.band(for: "Ab") == .capHeight)
        #expect(TextPlacement.band(for: "007") == .capHeight)
        #expect(TextPlacement.band(for: "gy") == .xHeight)
        #expect(TextPlacement.band(for: "王芳") == nil)
        #expect(TextPlacement.band(for: "عمر") == nil)
    }

    /// A text too tall on its baseline shrinks until its ink is inside the
    /// shape; one that only reaches into the padding keeps its size.
    @Test func inkStaysInsideTheShape() throws {
        let renderer = try Renderer(catalog: RendererTests.catalog)
        for (text, size) in [("ǺÅ", 330.0), ("ÅÉ", 300), ("ŞÇ", 330), ("ZA", 330), ("Åg", 300)] {
            let layout = try Self.layout(Self.tree(text, size: .pixels(size)), renderer)
            let ink = layout.inkBox
            for (x, y) in [(ink.x, ink.y), (ink.x + ink.width, ink.y), (ink.x, ink.y + ink.height), (ink.x + ink.width, ink.y + ink.height)] {
                let distance = ((x - 256) * (x - 256) + (y - 256) * (y - 256)).squareRoot()
                #expect(distance <= 256 + TextLayout.fitSlack, "\(text) at \(size): corner \(x), \(y) is \(distance) px from the centre")
            }
        }
        // `Ǻ`'s ring and accent would leave the circle at 330 px: it shrinks; `ZA` does not need to.
        #expect(try Self.layout(Self.tree("ǺÅ", size: .pixels(330)), renderer).fontSize < 330)
        let plain = try Self.layout(Self.tree("ZA", size: .pixels(200)), renderer)
        #expect(plain.fontSize == 200)
    }
}
