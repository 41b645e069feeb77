import LogocCore

/// `logoc.yaml`: project-wide defaults for every spec.
public struct ProjectConfig: Sendable {
    /// `contrast`: the default minimum.
    public var contrast: Located<ContrastSyntax>?
    /// `fonts`: absolute paths of font folders inside the root.
    public var fontFolders: [String] = []
    /// `palette`: named colours, used in specs as `$name`.
    public var palette: [String: Located<RGBA>] = [:]
    /// `output`, merged under every spec's own `output`.
    public var output: YAMLNode?

    public init() {}
}
