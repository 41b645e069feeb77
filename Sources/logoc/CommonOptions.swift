import ArgumentParser
import Foundation
import LogocCore
import LogocDriver
import LogocFrontend

/// How diagnostics are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case human, json
}

/// Options every compiling command shares.
struct CommonOptions: ParsableArguments {
    @Option(help: "How to print diagnostics: human (to standard error) or json (one array on standard output).")
    var format: OutputFormat = .human

    @Flag(help: "Treat warnings as errors: exit 1 when any warning is reported.")
    var strict = false

    @Option(help: "The project root: every path a spec names must stay inside it.")
    var root: String = "."

    @Option(help: "The project configuration (default: ROOT/logoc.yaml when it exists).")
    var config: String?

    @Option(help: "Files checked at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1, jobs <= 256 else { throw ValidationError("--jobs must be from 1 to 256") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root '\(root)' is not a directory")
        }
        if let config, !FileManager.default.fileExists(atPath: config) {
            throw ValidationError("--config '\(config)' does not exist")
        }
    }

    /// Prints diagnostics in the chosen format, then a summary on a terminal.
    func report(_ diagnostics: [Diagnostic], sources: [String: SourceFile], summary: String) {
        switch format {
        case .json:
            FileHandle.standardOutput.write(Data(DiagnosticRenderer.json(diagnostics).utf8))
        case .human:
            let colour = Terminal.isTerminal(STDERR_FILENO) && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            let renderer = DiagnosticRenderer(sources: sources, colour: colour)
            var text = diagnostics.map { renderer.human($0) }.joined(separator: "\n")
            if !diagnostics.isEmpty { text += "\n" }
            text += summary + "\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// The exit status SPEC.md promises: 1 for any error (or warning with --strict).
    func exitCode(errors: Int, warnings: Int) -> ExitCode {
        errors > 0 || (strict && warnings > 0) ? .failure : .success
    }
}

enum Terminal {
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
}

extension ExitCode {
    /// Usage or I/O failure (not a spec error).
    static let usage = ExitCode(2)
}
