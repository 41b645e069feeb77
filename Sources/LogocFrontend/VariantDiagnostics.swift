import LogocCore

/// A variant (`dark`, `small`, and the dark small one) is the spec with the
/// variant's keys merged over it, and is decoded and validated whole; every
/// value it shares with the spec is checked twice. This decides what the
/// second check adds, so that each mistake is reported once:
/// - the same code at the same place with the same words: the spec's own
///   diagnostic already says it, and nothing is added;
/// - the same code at the same place in other words (the text colour fails
///   against both backgrounds, with two ratios): the spec's diagnostic gets
///   a note with the variant's words;
/// - anything else is the variant's own, with a note at the variant's key,
///   since it may point at a value written outside it (the text colour that
///   fails only against the dark background).
struct VariantDiagnostics {
    /// Where the variant's key (`dark:`, `small:`) is written.
    let key: SourceSpan
    /// The mapping under it.
    let value: SourceSpan
    /// How notes name the variant: `dark`, `small`, `dark small`.
    var name = "dark"
    /// The key notes say the value was set under.
    var keyName = "dark"

    func fold(_ variant: [Diagnostic], into spec: inout [Diagnostic]) {
        for diagnostic in variant {
            if spec.contains(where: { $0.code == diagnostic.code && $0.span == diagnostic.span && $0.message == diagnostic.message }) {
                continue
            }
            if let i = spec.firstIndex(where: { $0.code == diagnostic.code && $0.span == diagnostic.span }) {
                spec[i].notes.append(.init("in the \(name) variant: \(diagnostic.message)", at: key))
                continue
            }
            var own = diagnostic
            if !isUnderKey(diagnostic.span) {
                own.notes.append(.init("in the \(name) variant, set under '\(keyName)' here", at: key))
            }
            spec.append(own)
        }
    }

    /// Whether `span` starts in the mapping under the key (a value written
    /// there needs no note saying so).
    private func isUnderKey(_ span: SourceSpan?) -> Bool {
        guard let span, span.file == value.file else { return false }
        return span.start >= value.start && span.start < value.end
    }
}
