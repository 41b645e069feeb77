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
        let build = {
            let start = Date()
            do {
                let report = try options.run(paths: folders, output: output.directory, force: force)
                force = false
                if output.explain {
                    for line in report.explanations { FileHandle.standardError.write(Data("rebuilt \(line)\n".utf8)) }
                }
                let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
                options.report(report.diagnostics, sources: report.sources,
                               summary: "\(report.builtCount) built, \(report.unchangedCount) unchanged, \(report.removed.count) removed, \(report.failedCount) failed in \(seconds) s; " + options.counts(report))
                for failure in report.failures { FileHandle.standardError.write(Data("error: \(failure)\n".utf8)) }
            } catch {
                // A missing folder is reported by run(); keep watching for it to appear.
            }
            if !options.quiet { FileHandle.standardError.write(Data("watching \(folders.joined(separator: ", ")) (Ctrl-C to stop)\n".utf8)) }
        }
        loop.run(files: { [config] + WatchLoop.recordedInputs(in: output.directory) }, folders: folders, buildFirst: true, rebuild: build)
        if !options.quiet { FileHandle.standardError.write(Data("stopped\n".utf8)) }
    }
}
