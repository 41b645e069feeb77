/// `targets: {android: adaptive}`: a launcher icon as Android Studio's
/// Image Asset tool writes one, in `android/<folders>/res/` (SPEC-v2 §3,
/// docs/targets.md): the `<adaptive-icon>` XML of Android 8 and later
/// (for `android:icon` and `android:roundIcon`),
/// its background, foreground and monochrome (Android 13 themed icon)
/// layers at 108 dp in every density, the legacy square and round icons at
/// 48 dp for older launchers, and the 512 px Play Store icon `playstore.png` beside `res/` (one a folder).
///
/// Geometry: a layer is 108 dp; launchers show its central 72 dp through
/// their mask, and only the central circle of 66 dp is sure to survive
/// every mask. The spec's canvas is drawn on the 66 dp circle's square,
/// centred: a circle spec's outline is the safe circle. The legacy and
/// Play Store icons show the 72 dp a launcher shows.
///
/// `dark` is not drawn: launchers take adaptive icons from the default
/// resources (a `-night` mipmap is not what Android's themed icons are);
/// the monochrome layer is how an icon follows the system's theme.
public struct AndroidAdaptiveLayout: TargetLayout {
    /// Edge of a layer, of what launchers show of it, and of the safe circle, in dp.
    public static let layerDP = 108, visibleDP = 72, safeDP = 66
    /// Edge of the legacy icons, in dp.
    public static let legacyDP = 48
    public static let playStorePixels = 512
    /// The share of a layer's width that the spec's canvas takes (66 of 108 dp).
    public static var layerShare: Double { Double(safeDP) / Double(layerDP) }
    /// The share of the visible 72 dp that the spec's canvas takes (66 of 72 dp).
    public static var visibleShare: Double { Double(safeDP) / Double(visibleDP) }

    /// The three layers, by the suffix of their file names, in the XML's order.
    public static let layers = ["background", "foreground", "monochrome"]

    public init() {}

    /// The icon's resource name: `ic_` and the spec's resource name, as Android Studio's `ic_launcher`.
    public static func iconName(_ name: String) -> String { "ic_" + AndroidResourceName.make(name) }

    public func files(folder: String, name: String, dark: Bool, size: Int) -> [OutputFile] {
        let base = "android/" + (folder.isEmpty ? "" : folder + "/")
        let icon = Self.iconName(name)
        func file(_ path: String, role: String, format: String = "png", pixels: Int) -> OutputFile {
            OutputFile(path: base + path, target: TargetFile(target: "android", kind: "adaptive", role: role, format: format,
                                                            pixels: pixels, drawnAt: pixels == 0 ? [] : [pixels]))
        }
        // Both, as Android Studio writes them: on Android 8 and later
        // `android:roundIcon` must name an adaptive icon too, else a
        // launcher that asks for the round icon gets the legacy PNG.
        var files = [file("res/mipmap-anydpi-v26/\(icon).xml", role: "xml", format: "xml", pixels: 0),
                     file("res/mipmap-anydpi-v26/\(icon)_round.xml", role: "xml", format: "xml", pixels: 0)]
        for density in AndroidImageLayout.densities {
            let folder = "res/mipmap-\(density.name)/"
            let layer = AndroidImageLayout.pixels(Self.layerDP, scale: density.scale)
            for suffix in Self.layers { files.append(file(folder + "\(icon)_\(suffix).png", role: suffix, pixels: layer)) }
            let legacy = AndroidImageLayout.pixels(Self.legacyDP, scale: density.scale)
            files.append(file(folder + "\(icon).png", role: "legacy", pixels: legacy))
            files.append(file(folder + "\(icon)_round.png", role: "round", pixels: legacy))
        }
        // The contract's name, beside `res/` (a file inside `res/` is no
        // resource: aapt2 and Gradle refuse it). One per folder, as one
        // Android app has one Play Store icon: two adaptive specs of a
        // folder clash here (E014).
        files.append(file("playstore.png", role: "playstore", pixels: Self.playStorePixels))
        return files
    }
}
