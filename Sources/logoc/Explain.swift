import ArgumentParser
import LogocCore

/// `logoc explain CODE`: the catalog entry of a diagnostic code.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a diagnostic code, with a failing and a fixed example."
    )

    @Argument(help: "A code such as E011 (any case; E11 and e11 work too), or 'all'.")
    var code: String

    func run() throws {
        let wanted = code.uppercased()
        if wanted == "ALL" {
            print(DiagnosticCode.allCases.map { "\($0.rawValue)  \($0.explanation.title)" }.joined(separator: "\n"))
            return
        }
        guard let found = DiagnosticCode(typed: code) else {
            let known = DiagnosticCode.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown code '\(code)'; known codes: \(known)")
        }
        let e = found.explanation
        let indent = { (s: String) in s.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") }
        print("""
            \(e.code.rawValue) (\(e.code.severity.rawValue)): \(e.title)

            \(e.explanation)

            Failing:

            \(indent(e.failing))

            Fixed:

            \(indent(e.fixed))
            """)
    }
}
