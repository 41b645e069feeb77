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
    @OptionGroup var remote: RemoteOptions
    @OptionGroup var options: CommonOptions

    func validate() throws {
        if data != nil, template == nil { throw ValidationError("--data needs --template, the spec to draw for each row") }
        if template != nil, data == nil { throw ValidationError("--template needs --data, the CSV file of people to draw it for") }
        if data != nil, !paths.isEmpty { throw ValidationError("--data builds one template; give it with --template, not as a path") }
        if data != nil, remote.shard != nil { throw ValidationError("--shard splits a build of specs; a --data build is not split") }
        if data != nil, remote.remoteCache != nil {
            throw ValidationError("--remote-cache serves builds of specs; a --data build draws its rows here (docs/remote-cache.md)")
        }
    }

    func run() throws {
        let start = Date()
        let runner = CommandRunner(options: options)
        let report: RunReport
        if let data, let template {
            report = try runner.runData(data: data, template: template, output: output.directory, force: output.force)
        } else {
            report = try runner.run(paths: paths, output: output.directory, force: output.force, remote: try remote.settings(), shard: try remote.parsedShard(),
                                    explain: output.explain)
        }
        runner.printExplanations(report, explain: output.explain)
        if let line = RemoteOptions.warning(report.remote) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
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

/// `build`'s remote cache and sharding (docs/remote-cache.md).
struct RemoteOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A Bazel HTTP remote cache (http://host:port[/prefix]): outputs are downloaded from it instead of drawn, and uploaded after drawing. Default: $LOGOC_REMOTE_CACHE; '' for none.",
        valueName: "url"))
    var remoteCache: String?

    @Option(help: ArgumentHelp("Seconds the remote cache may take to answer before the build goes on without it.", valueName: "seconds"))
    var remoteCacheTimeout: Double = RemoteCacheSettings.defaultTimeout

    @Flag(inversion: .prefixedNo, help: "Upload what is drawn here to the remote cache, or (--no-remote-upload) only download.")
    var remoteUpload = true

    @Option(help: ArgumentHelp("Draw and write only part I of N (1-based) of the specs, chosen by a hash of each spec's path; every spec is still checked.",
                               valueName: "I/N"))
    var shard: String?

    func validate() throws {
        guard remoteCacheTimeout.isFinite, remoteCacheTimeout >= 0.01, remoteCacheTimeout <= 600 else {
            throw ValidationError("--remote-cache-timeout must be from 0.01 to 600 (seconds)")
        }
        _ = try settings()
        _ = try parsedShard()
    }

    /// The remote cache from `--remote-cache`, else `LOGOC_REMOTE_CACHE`; nil for none (an empty value included).
    func settings() throws -> RemoteCacheSettings? {
        let fromEnvironment = remoteCache == nil
        guard let text = remoteCache ?? getenv("LOGOC_REMOTE_CACHE").map({ String(cString: $0) }), !text.isEmpty else { return nil }
        switch HTTPEndpoint.parse(text) {
        case .success(let endpoint): return RemoteCacheSettings(endpoint: endpoint, timeout: remoteCacheTimeout, upload: remoteUpload)
        case .failure(let failure): throw ValidationError((fromEnvironment ? "LOGOC_REMOTE_CACHE " : "--remote-cache ") + failure.message)
        }
    }

    func parsedShard() throws -> Shard? {
        guard let shard else { return nil }
        switch Shard.parse(shard) {
        case .success(let parsed): return parsed
        case .failure(let failure): throw ValidationError(failure.message)
        }
    }

    /// The one line a failing cache is worth: what went wrong first, and that the build went on without it.
    static func warning(_ report: RemoteCacheReport?) -> String? {
        guard let report, let first = report.firstError else { return nil }
        let errors = report.errors == 1 ? "1 error" : "\(report.errors) errors"
        return "warning: remote cache \(report.endpoint): \(first) (\(errors)\(report.gaveUp ? "; not asked again in this build" : "")); "
            + "the specs concerned were drawn here"
    }
}
