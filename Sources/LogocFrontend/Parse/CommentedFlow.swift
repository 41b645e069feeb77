import LogocCore

/// An unquoted `#` inside a flow list or mapping (`colors: [#FF0000,
/// "#0000FF"]`): YAML reads it, and the rest of its line with the closing
/// `]`, as a comment, so libyaml gives up further down, often past the last
/// line, with words about node content. The mistake is the `#`, the classic
/// colour pitfall; this finds it so that E001 points there and says so.
struct CommentedFlow {
    /// Where the `#` is.
    let start: SourcePosition
    /// The `#` and what follows it up to a blank, comma or bracket: `#FF0000`.
    let word: String
    /// `]` or `}`: what the comment hid.
    let closer: Unicode.Scalar

    /// The first `#` before `gaveUp` that starts a comment inside an open
    /// `[` or `{` and is followed at once by more text (a colour, not a
    /// `# remark`). Quotes are followed on each line, so a `#` inside
    /// `"#FF0000"` is not one.
    init?(in source: SourceFile, before gaveUp: SourcePosition) {
        var stack: [Unicode.Scalar] = []
        var number = 1
        while number <= gaveUp.line, let line = source.line(number) {
            let scalars = Array(line.unicodeScalars)
            var quote: Unicode.Scalar?
            var i = 0
            lineLoop: while i < scalars.count {
                let c = scalars[i]
                let previous: Unicode.Scalar = i == 0 ? " " : scalars[i - 1]
                let atTokenStart = Self.separators.contains(previous)
                if let q = quote {
                    if c == "\\", q == "\"" { i += 2; continue }
                    if c == q { quote = nil }
                    i += 1
                    continue
                }
                let opensToken = atTokenStart || previous == ":"
                if (c == "\"" || c == "'"), opensToken {
                    quote = c
                } else if c == "#", atTokenStart {
                    let next = i + 1 < scalars.count ? scalars[i + 1] : " "
                    if let open = stack.last, !Self.separators.contains(next), next != "]", next != "}" {
                        let position = SourcePosition(line: number, column: i + 1)
                        guard position < gaveUp else { return nil }
                        let tail = scalars[i...].prefix { !Self.separators.contains($0) && $0 != "]" && $0 != "}" }
                        self.start = position
                        self.word = String(String.UnicodeScalarView(tail))
                        self.closer = open == "[" ? "]" : "}"
                        return
                    }
                    break lineLoop
                } else if c == "[" || c == "{", opensToken {
                    stack.append(c)
                } else if c == "]" || c == "}", !stack.isEmpty {
                    stack.removeLast()
                }
                i += 1
            }
            number += 1
        }
        return nil
    }

    /// What may come just before a token in a flow collection.
    private static let separators: Set<Unicode.Scalar> = [" ", "\t", "[", "{", ","]

    /// E001 at the `#`, with libyaml's words where it gave up as a note.
    func diagnostic(file: String, gaveUpAt place: SourcePosition, because reason: String) -> Diagnostic {
        let span = SourceSpan(file: file, start: start, end: SourcePosition(line: start.line, column: start.column + word.unicodeScalars.count))
        let what = closer == "]" ? "list" : "mapping"
        return Diagnostic(.E001, "invalid YAML: an unquoted '#' starts a comment, so '\(Quoted.value(word))' and the rest of the line, with the \(what)'s closing '\(closer)', are not read",
                          at: span, help: "quote the value: \"\(Quoted.value(word))\"",
                          notes: [.init("the YAML reader gave up here: \(reason)", at: SourceSpan(file: file, start: place, end: place))])
    }
}
