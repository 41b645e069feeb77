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

    /// `Cache-Control` of a template avatar: the same name always draws the
    /// same picture until the template changes, which is rare; a day fresh,
    /// then served stale for a week while revalidated (304s cost nothing).
    static let templateCacheControl = "public, max-age=86400, stale-while-revalidate=604800"
    /// Of a spec's image, which changes when someone edits the spec: a
    /// minute fresh, so an edit shows within a minute behind a CDN.
    static let specCacheControl = "public, max-age=60, stale-while-revalidate=600"

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await answer(request)
        } catch {
            response = Self.failure(error, head: request.method == .head)
        }
        let elapsed = ContinuousClock.now - start
        metrics.request(status: response.status.code, nanoseconds: elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        return response
    }

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
            let entry: ImageCache.Entry
            let hit: Bool
            if let cached = cache.get(drawing.key) {
                (entry, hit) = (cached, true)
                metrics.cacheHits.increment()
            } else {
                metrics.cacheMisses.increment()
                entry = try await render(drawing, from: snapshot)
                cache.put(drawing.key, entry)
                hit = false
            }
            var fields = HTTPFields()
            fields[.eTag] = entry.etag
            fields[.cacheControl] = drawing.isTemplate ? Self.templateCacheControl : Self.specCacheControl
            fields[HTTPField.Name("X-Logoc-Cache")!] = hit ? "hit" : "miss"
            if let ifNoneMatch = request.headers[.ifNoneMatch], EntityTag.matches(ifNoneMatch, entry.etag) {
                return Response(status: .notModified, headers: fields)
            }
            fields[.contentType] = Self.contentType(path.format)
            return Self.response(200, fields: fields, bytes: entry.bytes, head: isHead)
        }
    }

    /// Draws on the pool; 503 when its queue is full.
    private func render(_ drawing: ProjectSnapshot.Drawing, from snapshot: ProjectSnapshot) async throws(HTTPFailure) -> ImageCache.Entry {
        let resolver = snapshot.resolver
        let metrics = self.metrics
        let (spec, output) = try drawing.make()
        let result: Result<OutputBytes.File, OutputBytes.Failure>? = await withCheckedContinuation { continuation in
            let job = RenderPool.Job(catalog: snapshot.project.fonts) { renderer in
                guard let renderer else {
                    continuation.resume(returning: .failure(OutputBytes.Failure(diagnostics: [], failures: ["no renderer could be made"])))
                    return
                }
                let start = ContinuousClock.now
                let drawn = OutputBytes.draw(output, of: spec, resolver: resolver, renderer: renderer)
                let elapsed = ContinuousClock.now - start
                metrics.renders.increment()
                metrics.renderTime.recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
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

    static func contentType(_ format: OutputFile.Format) -> String {
        switch format {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .jpeg: "image/jpeg"
        case .pdf: "application/pdf"
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
