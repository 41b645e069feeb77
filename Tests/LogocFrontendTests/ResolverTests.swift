import Foundation
import Testing
import LogocCore
import LogocRenderTree
@testable import LogocFrontend

/// Defaults, gradient geometry (CSS semantics), stop positions, image fit
/// and focus, safe areas.
struct ResolverTests {
    static func tree(_ yaml: String, files: [String: [UInt8]] = [:]) throws -> RenderTree {
        let project = try TestProject()
        for (path, bytes) in files { try project.write(path, bytes: bytes) }
        let result = try project.check(spec: yaml)
        let spec = try #require(result.specs.first, "\(result.summary)")
        return Resolver(project: project.load()).resolve(spec).light
    }

    @Test func defaultsAreSPECs() throws {
        let tree = try Self.tree("text: {initials: ada lovelace}\n")
        #expect(tree.size == 512)
        #expect(tree.shape == .circle)
        #expect(tree.background == .solid(RGBA(rgb: 0x9E9E9E)))
        #expect(tree.border == nil)
        let text = try #require(tree.text)
        #expect(text.text == "AL")
        #expect(text.font == FontChoice(family: "Inter", file: nil, weight: 700, italic: false))
        #expect(text.size == .auto(maximum: 512 * 0.45))
        #expect(text.color == .auto)
        #expect(text.minimumContrast == 3)
    }

    @Test(arguments: [
        // angle, from, to (CSS: 0 = towards the top, 90 = right, 180 = bottom)
        (180.0, Point(x: 50, y: 0), Point(x: 50, y: 100)),
        (0.0, Point(x: 50, y: 100), Point(x: 50, y: 0)),
        (90.0, Point(x: 0, y: 50), Point(x: 100, y: 50)),
        (270.0, Point(x: 100, y: 50), Point(x: 0, y: 50)),
    ])
    func linearGradientLineFollowsCSS(_ angle: Double, _ from: Point, _ to: Point) {
        let (a, b) = Resolver.linearLine(angle: angle, size: 100)
        #expect(abs(a.x - from.x) < 1e-9 && abs(a.y - from.y) < 1e-9)
        #expect(abs(b.x - to.x) < 1e-9 && abs(b.y - to.y) < 1e-9)
    }

    @Test func diagonalGradientReachesTheCorners() {
        // At 45° the line runs corner to corner of a square: length √2·size.
        let (a, b) = Resolver.linearLine(angle: 45, size: 100)
        #expect(abs(a.x - 0) < 1e-9 && abs(a.y - 100) < 1e-9)
        #expect(abs(b.x - 100) < 1e-9 && abs(b.y - 0) < 1e-9)
    }

    @Test func stopPositionsAreFixedUpAsInCSS() {
        let c = RGBA.black
        #expect(Resolver.stops([(nil, c), (nil, c), (nil, c)]).map(\.offset) == [0, 0.5, 1])
        #expect(Resolver.stops([(nil, c), (0.8, c), (nil, c), (nil, c)]).map(\.offset) == [0, 0.8, 0.9, 1])
        // Positions never go backwards.
        #expect(Resolver.stops([(0.6, c), (0.2, c)]).map(\.offset) == [0.6, 0.6])
    }

    @Test func equalStopsBecomeASolidColour() throws {
        let tree = try Self.tree("background: {gradient: {colors: [red, \"#FF0000\"]}}\n")
        #expect(tree.background == .solid(RGBA(rgb: 0xFF0000)))
    }

    /// A PNG header of the given size is all the resolver reads.
    static func pngHeader(_ w: UInt32, _ h: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(w) + be(h) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    @Test func coverFillsAndKeepsTheFocusNearTheCentre() throws {
        // 200 × 100 into 100 × 100: scaled to 200 × 100, 100 px to crop.
        let centred = try Self.tree("size: 100\nbackground: {image: p.png}\n", files: ["p.png": Self.pngHeader(200, 100)])
        guard case .image(let image) = centred.background else { Issue.record("not an image"); return }
        #expect(image.placement == Rect(x: -50, y: 0, width: 200, height: 100))
        // Focus on the right quarter: as far right as the edge allows.
        let right = try Self.tree("size: 100\nbackground: {image: {path: p.png, focus: [0.9, 0.5]}}\n", files: ["p.png": Self.pngHeader(200, 100)])
        guard case .image(let r) = right.background else { Issue.record("not an image"); return }
        #expect(r.placement.x == -100)
        let third = try Self.tree("size: 100\nbackground: {image: {path: p.png, focus: [0.4, 0.5]}}\n", files: ["p.png": Self.pngHeader(200, 100)])
        guard case .image(let t) = third.background else { Issue.record("not an image"); return }
        #expect(abs(t.placement.x - (50 - 80)) < 1e-9)
    }

    @Test func containShowsTheWholeImageOverItsColour() throws {
        let tree = try Self.tree("size: 100\nbackground: {image: {path: p.png, fit: contain, color: navy}}\n", files: ["p.png": Self.pngHeader(200, 100)])
        guard case .image(let image) = tree.background else { Issue.record("not an image"); return }
        #expect(image.placement == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(image.underlay == RGBA(rgb: 0x000080))
    }

    @Test func safeAreasStayInsideShapeBorderAndPadding() {
        #expect(Resolver.safeArea(shape: .circle, size: 100, border: 4) == .circle(center: Point(x: 50, y: 50), radius: 50 - 4 - 8))
        #expect(Resolver.safeArea(shape: .square, size: 100, border: 0) == .rect(Rect(x: 8, y: 8, width: 84, height: 84)))
        guard case .rect(let r) = Resolver.safeArea(shape: .roundRect(radius: 40), size: 100, border: 0) else { Issue.record("not a rect"); return }
        #expect(r.x > 8 && r.width < 84)
    }

    @Test func textIsCutThenUpperCased() throws {
        let tree = try Self.tree("text: {content: straße, maxLength: 5, uppercase: true}\n")
        #expect(tree.text?.text == "STRASS")
        let initials = try Self.tree("text: {initials: jean-luc picard, uppercase: false}\n")
        #expect(initials.text?.text == "jp")
    }

    @Test func paletteResolvesAndWeightsPassThrough() throws {
        let project = try TestProject()
        try project.write("logoc.yaml", "palette: {ink: \"#111111\"}\n")
        let result = try project.check(spec: "background: white\ntext: {content: AB, color: $ink, font: {family: inter, weight: 350, italic: true}}\n")
        let spec = try #require(result.specs.first, "\(result.summary)")
        let text = try #require(Resolver(project: project.load()).resolve(spec).light.text)
        #expect(text.color == .fixed(RGBA(rgb: 0x111111)))
        // The family as the font spells it.
        #expect(text.font == FontChoice(family: "Inter", file: nil, weight: 350, italic: true))
    }

    @Test func fontFileWinsOverFamily() throws {
        let project = try TestProject()
        let font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"))
        try project.write("fonts/Brand.ttf", bytes: Array(font))
        let result = try project.check(spec: "background: white\ntext: {content: AB, font: {file: fonts/Brand.ttf}}\n")
        let spec = try #require(result.specs.first, "\(result.summary)")
        let text = try #require(Resolver(project: project.load()).resolve(spec).light.text)
        #expect(text.font.file?.hasSuffix("/fonts/Brand.ttf") == true)
        #expect(text.font.family == nil)
    }
}
