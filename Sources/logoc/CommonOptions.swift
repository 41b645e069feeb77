import ArgumentParser
import Foundation
import LogocRender

/// How diagnostics are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// Caret excerpts on standard error.
    case human
    /// One JSON array on standard output.
    case json
    /// GitHub Actions workflow commands (`::error file=…::…`) on standard output.
    case github
    /// One SARIF 2.1.0 log on standard output, for code scanning.
    case sarif
}

/// Options every compiling command shares: declarations only;
/// `CommandRunner` runs the pipeline with them and prints.
struct CommonOptions: ParsableArguments {
    @Option(help: "How to print diagnostics: human (to standard error), json (one array), github (GitHub Actions annotations) or sarif (a SARIF 2.1.0 log); all but human go to standard output.")
    var format: OutputFormat = .human

    @Flag(help: "Treat warnings as errors: exit 1 when any warning is reported.")
    var strict = false

    @Option(help: "The project root: every path a spec names must stay inside it.")
    var root: String = "."

    @Option(help: "The project configuration (default: ROOT/logoc.yaml when it exists).")
    var config: String?

    @Option(help: "Specs worked on at once (default: the number of cores).")
    var jobs: Int = Self.cores

    /// Read once: ArgumentParser makes several instances of each command
    /// while parsing, and each count reads the cgroup's CPU quota and set
    /// (four files) again.
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Memory in MiB that the drawings of all jobs may take at once (default: 768); a larger drawing runs alone.")
    var memory: Int = MemoryBudget.defaultBytes >> 20

    @Flag(name: .shortAndLong, help: "No progress line and no summary, only diagnostics.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print the summary even when standard error is not a terminal, and list removed files.")
    var verbose = false

    @Flag(help: ArgumentHelp("Print time per stage as JSON on the last line of standard error.", visibility: .hidden))
    var timings = false

    func validate() throws {
        guard jobs >= 1, jobs <= 256 else { throw ValidationError("--jobs must be from 1 to 256") }
        guard memory >= 16, memory <= 1 << 20 else { throw ValidationError("--memory must be from 16 to 1048576 (MiB)") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root '\(root)' is not a directory")
        }
        if let config, !FileManager.default.fileExists(atPath: config) {
            throw ValidationError("--config '\(config)' does not exist")
        }
    }
}
