import Foundation
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
    /// The head read so far (at most `maxHead` bytes).
    private var head: [UInt8] = []
    private var lineLength: Int?
    private var timer: Scheduled<Void>?
    private var closed = false

    init(limits: Limits, refused: @escaping @Sendable (Int) -> Void) {
        self.limits = limits
        self.refused = refused
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
        for byte in buffer.readableBytesView {
            if head.isEmpty, timer == nil { startTimer(context: context) }
            // Blank lines before a request line are allowed (RFC 9112 §2.2).
            if head.isEmpty, byte == 13 || byte == 10 { continue }
            head.append(byte)
            if lineLength == nil {
                if byte == 10 { lineLength = head.count } else if head.count > limits.maxRequestLine {
                    return refuse(HTTPFailure(414, "uri-too-long", "the request line is longer than \(limits.maxRequestLine) bytes"), context: context)
                }
            }
            if head.count > limits.maxHead {
                return refuse(HTTPFailure(431, "headers-too-large", "the request head is larger than \(limits.maxHead) bytes"), context: context)
            }
            if byte == 10, head.count >= 2, head.suffix(2) == [10, 10] || head.suffix(4) == [13, 10, 13, 10] {
                if Self.announcesBody(head) {
                    return refuse(HTTPFailure(400, "body-not-allowed", "logoc serve takes no request body: send GET or HEAD without one"), context: context)
                }
                head.removeAll(keepingCapacity: true)
                lineLength = nil
                timer?.cancel()
                timer = nil
            }
        }
        context.fireChannelRead(data)
    }

    /// Whether a complete head has a `Content-Length` other than 0 or any `Transfer-Encoding`.
    static func announcesBody(_ head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "transfer-encoding" { return true }
            if name == "content-length", value != "0" { return true }
        }
        return false
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
