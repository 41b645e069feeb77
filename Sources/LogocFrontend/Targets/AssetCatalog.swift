/// Paths inside the Xcode asset catalog the `ios` target writes
/// (`ios/Assets.xcassets/`): which files several specs share and which
/// names two specs must not both take (docs/targets.md, "## ios").
///
/// Xcode keeps one `Contents.json` in every folder of a catalog. A folder
/// (`Assets.xcassets/team/`) holds many specs' imagesets, so its
/// `Contents.json` is written by each of them with the same bytes: it is
/// *shared*, never a clash, and goes only when no spec writes it any more.
/// Folders are not namespaces (Xcode's default for a new folder), so
/// `UIImage(named: "jane")` finds an imageset in any folder: two imagesets
/// of one name in different folders clash as if they were in one (E014).
public enum AssetCatalog {
    /// The catalog, relative to the output folder.
    public static let root = "ios/Assets.xcassets"
    /// The file Xcode keeps in every folder of a catalog.
    public static let contents = "Contents.json"
    /// The folders whose `Contents.json` describes their pictures (one spec's own).
    static let setExtensions = [".imageset", ".appiconset"]

    /// The `Contents.json` of the catalog and of every folder on the way to
    /// output folder `folder` ("" at the top): `ios/Assets.xcassets/Contents.json`,
    /// `ios/Assets.xcassets/team/Contents.json`.
    public static func folderContents(folder: String) -> [String] {
        var paths = [root + "/" + contents]
        var path = root
        for part in folder.split(separator: "/") where !part.isEmpty {
            path += "/" + part
            paths.append(path + "/" + contents)
        }
        return paths
    }

    /// Whether `path` is a catalog folder's `Contents.json`, which every
    /// spec under that folder writes with the same bytes.
    public static func isShared(_ path: String) -> Bool {
        guard path.hasPrefix(root + "/"), path.hasSuffix("/" + contents) else { return false }
        let folder = path.dropLast(contents.count + 1)
        return !setExtensions.contains { folder.hasSuffix($0) }
    }

    /// The path an imageset's file would have at the catalog's top
    /// (`ios/Assets.xcassets/jane.imageset/jane.png` for
    /// `ios/Assets.xcassets/team/jane.imageset/jane.png`): a name is one
    /// across the catalog's folders, so two specs that take it clash there.
    /// Empty for any other path, or one already at the top.
    static func claims(of path: String) -> [String] {
        guard path.hasPrefix(root + "/") else { return [] }
        let parts = path.dropFirst(root.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 2, let set = parts.firstIndex(where: { $0.hasSuffix(".imageset") }), set > 0 else { return [] }
        return [root + "/" + parts[set...].joined(separator: "/")]
    }
}
