/// Why an image could not be decoded or encoded.
///
/// These are environment failures (a bad file, an over-large image), not
/// spec mistakes: callers turn them into diagnostics with `message`. Every
/// case carries enough to say what went wrong without the original bytes,
/// and the type is `Sendable` so a decoding task can hand it back to the
/// driver.
public enum ImageError: Error, Equatable, Sendable {
    /// The bytes are not a PNG or JPEG, or are corrupt; the string is the
    /// whole diagnostic, e.g. `PNG data is not decodable: IDAT: CRC error`.
    case notDecodable(String)
    /// The data ends before the image does; the string is the whole
    /// diagnostic, e.g. `JPEG data is truncated`. Kept apart from
    /// `notDecodable` because the usual cause (an interrupted download or
    /// copy) has its own remedy.
    case truncated(String)
    /// The header declares more pixels than the caller's budget allows, so
    /// nothing was allocated; carries the declared size and the limits.
    case tooLarge(width: Int, height: Int, maxPixels: Int, maxEdge: Int)
    /// Valid data this module does not handle (a JPEG variant TurboJPEG
    /// rejects, a pixel buffer the PNG encoder cannot write); the string is
    /// the whole diagnostic.
    case unsupported(String)
    /// The file could not be read (missing, not a regular file, an I/O
    /// error); the string is the whole diagnostic and names the path.
    case unreadable(String)

    /// The diagnostic text: starts lowercase (or with a format name), has no
    /// final period, as logoc's diagnostics do.
    public var message: String {
        switch self {
        case .notDecodable(let message), .truncated(let message),
             .unsupported(let message), .unreadable(let message):
            return message
        case let .tooLarge(width, height, maxPixels, maxEdge):
            return "image of \(width)×\(height) pixels is too large; "
                + "at most \(maxPixels) pixels and \(maxEdge) per edge are allowed"
        }
    }
}

extension ImageError: CustomStringConvertible {
    /// The same text as `message`, so string interpolation of an error reads well.
    public var description: String { message }
}
