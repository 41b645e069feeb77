import LogocCore

/// The dark variant is the spec with `dark`'s keys merged over it, and is
/// decoded and validated whole; every value it shares with the spec is
/// checked twice. This decides what the second check adds, so that each
/// mistake is reported once:
/// - the same code at the same place with the same words: the spec's own
///   diagnostic already says it, and nothing is added;
/// - the same code at the same place in other words (the text colour fails
///   against both backgrounds, with two ratios): the spec's diagnostic gets
///   a note with the dark variant's words;
/// - anything else is the dark variant's own, with a note at `dark:`, since
///   it may point at a value written outside `dark` (the text colour that
///   fails only against the dark background).
struct DarkVariantDiagnostics {
    /// Where `dark:` is written.
    let darkKey: SourceSpan
    /// The mapping under it.
    let darkValue: SourceSpan

    func fold(_ dark: [Diagnostic], into spec: inout [Diagnostic]) {
        for diagnostic in dark {
            if spec.contains(where: { $0.code == diagnostic.code && $0.span == diagnostic.span && $0.message == diagnostic.message }) {
                continue
            }
            if let i = spec.firstIndex(where: { $0.code == diagnostic.code && $0.span == diagnostic.span }) {
                spec[i].notes.append(.init("in the dark variant: \(diagnostic.message)", at: darkKey))
                continue
            }
            var own = diagnostic
            if !isUnderDark(diagnostic.span) {
                own.notes.append(.init("in the dark variant, set under 'dark' here", at: darkKey))
            }
            spec.append(own)
        }
    }

    /// Whether `span` starts in the mapping under `dark` (a value written
    /// there needs no note saying so).
    private func isUnderDark(_ span: SourceSpan?) -> Bool {
        guard let span, span.file == darkValue.file else { return false }
        return span.start >= darkValue.start && span.start < darkValue.end
    }
}
