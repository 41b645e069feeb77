import LogocCore

/// The property every diagnostic must have, whatever the input: a code, a
/// help line, and a place (`file:line:column`) inside the text of the file
/// it names, so `DiagnosticRenderer` can quote it. Shared by the targets
/// that get diagnostics from files they wrote themselves.
public enum DiagnosticPlacement {
    /// Stops the process (`FuzzExpect`) at the first diagnostic or note that
    /// names a file not in `sources`, or a line or column outside it.
    public static func expectPlaced(_ diagnostics: [Diagnostic], in sources: [String: SourceFile]) {
        for diagnostic in diagnostics {
            FuzzExpect.that(!(diagnostic.help ?? "").isEmpty, "\(diagnostic.code.rawValue) has no help: \(diagnostic.message)")
            FuzzExpect.that(diagnostic.span != nil, "\(diagnostic.code.rawValue) has no place: \(diagnostic.message)")
            for span in [diagnostic.span] + diagnostic.notes.map(\.span) {
                guard let span else { continue }
                let what = "\(diagnostic.code.rawValue) at \(span.file):\(span.start.line):\(span.start.column): \(diagnostic.message)"
                guard let source = sources[span.file] else {
                    FuzzExpect.that(false, "names a file whose text is not among the run's sources: \(what)")
                    return
                }
                FuzzExpect.that(span.start <= span.end, "ends before it starts: \(what)")
                let text = source.line(span.start.line)
                FuzzExpect.that(text != nil, "line outside the file: \(what)")
                FuzzExpect.that(span.start.column >= 1 && span.start.column <= (text?.unicodeScalars.count ?? 0) + 1,
                                "column outside the line: \(what)")
            }
        }
    }
}
