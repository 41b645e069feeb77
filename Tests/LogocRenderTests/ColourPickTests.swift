import Foundation
import Testing
import LogocCore
import LogocFonts
import LogocImageIO
import LogocRenderTree
@testable import LogocRender

/// `color: fromImage` and `auto` rings, and the fingerprints of the look-alike check.
struct ColourPickTests {
    /// A navy picture with an orange block in its top-left corner (a tenth of it).
    static func poster() throws -> String {
        let (w, h) = (200, 200)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let c = x < 60 && y < 60 ? RGBA(rgb: 0xFB8C00) : RGBA(rgb: 0x1A1F4D)
                let i = (y * w + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (c.b, c.g, c.r, 255)
            }
        }
        let path = NSTemporaryDirectory() + "logoc-poster-\(UUID().uuidString).png"
        try Data(try PNGEncoder.encode(PixelBuffer(width: w, height: h, stride: w * 4, bytes: bytes))).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func imageTree(_ path: String, text: TextColor, border: ColorChoice?) -> RenderTree {
        RenderTree(size: 200, shape: .square,
                   background: .image(ImagePaint(path: path, pixelWidth: 200, pixelHeight: 200,
                                                 placement: Rect(x: 0, y: 0, width: 200, height: 200), underlay: .transparent)),
                   border: border.map { Border(width: 8, color: $0) },
                   text: TextRun(text: "AB", font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: .pixels(40),
                                 safeArea: .rect(Rect(x: 70, y: 70, width: 120, height: 120)), color: text, minimumContrast: 3))
    }

    @Test func fromImagePicksThePicturesOwnColour() throws {
        let path = try Self.poster()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Renderer(catalog: RendererTests.catalog)
        let picked = try r.measureText(Self.imageTree(path, text: .fromImage, border: nil))
        #expect(picked.map { ImagePaletteTests.close($0.color, RGBA(rgb: 0xFB8C00), within: 4) } == true, "\(String(describing: picked?.color))")
        let auto = try r.measureText(Self.imageTree(path, text: .auto, border: nil))
        #expect(auto?.color == .white)
    }

    static func text(at area: Rect, size: Double) -> TextRun {
        TextRun(text: "A", font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: .pixels(size),
                safeArea: .rect(area), color: .fromImage, minimumContrast: 3)
    }

    @Test func fromImagePicksWhatReadsWhereTheTextIs() throws {
        let path = try Self.poster()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Renderer(catalog: RendererTests.catalog)
        let background = Self.imageTree(path, text: .auto, border: nil).background
        // Over the orange block, the picture's navy reads.
        let overOrange = RenderTree(size: 200, shape: .square, background: background, border: nil, text: Self.text(at: Rect(x: 5, y: 5, width: 50, height: 50), size: 30))
        #expect(try r.measureText(overOrange).map { ImagePaletteTests.close($0.color, RGBA(rgb: 0x1A1F4D), within: 4) } == true)
        // Across both colours neither reads: black or white, as with auto.
        let across = RenderTree(size: 200, shape: .square, background: background, border: nil, text: Self.text(at: Rect(x: 20, y: 20, width: 80, height: 80), size: 70))
        let measured = try r.measureText(across)
        #expect(measured?.color == .black || measured?.color == .white, "\(String(describing: measured?.color))")
    }

    @Test func ringsPickFromThePictureOrBlackAndWhite() throws {
        let path = try Self.poster()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Renderer(catalog: RendererTests.catalog)
        let fromImage = try r.pixels(Self.imageTree(path, text: .fixed(.white), border: .fromImage), scale: 1)
        #expect(ImagePaletteTests.close(RendererTests.pixel(fromImage, 196, 100), RGBA(rgb: 0xFB8C00), within: 4))
        let auto = try r.pixels(Self.imageTree(path, text: .fixed(.white), border: .auto), scale: 1)
        #expect(RendererTests.pixel(auto, 196, 100) == .white)
        // On a solid background fromImage has no picture to pick from.
        let solid = RenderTree(size: 200, shape: .square, background: .solid(RGBA(rgb: 0xFFF8E1)), border: Border(width: 8, color: .fromImage), text: nil)
        #expect(RendererTests.pixel(try r.pixels(solid, scale: 1), 196, 100) == .black)
    }

    @Test func colourVisionRatiosAreMeasuredOnPixels() throws {
        let r = try Renderer(catalog: RendererTests.catalog)
        let run = TextRun(text: "GO", font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: .pixels(60),
                          safeArea: .circle(center: Point(x: 100, y: 100), radius: 80), color: .fixed(RGBA(rgb: 0xC62828)), minimumContrast: 3,
                          colorVision: ColorVision.allCases)
        let tree = RenderTree(size: 200, shape: .circle, background: .linear(from: Point(x: 0, y: 0), to: Point(x: 0, y: 200),
                              stops: [GradientStop(offset: 0, color: RGBA(rgb: 0x00E676)), GradientStop(offset: 1, color: RGBA(rgb: 0x00E676))]),
                              border: nil, text: run)
        let m = try r.measureText(tree)
        #expect((m?.ratio ?? 0) > 3)
        #expect((m?.visionRatios[.deuteranopia] ?? 9) < 3)
        #expect((m?.visionRatios[.protanopia] ?? 0) > 3)
    }

    // MARK: Fingerprints

    static func avatar(_ background: UInt32, _ text: String, shape: Shape = .circle) -> RenderTree {
        RenderTree(size: 256, shape: shape, background: .solid(RGBA(rgb: background)), border: nil,
                   text: RendererTests.text(text, color: .fixed(.white)))
    }

    @Test func nearDuplicatesAreCloseAndDistinctAvatarsFar() throws {
        let r = try Renderer(catalog: RendererTests.catalog)
        let a = try r.fingerprint(Self.avatar(0x1565C0, "AL"))
        let copy = try r.fingerprint(Self.avatar(0x1565C0, "AL"))
        let shade = try r.fingerprint(Self.avatar(0x1666C2, "AL"))
        let other = try r.fingerprint(Self.avatar(0x1565C0, "QX", shape: .square))
        let red = try r.fingerprint(Self.avatar(0xC62828, "AL"))
        #expect(a == copy)
        #expect(a.distance(to: shade) <= 2 && a.colorDistance(to: shade) < 0.02)
        #expect(a.distance(to: other) > 10)
        #expect(a.colorDistance(to: red) > 0.1)
        #expect(Fingerprint(a.description) == a)
        #expect(Fingerprint("not a fingerprint") == nil)
    }
}
