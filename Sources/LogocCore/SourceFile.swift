/// The text of one input file, kept so that diagnostics can quote the line
/// they point at. Where lines start is found once, when it is made.
public struct SourceFile: Sendable, Hashable {
    /// The path as the user should see it (command-line path joined with the
    /// spec's relative path).
    public let path: String
    /// The decoded text (invalid UTF-8 replaced, so a caret can still be drawn).
    public let text: String
    /// Where each line starts, found once: a file with thousands of
    /// diagnostics must not be scanned from the top for each (found quadratic
    /// by the hostile corpus: 20,000 empty documents took half a minute).
    private let lineStarts: [String.Index]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        // On UTF-8 bytes: LF and CR are never part of a longer scalar, so the
        // index after one is a scalar boundary, as the scalar view finds it,
        // at a fraction of decoding every scalar of every spec.
        let bytes = text.utf8
        var starts = [bytes.startIndex]
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let c = bytes[index]
            var next = bytes.index(after: index)
            if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                if c == UInt8(ascii: "\r"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "\n") { next = bytes.index(after: next) }
                starts.append(next)
            }
            index = next
        }
        lineStarts = starts
    }

    public static func == (a: SourceFile, b: SourceFile) -> Bool { a.path == b.path && a.text == b.text }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(text)
    }

    /// The text of the 1-based line `line`, without its line break, or nil.
    public func line(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let scalars = text.unicodeScalars
        let start = lineStarts[line - 1]
        var end = scalars.endIndex
        if line < lineStarts.count {
            // Back over the break that ends the line: LF, CR, or CR LF.
            end = scalars.index(before: lineStarts[line])
            if scalars[end] == "\n", end > start, scalars[scalars.index(before: end)] == "\r" { end = scalars.index(before: end) }
        }
        return String(scalars[start..<end])
    }
}
