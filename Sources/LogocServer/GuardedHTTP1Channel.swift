import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 child channel with `RequestHeadGuard` in front of
/// its decoder (the guard sees the raw bytes first: 414, 431, the header
/// timeout, bodies refused) and, unless turned off, `CachedHitHandler`
/// between Hummingbird's connection-state handler and its responder (cache
/// hits answered on the event loop). Hummingbird's pipeline is otherwise as
/// it makes it.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let limits: RequestHeadGuard.Limits
    let refused: @Sendable (Int) -> Void
    /// Whose `cachedAnswer` answers hits before the responder; nil: every
    /// request goes through the responder.
    let hits: ImageResponder?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        let refused = self.refused
        let hits = self.hits
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestHeadGuard(limits: limits, refused: refused), position: .first)
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            if let hits {
                let state = try channel.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)
                try channel.pipeline.syncOperations.addHandler(CachedHitHandler(responder: hits), position: .after(state))
            }
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
