import CCairo
import Foundation
import Testing
import LogocCore
import LogocImageIO
import LogocRenderTree
@testable import LogocRender

/// Contrast from geometry (docs/rendering.md): Cairo's gradient pixels
/// computed without drawing, and the extremes under a window found from
/// them, must be exactly what drawing and scanning the window gives.
struct GeometryContrastTests {
    /// A background on a canvas of `size`, no text.
    static func tree(_ background: Paint, size: Int = 256, shape: Shape = .square, border: Border? = nil) -> RenderTree {
        RenderTree(size: size, shape: shape, background: background, border: border, text: nil)
    }

    /// A CSS-angled linear gradient over a square of `size` (the resolver's line).
    static func linear(_ angle: Double, _ stops: [(Double, UInt32)], size: Int = 256) -> Paint {
        let radians = angle * .pi / 180
        let dx = sin(radians), dy = -cos(radians)
        let edge = Double(size)
        let half = (abs(edge * dx) + abs(edge * dy)) / 2
        let c = edge / 2
        return .linear(from: Point(x: c - dx * half, y: c - dy * half), to: Point(x: c + dx * half, y: c + dy * half),
                       stops: stops.map { GradientStop(offset: $0.0, color: RGBA(rgb: $0.1)) })
    }

    /// The window as `check` draws it (the background alone, the canvas
    /// moved by whole pixels), or the whole canvas as `build` does.
    static func drawn(_ tree: RenderTree, _ w: BackgroundExtremes.Window, onCanvas: Bool) throws -> PixelBuffer {
        try drawn(tree, w, onCanvas: onCanvas, painter: cairos)
    }

    /// A painter that leaves every gradient to Cairo: the pixels to compare with.
    static var cairos: Painter {
        var painter = Painter(images: ImageCache(store: ImageStore()))
        painter.fillsGradientsDirectly = false
        return painter
    }

    static func drawn(_ tree: RenderTree, _ w: BackgroundExtremes.Window, onCanvas: Bool, painter: Painter) throws -> PixelBuffer {
        if onCanvas {
            let surface = try ImageSurface(width: tree.size, height: tree.size)
            try painter.drawBackground(tree, border: nil, on: surface.context, forSVG: false)
            return try surface.pixels(x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1)
        }
        let surface = try ImageSurface(width: w.x1 - w.x0, height: w.y1 - w.y0)
        cairo_translate(surface.context, -Double(w.x0), -Double(w.y0))
        try painter.drawBackground(tree, border: nil, on: surface.context, forSVG: false)
        return try surface.pixels()
    }

    static func box(_ tree: RenderTree, _ w: BackgroundExtremes.Window, onCanvas: Bool) -> PixmanLinearGradient.Box {
        onCanvas ? .init(x: 0, y: 0, width: tree.size, height: tree.size) : .init(x: w.x0, y: w.y0, width: w.x1 - w.x0, height: w.y1 - w.y0)
    }

    static let angles: [Double] = [0, 45, 90, 135, 180, 225, 270, 315, 33.3, 91, 179.5, 1]
    static let stopSets: [[(Double, UInt32)]] = [
        [(0, 0x1565C0), (1, 0xE3F2FD)],                                   // blue to pale blue
        [(0, 0xFF0000), (1, 0x00FF00)],                                   // red to green: darkest inside
        [(0, 0x000000), (0.3, 0xFFFFFF), (0.31, 0x102030), (1, 0x808080)], // stops inside the window
        [(0, 0x222222), (0.5, 0x222222), (0.5, 0xF0F0F0), (1, 0xF0F0F0)],  // a hard stop
        [(0.45, 0x7B1FA2), (0.55, 0xFFC107)],                             // pads on both sides
        [(0, 0x101010), (0.02, 0xFAFAFA)],                                // all stops left of the window
        [(0, 0x3F51B5), (1, 0x3F51B6)],                                   // one level apart: nearly one colour
    ]
    static let windows: [BackgroundExtremes.Window] = [
        .init(x0: 60, y0: 90, x1: 196, y1: 166), .init(x0: 0, y0: 0, x1: 256, y1: 256), .init(x0: 127, y0: 3, x1: 129, y1: 250),
        .init(x0: 10, y0: 200, x1: 240, y1: 201), .init(x0: 100, y0: 100, x1: 101, y1: 101),
    ]

