import Foundation

/// `logoc clean`: removes every file the manifest lists, then the manifest,
/// the cache and the gallery, under the output folder's lock. Files logoc
/// did not write stay, and so does the folder when anything is left in it.
public enum CleanRun {
    /// The paths removed, relative to `directory`, sorted.
    public static func run(directory: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        let lock = try OutputLock(directory: directory) {}
        defer { _ = lock }
        let manifest = Manifest.load(from: directory)
        var removed: [String] = AtomicFile.removeLeftovers(in: directory)
        for entry in manifest.outputs {
            let full = (directory as NSString).appendingPathComponent(entry.path)
            if FileManager.default.fileExists(atPath: full) {
                try FileManager.default.removeItem(atPath: full)
                removed.append(entry.path)
            }
            BuildContext.removeEmptyFolders(above: full, upTo: directory)
        }
        for name in [Manifest.fileName, BuildCache.fileName, Gallery.fileName, ".logoc.lock", ".logoc-building"] {
            let full = (directory as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: full) {
                try FileManager.default.removeItem(atPath: full)
                removed.append(name)
            }
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: directory)
        }
        return removed.sorted()
    }
}
