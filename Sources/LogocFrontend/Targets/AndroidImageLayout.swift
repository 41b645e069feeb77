/// `targets: {android: image}`: the spec as a drawable in each of
/// Android's five density buckets, and as a night drawable when it has
/// `dark`, in `android/<folders>/drawable-<density>/<res_name>.png`
/// (SPEC-v2 §3, docs/targets.md).
public struct AndroidImageLayout: TargetLayout {
    /// Android's density buckets and their scale over mdpi (1 dp = 1 px).
    public static let densities: [(name: String, scale: Double)] = [
        ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4),
    ]

    /// The largest `size` whose xxxhdpi file (4 ×) stays within the widest raster logoc draws.
    public static let maxSize = 2_048

    /// `dp` density-independent pixels at `scale`, in whole pixels: half a
    /// pixel rounds up (33 dp at hdpi is 50 px), as Java's `Math.round` in
    /// Android Studio's asset generators does.
    public static func pixels(_ dp: Int, scale: Double) -> Int { Int((Double(dp) * scale).rounded(.toNearestOrAwayFromZero)) }

    public init() {}

    public func files(folder: String, name: String, dark: Bool, size: Int) -> [OutputFile] {
        let base = "android/" + (folder.isEmpty ? "" : folder + "/")
        let resource = AndroidResourceName.make(name)
        var files: [OutputFile] = []
        for night in dark ? [false, true] : [false] {
            for density in Self.densities {
                let px = Self.pixels(size, scale: density.scale)
                let bucket = "drawable-" + (night ? "night-" : "") + density.name
                files.append(OutputFile(path: base + bucket + "/" + resource + ".png",
                                        target: TargetFile(target: "android", kind: "image", role: bucket, format: "png",
                                                           pixels: px, drawnAt: [px], dark: night)))
            }
        }
        return files
    }
}