    /// Every pixel `PixmanLinearGradient` computes is Cairo's, for windows
    /// and whole canvases, at angles 0/45/90/180/… and odd ones.
    @Test func gradientPixelsAreCairosBitForBit() throws {
        var compared = 0
        for angle in Self.angles {
            for stops in Self.stopSets {
                let tree = Self.tree(Self.linear(angle, stops))
                guard case .linear(let from, let to, let given) = tree.background else { continue }
                for window in Self.windows {
                    for onCanvas in [false, true] {
                        let pixels = try Self.drawn(tree, window, onCanvas: onCanvas)
                        let gradient = try #require(PixmanLinearGradient(from: from, to: to, stops: given, box: Self.box(tree, window, onCanvas: onCanvas)))
                        var differing = 0
                        for y in window.y0..<window.y1 {
                            for x in window.x0..<window.x1 {
                                let p = gradient.pixel(at: gradient.parameter(x: x, y: y))
                                let i = (y - window.y0) * pixels.stride + (x - window.x0) * 4
                                let drawn = PixmanLinearGradient.Pixel(r: pixels.bytes[i + 2], g: pixels.bytes[i + 1], b: pixels.bytes[i], a: pixels.bytes[i + 3])
                                if p != drawn { differing += 1 }
                                compared += 1
                            }
                        }
                        #expect(differing == 0, "angle \(angle), stops \(stops), window \(window), canvas \(onCanvas)")
                    }
                }
            }
        }
        #expect(compared > 1_000_000)
    }

    /// A gradient written straight into the canvas (`Painter.fillDirectly`)
    /// is Cairo's canvas byte for byte: every angle and stop set, on
    /// squares, circles and rounded squares (painted whole, then cut), at
    /// sizes where the direct fill is taken.
    @Test func directFillsAreCairosBytes() throws {
        let direct = Painter(images: ImageCache(store: ImageStore()))
        var compared = 0
        for size in [400, 512, 777] {
            for (n, angle) in Self.angles.enumerated() {
                for stops in Self.stopSets {
                    let shape: Shape = [.square, .circle, .roundRect(radius: Double(size) / 5)][n % 3]
                    let tree = Self.tree(Self.linear(angle, stops, size: size), size: size, shape: shape)
                    guard case .linear(let from, let to, let given) = tree.background else { continue }
                    // The direct path is taken at this size (else the comparison below would be Cairo's with itself).
                    let probe = try ImageSurface(width: size, height: size)
                    #expect(direct.fillDirectly(from: from, to: to, stops: given, on: probe.context), "size \(size), angle \(angle)")
                    let whole = BackgroundExtremes.Window(x0: 0, y0: 0, x1: size, y1: size)
                    let ours = try Self.drawn(tree, whole, onCanvas: true, painter: direct)
                    let cairo = try Self.drawn(tree, whole, onCanvas: true, painter: Self.cairos)
                    #expect(ours.bytes == cairo.bytes, "size \(size), angle \(angle), stops \(stops), \(shape)")
                    compared += ours.bytes.count / 4
                }
            }
        }
        #expect(compared > 30_000_000)
    }

