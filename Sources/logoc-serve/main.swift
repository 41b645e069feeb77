import ArgumentParser
import Foundation
import LogocCore
import LogocServer
import Logging

/// `logoc serve` (`logoc` execs this program from beside itself, so the
/// server's packages never load in a `logoc check`): answers HTTP with the
/// pictures of the specs and templates of PATHS (docs/serving.md).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        _superCommandName: "logoc",
        abstract: "Serve the specs' pictures and templates' avatars over HTTP, reloading specs as they change.",
        discussion: """
            GET /<folders>/<name>.<ext> answers the bytes `logoc build` writes; \
            GET /<folders>/<template>/<size>/<person name>.<ext> draws a template for a name at 16-1024 px. \
            Also /healthz and /metrics (Prometheus). SIGTERM or SIGINT finishes the requests in flight and exits 0. \
            See docs/serving.md.
            """,
        version: LogocVersion.current
    )

    @Argument(help: "Spec files or directories (default: Specs).")
    var paths: [String] = []

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed on start).")
    var port = 8080

    @Option(help: "The project root: every path a spec names must stay inside it.")
    var root = "."

    @Option(help: "The project configuration (default: ROOT/logoc.yaml when it exists).")
    var config: String?

    @Option(help: "Render workers (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Renders that may wait for a worker; beyond them a request gets 503 with Retry-After.")
    var queue = 64

    @Option(name: .customLong("cache-mb"), help: "MiB of encoded images kept in memory.")
    var cacheMB = 64

    @Option(name: .customLong("header-timeout"), help: "Seconds a request head may take to arrive (slow clients are cut off with 408).")
    var headerTimeout: Double = 10

    @Option(name: .customLong("idle-timeout"), help: "Seconds a keep-alive connection may stay idle.")
    var idleTimeout: Double = 60

    @Option(name: .customLong("watch-interval"), help: "Seconds between looks at the served files for changes.")
    var watchInterval: Double = 1

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 256") }
        guard (1...100_000).contains(queue) else { throw ValidationError("--queue must be from 1 to 100000") }
        guard (0...65536).contains(cacheMB) else { throw ValidationError("--cache-mb must be from 0 to 65536") }
        for (name, value) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout), ("--watch-interval", watchInterval)] {
            guard value >= 0.05, value <= 86400 else { throw ValidationError("\(name) must be from 0.05 to 86400 seconds") }
        }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level '\(logLevel)' is not a level") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root '\(root)' is not a directory")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = DeferredMetadataLogHandler(StreamLogHandler.standardError(label: label))
            handler.logLevel = level
            return handler
        }
        var configuration = ServeConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.paths = paths.isEmpty ? ["Specs"] : paths
        configuration.root = root
        configuration.config = config
        configuration.jobs = jobs
        configuration.queue = queue
        configuration.cacheBytes = cacheMB << 20
        configuration.headerTimeout = headerTimeout
        configuration.idleTimeout = idleTimeout
        configuration.watchInterval = watchInterval
        do {
            try await ImageServer.run(configuration, logger: Logger(label: "logoc.serve")) { host, port in
                // The one line on standard output: scripts and tests read the port from it.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
        } catch let missing as LogocDriverMissingPath {
            FileHandle.standardError.write(Data("error: \(missing.message)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// `Discovery.MissingPath`, named here without importing the driver's other names.
typealias LogocDriverMissingPath = ImageServer.MissingPath

/// Exits 2 for usage errors, as `logoc` does (ArgumentParser's own is 64).
@main
enum Main {
    static func main() async {
        do {
            let serve = try Serve.parse(Array(CommandLine.arguments.dropFirst()))
            try await serve.run()
        } catch {
            guard Serve.exitCode(for: error) == .validationFailure else { Serve.exit(withError: error) }
            FileHandle.standardError.write(Data((Serve.fullMessage(for: error) + "\n").utf8))
            exit(2)
        }
    }
}
