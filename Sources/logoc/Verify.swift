import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc verify`: compare renders with committed golden images.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Render the specs and compare every PNG with a folder of golden images; exit 1 when anything changed.",
        discussion: """
            A pixel differs when a channel moves by more than 2 levels; an image changed when more than \
            0.05% of its pixels differ. For each change an image of the expected, actual and difference, \
            captioned, is written into the diff folder, with an index.html that shows them all. \
            --update records the current renders as the new golden images.
            """
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @Option(help: "The folder of golden images, mirroring the output folder.")
    var golden: String

    @Option(help: "Where the expected | actual | difference images and their review page (index.html) go.")
    var diff: String = "verify-diff"

    @Flag(help: "Record the current renders as the golden images.")
    var update = false

    @OptionGroup var options: CommonOptions

    func run() throws {
        let runner = CommandRunner(options: options)
        let inputs = try CommandRunner.inputs(paths)
        let project = Project.load(root: options.root, configPath: options.config)
        runner.applyMemoryBudget()
        let report = VerifyRun.run(inputs, project: project, golden: golden, diffDirectory: diff, update: update, jobs: options.jobs)
        var lines: [String] = []
        for (path, result) in report.changed {
            lines.append("changed \(path): \(result.sameSize ? "\(result.differing) of \(result.total) pixels differ (largest channel difference \(result.maxDelta))" : "the size changed")")
        }
        lines += report.added.map { "new \($0): no golden image (run with --update to record it)" }
        lines += report.removed.map { "removed \($0): no spec draws it any more" }
        lines += report.recorded.map { "recorded \($0)" }
        lines += report.updated.map { "updated \($0)" }
        lines += report.deleted.map { "deleted \($0): no spec draws it any more" }
        if !report.diffs.isEmpty { lines.append("expected | actual | difference images: \(diff)/") }
        if let page = report.reviewPage { lines.append("review page: \(page)") }
        let summary = update
            ? "\(report.recorded.count) recorded, \(report.updated.count) updated, \(report.deleted.count) deleted in \(golden)"
            : "\(report.matched) matched, \(report.changed.count) changed, \(report.added.count) new, \(report.removed.count) removed"
        lines.append(summary)
        runner.report(report.build, summary: "")
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        runner.printFailures(report.build)
        if !report.build.failures.isEmpty { throw ExitCode.usage }
        if report.build.errorCount > 0 || (!update && report.hasDifferences) { throw ExitCode.failure }
    }
}
