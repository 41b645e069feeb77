/// `targets: {web: favicon}`: the files a browser and an installed web app
/// look for, in `web/<folders>/<name>/` (SPEC-v2 §3, docs/targets.md).
public struct WebFaviconLayout: TargetLayout {
    /// The pixel widths inside `favicon.ico`.
    public static let icoSizes = [16, 32, 48]
    /// The sizes W006 looks at: what a browser tab shows.
    public static let tabSizes = [16, 32]
    public static let appleTouchSize = 180
    /// The maskable icon's safe zone: the central circle of this share of the width.
    public static let maskSafeShare = 0.8

    public init() {}

    /// Every file, with its role, format and pixel size.
    public static let roles: [(role: String, format: String, pixels: Int, drawnAt: [Int])] = [
        ("apple-touch-icon.png", "png", appleTouchSize, [appleTouchSize]),
        ("favicon.ico", "ico", 48, icoSizes),
        // A vector file, but shown on a tab: drawn as at 16 px (`small`).
        ("favicon.svg", "svg", 0, [tabSizes[0]]),
        ("head.html", "html", 0, []),
        ("icon-192.png", "png", 192, [192]),
        ("icon-512.png", "png", 512, [512]),
        ("icon-maskable-512.png", "png", 512, [512]),
        ("icon-monochrome-512.png", "png", 512, [512]),
        // Its favicon.svg entry depends on the 16 px drawing.
        ("manifest.webmanifest", "webmanifest", 0, [tabSizes[0]]),
    ]

    public func files(folder: String, name: String, dark: Bool, size: Int) -> [OutputFile] {
        let base = "web/" + (folder.isEmpty ? "" : folder + "/") + name + "/"
        return Self.roles.map { role in
            OutputFile(path: base + role.role, target: TargetFile(target: "web", kind: "favicon", role: role.role, format: role.format,
                                                                 pixels: role.pixels, drawnAt: role.drawnAt, drawsDark: role.role == "favicon.svg"))
        }
    }
}
