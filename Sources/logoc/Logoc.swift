import ArgumentParser
import LogocCore

/// `logoc`: a compiler for logo and avatar specs.
@main
struct Logoc: ParsableCommand {
    static let version = LogocVersion.current

    /// Every subcommand names itself (`commandName`): without one, Argument
    /// Parser derives the name from the type with `String(describing:)`,
    /// whose dynamic casts each scan all of the binary's ~5,600 protocol
    /// conformance records; that was ~10 M instructions of every run,
    /// `logoc check` of one spec included.
    static let configuration = CommandConfiguration(
        commandName: "logoc",
        abstract: "Compile logo and avatar specs (YAML) into PNG and SVG.",
        version: version,
        subcommands: [Build.self, Check.self, Watch.self, Clean.self, Verify.self, Init.self, Explain.self, Schema.self, Inspect.self, BenchFloor.self]
    )
}
