import Foundation
import HTTPTypes
import Hummingbird
import LogocCore
import LogocDriver
import LogocFrontend
import LogocRender
import Logging
import NIOCore

/// Answers every request of `logoc serve`: `/healthz`, `/metrics`, and
/// images by URL (docs/serving.md) — from the cache when the picture's
/// content key is there, else drawn on the render pool by `OutputBytes`,
/// the code path `logoc build` writes files with.
struct ImageResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let store: SnapshotStore
    let cache: ImageCache
    let pool: RenderPool
    let metrics: ServeMetrics
    let logger: Logger
    /// Seconds a 503 asks the client to wait.
    let retryAfter: Int

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        if let hit = cachedAnswer(request.head) {
            response = hit.response
        } else {
            do {
                response = try await answer(request)
            } catch {
                response = Self.failure(error, head: request.method == .head)
            }
        }
        metrics.request(status: response.status.code, nanoseconds: ServeMetrics.nanoseconds(since: start))
        return response
    }

    /// The answer of a GET or HEAD of a picture the cache holds; nil for
    /// anything else (a miss, a bad path, another URL or method), which
    /// `answer` then answers. Never blocks: the target's content key (a
    /// look-up when the snapshot has resolved that target before) and the
    /// cache's look-up.
    func cachedAnswer(_ request: HTTPRequest) -> ImageAnswer? {
        guard request.method == .get || request.method == .head, let target = request.path,
              let picture = try? store.snapshot.resolve(target: target), let entry = cache.get(picture.drawing.key) else { return nil }
        metrics.cacheHits.increment()
        return ImageAnswer(entry, format: picture.format, isTemplate: picture.drawing.isTemplate, hit: true,
                           ifNoneMatch: request.headerFields[.ifNoneMatch], isHead: request.method == .head)
    }

    /// Everything but a cache hit: `/healthz`, `/metrics`, a picture to
    /// draw, and the errors.
    private func answer(_ request: Request) async throws(HTTPFailure) -> Response {
        guard request.method == .get || request.method == .head else {
            throw HTTPFailure(405, "method-not-allowed", "only GET and HEAD are served", headers: [("Allow", "GET, HEAD")])
        }
        let isHead = request.method == .head
        switch try RequestPath.parse(request.head.path ?? "") {
        case .health:
            return Self.response(200, type: "application/json", bytes: Array("{\"status\":\"ok\"}\n".utf8), head: isHead)
        case .metrics:
            metrics.queueDepth.record(pool.depth)
            metrics.cacheBytes.record(cache.bytes)
            metrics.cacheEntries.record(cache.count)
            return Self.response(200, type: "text/plain; version=0.0.4; charset=utf-8", bytes: metrics.text(), head: isHead)
        case .image(let path):
            // One snapshot for the whole answer: its spec, resolver and fonts
            // go together, whatever a reload swaps in meanwhile.
            let snapshot = store.snapshot
            let drawing = try snapshot.drawing(for: path)
            metrics.cacheMisses.increment()
            let entry = try await render(drawing, from: snapshot)
            cache.put(drawing.key, entry)
            return ImageAnswer(entry, format: path.format, isTemplate: drawing.isTemplate, hit: false,
                               ifNoneMatch: request.headers[.ifNoneMatch], isHead: isHead).response
        }
    }

    /// Draws on the pool; 503 when its queue is full.
    private func render(_ drawing: ProjectSnapshot.Drawing, from snapshot: ProjectSnapshot) async throws(HTTPFailure) -> ImageCache.Entry {
        let resolver = snapshot.resolver
        let metrics = self.metrics
        let (spec, output) = try snapshot.make(drawing)
        let result: Result<OutputBytes.File, OutputBytes.Failure>? = await withCheckedContinuation { continuation in
            let job = RenderPool.Job(catalog: snapshot.project.fonts) { renderer in
                guard let renderer else {
                    continuation.resume(returning: .failure(OutputBytes.Failure(diagnostics: [], failures: ["no renderer could be made"])))
                    return
                }
                let start = ContinuousClock.now
                let drawn = OutputBytes.draw(output, of: spec, resolver: resolver, renderer: renderer)
                metrics.renders.increment()
                metrics.renderTime.recordNanoseconds(ServeMetrics.nanoseconds(since: start))
                continuation.resume(returning: drawn)
            }
            if !pool.offer(job) { continuation.resume(returning: nil) }
        }
        switch result {
        case nil:
            throw HTTPFailure(503, "busy", "the render queue is full; try again shortly", headers: [("Retry-After", String(retryAfter))])
        case .success(let file)?:
            return ImageCache.Entry(bytes: file.bytes, etag: EntityTag.of(sha256: file.sha256))
        case .failure(let failure)?:
            metrics.renderFailures.increment()
            SnapshotStore.log(failure.diagnostics, to: logger)
            for message in failure.failures { logger.error("\(message)") }
            if drawing.isTemplate, failure.failures.isEmpty {
                throw HTTPFailure(400, "not-drawable", "this name cannot be drawn by the template: \(failure.diagnostics.first?.message ?? "")")
            }
            if !failure.failures.isEmpty {
                throw HTTPFailure(500, "render-failed", "the picture could not be drawn; the server log says why")
            }
            throw HTTPFailure(404, "spec-has-errors", "the spec behind this URL has errors and is not served; the server log lists them")
        }
    }

    static func response(_ status: Int, type: String, bytes: [UInt8], head: Bool) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = type
        fields[.cacheControl] = "no-store"
        return response(status, fields: fields, bytes: bytes, head: head)
    }

    /// A response with `bytes` as its body, or for HEAD only its length.
    static func response(_ status: Int, fields: HTTPFields, bytes: [UInt8], head: Bool) -> Response {
        var fields = fields
        fields[.contentLength] = String(bytes.count)
        if head { return Response(status: .init(code: status), headers: fields, body: ResponseBody()) }
        return Response(status: .init(code: status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The JSON answer of an error.
    static func failure(_ error: any Error, head: Bool) -> Response {
        let failure = (error as? HTTPFailure) ?? HTTPFailure(500, "internal", "the server failed to answer")
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        for (name, value) in failure.headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return response(failure.status, fields: fields, bytes: failure.body, head: head)
    }
}

extension ImageAnswer {
    /// As Hummingbird's responder returns it (Hummingbird adds `Date`).
    var response: Response {
        Response(status: status, headers: fields, body: body.map { ResponseBody(byteBuffer: $0) } ?? ResponseBody())
    }
}
