import Foundation
import LogocCore
import LogocDriver
import Logging

/// The current `ProjectSnapshot`, swapped whole when the served files
/// change. The watching is `logoc watch`'s (`WatchLoop`: polling sizes and
/// times, waiting for a burst of saves to settle), on a thread of its own;
/// a request takes the snapshot once and answers from it alone.
public final class SnapshotStore: Sendable {
    private let current: Locked<ProjectSnapshot>
    private let loop = WatchLoop()
    private let reloads = Locked(0)
    let paths: [String]
    let root: String
    let config: String?
    let jobs: Int
    let logger: Logger

    public init(initial: ProjectSnapshot, paths: [String], root: String, config: String?, jobs: Int, logger: Logger) {
        current = Locked(initial)
        (self.paths, self.root, self.config, self.jobs, self.logger) = (paths, root, config, jobs, logger)
    }

    public var snapshot: ProjectSnapshot { current.withLock { $0 } }
    /// How many times a new snapshot was swapped in.
    public var reloadCount: Int { reloads.withLock { $0 } }

    /// Watches the served files every `interval` seconds until `stop`, and
    /// swaps in a new snapshot after each settled change.
    public func watch(interval: TimeInterval) {
        loop.interval = interval
        loop.settle = min(interval, 0.2)
        let configFile = config ?? (root as NSString).appendingPathComponent("logoc.yaml")
        let thread = Thread { [self] in
            loop.run(files: { [configFile] }, folders: paths, rebuild: { [self] in reload() })
        }
        thread.name = "logoc-watch"
        thread.start()
    }

    public func stop() { loop.stop() }

    /// Reads the specs again and swaps the new snapshot in; a folder that
    /// vanished keeps the old one (and says so).
    func reload() {
        do {
            let next = try ProjectSnapshot.load(paths: paths, root: root, config: config, jobs: jobs)
            current.withLock { $0 = next }
            reloads.withLock { $0 += 1 }
            logger.info("reloaded", metadata: ["specs": "\(next.specCount)", "templates": "\(next.templateCount)"])
            Self.log(next.diagnostics, to: logger)
        } catch {
            logger.error("reload failed, still serving the previous specs: \(error.message)")
        }
    }

    /// Diagnostics as the log shows them: `file:line:column: code: message`.
    static func log(_ diagnostics: [LogocCore.Diagnostic], to logger: Logger) {
        for d in diagnostics {
            let place = d.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
            let line = "\(place)\(d.severity == .error ? "error" : "warning")[\(d.code.rawValue)]: \(d.message)"
            if d.isError { logger.error("\(line)") } else { logger.warning("\(line)") }
        }
    }
}
