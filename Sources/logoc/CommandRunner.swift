import ArgumentParser
import Foundation
import LogocCore
import LogocDriver
import LogocFrontend
import LogocRender

/// What every command does around its own work: runs the pipeline with the
/// common options, prints diagnostics in the chosen format and a summary on
/// a terminal, prints machine failures, and maps the outcome to the exit
/// code the README promises (0, 1 for a spec error, 2 for usage or I/O).
/// Written once here so that `CommonOptions` only declares options and a
/// command only says what to run and what its summary counts.
struct CommandRunner {
    let options: CommonOptions

    /// Finds the specs and runs the pipeline; `output` nil means check only.
    /// `requireTracked`: `check --require-tracked`. A missing path is
    /// printed and exits 2.
    /// `session`: `logoc watch`'s state between builds. `explain`: keep
    /// why each spec was rebuilt (`--explain`; else not kept, issue 21).
    /// `check`'s cache: none (`--no-cache`, and every command but `check`),
    /// the project's (`ROOT/.logoc-check-cache`), or `--cache-dir`'s.
    enum CheckCacheChoice {
        case none, standard
        case folder(String)
    }

    func run(paths: [String], output: String?, force: Bool = false, requireTracked: Bool = false, remote: RemoteCacheSettings? = nil,
             shard: Shard? = nil, session: WatchSession? = nil, explain: Bool = true, checkCache: CheckCacheChoice = .none) throws -> RunReport {
        let clock = options.timings ? StageClock() : nil
        applyMemoryBudget()
        let progress = Terminal.isTerminal(STDERR_FILENO) && options.format == .human && !options.quiet ? Progress() : nil
        var callback: (@Sendable (Int, Int, String) -> Void)?
        if let progress {
            callback = { done, total, name in progress.show(done, total, name) }
        }
        let quiet = options.quiet
        var run = BuildRun.Options(outputDirectory: output, jobs: options.jobs, strict: options.strict, force: force, progress: callback, waiting: {
            if !quiet { FileHandle.standardError.write(Data("waiting for another logoc build into \(output ?? "")\n".utf8)) }
        })
        run.clock = clock
        run.requireTracked = requireTracked
        run.remote = remote
        run.shard = shard
        run.explains = explain
        // The summary counts the files; nothing here prints their names.
        run.listsOutputs = false
        // getenv, not ProcessInfo's environment, which copies every variable
        // into a dictionary (0.4 M instructions) to answer one question.
        if getenv("LOGOC_RELEASE_CACHES_AT_EXIT") != nil { LibraryCaches.releaseAtExit() }
        // The memory a check gives its diagnostics before it spools them to
        // disk (docs/check.md, "Memory"), in bytes.
        if let text = getenv("LOGOC_DIAGNOSTIC_BUDGET").map({ String(cString: $0) }), let bytes = Int(text), bytes >= 0 { run.diagnosticBudget = bytes }
        if output != nil {
            // A build that writes files: one malloc heap for every worker,
            // and the freed heap handed back after each chunk (Heap).
            Heap.useOneArena()
            run.afterChunk = { Heap.trim() }
        }
        var report: RunReport
        if let session {
            // The watch keeps the spec files and the project between builds.
            do {
                report = try session.build(paths.isEmpty ? ["Specs"] : paths, root: options.root, configPath: options.config, options: run)
            } catch {
                throw Self.failure(error.message)
            }
        } else {
            let project = Project.load(root: options.root, configPath: options.config)
            // (Asked of a check only: a build of any paths builds just them.)
            let whole = paths.isEmpty || (output == nil && AffectedSpecs.isWholeProject(paths, project: project))
            if output == nil, case .none = checkCache, whole {
                // A check of the whole project without a cache: spec files
                // taken from discovery a chunk at a time, never all listed
                // (a missing path is found before anything is read).
                do throws(Discovery.MissingPath) {
                    report = try BuildRun.check(Discovery.Stream(paths.isEmpty ? ["Specs"] : paths), project: project, options: run)
                } catch {
                    throw Self.failure(error.message)
                }
            } else if output != nil {
                // A build plans every spec file before it reads one: the list, packed (issue 21).
                report = BuildRun.run(try Self.discover(paths, clock: clock, Discovery.specFiles), project: project, options: run)
            } else {
                var inputs = try Self.inputs(paths, clock: clock)
                switch checkCache {
                case .none: break
                case .standard: run.checkCache = BuildRun.checkCacheFolder(root: project.paths.root)
                case .folder(let folder): run.checkCache = folder
                }
                // `check FILES` also checks the specs that use them, and finds
                // output clashes against the whole project (`check Specs` checks it
                // all already: as `check` with no path, nothing is added).
                if !whole {
                    let affected = clock.time(.discover) { AffectedSpecs.find(inputs, project: project, rootArgument: options.root, jobs: options.jobs) }
                    inputs = affected.inputs
                    run.projectOutputs = affected.others
                }
                report = BuildRun.run(consume inputs, project: project, options: run)
            }
        }
        report.timings = clock?.json()
        progress?.clear()
        return report
    }

