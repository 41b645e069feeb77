import Logging

/// swift-log's `StreamLogHandler`, with its metadata formatted when a line
/// is written rather than whenever the metadata changes. Hummingbird gives
/// every request's logger a request id, and `StreamLogHandler` formats its
/// whole metadata on each such change: about a percent of the server's CPU
/// under load (`perf`, docs/serving.md) for lines that are written only at
/// debug level. The lines are the same as `StreamLogHandler`'s.
public struct DeferredMetadataLogHandler: LogHandler {
    private var stream: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    /// `stream` writes the lines; it should have no metadata of its own.
    public init(_ stream: StreamLogHandler) { self.stream = stream }

    public var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var event = event
        if !metadata.isEmpty {
            event.metadata = event.metadata.map { metadata.merging($0) { _, explicit in explicit } } ?? metadata
        }
        stream.log(event: event)
    }
}
