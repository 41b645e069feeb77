import CCairo
import CFontconfig
import LogocFonts
#if canImport(Glibc)
import Glibc
#endif

/// Process-wide caches of the C libraries, kept until exit by design.
///
/// Cairo keeps recently used fonts (its scaled-font holdovers, font faces
/// and FreeType unscaled fonts, which hold fontconfig patterns and their
/// charsets), fontconfig its default configuration and caches, and logoc
/// its `FontconfigCache` of the bundled fonts' cache files. Nothing
/// needs them after the last drawing; the system reclaims them at exit. A leak
/// checker that sees them reports thousands of blocks, since fontconfig's
/// charsets link their parts by offsets it cannot follow, and real leaks
/// would drown. `make leaks` sets `LOGOC_RELEASE_CACHES_AT_EXIT`, so that
/// they are freed just before LeakSanitizer looks, and anything left is ours.
public enum LibraryCaches {
    /// Frees the caches at exit; only for leak checks (it costs a little time).
    public static func releaseAtExit() {
        atexit {
            cairo_debug_reset_static_data()
            FontconfigCache.shared.releaseAtExit()
            FcFini()
        }
    }
}
