import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc check`: parse and validate, write nothing.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse and validate specs without writing any output (for pre-commit hooks and CI); a repeat check reports unchanged specs from its cache."
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @OptionGroup var options: CommonOptions

    @Flag(help: "Refuse a spec whose image or font file git does not track (E019): for the pre-commit hook.")
    var requireTracked = false

    @Flag(help: "Check every spec in full: neither read nor write the check cache (ROOT/.logoc-check-cache).")
    var noCache = false

    @Option(help: ArgumentHelp("The folder of the check cache (default: ROOT/.logoc-check-cache), e.g. one that CI keeps between runs.",
                               valueName: "dir"))
    var cacheDir: String?

    func run() throws {
        let runner = CommandRunner(options: options)
        let cache: CommandRunner.CheckCacheChoice = noCache ? .none : cacheDir.map { CommandRunner.CheckCacheChoice.folder($0) } ?? .standard
        let report = try runner.run(paths: paths, output: nil, requireTracked: requireTracked, checkCache: cache)
        try runner.finish(report, summary: "checked \(report.specCount) spec\(report.specCount == 1 ? "" : "s"): " + runner.counts(report))
    }
}
