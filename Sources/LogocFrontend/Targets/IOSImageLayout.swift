/// `targets: {ios: image}`: an Xcode imageset of the spec's picture at
/// 1x, 2x and 3x of `size` points (1x = `size` pixels), and its dark
/// appearance when the spec has `dark`, in
/// `ios/Assets.xcassets/<folders>/<name>.imageset/`, with every folder's
/// `Contents.json` on the way (SPEC-v2 §3, docs/targets.md).
public struct IOSImageLayout: TargetLayout {
    /// The scales of an iOS imageset: what `UIImage(named:)` picks from by the screen's.
    public static let scales = [1, 2, 3]

    public init() {}

    /// A PNG's file name, as Xcode names files dropped on a slot:
    /// `jane.png`, `jane@2x.png`, `jane-dark@3x.png`.
    public static func fileName(_ name: String, scale: Int, dark: Bool) -> String {
        name + (dark ? "-dark" : "") + (scale == 1 ? "" : "@\(scale)x") + ".png"
    }

    public func files(folder: String, name: String, dark: Bool, size: Int) -> [OutputFile] {
        let set = AssetCatalog.root + "/" + (folder.isEmpty ? "" : folder + "/") + name + ".imageset/"
        var files = AssetCatalog.folderContents(folder: folder).map { path in
            OutputFile(path: path, target: TargetFile(target: "ios", kind: "image", role: "folder", format: "json", pixels: 0, drawnAt: []))
        }
        // The imageset's Contents.json names the dark files only when there are some.
        files.append(OutputFile(path: set + AssetCatalog.contents,
                                target: TargetFile(target: "ios", kind: "image", role: dark ? "imageset-dark" : "imageset", format: "json", pixels: 0, drawnAt: [])))
        for isDark in dark ? [false, true] : [false] {
            for scale in Self.scales {
                let file = Self.fileName(name, scale: scale, dark: isDark)
                let pixels = size.multipliedReportingOverflow(by: scale).partialValue
                files.append(OutputFile(path: set + file, target: TargetFile(target: "ios", kind: "image", role: file, format: "png", pixels: pixels,
                                                                             drawnAt: [pixels], dark: isDark, scale: scale)))
            }
        }
        return files
    }
}
