// TEMPORARY until branch tmpl lands (not committed).
import LogocFrontend
extension CheckedSpec {
    var isTemplate: Bool { false }
    func instance(person: String, file: String, size: Int? = nil) -> CheckedSpec { self }
}
enum PersonFile { static func name(for person: String) -> String { person.lowercased() } }