    /// The direct fill is taken on a whole raster canvas, and only there:
    /// not under a transform, a device offset, a round clip, on a vector
    /// surface or on a canvas too small for its table to pay.
    @Test func directFillsOnlyWhereCairoWouldPaintTheModelsPixels() throws {
        let painter = Painter(images: ImageCache(store: ImageStore()))
        guard case .linear(let from, let to, let stops) = Self.linear(135, Self.stopSets[0], size: 512) else { return }
        func fills(_ prepare: (OpaquePointer) -> Void) throws -> Bool {
            let surface = try ImageSurface(width: 512, height: 512)
            prepare(surface.context)
            return painter.fillDirectly(from: from, to: to, stops: stops, on: surface.context)
        }
        #expect(try fills { _ in })
        #expect(try fills { cairo_rectangle($0, 0, 0, 512, 512); cairo_clip($0) })
        #expect(try !fills { cairo_scale($0, 2, 2) })
        #expect(try !fills { cairo_translate($0, -3, 0) })
        #expect(try !fills { cairo_arc($0, 256, 256, 200, 0, 2 * .pi); cairo_clip($0) })
        #expect(try !fills { cairo_rectangle($0, 0, 0, 256, 512); cairo_clip($0) })
        #expect(try !fills { cairo_surface_set_device_offset(cairo_get_target($0), 2, 0) })
        #expect(try !fills { cairo_set_operator($0, CAIRO_OPERATOR_ADD) })
        guard case .linear(let f2, let t2, _) = Self.linear(135, Self.stopSets[0], size: 512) else { return }
        let translucent = [GradientStop(offset: 0, color: RGBA(r: 10, g: 20, b: 30, a: 128)), GradientStop(offset: 1, color: .white)]
        let surface = try ImageSurface(width: 512, height: 512)
        #expect(!painter.fillDirectly(from: f2, to: t2, stops: translucent, on: surface.context))
        // A gradient across a 256 px canvas: 65,536 pixels, about as many as the table's entries.
        guard case .linear(let f3, let t3, _) = Self.linear(135, Self.stopSets[0], size: 256) else { return }
        let small = try ImageSurface(width: 256, height: 256)
        #expect(!painter.fillDirectly(from: f3, to: t3, stops: stops, on: small.context))
        let svg = cairo_svg_surface_create_for_stream(nil, nil, 64, 64)
        let cr = cairo_create(svg)
        defer { cairo_destroy(cr); cairo_surface_destroy(svg) }
        #expect(!painter.fillDirectly(from: f2, to: t2, stops: stops, on: try #require(cr)))
    }

