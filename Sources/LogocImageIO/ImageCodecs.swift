import CDeflate
import CLCMS2
import CPNG
import CTurboJPEG

/// Versions of the codec libraries, for cache keys.
public enum ImageCodecs {
    public static var versions: String {
        "libdeflate \(LIBDEFLATE_VERSION_STRING) libpng \(String(cString: png_get_libpng_ver(nil))) libjpeg-turbo \(LIBJPEG_TURBO_VERSION_NUMBER) lcms2 \(cmsGetEncodedCMMversion())"
    }
}

extension ImageCodecs {
    /// The versions of the encoders of the formats added after PNG and SVG,
    /// for the cache keys of those outputs only: a PNG's or SVG's key stays
    /// what it was (`versions` is in every key through the toolchain).
    public static let encoderVersions = [WebPEncoder.version, AVIFEncoder.version, JPEGEncoder.version].joined(separator: " ")
}
