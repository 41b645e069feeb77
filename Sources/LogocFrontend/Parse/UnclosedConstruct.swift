import LogocCore

/// A quote, `[` or `{` that libyaml read to the end without finding its
/// close. libyaml reports such a mistake where it gave up (often the end of
/// the file, dozens of lines below), but the mistake is where the construct
/// opens: its `context_mark`. This turns the two marks into a diagnostic at
/// the opening character, with a note where libyaml gave up.
struct UnclosedConstruct {
    /// The opening character: `"`, `'`, `[` or `{`.
    let opener: Unicode.Scalar
    let start: SourcePosition

    /// Recognises libyaml's errors about an unclosed construct, and checks
    /// that the context mark really is on its opening character, so that any
    /// other error keeps libyaml's own place.
    /// `gaveUp` is where libyaml stopped: a bracket closed after it (`[a, b: c: d]`)
    /// is not unclosed, and keeps libyaml's message.
    init?(problem: String, context: String?, at start: SourcePosition, gaveUp: SourcePosition, in source: SourceFile) {
        let expected: Set<Unicode.Scalar>
        switch context {
        case "while scanning a quoted scalar":
            // Escapes are checked in quoted scalars too; those errors are not about the close.
            guard problem.hasPrefix("found unexpected end of stream") || problem.hasPrefix("found unexpected document indicator") else { return nil }
            expected = ["\"", "'"]
        case "while parsing a flow sequence":
            guard problem.hasPrefix("did not find expected ',' or ']'") else { return nil }
            expected = ["["]
        case "while parsing a flow mapping":
            guard problem.hasPrefix("did not find expected ',' or '}'") else { return nil }
            expected = ["{"]
        default:
            return nil
        }
        guard let line = source.line(start.line), start.column >= 1 else { return nil }
        let scalars = line.unicodeScalars
        guard let index = scalars.index(scalars.startIndex, offsetBy: start.column - 1, limitedBy: scalars.endIndex),
              index < scalars.endIndex, expected.contains(scalars[index]) else { return nil }
        self.opener = scalars[index]
        self.start = start
        if let closer = Self.closers[opener], Self.closes(opener, closer, after: gaveUp, in: source) { return nil }
    }

    private static let closers: [Unicode.Scalar: Unicode.Scalar] = ["[": "]", "{": "}"]

    /// Whether a `closer` matching an open `opener` follows `place`, nesting
    /// counted and comments skipped (quoted text is not told apart: a `]`
    /// inside quotes counts, which only keeps libyaml's own message).
    private static func closes(_ opener: Unicode.Scalar, _ closer: Unicode.Scalar, after place: SourcePosition, in source: SourceFile) -> Bool {
        var depth = 1
        var number = place.line
        while let line = source.line(number) {
            var previous: Unicode.Scalar = " "
            for (offset, scalar) in line.unicodeScalars.enumerated() where number > place.line || offset >= place.column - 1 {
                if scalar == "#", previous == " " || previous == "\t" { break }
                if scalar == opener { depth += 1 }
                if scalar == closer { depth -= 1 }
                if depth == 0 { return true }
                previous = scalar
            }
            number += 1
        }
        return false
    }

    /// What is open, in words.
    var what: String {
        switch opener {
        case "\"": "this quote (\") is never closed"
        case "'": "this quote (') is never closed"
        case "[": "this '[' is never closed"
        default: "this '{' is never closed"
        }
    }

    var help: String {
        switch opener {
        case "\"", "'": "end the value with \(opener) on the same line, or remove the opening \(opener)"
        case "[": "end the list with ']' after its last item"
        default: "end the mapping with '}' after its last key and value"
        }
    }

    /// The diagnostic at the opening character; libyaml's own words and
    /// place go into a note when it gave up somewhere else.
    func diagnostic(file: String, gaveUpAt place: SourcePosition, because reason: String) -> Diagnostic {
        let span = SourceSpan(file: file, start: start, end: SourcePosition(line: start.line, column: start.column + 1))
        var notes: [Diagnostic.Note] = []
        if place != start {
            notes.append(.init("the YAML reader gave up here: \(reason)", at: SourceSpan(file: file, start: place, end: place)))
        }
        return Diagnostic(.E001, "invalid YAML: \(what)", at: span, help: help, notes: notes)
    }
}
