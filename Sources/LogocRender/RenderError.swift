/// Why a valid render tree could not be drawn. A tree that passed the front
/// end fails only for reasons outside the spec's text: an image that cannot
/// be decoded, a character no font draws, or the machine itself.
public enum RenderError: Error, Equatable, Sendable {
    /// The image file could not be decoded (E012).
    case image(path: String, message: String)
    /// Pango drew `count` characters as boxes (E016).
    case missingGlyphs(text: String, count: Int)
    /// Cairo, Pango or fontconfig failed (out of memory, I/O).
    case environment(String)

    public var message: String {
        switch self {
        case .image(let path, let message): "cannot draw image '\(path)': \(message)"
        case .missingGlyphs(let text, let count): "no available font can draw \(count) character\(count == 1 ? "" : "s") of '\(text)'"
        case .environment(let message): message
        }
    }
}
