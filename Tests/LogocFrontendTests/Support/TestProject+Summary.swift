import LogocFrontend

extension TestProject {
    /// Writes `spec.yaml` into this project and checks it.
    func check(spec text: String) throws -> FileCheck {
        try write("spec.yaml", text)
        return check("spec.yaml")
    }
}

extension FileCheck {
    /// `CODE@line:column` for each diagnostic, in order: compact for `#expect`.
    var summary: [String] {
        diagnostics.map { d in "\(d.code.rawValue)@\(d.span?.start.line ?? 0):\(d.span?.start.column ?? 0)" }
    }
}
