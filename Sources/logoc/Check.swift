import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc check`: parse and validate, write nothing.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and validate specs without writing anything (for pre-commit hooks and CI)."
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @OptionGroup var options: CommonOptions

    func run() throws {
        let inputs: [SpecInput]
        do {
            inputs = try Discovery.inputs(paths.isEmpty ? ["Specs"] : paths)
        } catch {
            FileHandle.standardError.write(Data("error: '\(error.path)' does not exist\n".utf8))
            throw ExitCode.usage
        }
        let project = Project.load(root: options.root, configPath: options.config)
        let report = CheckRun.run(inputs, project: project, jobs: options.jobs)
        let failed = report.files.reduce(0) { $0 + $1.failedDocuments }
        let checked = report.specs.count + failed
        var summary = "checked \(checked) spec\(checked == 1 ? "" : "s")"
        summary += ": \(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")"
        options.report(report.diagnostics, sources: report.sources, summary: summary)
        let code = options.exitCode(errors: report.errorCount, warnings: report.warningCount)
        if code != .success { throw code }
    }
}
