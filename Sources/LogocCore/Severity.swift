/// How much a diagnostic matters: errors stop a spec from being built,
/// warnings do not (unless `--strict`), notes only annotate another diagnostic.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
