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

    func run() throws {
        let report = try options.run(paths: paths, output: nil)
        let summary = "checked \(report.specCount) spec\(report.specCount == 1 ? "" : "s"): " + options.counts(report)
        try options.finish(report, summary: summary)
    }
}
