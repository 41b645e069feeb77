import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc check`: parse and validate, write nothing.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse and validate specs, writing nothing (for pre-commit hooks and CI); with --cache, a repeat check reports unchanged specs from a cache."
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @OptionGroup var options: CommonOptions

    @Flag(help: "Refuse a spec whose image or font file git does not track (E019): for the pre-commit hook.")
    var requireTracked = false

    @Flag(help: "Keep a check cache (ROOT/.logoc-check-cache) and report unchanged spec files from it: the one file check then writes.")
    var cache = false

    @Option(help: ArgumentHelp("Keep the check cache in this folder instead (implies --cache), e.g. one that CI keeps between runs.",
                               valueName: "dir"))
    var cacheDir: String?

    @Flag(help: "No check cache, whatever --cache or --cache-dir say (the default): every spec checked in full.")
    var noCache = false

    func run() throws {
        let runner = CommandRunner(options: options)
        // Off unless asked for: `check` writes nothing by default (SPEC.md).
        let choice: CommandRunner.CheckCacheChoice = noCache ? .none : cacheDir.map { .folder($0) } ?? (cache ? .standard : .none)
        let report = try runner.run(paths: paths, output: nil, requireTracked: requireTracked, checkCache: choice)
        try runner.finish(report, summary: "checked \(report.specCount) spec\(report.specCount == 1 ? "" : "s"): " + runner.counts(report))
    }
}
