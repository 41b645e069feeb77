import Foundation

/// What `logoc serve` is told by its flags (docs/serving.md, "Limits"):
/// every limit with its default here, in one place.
public struct ServeConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port (printed on start).
    public var port = 8080
    /// Spec folders or files served (default `Specs`).
    public var paths = ["Specs"]
    public var root = "."
    public var config: String?
    /// Render workers (default: the cores).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Renders that may wait for a worker; more get 503.
    public var queue = 64
    /// The image cache's budget in bytes (default 64 MiB).
    public var cacheBytes = 64 << 20
    /// Seconds a request head may take to arrive, from its first byte.
    public var headerTimeout: Double = 10
    /// Seconds a keep-alive connection may sit idle.
    public var idleTimeout: Double = 60
    /// Seconds between looks at the served files for changes.
    public var watchInterval: Double = 1
    public var maxRequestLine = 8 * 1024
    public var maxHead = 32 * 1024
    /// Seconds a 503 asks the client to wait.
    public var retryAfter = 1
    public var backlog = 1024

    public init() {}
}
