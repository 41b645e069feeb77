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

    @Option(help: "A CSV file of people (header row with 'name', optional 'file'): draws --template once per row into the output folder.")
    var data: String?

    @Option(help: "The template (a spec with 'template: true') that --data draws.")
    var template: String?

    @OptionGroup var output: OutputOptions
    @OptionGroup var options: CommonOptions

    func validate() throws {
        if data != nil, template == nil { throw ValidationError("--data needs --template, the spec to draw for each row") }
        if template != nil, data == nil { throw ValidationError("--template needs --data, the CSV file of people to draw it for") }
        if data != nil, !paths.isEmpty { throw ValidationError("--data builds one template; give it with --template, not as a path") }
    }

    func run() throws {
        let start = Date()
        let runner = CommandRunner(options: options)
        let report: RunReport
        if let data, let template {
            report = try runner.runData(data: data, template: template, output: output.directory, force: output.force)
        } else {
            report = try runner.run(paths: paths, output: output.directory, force: output.force)
        }
        runner.printExplanations(report, explain: output.explain)
        if options.verbose {
            for path in report.removed { FileHandle.standardError.write(Data("removed \(path)\n".utf8)) }
        }
        try runner.finish(report, summary: runner.buildSummary(report, since: start, writtenTo: output.directory))
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
