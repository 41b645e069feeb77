/// The text of one input file, kept so that diagnostics can quote the line
/// they point at. Where lines start is found once, when first asked. Lines
/// end where libyaml ends them (`LineBreak`), so a line number from a
/// libyaml mark quotes the line it means.
public struct SourceFile: Sendable, Hashable {
    /// The path as the user should see it (command-line path joined with the
    /// spec's relative path).
    public let path: String
    /// The decoded text (invalid UTF-8 replaced, so a caret can still be drawn).
    public let text: String
    /// Where each line starts and how long its break is, as UTF-8 offsets,
    /// found once: a file with thousands of diagnostics must not be scanned
    /// from the top for each (found quadratic by the hostile corpus: 20,000
    /// empty documents took half a minute). Found on first use, shared by
    /// copies: most texts are never quoted (a clean spec's is kept only in
    /// case a later stage reports on it), and scanning every spec file
    /// when it was read was about 1 % of a `check`.
    private let index = Locked<LineIndex?>(nil)

    private struct LineIndex {
        var starts = [0]
        var widths: [Int] = []
    }

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    private var lines: LineIndex {
        index.withLock { known in
            if let known { return known }
            var contiguous = text
            let made = contiguous.withUTF8(Self.scan)
            known = made
            return made
        }
    }

    /// On UTF-8 bytes: a break's bytes are never part of another scalar,
    /// so the offset after one is a scalar boundary, as the scalar view
    /// finds it, at a fraction of decoding every scalar of every spec.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> LineIndex {
        var index = LineIndex()
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            // Every break starts with one of these four bytes.
            if c == 0x0A || c == 0x0D || c == 0xC2 || c == 0xE2 {
                let width = LineBreak.width(in: bytes, at: i)
                if width > 0 {
                    index.widths.append(width)
                    i += width
                    index.starts.append(i)
                    continue
                }
            }
            i += 1
        }
        index.widths.append(0)
        return index
    }

    public static func == (a: SourceFile, b: SourceFile) -> Bool { a.path == b.path && a.text == b.text }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(text)
    }

    /// `position` when it is on a line of the text, at most just after the
    /// line's end; else the end of the text. libyaml ends every stream with
    /// a line break of its own, so a mark at the end of a file without a
    /// final newline is on a line the file does not have, and a diagnostic
    /// there would quote nothing (found by `fuzz-extends`).
    public func clamped(_ position: SourcePosition) -> SourcePosition {
        if let text = line(position.line), position.column >= 1, position.column <= text.unicodeScalars.count + 1 { return position }
        let count = lines.starts.count
        let last = position.line >= 1 && position.line <= count ? position.line : count
        return SourcePosition(line: last, column: (line(last)?.unicodeScalars.count ?? 0) + 1)
    }

    /// The text of the 1-based line `line`, without its line break, or nil.
    public func line(_ line: Int) -> String? {
        let lines = self.lines
        guard line >= 1, line <= lines.starts.count else { return nil }
        let bytes = text.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: lines.starts[line - 1])
        let end = line < lines.starts.count
            ? bytes.index(bytes.startIndex, offsetBy: lines.starts[line] - lines.widths[line - 1])
            : bytes.endIndex
        return String(text.unicodeScalars[start..<end])
    }
}
