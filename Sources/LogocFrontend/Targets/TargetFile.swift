/// One file a target writes (`web/team/jane/favicon.ico`): what it is, for
/// the driver that makes its bytes and the manifest that lists it. Its path
/// is the `OutputFile`'s.
public struct TargetFile: Sendable, Hashable {
    /// The target key: `web`.
    public var target: String
    /// The kind of the target: `favicon`.
    public var kind: String
    /// The file's name in its folder (`favicon.ico`): the writer's switch.
    public var role: String
    /// The file's extension, which the manifest gives as its format
    /// (`ico`, `png`, `svg`, `webmanifest`, `html`).
    public var format: String
    /// Pixel width (and height) of an image; 0 for a file that is no image.
    public var pixels: Int
    /// Every pixel width the file is drawn at (`favicon.ico`: 16, 32, 48):
    /// the trees it is drawn from, for its cache key.
    public var drawnAt: [Int]
    /// Whether the file holds the dark drawing too (`favicon.svg`): only
    /// then does editing `dark` rebuild it.
    public var drawsDark: Bool
    /// Whether the file is drawn from the dark drawing alone (an imageset's
    /// `-dark` PNGs, the dark app icon): its trees, W004 and the manifest's
    /// `variant` are the dark one's.
    public var dark: Bool = false
    /// The manifest's `scale` of the file (an imageset's `@2x` PNG: 2).
    public var scale: Int = 1
    /// Whether the file's bytes depend on no drawing, only on the spec's
    /// name and whether it has `dark` (an asset catalog's Contents.json):
    /// then editing the picture does not rewrite it.
    public var drawingFree: Bool { target == "ios" && format == "json" }

    /// Whether the file shows a drawing (W004 looks at it), rather than
    /// text that depends on one (the web manifest).
    public var isPicture: Bool { ["png", "ico", "svg"].contains(format) }

    public init(target: String, kind: String, role: String, format: String, pixels: Int, drawnAt: [Int], drawsDark: Bool = false,
                dark: Bool = false, scale: Int = 1) {
        (self.target, self.kind, self.role, self.format, self.pixels, self.drawnAt) = (target, kind, role, format, pixels, drawnAt)
        (self.drawsDark, self.dark, self.scale) = (drawsDark, dark, scale)
    }
}

/// The files of one target kind, as paths: known to the front end so that
/// `check` sees output clashes (E014) among them before anything is drawn.
/// A new target (#19: `ios`, `android`) is one more conforming type and one
/// line in `TargetCatalog.layouts`.
public protocol TargetLayout: Sendable {
    /// The files for spec `name` in output folder `folder` ("" at the top);
    /// `dark`: the spec has a dark variant; `size`: the spec's canvas in
    /// pixels at 1× (points, dp: an imageset's PNGs are 1, 2 and 3 times it, Android's densities 1 to 4 times).
    func files(folder: String, name: String, dark: Bool, size: Int) -> [OutputFile]
}

/// The targets and kinds of the contract, each with its layout.
public enum TargetCatalog {
    /// Every `target: kind` of SPEC-v2 §3, in the order the schema lists them.
    public static let kinds: [(target: String, kinds: [String])] = [
        ("web", ["favicon"]), ("ios", ["image", "appicon"]), ("android", ["image", "adaptive"]),
    ]

    /// The layout of every kind, by `target kind`.
    public static let layouts: [String: any TargetLayout] = [
        "web favicon": WebFaviconLayout(),
        "android image": AndroidImageLayout(),
        "android adaptive": AndroidAdaptiveLayout(),
        "ios image": IOSImageLayout(), "ios appicon": IOSAppIconLayout(),
    ]

    public static func layout(target: String, kind: String) -> (any TargetLayout)? { layouts[target + " " + kind] }

    /// The paths an output claims against every other spec's (E014): its
    /// own path, and what the target adds (`AssetCatalog.claims`: an
    /// imageset's name across the catalog's folders). None for a file that
    /// several specs write with the same bytes (an asset catalog folder's
    /// `Contents.json`). A function of the path alone, so that a spec the
    /// build skips (its outputs known by path from the cache) claims the same.
    public static func claims(of path: String) -> [String] {
        if AssetCatalog.isShared(path) { return [] }
        return [path] + AssetCatalog.claims(of: path)
    }

    /// Whether several specs may write the file at `path`, with the same
    /// bytes: no clash, and it goes only when no spec writes it any more.
    public static func isShared(_ path: String) -> Bool { AssetCatalog.isShared(path) }
}
