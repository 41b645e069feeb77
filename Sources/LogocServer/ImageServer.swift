import Foundation
import Hummingbird
import HummingbirdCore
import LogocCore
import LogocDriver
import Logging
import NIOCore
import ServiceLifecycle

/// `logoc serve`: reads the specs, starts the render pool, the spec watch
/// and Hummingbird's HTTP/1.1 server, and runs until SIGTERM or SIGINT,
/// which stop new connections, let requests in flight finish, and return
/// (exit 0). Prints `listening on http://HOST:PORT` once it accepts.
public enum ImageServer {
    /// A served path that does not exist.
    public typealias MissingPath = Discovery.MissingPath

    public static func run(_ configuration: ServeConfiguration, logger: Logger,
                           onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }) async throws {
        let snapshot = try ProjectSnapshot.load(paths: configuration.paths, root: configuration.root, config: configuration.config,
                                                jobs: configuration.jobs)
        SnapshotStore.log(snapshot.diagnostics, to: logger)
        logger.info("loaded", metadata: ["specs": "\(snapshot.specCount)", "templates": "\(snapshot.templateCount)"])
        let store = SnapshotStore(initial: snapshot, paths: configuration.paths, root: configuration.root, config: configuration.config,
                                  jobs: configuration.jobs, logger: logger)
        let metrics = ServeMetrics()
        let pool = RenderPool(jobs: configuration.jobs, capacity: configuration.queue)
        let cache = ImageCache(budget: configuration.cacheBytes)
        let responder = ImageResponder(store: store, cache: cache, pool: pool, metrics: metrics, logger: logger,
                                       retryAfter: configuration.retryAfter)
        let limits = RequestHeadGuard.Limits(maxRequestLine: configuration.maxRequestLine, maxHead: configuration.maxHead,
                                             headTimeout: .milliseconds(Int64(configuration.headerTimeout * 1000)))
        let idle = TimeAmount.milliseconds(Int64(configuration.idleTimeout * 1000))
        // The decoder's own limits sit above the guard's, which answer first.
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(maxHeaderFieldSize: configuration.maxHead * 2,
                                                                       maxHeaderListSize: configuration.maxHead * 2)
        let server = HTTPServerBuilder { responder in
            GuardedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idle, httpDecoderConfiguration: decoder)),
                                limits: limits, refused: { status in metrics.request(status: status, nanoseconds: 0) })
        }
        let host = configuration.host
        let app = Application(
            responder: responder, server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuration.port), serverName: nil,
                                                    backlog: configuration.backlog),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                logger.info("listening on http://\(host):\(port)")
                onListening(host, port)
            },
            logger: logger
        )
        store.watch(interval: configuration.watchInterval)
        defer {
            store.stop()
            pool.stop()
        }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        logger.info("stopped")
    }
}
