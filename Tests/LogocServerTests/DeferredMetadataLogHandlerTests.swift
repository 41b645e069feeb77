import Foundation
import Logging
import Testing
@testable import LogocServer

/// `logoc serve`'s log lines are `StreamLogHandler`'s, though the metadata
/// is formatted only when a line is written.
struct DeferredMetadataLogHandlerTests {
    final class Lines: TextOutputStream, @unchecked Sendable {
        private let lock = NSLock()
        private var written: [String] = []
        func write(_ string: String) { lock.withLock { written.append(string) } }
        /// The lines without their timestamps (the first word).
        var withoutTimes: [String] { lock.withLock { written.map { String($0.drop(while: { $0 != " " })) } } }
    }

    /// The same calls on a logger of each handler.
    func logLines(deferred: Bool) -> [String] {
        let lines = Lines()
        var logger = Logger(label: "logoc.serve") { label in
            let stream = StreamLogHandler(label: label, stream: lines, metadataProvider: nil)
            return deferred ? DeferredMetadataLogHandler(stream) : stream
        }
        logger.logLevel = .info
        logger.info("before any metadata")
        logger[metadataKey: "hb.request.id"] = "42"
        logger[metadataKey: "a"] = "1"
        logger.info("with metadata", metadata: ["a": "2", "z": "3"])
        logger.debug("below the level")
        logger[metadataKey: "a"] = nil
        logger.error("one key removed")
        var child = logger
        child[metadataKey: "child"] = "yes"
        child.warning("a copy's own metadata")
        logger.notice("the original's")
        return lines.withoutTimes
    }

    @Test func linesAreStreamLogHandlers() {
        let plain = logLines(deferred: false)
        #expect(plain.count == 5)
        #expect(plain.contains { $0.contains("a=2 hb.request.id=42 z=3") })
        #expect(logLines(deferred: true) == plain)
    }
}
