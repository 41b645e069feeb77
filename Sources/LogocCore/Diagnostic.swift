/// One problem found in a spec, as a value. Stages return diagnostics; only the
/// renderers in `DiagnosticRenderer` print them.
public struct Diagnostic: Hashable, Sendable {
    /// A secondary place that explains the primary one ("first written here").
    public struct Note: Hashable, Sendable {
        public var message: String
        public var span: SourceSpan?

        public init(_ message: String, at span: SourceSpan? = nil) {
            self.message = Quoted.message(message)
            self.span = span
        }
    }

    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    /// The offending value (or key, for E002/E007); nil only for problems of a
    /// whole run that belong to no file.
    public var span: SourceSpan?
    public var notes: [Note]
    /// One actionable sentence saying how to fix it.
    public var help: String?

    public init(
        _ code: DiagnosticCode,
        _ message: String,
        at span: SourceSpan?,
        help: String? = nil,
        notes: [Note] = []
    ) {
        self.code = code
        self.severity = code.severity
        // Bounded whatever the caller quoted (`Quoted`): JSON and SARIF
        // carry these texts whole.
        self.message = Quoted.message(message)
        self.span = span
        self.help = help.map(Quoted.message)
        self.notes = notes
    }

    public var isError: Bool { severity == .error }
}

extension Diagnostic: Comparable {
    /// File, then position, then code: the order diagnostics are printed in, so
    /// output never depends on the order work was scheduled.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let fa = a.span?.file ?? "", fb = b.span?.file ?? ""
        if fa != fb { return fa < fb }
        let pa = a.span?.start ?? .init(line: 0, column: 0)
        let pb = b.span?.start ?? .init(line: 0, column: 0)
        if pa != pb { return pa < pb }
        if a.code != b.code { return a.code < b.code }
        return a.message < b.message
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.isError } }

    /// Sorted and without repeats: a partial's mistake reaches every spec
    /// (and every document) that extends it, and is one mistake. (The dark
    /// variant's repeats are settled where they arise: `DarkVariantDiagnostics`.)
    public func normalized() -> [Diagnostic] {
        Array(Set(self)).sorted()
    }
}
