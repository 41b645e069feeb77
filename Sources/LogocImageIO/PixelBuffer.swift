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

/// Pixels in memory owned by someone else, in `PixelBuffer`'s layout
/// (premultiplied ARGB32, rows `stride` bytes apart): a Cairo surface being
/// encoded, read where it is. Valid only while its owner keeps the memory.
public struct PixelView {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var bytes: UnsafeRawBufferPointer

    public init(width: Int, height: Int, stride: Int, bytes: UnsafeRawBufferPointer) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }
}

extension PixelBuffer {
    /// The buffer as a `PixelView`, for the length of `body`.
    public func withView<R, E: Error>(_ body: (PixelView) throws(E) -> R) throws(E) -> R {
        // Array's withUnsafeBytes rethrows untyped errors: carry the typed one out.
        let result: Result<R, E> = bytes.withUnsafeBytes { raw in
            Result { () throws(E) -> R in try body(PixelView(width: width, height: height, stride: stride, bytes: raw)) }
        }
        return try result.get()
    }
}

/// A decoded picture as it is meant to be seen, and what decoding changed
/// from the stored pixels.
public struct DecodedPicture: Sendable {
    /// Upright, sRGB, premultiplied ARGB32.
    public var pixels: PixelBuffer
    /// The EXIF orientation that was applied.
    public var orientation: ExifOrientation
    /// Whether the colours were converted to sRGB from a profile or gAMA/cHRM.
    public var isConverted: Bool
    /// Whether a JPEG was decoded smaller than stored (`atLeast`).
    public var isReduced: Bool = false

    /// Whether the pixels are the file's own: then an SVG may embed the
    /// original file in their place, and any viewer shows the same.
    public var isAsStored: Bool { orientation == .up && !isConverted }
}