    /// The extremes from geometry are the scan's, bit for bit, whatever
    /// the angle, wherever the stops fall, and on circles inside the edge.
    @Test func extremesAreTheScansExtremes() throws {
        var answered = 0, asked = 0
        for angle in Self.angles {
            for stops in Self.stopSets {
                for shape in [Shape.square, .circle, .roundRect(radius: 40)] {
                    let tree = Self.tree(Self.linear(angle, stops), shape: shape)
                    for window in Self.windows where BackgroundExtremes.clearOfEdges(tree, border: nil, window: window) {
                        for onCanvas in [false, true] {
                            let pixels = try Self.drawn(tree, window, onCanvas: onCanvas)
                            let scanned = Backdrop(pixels, in: Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height)))
                            asked += 1
                            // Nil (a search past its budget) leaves the window to the scan.
                            guard let known = BackgroundExtremes.of(tree, border: nil, window: window, box: Self.box(tree, window, onCanvas: onCanvas)) else { continue }
                            answered += 1
                            #expect(known.darkest == scanned.darkest && known.lightest == scanned.lightest,
                                    "angle \(angle), stops \(stops), \(shape), window \(window), canvas \(onCanvas)")
                        }
                    }
                }
            }
        }
        #expect(answered * 10 >= asked * 9, "\(answered) of \(asked) answered from geometry")
    }

    /// Red to green is darkest half-way, not at an end: the bound finds the olive inside.
    @Test func theDarkestCanLieBetweenTwoStops() throws {
        let tree = Self.tree(Self.linear(90, [(0, 0xFF0000), (1, 0x00FF00)]))
        let window = BackgroundExtremes.Window(x0: 0, y0: 100, x1: 256, y1: 120)
        let known = try #require(BackgroundExtremes.of(tree, border: nil, window: window, box: Self.box(tree, window, onCanvas: false)))
        #expect(known.darkest < WCAG.luminance(RGBA(r: 255, g: 0, b: 0)) - 0.01)
        #expect(known.lightest == WCAG.luminance(RGBA(r: 0, g: 255, b: 0)))
    }

    /// A window that reaches the antialiased edge of a circle or the ring is
    /// left to the pixels; a square's edge is the canvas's own.
    @Test func aWindowBeyondTheShapeOrOnTheRingIsLeftToThePixels() {
        let paint = Self.linear(135, [(0, 0x1565C0), (1, 0xE3F2FD)])
        let corner = BackgroundExtremes.Window(x0: 20, y0: 20, x1: 120, y1: 60)
        let middle = BackgroundExtremes.Window(x0: 80, y0: 100, x1: 176, y1: 156)
        #expect(BackgroundExtremes.of(Self.tree(paint, shape: .circle), border: nil, window: corner, box: .init(x: 20, y: 20, width: 100, height: 40)) == nil)
        #expect(BackgroundExtremes.of(Self.tree(paint, shape: .circle), border: nil, window: middle, box: .init(x: 80, y: 100, width: 96, height: 56)) != nil)
        #expect(BackgroundExtremes.clearOfEdges(Self.tree(paint, shape: .square), border: nil, window: .init(x0: 0, y0: 0, x1: 256, y1: 256)))
        // The whole canvas of a circle reaches past it.
        #expect(!BackgroundExtremes.clearOfEdges(Self.tree(paint, shape: .circle), border: nil, window: .init(x0: 0, y0: 0, x1: 256, y1: 256)))
        // A ring 40 px wide covers a window 30 px inside a square's edge; a ring not drawn does not.
        let ringed = Self.tree(paint, shape: .square, border: Border(width: 40, color: .white))
        let nearEdge = BackgroundExtremes.Window(x0: 30, y0: 100, x1: 120, y1: 150)
        #expect(!BackgroundExtremes.clearOfEdges(ringed, border: .white, window: nearEdge))
        #expect(BackgroundExtremes.clearOfEdges(ringed, border: .white, window: middle))
        // A rounded square's corner is cut: a window in it is not clear.
        #expect(!BackgroundExtremes.clearOfEdges(Self.tree(paint, shape: .roundRect(radius: 60)), border: nil,
                                                 window: .init(x0: 2, y0: 2, x1: 20, y1: 20)))
    }

    /// What is not mirrored exactly is left to the pixels.
    @Test func onlyOpaqueSolidsAndLinearGradientsAreReadFromGeometry() {
        let window = BackgroundExtremes.Window(x0: 60, y0: 90, x1: 196, y1: 166)
        let box = PixmanLinearGradient.Box(x: 60, y: 90, width: 136, height: 76)
        func of(_ paint: Paint) -> (darkest: Double, lightest: Double)? { BackgroundExtremes.of(Self.tree(paint), border: nil, window: window, box: box) }
        #expect(of(.solid(RGBA(r: 10, g: 20, b: 30)))?.darkest == WCAG.luminance(RGBA(r: 10, g: 20, b: 30)))
        #expect(of(.solid(RGBA(r: 10, g: 20, b: 30, a: 128))) == nil)
        #expect(of(.radial(center: Point(x: 128, y: 128), radius: 128, stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: .black)])) == nil)
        #expect(of(.linear(from: Point(x: 0, y: 0), to: Point(x: 256, y: 0), stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: RGBA(r: 0, g: 0, b: 0, a: 200))])) == nil)
        // All stops one colour: Cairo paints a solid; a degenerate line too.
        #expect(of(.linear(from: Point(x: 0, y: 0), to: Point(x: 256, y: 0), stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: .white)])) == nil)
        #expect(of(.linear(from: Point(x: 9, y: 9), to: Point(x: 9, y: 9), stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: .black)])) == nil)
        #expect(of(Self.linear(135, [(0, 0x1565C0), (1, 0xE3F2FD)])) != nil)
    }
}
