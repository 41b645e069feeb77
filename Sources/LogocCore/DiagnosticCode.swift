/// Every diagnostic code logoc can report. The raw values are stable forever:
/// scripts, SARIF rule ids and `logoc explain` depend on them.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case E001, E002, E003, E004, E005, E006, E007
    case E010, E011, E012, E013, E014, E015, E016, E017, E018
    case E019
    case W001, W002, W003, W004, W005, W006
    case W007, W008

    /// Errors start with `E`, warnings with `W`.
    public var severity: Severity {
        rawValue.hasPrefix("W") ? .warning : .error
    }

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }
}

extension DiagnosticCode {
    /// A code as a person types it: any case, and the digits without their
    /// leading zeros (`e11`, `E11` and `w2` are E011, E011 and W002). Nil
    /// when it names no code.
    public init?(typed: String) {
        let text = typed.uppercased().filter { $0 != " " }
        guard let letter = text.first, letter == "E" || letter == "W" else { return nil }
        let digits = text.dropFirst()
        guard (1...3).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        self.init(rawValue: String(letter) + String(repeating: "0", count: 3 - digits.count) + digits)
    }
}
