import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc check`: parse and validate, write nothing.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse and validate specs without writing anything (for pre-commit hooks and CI)."
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @OptionGroup var options: CommonOptions

    @Flag(help: "Refuse a spec whose image or font file git does not track (E019): for the pre-commit hook.")
    var requireTracked = false

    func run() throws {
        let runner = CommandRunner(options: options)
        let report = try runner.run(paths: paths, output: nil, requireTracked: requireTracked)
        try runner.finish(report, summary: "checked \(report.specCount) spec\(report.specCount == 1 ? "" : "s"): " + runner.counts(report))
    }
}
