import LogocCore

/// `logoc.yaml`: project-wide defaults for every spec.
public struct ProjectConfig: Sendable {
    /// `contrast`: the default minimum.
    public var contrast: Located<ContrastSyntax>?
    /// `contrast.colorVision`: the default deficiencies to re-check under.
    public var colorVision: Located<[ColorVision]>?
    /// `lookAlike`: the largest perceptual-hash distance (of 64 bits) at which
    /// two outputs of a build are reported as look-alikes (W003); nil for `off`.
    public var lookAlike: Int? = ProjectConfig.defaultLookAlike

    /// The default `lookAlike` threshold: see docs/spec-language.md for why.
    public static let defaultLookAlike = 6
    /// `fonts`: absolute paths of font folders inside the root.
    public var fontFolders: [String] = []
    /// Font files in those folders that link out of the project root (E013): never read.
    public var fontFilesOutsideRoot: Set<String> = []
    /// `palette`: named colours, used in specs as `$name`.
    public var palette: [String: Located<RGBA>] = [:]
    /// `output`, merged under every spec's own `output`.
    public var output: YAMLNode?

    public init() {}
}