    /// `build --data`: `template` drawn once per row of `data` into
    /// `output`. A missing file, or a template file that is a folder, is
    /// printed and exits 2.
    func runData(data: String, template: String, output: String, force: Bool) throws -> RunReport {
        let clock = options.timings ? StageClock() : nil
        applyMemoryBudget()
        let inputs = try Self.inputs([template], clock: clock)
        var folder: ObjCBool = false
        guard inputs.count == 1, let input = inputs.first, FileManager.default.fileExists(atPath: template, isDirectory: &folder), !folder.boolValue else {
            throw Self.failure("--template '\(template)' is not one spec file")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: data, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw Self.failure("--data '\(data)' is not a file")
        }
        let project = Project.load(root: options.root, configPath: options.config)
        var run = BuildRun.Options(outputDirectory: output, jobs: options.jobs, strict: options.strict, force: force)
        run.clock = clock
        Heap.useOneArena()
        run.afterChunk = { Heap.trim() }
        var report = DataBuildRun.run(data: data, template: input, project: project, options: run)
        report.timings = clock?.json()
        return report
    }

    /// The spec files of `paths` (default `Specs`); a missing path is printed and exits 2.
    static func inputs(_ paths: [String], clock: StageClock? = nil) throws -> [SpecInput] {
        try discover(paths, clock: clock, Discovery.inputs)
    }

    /// `find` (`Discovery.inputs`, `specFiles`) of `paths` (default `Specs`),
    /// timed as discovery; a missing path is printed and exits 2.
    static func discover<Found>(_ paths: [String], clock: StageClock?, _ find: ([String]) throws(Discovery.MissingPath) -> Found) throws -> Found {
        do {
            return try clock.time(.discover) { () throws(Discovery.MissingPath) -> Found in try find(paths.isEmpty ? ["Specs"] : paths) }
        } catch {
            throw failure(error.message)
        }
    }

    /// Sets the process's drawing budget from `--memory`.
    func applyMemoryBudget() {
        MemoryBudget.shared.bytes = options.memory << 20
    }

    /// Prints `error: message` and gives the exit code of a usage or I/O failure, to throw.
    static func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return .usage
    }

    /// "2 errors, 1 warning"
    func counts(_ report: RunReport) -> String {
        "\(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")"
    }

    /// The summary of a build (`build`, and each build of `watch`): what was
    /// built, kept, removed and failed, how long it took, and, given the
    /// output folder, how many files were written there.
    func buildSummary(_ report: RunReport, since start: Date, writtenTo directory: String?) -> String {
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        let written = directory.map { " (\(report.writtenFileCount) file\(report.writtenFileCount == 1 ? "" : "s") written to \($0))" } ?? ""
        // With a remote cache: how many built specs were downloaded, how many drawn here.
        let remote = report.remote.map { " (\($0.hits) downloaded, \(report.builtCount - $0.hits) drawn)" } ?? ""
        let cache = report.remote.map { "; remote cache: \($0.hits) hits, \($0.misses) misses, \($0.uploads) uploads, \($0.errors) errors" } ?? ""
        return "\(report.builtCount) built\(remote), \(report.unchangedCount) unchanged, \(report.removed.count) removed, "
            + "\(report.failedCount) failed in \(seconds) s\(written); " + counts(report) + cache
    }

    /// `--explain`'s lines: why each rebuilt spec was rebuilt.
    func printExplanations(_ report: RunReport, explain: Bool) {
        guard explain else { return }
        for line in report.explanations { FileHandle.standardError.write(Data("rebuilt \(line)\n".utf8)) }
    }

    /// Prints everything and throws the exit code the README promises.
    func finish(_ report: RunReport, summary: String) throws {
        let unread = self.report(report, summary: summary)
        if let line = report.timings { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        printFailures(report)
        if let unread { FileHandle.standardError.write(Data("error: \(unread)\n".utf8)) }
        if !report.failures.isEmpty || unread != nil { throw ExitCode.usage }
        let code = exitCode(errors: report.errorCount, warnings: report.warningCount)
        if code != .success { throw code }
    }

    /// The machine's failures (not the specs'), one `error:` line each.
    func printFailures(_ report: RunReport) {
        for failure in report.failures {
            FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
        }
    }

    /// Prints the report's diagnostics in the chosen format, then a summary
    /// on a terminal (`DiagnosticPrinter`, one diagnostic at a time). The
    /// reason, when diagnostics spooled to disk could not be read back.
    @discardableResult
    func report(_ report: RunReport, summary: String) -> String? {
        let human = options.format == .human
        // On a terminal (or with --verbose) a summary; in a pipe, nothing but diagnostics.
        let showsSummary = human && (Terminal.isTerminal(STDERR_FILENO) || options.verbose) && !options.quiet && !summary.isEmpty
        return DiagnosticPrinter.print(report, format: options.format, colour: human && Terminal.usesColour(STDERR_FILENO),
                                       summary: showsSummary ? summary : nil)
    }

    /// Diagnostics with caret excerpts, for standard error: in colour on a
    /// terminal unless `NO_COLOR` is set.
    static func human(_ diagnostics: [Diagnostic], sources: [String: SourceFile]) -> String {
        let renderer = DiagnosticRenderer(sources: sources, colour: Terminal.usesColour(STDERR_FILENO))
        return diagnostics.map { renderer.human($0) }.joined(separator: "\n")
    }

    /// The exit status the README promises: 1 for any error (or warning with --strict).
    func exitCode(errors: Int, warnings: Int) -> ExitCode {
        errors > 0 || (options.strict && warnings > 0) ? .failure : .success
    }
}
