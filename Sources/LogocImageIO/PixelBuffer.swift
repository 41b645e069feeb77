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
    /// For a JPEG, how its decoded size follows from the size asked; nil
    /// for a PNG, which is always decoded whole.
    public var jpegScaling: JPEGScaling? = nil

    /// Whether a JPEG was decoded smaller than stored (`atLeast`).
    public var isReduced: Bool {
        guard let jpegScaling else { return false }
        let whole = jpegScaling.decodedSize(atLeast: nil)
        return whole.width != pixels.width || whole.height != pixels.height
    }

    /// Whether the pixels are the file's own: then an SVG may embed the
    /// original file in their place, and any viewer shows the same.
    public var isAsStored: Bool { orientation == .up && !isConverted }
}

/// How a JPEG's decoded size follows from the size a caller asks for
/// (`ImageDecoder.decodePicture(atLeast:)`): a pure function of the stored
/// size, so a cache can tell whether pixels it holds are exactly those a
/// request would decode. Handing out a larger decode that happens to be
/// cached instead would make the pixels drawn depend on which spec asked
/// first, and so on the order of the jobs.
public struct JPEGScaling: Sendable, Equatable {
    /// The size stored in the file, before EXIF orientation and reduction.
    public let storedWidth: Int
    public let storedHeight: Int
    /// Whether EXIF orientation swaps width and height.
    public let swapsAxes: Bool

    public init(storedWidth: Int, storedHeight: Int, swapsAxes: Bool) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.swapsAxes = swapsAxes
    }

    /// The upright size a decode asked for `atLeast` (upright) gives; the
    /// whole upright size for nil.
    public func decodedSize(atLeast: (width: Int, height: Int)?) -> (width: Int, height: Int) {
        var size = (width: storedWidth, height: storedHeight)
        if let atLeast, storedWidth > 0, storedHeight > 0, storedWidth <= Int(Int32.max), storedHeight <= Int(Int32.max) {
            let asked = swapsAxes ? (width: atLeast.height, height: atLeast.width) : atLeast
            let reduced = JPEGDecoding.reducedSize(width: Int32(storedWidth), height: Int32(storedHeight), atLeast: asked)
            size = (Int(reduced.0), Int(reduced.1))
        }
        return swapsAxes ? (size.height, size.width) : size
    }
}
