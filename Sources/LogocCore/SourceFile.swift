/// The text of one input file, kept so that diagnostics can quote the line
/// they point at. Lines are split once, on first use by a renderer.
public struct SourceFile: Sendable, Hashable {
    /// The path as the user should see it (command-line path joined with the
    /// spec's relative path).
    public let path: String
    /// The decoded text (invalid UTF-8 replaced, so a caret can still be drawn).
    public let text: String
    /// Where each line starts, found once: a file with thousands of
    /// diagnostics must not be scanned from the top for each (found quadratic
    /// by the hostile corpus: 20,000 empty documents took half a minute).
    private let lineStarts: [String.UnicodeScalarView.Index]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        let scalars = text.unicodeScalars
        var starts = [scalars.startIndex]
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let c = scalars[index]
            var next = scalars.index(after: index)
            if c == "\n" || c == "\r" {
                if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
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
