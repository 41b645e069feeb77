import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc build`: check, then bring the output folder up to date.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Compile specs into PNG and SVG (or WebP, AVIF, JPEG, PDF) files, drawing only what changed.",
        discussion: """
            Specs with errors write nothing; the others are still built. Outputs whose inputs did not change \
            are left untouched; outputs of deleted or renamed specs are removed (only files listed in \
            DIR/manifest.json). DIR/index.html shows every output.
            """
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @OptionGroup var output: OutputOptions
    @OptionGroup var options: CommonOptions

    func run() throws {
        let start = Date()
        let report = try options.run(paths: paths, output: output.directory, force: output.force)
        if output.explain {
            for line in report.explanations { FileHandle.standardError.write(Data("rebuilt \(line)\n".utf8)) }
        }
        if options.verbose {
            for path in report.removed { FileHandle.standardError.write(Data("removed \(path)\n".utf8)) }
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        let summary = "\(report.builtCount) built, \(report.unchangedCount) unchanged, \(report.removed.count) removed, "
            + "\(report.failedCount) failed in \(seconds) s (\(report.written.count) file\(report.written.count == 1 ? "" : "s") written to \(output.directory)); "
            + options.counts(report)
        try options.finish(report, summary: summary)
    }
}

/// Where and how `build` and `watch` write.
struct OutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: "The output folder; outputs mirror the specs' folders below it.")
    var directory: String = "dist"

    @Flag(help: "Draw every output again, whatever the cache says.")
    var force = false

    @Flag(help: "Say why each rebuilt spec was rebuilt.")
    var explain = false
}
