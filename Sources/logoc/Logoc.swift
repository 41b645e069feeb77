import ArgumentParser
import Foundation
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
        abstract: "Compile logo and avatar specs (YAML) into PNG, SVG, WebP, AVIF, JPEG and PDF.",
        version: version,
        subcommands: [Build.self, Check.self, Watch.self, Clean.self, Verify.self, Init.self, Explain.self, Schema.self, Inspect.self, Serve.self]
    )

    /// Parses, validates and runs the command as ArgumentParser does, but
    /// exits 2 for every usage error, as the README promises: an unknown
    /// option or subcommand, a missing or bad value, a failed `validate()`
    /// or a `ValidationError` from `run()` (ArgumentParser's own status for
    /// these is 64). `--help` and `--version` still exit 0, and the exit
    /// codes commands throw (1, 2) pass through unchanged.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(ExitCode.usage.rawValue)
        }
    }
}
