import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers a cache hit on the connection's event loop, before the request
/// reaches Hummingbird's responder: a GET or HEAD of a picture whose
/// content key the cache holds gets `ImageResponder.cachedAnswer`'s answer
/// — the same path checks, the same headers and bytes — written straight
/// back through the HTTP encoder. Everything else (a miss, `/healthz`,
/// `/metrics`, any error, `Connection: close`) goes on to the responder
/// untouched.
///
/// Why: the responder runs in a Swift task, so each request it answers
/// crosses from the event loop to a concurrency thread and back, and pays
/// Hummingbird's per-request set-up (request id, logger metadata, request
/// context); a hit itself costs far less than those (docs/serving.md,
/// "The hit path"). It sits after Hummingbird's `HTTPConnectionStateHandler`,
/// which so still sees every request and answer (idle timeout, graceful
/// shutdown), and before the `NIOAsyncChannel` that feeds the responder.
///
/// Answers keep the requests' order: while a request passed on is not yet
/// answered (a render, with pipelined requests behind it), every request
/// behind it is passed on too.
final class CachedHitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let responder: ImageResponder
    /// Requests passed on to the responder whose answer's end has not gone out.
    private var passedOn = 0
    /// The request answered here still has its end to read, dropped.
    private var dropping = false
    private var date = HTTPDate()

    init(responder: ImageResponder) {
        self.responder = responder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            dropping = false
            if passedOn == 0, !request.headerFields.contains(.connection) {
                let start = ContinuousClock.now
                if let answer = responder.cachedAnswer(request) {
                    dropping = true
                    write(answer, context: context)
                    responder.metrics.request(status: answer.status.code, nanoseconds: ServeMetrics.nanoseconds(since: start))
                    responder.metrics.leanHits.increment()
                    return
                }
            }
            passedOn += 1
            context.fireChannelRead(data)
        case .body:
            if !dropping { context.fireChannelRead(data) }
        case .end:
            if dropping { dropping = false } else { context.fireChannelRead(data) }
        }
    }

    /// The responder's answers pass here on their way out.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    private func write(_ answer: ImageAnswer, context: ChannelHandlerContext) {
        var head = HTTPResponse(status: answer.status, headerFields: answer.fields)
        head.headerFields.append(HTTPField(name: .date, value: date.now()))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body = answer.body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
