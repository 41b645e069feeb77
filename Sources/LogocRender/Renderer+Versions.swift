import CCairo
import CFontconfig
import CPango
import Foundation
import LogocFonts
import LogocImageIO

extension Renderer {
    /// The libraries that shape an output's bytes, with their versions:
    /// part of every cache key, so upgrading one rebuilds everything.
    public static var libraryVersions: String {
        [
            "cairo " + String(cString: cairo_version_string()),
            "pango " + String(cString: pango_version_string()),
            "fontconfig \(FcGetVersion())",
            "imageio " + ImageCodecs.versions,
        ].joined(separator: "\n")
    }

    /// The bundled font files as present on this machine (path, size and
    /// modification time): an upgraded font package changes it.
    public static var bundledFontsIdentity: String {
        FontCatalog.bundled.flatMap(\.files).map { path -> String in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(path) \(size) \(date)"
        }.joined(separator: "\n")
    }
}
