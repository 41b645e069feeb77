/// `targets: {ios: appicon}`: the iOS 18 single-size app icon,
/// `ios/Assets.xcassets/<name>.appiconset/` with a 1024 px light, dark and
/// tinted image and their `Contents.json` (SPEC-v2 §3, docs/targets.md).
/// At the catalog's top whatever the spec's folder: an app picks its icon
/// by the set's name alone (`ASSETCATALOG_COMPILER_APPICON_NAME`), and Xcode
/// lists app icons at the top, so two specs of one name clash (E014).
public struct IOSAppIconLayout: TargetLayout {
    /// The one size of iOS 18's single-size icon; Xcode makes the others.
    public static let pixels = 1024
    /// The three appearances: the file's suffix and its `luminosity` value (nil: the light one).
    public static let appearances: [(suffix: String, luminosity: String?)] = [("", nil), ("-dark", "dark"), ("-tinted", "tinted")]

    public init() {}

    /// The image of one appearance: `pebble.png`, `pebble-dark.png`, `pebble-tinted.png`.
    public static func fileName(_ name: String, suffix: String) -> String { name + suffix + ".png" }

    public func files(folder: String, name: String, dark: Bool, size: Int) -> [OutputFile] {
        let set = AssetCatalog.root + "/" + name + ".appiconset/"
        var files = AssetCatalog.folderContents(folder: "").map { path in
            OutputFile(path: path, target: TargetFile(target: "ios", kind: "appicon", role: "folder", format: "json", pixels: 0, drawnAt: []))
        }
        files.append(OutputFile(path: set + AssetCatalog.contents,
                                target: TargetFile(target: "ios", kind: "appicon", role: "appiconset", format: "json", pixels: 0, drawnAt: [])))
        for appearance in Self.appearances {
            let file = Self.fileName(name, suffix: appearance.suffix)
            // The dark and tinted icons draw the dark drawing's foreground
            // (the light one's when the spec has no `dark`).
            files.append(OutputFile(path: set + file, target: TargetFile(target: "ios", kind: "appicon", role: appearance.luminosity ?? "light", format: "png",
                                                                         pixels: Self.pixels, drawnAt: [Self.pixels], dark: appearance.luminosity != nil)))
        }
        return files
    }
}
