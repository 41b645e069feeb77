import LogocCore
import LogocImageIO

/// A raster file format with its settings: what `Renderer.raster` encodes a
/// drawing as. One drawing, many encoders: every format is drawn by the
/// same code, only the last step differs.
public enum RasterEncoding: Sendable, Equatable {
    case png
    /// Lossless when `quality` is nil.
    case webp(quality: Int?)
    case avif(quality: Int)
    /// Composited over the opaque `matte`: JPEG has no alpha.
    case jpeg(quality: Int, matte: RGBA)

    /// The stage its encoding time is added to.
    var stage: StageClock.Stage {
        switch self {
        case .png: .encodePNG
        case .webp: .encodeWebP
        case .avif: .encodeAVIF
        case .jpeg: .encodeJPEG
        }
    }

    /// What encoding takes besides the canvas, in canvases (`Renderer.memoryEstimate`):
    /// PNG its filtered rows; WebP the straight copy, libwebp's ARGB picture
    /// and its lossless hash chains and backward references; AVIF the copy,
    /// the YUV and alpha planes and libaom's frame buffers; JPEG the RGB
    /// copy and TurboJPEG's planes.
    var extraCanvases: Int {
        switch self {
        case .png: 1
        case .webp: 5
        case .avif: 5
        case .jpeg: 2
        }
    }

    /// The file name's extension, for messages.
    var name: String {
        switch self {
        case .png: "PNG"
        case .webp: "WebP"
        case .avif: "AVIF"
        case .jpeg: "JPEG"
        }
    }

    /// Encodes pixels where they are; PNG with the renderer's compressor.
    func encode(_ pixels: PixelView, png compressor: () throws(ImageError) -> PNGEncoder.Compressor) throws(ImageError) -> [UInt8] {
        switch self {
        case .png: try PNGEncoder.encode(pixels, using: try compressor())
        case .webp(let quality): try WebPEncoder.encode(pixels, quality: quality)
        case .avif(let quality): try AVIFEncoder.encode(pixels, quality: quality)
        case .jpeg(let quality, let matte): try JPEGEncoder.encode(pixels, quality: quality, matte: matte)
        }
    }
}
