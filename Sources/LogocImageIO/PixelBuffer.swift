/// Pixels in Cairo's `CAIRO_FORMAT_ARGB32` layout: 32 bits per pixel in
/// native byte order (B, G, R, A bytes on little-endian machines), alpha
/// premultiplied, rows `stride` bytes apart. The one pixel format shared by
/// the decoders, the renderer and the PNG encoder.
public struct PixelBuffer: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }
}
