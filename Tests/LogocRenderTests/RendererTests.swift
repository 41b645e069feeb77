import Foundation
import Synchronization
import Testing
import LogocCore
import LogocFonts
import LogocImageIO
import LogocRenderTree
@testable import LogocRender

/// Drawing: shapes, paints, borders, text fitting and centring, emoji
/// scaling, missing glyphs, contrast on pixels, SVG stability.
struct RendererTests {
    static let catalog = FontCatalog()

    static func renderer() throws -> Renderer { try Renderer(catalog: catalog) }

    static func text(_ s: String, size: TextSize = .auto(maximum: 0.45 * 256), area: SafeArea? = nil, color: TextColor = .fixed(.white)) -> TextRun {
        TextRun(text: s, font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: size,
                safeArea: area ?? .circle(center: Point(x: 128, y: 128), radius: 100), color: color, minimumContrast: 3)
    }

    static func tree(_ shape: Shape = .circle, _ paint: Paint = .solid(RGBA(rgb: 0x1565C0)), border: Border? = nil, text: TextRun? = nil) -> RenderTree {
        RenderTree(size: 256, shape: shape, background: paint, border: border, text: text)
    }

    static func pixel(_ p: PixelBuffer, _ x: Int, _ y: Int) -> RGBA {
        let i = y * p.stride + x * 4
        let a = p.bytes[i + 3]
        guard a > 0 else { return .transparent }
        func s(_ c: UInt8) -> UInt8 { UInt8((Int(c) * 255 + Int(a) / 2) / Int(a)) }
        return RGBA(r: s(p.bytes[i + 2]), g: s(p.bytes[i + 1]), b: s(p.bytes[i]), a: a)
    }

    /// A renderer draws later specs on the canvases of earlier ones of the
    /// same size (cleared, with a fresh context): each PNG must be what a
    /// fresh renderer makes of that spec, whatever was drawn before.
    @Test func reusedCanvasesDrawWhatFreshOnesDo() throws {
        let gradient = Paint.linear(from: Point(x: 0, y: 0), to: Point(x: 256, y: 256),
                                    stops: [GradientStop(offset: 0, color: RGBA(rgb: 0x0F2027)), GradientStop(offset: 1, color: RGBA(rgb: 0x2C5364))])
        let trees = [
            Self.tree(.square, .solid(RGBA(rgb: 0xFF0000)), text: Self.text("AB")),
            Self.tree(.circle, gradient, text: Self.text("Zoë")),
            Self.tree(.roundRect(radius: 40), .solid(RGBA(rgb: 0x00FF00, alpha: 128)), border: Border(width: 8, color: RGBA(rgb: 0x000000))),
            Self.tree(.circle, .solid(RGBA(rgb: 0x1565C0)), text: Self.text("JD")),
        ]
        let reusing = try Self.renderer()
        for tree in trees + trees.reversed() {
            for scale in [1, 2] {
                let fresh = try Self.renderer().png(tree, scale: scale)
                #expect(try reusing.png(tree, scale: scale) == fresh)
            }
        }
    }

    @Test func shapesClipTheCanvas() throws {
        let r = try Self.renderer()
        let circle = try r.pixels(Self.tree(.circle), scale: 1)
        #expect(Self.pixel(circle, 128, 128) == RGBA(rgb: 0x1565C0))
        #expect(Self.pixel(circle, 2, 2) == .transparent)
        let square = try r.pixels(Self.tree(.square), scale: 1)
        #expect(Self.pixel(square, 1, 1) == RGBA(rgb: 0x1565C0))
        let round = try r.pixels(Self.tree(.roundRect(radius: 64)), scale: 1)
        #expect(Self.pixel(round, 3, 3) == .transparent)
        #expect(Self.pixel(round, 128, 2) == RGBA(rgb: 0x1565C0))
    }

    @Test func scaleMultipliesThePixels() throws {
        let p = try Self.renderer().pixels(Self.tree(), scale: 3)
        #expect(p.width == 768 && p.height == 768)
    }

    @Test func borderIsARingInsideTheEdge() throws {
        let p = try Self.renderer().pixels(Self.tree(.square, border: Border(width: 10, color: .white)), scale: 1)
        #expect(Self.pixel(p, 5, 128) == .white)
        #expect(Self.pixel(p, 15, 128) == RGBA(rgb: 0x1565C0))
    }

