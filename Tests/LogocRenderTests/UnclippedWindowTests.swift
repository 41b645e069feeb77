import CCairo
import Foundation
import Testing
import LogocCore
import LogocImageIO
import LogocRenderTree
@testable import LogocRender

/// A contrast window that lies wholly inside the shape and its ring
/// (`BackgroundExtremes.clearOfEdges`) is drawn without the shape's clip
/// (`Painter.drawBackgroundUnclipped`): its bytes must be the ones the
/// clipped drawing gives, for every shape, ring, background and window.
struct UnclippedWindowTests {
    typealias Window = BackgroundExtremes.Window

    /// A photo of `w` × `h` with detail in every pixel (so any shift of a
    /// sample shows), written as PNG; removed by the caller.
    static func photo(_ w: Int, _ h: Int) throws -> String {
        let bytes: [UInt8] = (0..<(w * h)).flatMap { i -> [UInt8] in
            let x = i % w, y = i / w
            return [UInt8((x * 7 + y * 3) & 255), UInt8((x ^ y) & 255), UInt8((x * y) & 255), 255]
        }
        let path = NSTemporaryDirectory() + "logoc-window-\(UUID().uuidString).png"
        try Data(PNGEncoder.encode(PixelBuffer(width: w, height: h, stride: w * 4, bytes: bytes))).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The window as `MeasureStage` draws it: the background on a surface
    /// of the window's size, moved by whole pixels; clipped to the shape
    /// (and ringed) or not.
    static func window(_ tree: RenderTree, _ w: Window, clipped: Bool, painter: Painter) throws -> PixelBuffer {
        let surface = try ImageSurface(width: w.x1 - w.x0, height: w.y1 - w.y0)
        cairo_translate(surface.context, -Double(w.x0), -Double(w.y0))
        if clipped {
            try painter.drawBackground(tree, border: ring(tree), on: surface.context, forSVG: false)
        } else {
            try painter.drawBackgroundUnclipped(tree, on: surface.context)
        }
        return try surface.pixels()
    }

    /// The ring's colour as drawn, nil without one.
    static func ring(_ tree: RenderTree) -> RGBA? { tree.border.map { _ in RGBA(rgb: 0xF5F5F5) } }

    @Test func coveredWindowsAreTheClippedBytes() throws {
        let path = try Self.photo(300, 200)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let painter = Painter(images: ImageCache(store: ImageStore()))
        let size = 128
        let backgrounds: [Paint] = [
            // Cover with a fractional offset and a scale that is not whole: sampled between pixels.
            .image(ImagePaint(path: path, pixelWidth: 300, pixelHeight: 200,
                              placement: Rect(x: -44.8, y: -0.4, width: 192.6, height: 128.8), underlay: .transparent)),
            .image(ImagePaint(path: path, pixelWidth: 300, pixelHeight: 200,
                              placement: Rect(x: -20, y: 0, width: 192, height: 128), underlay: RGBA(rgb: 0x336699))),
            .linear(from: Point(x: 0, y: 0), to: Point(x: 128, y: 128),
                    stops: [GradientStop(offset: 0, color: RGBA(rgb: 0x1565C0)), GradientStop(offset: 1, color: RGBA(rgb: 0xFFC107))]),
            .radial(center: Point(x: 64, y: 64), radius: 90,
                    stops: [GradientStop(offset: 0, color: RGBA(rgb: 0xFFFFFF)), GradientStop(offset: 1, color: RGBA(rgb: 0x7B1FA2))]),
            .solid(RGBA(rgb: 0x2E7D32)),
        ]
        let shapes: [Shape] = [.circle, .roundRect(radius: 30), .roundRect(radius: 3), .square]
        let borders: [Border?] = [nil, Border(width: 6, color: RGBA(rgb: 0xF5F5F5))]
        // Text-like windows, and ones that reach the shape's edge or its ring.
        let windows: [Window] = [(34, 44, 94, 84), (20, 50, 108, 78), (8, 30, 120, 98), (40, 2, 88, 30), (0, 0, 128, 128),
                                 (60, 60, 61, 61), (25, 25, 103, 103), (10, 10, 40, 40), (7, 7, 121, 121), (1, 60, 127, 70)]
            .map { Window(x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3) }
        var covered = 0, edgesDiffer = 0
        for background in backgrounds {
            for shape in shapes {
                for border in borders {
                    let tree = RenderTree(size: size, shape: shape, background: background, border: border, text: nil)
                    for w in windows {
                        let same = try Self.window(tree, w, clipped: true, painter: painter) == Self.window(tree, w, clipped: false, painter: painter)
                        if BackgroundExtremes.clearOfEdges(tree, border: Self.ring(tree), window: w) {
                            covered += 1
                            #expect(same, "\(shape) \(String(describing: border)) \(w) \(background)")
                        } else if !same {
                            edgesDiffer += 1
                        }
                    }
                }
            }
        }
        // The comparison sees a difference where there is one (125 of the 130
        // windows over an edge or a ring differ), and most are covered (270 of 400).
        #expect(edgesDiffer > 100, "\(edgesDiffer)")
        #expect(covered > 200, "\(covered)")
    }
}
