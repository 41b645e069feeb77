/// One problem found in a spec, as a value. Stages return diagnostics; only the
/// renderers in `DiagnosticRenderer` print them.
public struct Diagnostic: Hashable, Sendable {
    /// A secondary place that explains the primary one ("first written here").
    public struct Note: Hashable, Sendable {
        public var message: String
        public var span: SourceSpan?
        /// Names the spec through which a partial's diagnostic was found
        /// (`via`): such notes are gathered when several specs reach one place.
        public private(set) var isVia = false

        public init(_ message: String, at span: SourceSpan? = nil) {
            self.message = Quoted.message(message)
            self.span = span
        }

        /// `via 'people/jose' (Specs/people/jose.yaml)`: the spec (its output
        /// folder and name, then its file) that reached a diagnostic in a
        /// partial, so that the person who reads it knows which spec fails
        /// — the partial alone may be fine, and many specs extend it.
        public static func via(spec: String, file: String) -> Note {
            var note = Note("via '\(spec)' (\(file))")
            note.isVia = true
            return note
        }

        /// Ends the list of specs when more reach one place than are named.
        static func viaMore(_ count: Int) -> Note {
            var note = Note("and \(count) more spec\(count == 1 ? "" : "s") through which it is reached")
            note.isVia = true
            return note
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

    /// Most `via` notes one diagnostic prints: a partial that a thousand
    /// specs extend would otherwise print a thousand lines for one mistake.
    public static let maxViaNotes = 10
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
        if a.message != b.message { return a.message < b.message }
        // A total order: equal places, codes and messages with other help
        // or notes must not print in the order a set happened to hold them.
        if a.help != b.help { return (a.help ?? "") < (b.help ?? "") }
        return a.notes.map(\.message).lexicographicallyPrecedes(b.notes.map(\.message))
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.isError } }

    /// Sorted and without repeats: a partial's mistake reaches every spec
    /// (and every document) that extends it, and is one mistake, printed
    /// once with a `via` note for each spec that reached it. (The dark
    /// variant's repeats are settled where they arise: `VariantDiagnostics`.)
    public func normalized() -> [Diagnostic] {
        guard contains(where: { $0.notes.contains(where: \.isVia) }) else { return Array(Set(self)).sorted() }
        var vias: [Diagnostic: Set<Diagnostic.Note>] = [:]
        for diagnostic in self {
            var bare = diagnostic
            bare.notes.removeAll(where: \.isVia)
            vias[bare, default: []].formUnion(diagnostic.notes.lazy.filter(\.isVia))
        }
        return vias.map { bare, notes in
            var merged = bare
            merged.notes += notes.sorted { $0.message < $1.message }
            return merged
        }.sorted()
    }

    /// Adds `via` to the diagnostics from index `start` on that were found
    /// in another file than `ownFile` (a partial the spec extends).
    /// `via` is made only for a diagnostic that needs it: most specs have
    /// none, and wording the note (the spec's name and path) for each was
    /// a quarter of a percent of a check.
    public mutating func notingVia(_ via: @autoclosure () -> Diagnostic.Note, from start: Int = 0, ownFile: String) {
        var note: Diagnostic.Note?
        for i in indices where i >= start {
            guard let file = self[i].span?.file, file != ownFile else { continue }
            let made = note ?? via()
            note = made
            self[i].notes.append(made)
        }
    }

    /// The `via` notes past `maxViaNotes` replaced by one that counts them:
    /// for printing, once every spec of a run is merged (`normalized`).
    public func cappingViaNotes() -> [Diagnostic] {
        map { diagnostic in
            let vias = diagnostic.notes.filter(\.isVia)
            guard vias.count > Diagnostic.maxViaNotes else { return diagnostic }
            var capped = diagnostic
            capped.notes = diagnostic.notes.filter { !$0.isVia } + vias.prefix(Diagnostic.maxViaNotes - 1) + [.viaMore(vias.count - Diagnostic.maxViaNotes + 1)]
            return capped
        }
    }
}

extension Diagnostic {
    /// A diagnostic exactly as it was made before: its texts as stored, not
    /// bounded again (`Quoted.message` twice could differ from once). For
    /// `check`'s cache, which prints a spec's diagnostics without checking
    /// it again, byte for byte as the run that stored them.
    public init(code: DiagnosticCode, severity: Severity, message: String, span: SourceSpan?, help: String?, notes: [Note]) {
        self.code = code
        self.severity = severity
        self.message = message
        self.span = span
        self.help = help
        self.notes = notes
    }
}

extension Diagnostic.Note {
    /// A note exactly as it was made before, `via` or not (`check`'s cache).
    public init(message: String, span: SourceSpan?, isVia: Bool) {
        self.message = message
        self.span = span
        self.isVia = isVia
    }
}
