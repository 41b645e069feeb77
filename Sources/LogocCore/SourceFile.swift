/// The text of one input file, kept so that diagnostics can quote the line
/// they point at. Lines are split once, on first use by a renderer.
public struct SourceFile: Sendable, Hashable {
    /// The path as the user should see it (command-line path joined with the
    /// spec's relative path).
    public let path: String
    /// The decoded text (invalid UTF-8 replaced, so a caret can still be drawn).
    public let text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The text of the 1-based line `line`, without its line break, or nil.
    public func line(_ line: Int) -> String? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = start
        while index < scalars.endIndex {
            let c = scalars[index]
            if c == "\n" || c == "\r" {
                if current == line { return String(scalars[start..<index]) }
                var next = scalars.index(after: index)
                if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                current += 1
                start = next
                index = next
                continue
            }
            index = scalars.index(after: index)
        }
        return current == line ? String(scalars[start..<scalars.endIndex]) : nil
    }
}
