import NIOCore

/// The limits a request head must keep before the HTTP decoder sees it:
/// on the raw bytes, first in the pipeline, so that an oversized or slow
/// head costs a bounded buffer and a timer, never a decoder's growing state.
/// A request line longer than `maxRequestLine` gets 414, a head longer than
/// `maxHead` 431, a head not complete within `headTimeout` of its first byte
/// (or of the connection's start) 408, and a request that announces a body
/// (`Content-Length` other than 0, or `Transfer-Encoding`) 400: no URL of
/// `serve` takes one, so none is read. Each answer closes the connection.
final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    struct Limits: Sendable {
        var maxRequestLine = 8 * 1024
        var maxHead = 32 * 1024
        var headTimeout: TimeAmount = .seconds(10)
    }

    private let limits: Limits
    /// Told each refusal's status, for the metrics.
    private let refused: @Sendable (Int) -> Void
    private var scanner: HeadScanner
    /// Runs while a head is under way (and from the connection's start until
    /// its first head): a head that arrives whole in one read never needs one.
    private var timer: Scheduled<Void>?
    private var closed = false

    init(limits: Limits, refused: @escaping @Sendable (Int) -> Void) {
        self.limits = limits
        self.refused = refused
        scanner = HeadScanner(maxRequestLine: limits.maxRequestLine, maxHead: limits.maxHead)
    }

    func channelActive(context: ChannelHandlerContext) {
        startTimer(context: context)
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startTimer(context: context) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closed else { return }
        let buffer = unwrapInboundIn(data)
        switch buffer.withUnsafeReadableBytes({ scanner.scan($0) }) {
        case .refuse(let failure):
            return refuse(failure, context: context)
        case .pass(let endedHead, let inHead):
            // A head complete: an idle keep-alive connection is the idle timeout's.
            if endedHead {
                timer?.cancel()
                timer = nil
            }
            // A head begun in this read: its time starts now (a connection's
            // first head keeps the timer of the connection's start).
            if inHead, timer == nil { startTimer(context: context) }
        }
        context.fireChannelRead(data)
    }

    private func startTimer(context: ChannelHandlerContext) {
        timer?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: limits.headTimeout) {
            let (handler, context) = loopBound.value
            handler.timer = nil
            // An idle keep-alive connection with nothing read is the idle timeout's.
            handler.refuse(HTTPFailure(408, "request-timeout", "the request head did not arrive within the header timeout"), context: context)
        }
    }

    /// Answers `failure` on the raw connection and closes it.
    private func refuse(_ failure: HTTPFailure, context: ChannelHandlerContext) {
        guard !closed else { return }
        closed = true
        timer?.cancel()
        timer = nil
        refused(failure.status)
        var buffer = context.channel.allocator.buffer(capacity: 512)
        buffer.writeBytes(failure.rawResponse)
        context.writeAndFlush(NIOAny(buffer)).whenComplete { _ in context.close(promise: nil) }
    }
}
