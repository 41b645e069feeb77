/// Every diagnostic code logoc can report. The raw values are stable forever:
/// scripts, SARIF rule ids and `logoc explain` depend on them.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case E001, E002, E003, E004, E005, E006, E007
    case E010, E011, E012, E013, E014, E015, E016, E017
    // E018 is reserved by the next version of the contract.
    case E019
    case W001, W002, W003
    // W004, W005 and W006 are reserved by the next version of the contract.
    case W007, W008

    /// Errors start with `E`, warnings with `W`.
    public var severity: Severity {
        rawValue.hasPrefix("W") ? .warning : .error
    }

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }
}
