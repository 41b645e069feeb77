import ArgumentParser
import Foundation
import LogocCore
import LogocDriver
import LogocRender
import LogocFrontend

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

/// Options every compiling command shares.
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

    /// Sets the process's drawing budget from `--memory`.
    func applyMemoryBudget() {
        MemoryBudget.shared.bytes = memory << 20
    }

    /// Finds the specs and runs the pipeline; `output` nil means check only.
    /// `requireTracked`: `check --require-tracked`.
    func run(paths: [String], output: String?, force: Bool = false, requireTracked: Bool = false) throws -> RunReport {
        let clock = timings ? StageClock() : nil
        applyMemoryBudget()
        var inputs: [SpecInput]
        do {
            inputs = try clock.time(.discover) { () throws(Discovery.MissingPath) -> [SpecInput] in try Discovery.inputs(paths.isEmpty ? ["Specs"] : paths) }
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode.usage
        }
        let project = Project.load(root: root, configPath: config)
        let progress = Terminal.isTerminal(STDERR_FILENO) && format == .human && !quiet ? Progress() : nil
        var callback: (@Sendable (Int, Int, String) -> Void)?
        if let progress {
            callback = { done, total, name in progress.show(done, total, name) }
        }
        let quiet = self.quiet
        var options = BuildRun.Options(outputDirectory: output, jobs: jobs, strict: strict, force: force, progress: callback, waiting: {
            if !quiet { FileHandle.standardError.write(Data("waiting for another logoc build into \(output ?? "")\n".utf8)) }
        })
        options.clock = clock
        options.requireTracked = requireTracked
        // `check FILES` also checks the specs that use them, and finds
        // output clashes against the whole project.
        if output == nil, !paths.isEmpty {
            let affected = clock.time(.discover) { AffectedSpecs.find(inputs, project: project, rootArgument: root, jobs: jobs) }
            inputs = affected.inputs
            options.projectOutputs = affected.others
        }
        // getenv, not ProcessInfo's environment, which copies every variable
        // into a dictionary (0.4 M instructions) to answer one question.
        if getenv("LOGOC_RELEASE_CACHES_AT_EXIT") != nil { LibraryCaches.releaseAtExit() }
        if output != nil {
            // A build that writes files: one malloc heap for every worker,
            // and the freed heap handed back after each chunk (Heap).
            Heap.useOneArena()
            options.afterChunk = { Heap.trim() }
        }
        var report = BuildRun.run(inputs, project: project, options: options)
        report.timings = clock?.json()
        progress?.clear()
        return report
    }

    /// "2 errors, 1 warning"
    func counts(_ report: RunReport) -> String {
        "\(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")"
    }

    /// Prints everything and throws the exit code SPEC.md promises.
    func finish(_ report: RunReport, summary: String) throws {
        self.report(report.diagnostics, sources: report.sources, summary: summary)
        if let line = report.timings { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        for failure in report.failures {
            FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
        }
        if !report.failures.isEmpty { throw ExitCode.usage }
        let code = exitCode(errors: report.errorCount, warnings: report.warningCount)
        if code != .success { throw code }
    }

    /// Prints diagnostics in the chosen format, then a summary on a terminal.
    func report(_ diagnostics: [Diagnostic], sources: [String: SourceFile], summary: String) {
        switch format {
        case .json:
            FileHandle.standardOutput.write(Data(DiagnosticRenderer.json(diagnostics).utf8))
        case .github:
            FileHandle.standardOutput.write(Data(DiagnosticRenderer.github(diagnostics).utf8))
        case .sarif:
            FileHandle.standardOutput.write(Data(DiagnosticRenderer.sarif(diagnostics, toolVersion: Logoc.version).utf8))
        case .human:
            let colour = Terminal.isTerminal(STDERR_FILENO) && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            let renderer = DiagnosticRenderer(sources: sources, colour: colour)
            var text = diagnostics.map { renderer.human($0) }.joined(separator: "\n")
            // On a terminal (or with --verbose) a summary; in a pipe, nothing but diagnostics.
            if (Terminal.isTerminal(STDERR_FILENO) || verbose) && !quiet && !summary.isEmpty {
                if !diagnostics.isEmpty { text += "\n" }
                text += summary + "\n"
            }
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

/// `[n/N] team/jane` on one terminal line, redrawn in place.
final class Progress: Sendable {
    /// Held while a line is written, so two workers' lines do not mix.
    private let terminal = Locked(())

    func show(_ done: Int, _ total: Int, _ name: String) {
        terminal.withLock { _ in
            FileHandle.standardError.write(Data("\r\u{1B}[K[\(done)/\(total)] \(name)".utf8))
        }
    }

    func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

extension ExitCode {
    /// Usage or I/O failure (not a spec error).
    static let usage = ExitCode(2)
}
