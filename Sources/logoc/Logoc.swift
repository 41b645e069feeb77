import ArgumentParser
import LogocCore

/// `logoc`: a compiler for logo and avatar specs.
@main
struct Logoc: ParsableCommand {
    static let version = LogocVersion.current

    static let configuration = CommandConfiguration(
        commandName: "logoc",
        abstract: "Compile logo and avatar specs (YAML) into PNG and SVG.",
        version: version,
        subcommands: [Build.self, Check.self, Watch.self, Clean.self, Verify.self, Init.self, Explain.self, Schema.self, Inspect.self, BenchFloor.self]
    )
}
