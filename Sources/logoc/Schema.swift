import ArgumentParser
import LogocFrontend

/// `logoc schema`: the JSON Schema of the spec language, for YAML editors.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft-07) of specs, for editor completion.",
        discussion: "Put '# yaml-language-server: $schema=PATH' on the first line of a spec to use it."
    )

    @Flag(help: "Print the schema of logoc.yaml instead.")
    var config = false

    func run() {
        print(config ? JSONSchemaWriter.configSchema() : JSONSchemaWriter.specSchema(), terminator: "")
    }
}
