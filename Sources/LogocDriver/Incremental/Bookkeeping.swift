import Foundation
import LogocFrontend

/// logoc's own files in an output folder: the manifest, the gallery, the
/// cache, the intent log, the lock and its marker. An output folder may be shared with
/// other tools (a web app's `public/` has its own `manifest.json` and
/// `index.html`), so logoc replaces or removes one of these names only when
/// the file there is recognisably its own.
enum Bookkeeping {
    static let names: Set<String> = [Manifest.fileName, BuildCache.fileName, Gallery.fileName, OutputLock.fileName, OutputLock.markerName,
                                     IntentLog.fileName]

    /// Whether `name` in `directory` is missing or logoc's. A manifest is
    /// logoc's when its first 4 KiB have an `outputs` key (even damaged, so a
    /// broken one is still replaced), the gallery by its title, the cache by
    /// its first line; the lock and its marker hold nothing anyone else
    /// would write.
    static func isLogocsOrMissing(_ name: String, in directory: String) -> Bool {
        let path = (directory as NSString).appendingPathComponent(name)
        var info = stat()
        guard lstat(path, &info) == 0 else { return true }
        // What tells them apart is at the start (logoc writes `outputs` first,
        // the title in the head): a no-op rebuild of 10,000 specs must not
        // read megabytes of manifest and gallery to learn they are its own.
        guard (info.st_mode & S_IFMT) == S_IFREG, case .success(let bytes) = FileReader.read(path, limit: 4_096) else { return false }
        switch name {
        case Manifest.fileName: return contains(bytes, "\"outputs\"")
        case Gallery.fileName: return contains(bytes, Gallery.title)
        case BuildCache.fileName: return bytes.starts(with: Array("logoc-cache".utf8))
        default: return true
        }
    }

    /// The files of `names` in `directory` that are there and not logoc's.
    static func foreign(_ names: [String], in directory: String) -> [String] {
        names.filter { !isLogocsOrMissing($0, in: directory) }
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        bytes.firstRange(of: Array(text.utf8)) != nil
    }
}
