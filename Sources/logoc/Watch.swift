import ArgumentParser
import Foundation
import LogocDriver
import LogocFrontend

/// `logoc watch`: build, then build again whenever an input changes.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Build, then rebuild whenever a spec, partial, image, font or logoc.yaml changes. Ctrl-C stops."
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @OptionGroup var output: OutputOptions
    @OptionGroup var options: CommonOptions

    func run() throws {
        let folders = paths.isEmpty ? ["Specs"] : paths
        let config = options.config ?? (options.root as NSString).appendingPathComponent("logoc.yaml")
        let loop = WatchLoop()
        loop.stopOnInterrupt()
        var force = output.force
        let runner = CommandRunner(options: options)
        // The inputs the last build recorded, read from its cache once per
        // build: the loop asks for them at every look, and the cache (of
        // every spec of the project) changes only with a build.
        var recorded = WatchLoop.outside(WatchLoop.recordedInputs(in: output.directory), folders: folders)
        // What one build leaves the next: the files the loop saw change, the
        // spec files, the project, the renderers and the cache, so a save
        // rebuilds in proportion to it (docs/build-engine.md).
        let session = WatchSession()
        let build = { (changed: Set<String>?) in
            let start = Date()
            session.saw(changed)
            do {
                let report = try runner.run(paths: folders, output: output.directory, force: force, session: session)
                force = false
                runner.printExplanations(report, explain: output.explain)
                runner.report(report, summary: runner.buildSummary(report, since: start, writtenTo: nil))
                // `--timings`: each build's stages, as `build` prints them.
                if let line = report.timings { FileHandle.standardError.write(Data((line + "\n").utf8)) }
                runner.printFailures(report)
            } catch {
                // A missing folder is reported by run(); keep watching for it to appear.
            }
            // The files below the watched folders are seen by listing them.
            recorded = WatchLoop.outside(session.recordedInputs() ?? WatchLoop.recordedInputs(in: output.directory), folders: folders)
            if !options.quiet { FileHandle.standardError.write(Data("watching \(folders.joined(separator: ", ")) (Ctrl-C to stop)\n".utf8)) }
        }
        loop.run(files: { [config] + recorded }, folders: folders, buildFirst: true, build: build)
        if !options.quiet { FileHandle.standardError.write(Data("stopped\n".utf8)) }
    }
}
