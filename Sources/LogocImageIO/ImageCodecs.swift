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
