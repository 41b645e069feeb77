import LogocCore
import LogocFrontend
import LogocRender

/// Makes the bytes of one target kind's files and checks them where they
/// land. The paths are the front end's (`TargetLayout`); a new target is a
/// layout, a writer, and one line in each registry.
protocol TargetWriter: Sendable {
    /// The bytes of one of the kind's files.
    func bytes(of file: TargetFile, spec: CheckedSpec, trees: TargetTrees, renderer: Renderer) throws(RenderError) -> [UInt8]
    /// The diagnostics only the files' pixels can give (W005, W006), at
    /// `value` (the `targets` value that asked for the files). Draws in
    /// memory; writes nothing.
    func check(spec: CheckedSpec, trees: TargetTrees, at value: SourceSpan, renderer: Renderer) throws(RenderError) -> [Diagnostic]
}

/// The writers of the kinds this version writes (`TargetCatalog.layouts`'s keys).
enum TargetWriters {
    static let writers: [String: any TargetWriter] = [
        "web favicon": WebFaviconWriter(),
        "android image": AndroidImageWriter(),
        "android adaptive": AndroidAdaptiveWriter(),
        "ios image": IOSImageWriter(), "ios appicon": IOSAppIconWriter(),
    ]

    static func writer(for file: TargetFile) -> (any TargetWriter)? { writers[file.target + " " + file.kind] }
    static func writer(target: String, kind: String) -> (any TargetWriter)? { writers[target + " " + kind] }
}
