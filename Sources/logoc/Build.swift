import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc build`: check, then write PNG and SVG files.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile specs into PNG and SVG files. Specs with errors write nothing; the others are still built."
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @Option(name: [.short, .customLong("output")], help: "The output folder; outputs mirror the specs' folders below it.")
    var output: String = "dist"

    @OptionGroup var options: CommonOptions

    func run() throws {
        let report = try options.run(paths: paths, output: output)
        var summary = "built \(report.builtCount) of \(report.specCount) spec\(report.specCount == 1 ? "" : "s") into \(output)"
        summary += " (\(report.written.count) file\(report.written.count == 1 ? "" : "s") written, \(report.unchanged.count) unchanged): "
        summary += options.counts(report)
        try options.finish(report, summary: summary)
    }
}
