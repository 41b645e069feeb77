/// Turns diagnostics into text. The human form's first line is a contract
/// (`path:line:column: error[E011]: message`); the JSON form is for tools.
public struct DiagnosticRenderer: Sendable {
    /// Looks up a file's text to quote the offending line.
    public var sources: [String: SourceFile]
    /// ANSI colours, for terminals only.
    public var colour: Bool

    public init(sources: [String: SourceFile], colour: Bool = false) {
        self.sources = sources
        self.colour = colour
    }

    /// The human form: header, the source line with a caret under the value,
    /// notes and a `help:` line.
    public func human(_ diagnostic: Diagnostic) -> String {
        var out = ""
        let label = "\(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]"
        let styledLabel = paint(label, diagnostic.severity == .error ? "1;31" : "1;33")
        if let span = diagnostic.span {
            out += paint("\(Self.visible(span.file)):\(span.start.line):\(span.start.column):", "1")
            out += " \(styledLabel): \(paint(Self.visible(diagnostic.message), "1"))\n"
            out += excerpt(span)
        } else {
            out += "\(styledLabel): \(paint(Self.visible(diagnostic.message), "1"))\n"
        }
        for note in diagnostic.notes {
            if let span = note.span {
                out += "  \(paint("note:", "1;36")) \(Self.visible(note.message)) (\(Self.visible(span.file)):\(span.start.line):\(span.start.column))\n"
            } else {
                out += "  \(paint("note:", "1;36")) \(Self.visible(note.message))\n"
            }
        }
        if let help = diagnostic.help {
            out += "  \(paint("help:", "1;32")) \(Self.visible(help))\n"
        }
        return out
    }

    /// Most characters of a line quoted under a diagnostic.
    static let maxQuoted = 160

    /// The quoted line and a caret line; empty when the file or line is unknown.
    func excerpt(_ span: SourceSpan) -> String {
        guard let file = sources[span.file], let text = file.line(span.start.line) else { return "" }
        let number = String(span.start.line)
        let gutter = String(repeating: " ", count: number.count)
        let lineLength = text.unicodeScalars.count
        var startColumn = min(span.start.column, lineLength + 1)
        var endColumn = span.end.line == span.start.line ? span.end.column : lineLength + 1
        endColumn = min(max(endColumn, startColumn + 1), max(lineLength + 1, startColumn + 1))
        // A very long line (a hostile file can hold a 1 MiB one) is quoted
        // as a window around the start of the span, marked with "…".
        var scalars = Array(text.unicodeScalars)
        var before = "", after = ""
        if scalars.count > Self.maxQuoted {
            let offset = max(0, min(startColumn - 1 - Self.maxQuoted / 4, scalars.count - Self.maxQuoted))
            let end = offset + Self.maxQuoted
            if offset > 0 { before = "…" }
            if end < scalars.count { after = "…" }
            scalars = Array(scalars[offset..<end])
            startColumn -= offset
            endColumn = min(endColumn - offset, scalars.count + 1)
        }
        let shown = before + Self.visible(String(String.UnicodeScalarView(scalars)).replacingTabs()) + after
        // Columns count Unicode scalars; the caret line pads by how wide each
        // scalar shows on a terminal (CJK and emoji take two cells).
        let width = { (range: Range<Int>) in scalars[range.clamped(to: 0..<scalars.count)].reduce(0) { $0 + Self.cells($1) } }
        let pad = String(repeating: " ", count: before.count + width(0..<(startColumn - 1)))
        let carets = String(repeating: "^", count: max(1, width((startColumn - 1)..<max(startColumn - 1, endColumn - 1))))
        var out = ""
        out += "\(gutter) |\n"
        out += "\(number) | \(shown)\n"
        out += "\(gutter) | \(pad)\(paint(carets, "1;31"))\n"
        return out
    }

    /// All diagnostics in the human form, then a summary line when any exist.
    public func human(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { human($0) }.joined(separator: "\n")
    }

    /// One JSON array of objects with `file`, `line`, `column`, `endLine`,
    /// `endColumn`, `severity`, `code`, `message`, `help`, `notes`.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        var out = "["
        for (i, d) in diagnostics.enumerated() { out += jsonItem(d, first: i == 0) }
        return out + jsonEnd(empty: diagnostics.isEmpty)
    }

    /// One diagnostic of `json`'s array, with what separates it from the
    /// one before: a caller that prints a stream writes `[`, the items and
    /// `jsonEnd`, and gets `json`'s bytes.
    public static func jsonItem(_ d: Diagnostic, first: Bool) -> String {
        var out = first ? "\n  {" : ",\n  {"
        var fields: [String] = []
        if let span = d.span {
            fields.append("\"file\": \(JSON.quote(span.file))")
            fields.append("\"line\": \(span.start.line)")
            fields.append("\"column\": \(span.start.column)")
            fields.append("\"endLine\": \(span.end.line)")
            fields.append("\"endColumn\": \(span.end.column)")
        } else {
            fields.append("\"file\": null, \"line\": null, \"column\": null")
        }
        fields.append("\"severity\": \(JSON.quote(d.severity.rawValue))")
        fields.append("\"code\": \(JSON.quote(d.code.rawValue))")
        fields.append("\"message\": \(JSON.quote(d.message))")
        if let help = d.help { fields.append("\"help\": \(JSON.quote(help))") }
        if !d.notes.isEmpty {
            let notes = d.notes.map { note -> String in
                var parts = ["\"message\": \(JSON.quote(note.message))"]
                if let s = note.span {
                    parts.append("\"file\": \(JSON.quote(s.file)), \"line\": \(s.start.line), \"column\": \(s.start.column)")
                }
                return "{" + parts.joined(separator: ", ") + "}"
            }
            fields.append("\"notes\": [" + notes.joined(separator: ", ") + "]")
        }
        out += fields.joined(separator: ", ") + "}"
        return out
    }

    /// What ends `json`'s array.
    public static func jsonEnd(empty: Bool) -> String { empty ? "]\n" : "\n]\n" }

    /// Terminal cells a scalar takes: 0 for combining marks and joiners, 2 for
    /// wide East Asian characters and emoji, else 1.
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        if let escaped = escape(scalar) { return escaped.count }
        let p = scalar.properties
        switch p.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if p.isVariationSelector { return 0 }
        if p.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` with what a terminal would obey rather than show written out
    /// (`\u{1B}`), as the JSON writer does: a spec's ESC, BEL or NUL must not
    /// recolour, ring or cut the committer's terminal, and a bidirectional
    /// override must not reorder the line it is quoted in.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// How a scalar that must not reach a terminal as it is is written, or nil.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: return nil   // a tab is shown as a space in excerpts, and is harmless elsewhere
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: return nil
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\t" ? " " : $0 }))
    }
}
