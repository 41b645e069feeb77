import CCairo
import LogocCore
import LogocImageIO
import LogocRenderTree

/// An ARGB32 Cairo image surface with its context, freed together.
/// `package`: the benchmark's floor (bench/floor) draws on the same canvas
/// as the renderer, so its pixels and their encoding are the same.
package final class ImageSurface {
    package let surface: OpaquePointer
    package private(set) var context: OpaquePointer
    let width: Int, height: Int

    package init(width: Int, height: Int) throws(RenderError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .environment("cairo could not create a \(width) × \(height) surface")
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .environment("cairo could not create a context")
        }
        self.surface = surface
        self.context = context
        self.width = width
        self.height = height
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Makes the surface as `init` left it, to draw on again: every pixel
    /// transparent and a fresh context. Cleared with Cairo's CLEAR operator,
    /// so Cairo knows it is clear, as it knows of a new surface (a clear
    /// surface takes the same drawing paths, and so the same bytes). False
    /// when Cairo cannot make a context (the surface is then dropped).
    package func reset() -> Bool {
        guard let fresh = cairo_create(surface), cairo_status(fresh) == CAIRO_STATUS_SUCCESS else { return false }
        cairo_destroy(context)
        context = fresh
        cairo_set_operator(fresh, CAIRO_OPERATOR_CLEAR)
        cairo_paint(fresh)
        cairo_set_operator(fresh, CAIRO_OPERATOR_OVER)
        return cairo_status(fresh) == CAIRO_STATUS_SUCCESS
    }

    /// The drawn pixels, after checking that every drawing call succeeded.
    func pixels() throws(RenderError) -> PixelBuffer {
        try pixels(x0: 0, y0: 0, x1: width, y1: height)
    }

    /// The drawn pixels where they are, for the length of `body`, after
    /// checking that every drawing call succeeded.
    package func withPixels<R>(_ body: (PixelView) throws(RenderError) -> R) throws(RenderError) -> R {
        let (data, stride) = try drawnData()
        return try body(PixelView(width: width, height: height, stride: stride,
                                  bytes: UnsafeRawBufferPointer(start: data, count: stride * height)))
    }

    private func drawnData() throws(RenderError) -> (UnsafeMutablePointer<UInt8>, Int) {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .environment("drawing failed: \(String(cString: cairo_status_to_string(status)))")
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .environment("cairo surface has no pixels") }
        return (data, Int(cairo_image_surface_get_stride(surface)))
    }

    /// The drawn pixels of the window [x0, x1) × [y0, y1), which must lie
    /// in the surface, as a buffer of their own.
    func pixels(x0: Int, y0: Int, x1: Int, y1: Int) throws(RenderError) -> PixelBuffer {
        let (data, stride) = try drawnData()
        guard x0 == 0, y0 == 0, x1 == width, y1 == height else {
            let rowBytes = (x1 - x0) * 4
            var bytes = [UInt8](repeating: 0, count: rowBytes * (y1 - y0))
            bytes.withUnsafeMutableBytes { out in
                guard let base = out.baseAddress else { return }
                for y in y0..<y1 {
                    (base + (y - y0) * rowBytes).copyMemory(from: data + y * stride + x0 * 4, byteCount: rowBytes)
                }
            }
            return PixelBuffer(width: x1 - x0, height: y1 - y0, stride: rowBytes, bytes: bytes)
        }
        let bytes = Array(UnsafeBufferPointer(start: data, count: stride * height))
        return PixelBuffer(width: width, height: height, stride: stride, bytes: bytes)
    }
}

extension PixelBuffer {
    /// Straight-alpha colours of the pixels whose centres lie in `rect`.
    func colors(in rect: Rect) -> [RGBA] {
        let x0 = max(0, Int(saturating: rect.x.rounded(.down))), y0 = max(0, Int(saturating: rect.y.rounded(.down)))
        let x1 = min(width, Int(saturating: (rect.x + rect.width).rounded(.up))), y1 = min(height, Int(saturating: (rect.y + rect.height).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return [] }
        var out: [RGBA] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 {
            var i = y * stride + x0 * 4
            for _ in x0..<x1 {
                out.append(straightColor(at: i))
                i += 4
            }
        }
        return out
    }

    /// The straight-alpha colour of the pixel at byte offset `i`.
    @inline(__always)
    func straightColor(at i: Int) -> RGBA {
        // Little-endian ARGB32: B, G, R, A in memory.
        Self.straightColor(b: bytes[i], g: bytes[i + 1], r: bytes[i + 2], a: bytes[i + 3])
    }

    /// The straight-alpha colour of a premultiplied pixel's channels.
    @inline(__always)
    static func straightColor(b: UInt8, g: UInt8, r: UInt8, a: UInt8) -> RGBA {
        if a == 255 { return RGBA(r: r, g: g, b: b) }
        if a == 0 { return .transparent }
        func straight(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) }
        return RGBA(r: straight(r), g: straight(g), b: straight(b), a: a)
    }
}
