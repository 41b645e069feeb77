import CoreMetrics
import Foundation
import LogocCore
import Metrics
import Prometheus

/// What `/metrics` reports, in Prometheus' text format: requests by
/// status, their latency, the image cache, the render queue and renders.
/// The metrics are swift-metrics objects made by swift-prometheus' factory
/// on a registry of the server's own (not the process-wide bootstrap, so a
/// test process may run several servers).
public final class ServeMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let statuses = Locked<[Int: CoreMetrics.Counter]>([:])
    private let latency: CoreMetrics.Timer
    let cacheHits: CoreMetrics.Counter
    let cacheMisses: CoreMetrics.Counter
    let cacheBytes: CoreMetrics.Gauge
    let cacheEntries: CoreMetrics.Gauge
    let queueDepth: CoreMetrics.Gauge
    let renders: CoreMetrics.Counter
    let renderFailures: CoreMetrics.Counter
    let renderTime: CoreMetrics.Timer
    let rejected: CoreMetrics.Counter
    let reloads: CoreMetrics.Counter

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Seconds, from a cache hit (well under a millisecond) to a queued render.
        factory.defaultDurationHistogramBuckets = [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000]
            .map { Duration.microseconds($0) }
        self.factory = factory
        latency = CoreMetrics.Timer(label: "logoc_http_request_duration_seconds", factory: factory)
        cacheHits = CoreMetrics.Counter(label: "logoc_cache_hits_total", factory: factory)
        cacheMisses = CoreMetrics.Counter(label: "logoc_cache_misses_total", factory: factory)
        cacheBytes = CoreMetrics.Gauge(label: "logoc_cache_bytes", factory: factory)
        cacheEntries = CoreMetrics.Gauge(label: "logoc_cache_entries", factory: factory)
        queueDepth = CoreMetrics.Gauge(label: "logoc_render_queue_depth", factory: factory)
        renders = CoreMetrics.Counter(label: "logoc_renders_total", factory: factory)
        renderFailures = CoreMetrics.Counter(label: "logoc_render_failures_total", factory: factory)
        renderTime = CoreMetrics.Timer(label: "logoc_render_duration_seconds", factory: factory)
        rejected = CoreMetrics.Counter(label: "logoc_connections_rejected_total", factory: factory)
        reloads = CoreMetrics.Counter(label: "logoc_spec_reloads_total", factory: factory)
    }

    /// One answered request: its status and how long it took.
    func request(status: Int, nanoseconds: Int64) {
        let counter = statuses.withLock { counters in
            if let known = counters[status] { return known }
            let made = CoreMetrics.Counter(label: "logoc_http_requests_total", dimensions: [("status", String(status))], factory: factory)
            counters[status] = made
            return made
        }
        counter.increment()
        latency.recordNanoseconds(nanoseconds)
    }

    /// Nanoseconds from `start` to now, as the duration metrics take them.
    static func nanoseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    }

    /// The text `/metrics` answers.
    func text() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
