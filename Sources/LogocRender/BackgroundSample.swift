import CCairo
import Foundation
import LogocCore
import LogocImageIO
import LogocRenderTree

/// A small drawing of a tree's background alone (no ring, no text), for the
/// colour picks that look at the whole picture: its palette, and the pixels
/// a ring would sit next to.
struct BackgroundSample {
    /// Edge of the drawing: 64 × 64 is 4096 pixels, `ImagePalette.maxSamples`.
    static let edge = 64

    let tree: RenderTree
    let buffer: PixelBuffer

    init(_ tree: RenderTree, painter: Painter) throws(RenderError) {
        let surface = try ImageSurface(width: Self.edge, height: Self.edge)
        let scale = Double(Self.edge) / Double(tree.size)
        cairo_scale(surface.context, scale, scale)
        try painter.drawBackground(tree, border: nil, on: surface.context, forSVG: false)
        self.tree = tree
        self.buffer = try surface.pixels()
    }

    /// The dominant colours inside the shape.
    var palette: ImagePalette { ImagePalette(samples: buffer.colors(in: Rect(x: 0, y: 0, width: Double(Self.edge), height: Double(Self.edge)))) }

    /// The opaque pixels just inside a ring of `width` canvas pixels: the
    /// band from the ring's inner edge inwards, as wide as the ring and at
    /// least two sample pixels.
    func ring(width: Double) -> [RGBA] {
        let size = Double(tree.size)
        let pixel = size / Double(Self.edge)
        let band = width...(width + max(width, 2 * pixel))
        let colours = buffer.colors(in: Rect(x: 0, y: 0, width: Double(Self.edge), height: Double(Self.edge)))
        var out: [RGBA] = []
        for (i, c) in colours.enumerated() where c.a == 255 {
            let x = (Double(i % Self.edge) + 0.5) * pixel, y = (Double(i / Self.edge) + 0.5) * pixel
            if band.contains(Self.insideDistance(tree.shape, size: size, x: x, y: y)) { out.append(c) }
        }
        return out
    }

    /// How far the canvas point (x, y) lies inside the shape's outline (negative outside).
    static func insideDistance(_ shape: Shape, size: Double, x: Double, y: Double) -> Double {
        let h = size / 2
        let dx = abs(x - h), dy = abs(y - h)
        switch shape {
        case .circle:
            return h - (dx * dx + dy * dy).squareRoot()
        case .square:
            return h - max(dx, dy)
        case .roundRect(let radius):
            let r = min(max(0, radius), h)
            let qx = dx - (h - r), qy = dy - (h - r)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - r
            return -outside
        }
    }
}

extension RenderTree {
    /// Whether the background is a picture: contrast over it is a low
    /// percentile, not the exact minimum.
    var isImage: Bool {
        if case .image = background { return true }
        return false
    }
}

extension Paint {
    /// A linear or radial gradient (drawn whole, then cut to the shape).
    var isGradient: Bool {
        switch self {
        case .linear, .radial: return true
        case .solid, .image: return false
        }
    }
}
