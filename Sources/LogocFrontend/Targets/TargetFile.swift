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
    /// Whether the file is the dark drawing alone (`drawable-night-*`):
    /// drawn from the dark tree, and listed as the `dark` variant.
    public var isDark: Bool = false

    /// Whether the file shows a drawing (W004 looks at it), rather than
    /// text that depends on one (the web manifest).
    public var isPicture: Bool { ["png", "ico", "svg"].contains(format) }

    public init(target: String, kind: String, role: String, format: String, pixels: Int, drawnAt: [Int], drawsDark: Bool = false, isDark: Bool = false) {
        (self.target, self.kind, self.role, self.format, self.pixels, self.drawnAt) = (target, kind, role, format, pixels, drawnAt)
        (self.drawsDark, self.isDark) = (drawsDark, isDark)
    }
}

/// The files of one target kind, as paths: known to the front end so that
/// `check` sees output clashes (E014) among them before anything is drawn.
/// A new target (#19: `ios`, `android`) is one more conforming type and one
/// line in `TargetCatalog.layouts`.
public protocol TargetLayout: Sendable {
    /// The files for spec `name` in output folder `folder` ("" at the top);
    /// `dark`: the spec has a dark variant; `size`: the spec's canvas in
    /// pixels (points, dp), which sizes like Android's densities multiply.
    func files(folder: String, name: String, dark: Bool, size: Int) -> [OutputFile]
}

/// The targets and kinds of the contract, and those this version writes.
public enum TargetCatalog {
    /// Every `target: kind` of SPEC-v2 §3, in the order the schema lists them.
    public static let kinds: [(target: String, kinds: [String])] = [
        ("web", ["favicon"]), ("ios", ["image", "appicon"]), ("android", ["image", "adaptive"]),
    ]

    /// The layouts of the kinds this version writes, by `target kind`.
    public static let layouts: [String: any TargetLayout] = [
        "web favicon": WebFaviconLayout(),
        "android image": AndroidImageLayout(),
        "android adaptive": AndroidAdaptiveLayout(),
    ]

    public static func layout(target: String, kind: String) -> (any TargetLayout)? { layouts[target + " " + kind] }
}