    @Test func linearGradientRunsTopToBottomAt180() throws {
        let (from, to) = (Point(x: 128, y: 0), Point(x: 128, y: 256))
        let p = try Self.renderer().pixels(Self.tree(.square, .linear(from: from, to: to, stops: [
            GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white)])), scale: 1)
        #expect(Self.pixel(p, 128, 1).r < 5)
        #expect(Self.pixel(p, 128, 254).r > 250)
        #expect(abs(Int(Self.pixel(p, 128, 128).r) - 128) <= 2)
    }

    @Test func autoTextFitsTheSafeAreaAndIsCentredOnItsInk() throws {
        let r = try Self.renderer()
        for s in ["AB", "W", "WWWWWWWW", "gjpqy", "李小龍", "🦊"] {
            let tree = Self.tree(text: Self.text(s))
            let m = try #require(try r.measureText(tree))
            let box = m.inkBox
            #expect(Resolved.fits(box, in: .circle(center: Point(x: 128, y: 128), radius: 100)), "\(s) overflows: \(box)")
            #expect(abs(box.x + box.width / 2 - 128) < 0.5 && abs(box.y + box.height / 2 - 128) < 0.5, "\(s) off centre: \(box)")
            // Big enough to use the space: one dimension nearly touches, or the 45% cap holds.
            let fill = max(box.width, box.height)
            #expect(fill > 60, "\(s) is tiny: \(box)")
        }
    }

    @Test func longFixedSizeTextShrinksToFit() throws {
        let run = Self.text("Hello, wonderful world", size: .pixels(200), area: .rect(Rect(x: 20, y: 20, width: 216, height: 216)))
        let m = try #require(try Self.renderer().measureText(Self.tree(.square, text: run)))
        // Fits as TextLayout promises: at most `fitSlack` (1/64 px) over.
        #expect(m.inkBox.width <= 216 + TextLayout.fitSlack && m.inkBox.x >= 20 - TextLayout.fitSlack)
    }

    @Test func emojiScaleWithTheCanvas() throws {
        let r = try Self.renderer()
        let small = try #require(try r.measureText(Self.tree(text: Self.text("🦊", area: .circle(center: Point(x: 128, y: 128), radius: 40)))))
        let large = try #require(try r.measureText(Self.tree(text: Self.text("🦊", area: .circle(center: Point(x: 128, y: 128), radius: 100)))))
        // Not drawn at the bitmap's fixed 136 px: the ink follows the area.
        #expect(large.inkBox.width > 2 * small.inkBox.width)
    }

    /// A renderer remembers each text's ink and baseline at the reference
    /// size, by text and font: texts measured after others of the same text
    /// and font (other sizes, areas, colours, fonts in between; each text
    /// twice, so the second meets what the first left) measure and draw what
    /// a fresh renderer measures and draws; a missing glyph is an error
    /// every time. (A key without the font fails it: "AB" in italic.)
    @Test func rememberedReferenceInksMeasureWhatFreshOnesDo() throws {
        let areas: [SafeArea] = [.circle(center: Point(x: 128, y: 128), radius: 100), .circle(center: Point(x: 128, y: 128), radius: 37.5),
                                 .rect(Rect(x: 20, y: 20, width: 216, height: 216))]
        let sizes: [TextSize] = [.auto(maximum: 115.2), .pixels(40), .pixels(300)]
        var trees: [RenderTree] = []
        for text in ["AB", "王芳", "🦊", "Ω", "AB", "王芳", "🦊"] {
            for (area, size) in zip(areas, sizes) {
                trees.append(Self.tree(text: Self.text(text, size: size, area: area, color: .auto)))
            }
            trees.append(Self.tree(text: TextRun(text: text, font: FontChoice(family: "Inter", file: nil, weight: 400, italic: true), size: sizes[0],
                                                 safeArea: areas[0], color: .auto, minimumContrast: 3)))
        }
        let shared = try Self.renderer()
        for tree in trees {
            let fresh = try Self.renderer()
            #expect(try shared.measureText(tree) == fresh.measureText(tree), "\(tree.text?.text ?? "")")
            #expect(try shared.pixels(tree, scale: 1).bytes == fresh.pixels(tree, scale: 1).bytes, "\(tree.text?.text ?? "")")
        }
        for _ in 0..<2 {
            #expect(throws: RenderError.self) { _ = try shared.measureText(Self.tree(text: Self.text("A\u{10600}"))) }
            #expect(throws: RenderError.self) { _ = try shared.measureText(Self.tree(text: Self.text("A\u{10600}", size: .pixels(20)))) }
        }
    }

    /// The renderers of a run share one set of inks (`Workers.map`): what
    /// one renderer's session measured, another's uses, and must measure
    /// and draw what a renderer of its own does.
    @Test func inksRememberedByAnotherRendererMeasureWhatFreshOnesDo() throws {
        let inks = ReferenceInks()
        let first = try Renderer(catalog: Self.catalog, references: inks)
        let trees = ["AB", "王芳", "🦊", "Ωx", "Jean-Luc"].flatMap { text in
            [TextSize.auto(maximum: 115.2), .pixels(40)].map { Self.tree(text: Self.text(text, size: $0, color: .auto)) }
        }
        for tree in trees { _ = try first.measureText(tree) }
        let second = try Renderer(catalog: Self.catalog, references: inks)
        for tree in trees {
            let fresh = try Self.renderer()
            #expect(try second.measureText(tree) == fresh.measureText(tree), "\(tree.text?.text ?? "")")
            #expect(try second.pixels(tree, scale: 1).bytes == fresh.pixels(tree, scale: 1).bytes, "\(tree.text?.text ?? "")")
        }
    }

    @Test func aCharacterNoFontHasIsAnError() throws {
        #expect(throws: RenderError.self) {
            _ = try Self.renderer().measureText(Self.tree(text: Self.text("A\u{10600}")))
        }
    }

    @Test func contrastIsMeasuredUnderTheInk() throws {
        let r = try Self.renderer()
        let grey = Self.tree(.square, .linear(from: Point(x: 128, y: 0), to: Point(x: 128, y: 256), stops: [
            GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: RGBA(rgb: 0xEEEEEE))]), text: Self.text("AB"))
        let m = try #require(try r.measureText(grey))
        #expect(m.ratio < 3)
        let auto = Self.tree(.square, .solid(RGBA(rgb: 0xFFF8E1)), text: Self.text("AB", color: .auto))
        let a = try #require(try r.measureText(auto))
        #expect(a.color == .black)
        #expect(abs(a.ratio - WCAG.contrast(RGBA.black, RGBA(rgb: 0xFFF8E1))) < 0.01)
    }

    @Test func imagesAreDrawnWhereTheTreeSays() throws {
        let root = NSTemporaryDirectory() + "logoc-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let red: [UInt8] = (0..<(8 * 8 * 4)).map { [0, 0, 255, 255][$0 % 4] }
        let path = root + "/red.png"
        try Data(PNGEncoder.encode(PixelBuffer(width: 8, height: 8, stride: 32, bytes: red))).write(to: URL(fileURLWithPath: path))
        let paint = Paint.image(ImagePaint(path: path, pixelWidth: 8, pixelHeight: 8,
                                           placement: Rect(x: 0, y: 64, width: 256, height: 128), underlay: .white))
        let p = try Self.renderer().pixels(Self.tree(.square, paint), scale: 1)
        #expect(Self.pixel(p, 128, 128) == RGBA(rgb: 0xFF0000))
        #expect(Self.pixel(p, 128, 10) == .white)
        // A file that is not an image is a render error, not a crash.
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: root + "/bad.png"))
        let bad = Paint.image(ImagePaint(path: root + "/bad.png", pixelWidth: 8, pixelHeight: 8, placement: Rect(x: 0, y: 0, width: 256, height: 256), underlay: .white))
        #expect(throws: RenderError.self) { _ = try Self.renderer().pixels(Self.tree(.square, bad), scale: 1) }
    }

    /// Renderers of one run share decoded and scaled photos (`ImageStore`):
    /// drawing from the shared copies, on several threads at once, gives the
    /// pixels a renderer with a store of its own draws.
    @Test func rendererSharingAnImageStoreDrawTheSamePixels() throws {
        let root = NSTemporaryDirectory() + "logoc-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (w, h) = (300, 200)
        let photo: [UInt8] = (0..<(w * h)).flatMap { i -> [UInt8] in
            let x = i % w, y = i / w
            return [UInt8(x * 255 / w), UInt8(y * 255 / h), UInt8((x ^ y) & 255), 255]
        }
        let path = root + "/photo.png"
        try Data(PNGEncoder.encode(PixelBuffer(width: w, height: h, stride: w * 4, bytes: photo))).write(to: URL(fileURLWithPath: path))
        let trees = [96, 128, 200].map { size in
            RenderTree(size: size, shape: .circle, background: .image(ImagePaint(
                path: path, pixelWidth: w, pixelHeight: h,
                placement: Rect(x: -Double(size) / 4, y: 0, width: Double(size) * 1.5, height: Double(size)), underlay: .white)),
                border: nil, text: nil)
        }
        let expected = try trees.map { try Self.renderer().pixels($0, scale: 2) }
        let store = ImageStore()
        let drawn = Mutex<[[PixelBuffer]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            guard let r = try? Renderer(catalog: Self.catalog, images: store),
                  let pixels = try? (0..<3).flatMap({ _ in try trees.map { try r.pixels($0, scale: 2) } }) else { return }
            drawn.withLock { $0.append(pixels) }
        }
        let all = drawn.withLock { $0 }
        #expect(all.count == 4)
        for pixels in all { #expect(pixels == expected + expected + expected) }
    }

    @Test func svgIsPixelUnitsAndByteStableWithinOneProcess() throws {
        let tree = Self.tree(.roundRect(radius: 40), text: Self.text("JD"))
        let r = try Self.renderer()
        let first = try r.svg(tree), second = try r.svg(tree), third = try Self.renderer().svg(tree)
        #expect(first == second && second == third)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("width=\"256px\"") || text.contains("width=\"256\""))
        #expect(text.contains("id=\"surface1\""))
    }
}

/// Helpers that state what "fits" means for a box.
enum Resolved {
    static func fits(_ box: Rect, in area: SafeArea) -> Bool {
        switch area {
        case .circle(let c, let r):
            let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)]
            return corners.allSatisfy { (($0.0 - c.x) * ($0.0 - c.x) + ($0.1 - c.y) * ($0.1 - c.y)).squareRoot() <= r + 0.01 }
        case .rect(let r):
            return box.x >= r.x - 0.01 && box.y >= r.y - 0.01 && box.x + box.width <= r.x + r.width + 0.01 && box.y + box.height <= r.y + r.height + 0.01
        }
    }
}
