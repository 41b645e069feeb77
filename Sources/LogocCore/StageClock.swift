import Foundation

/// Time spent per pipeline stage, summed over all threads, for `--timings`
/// and the benchmark. Passed down explicitly; nil when nobody asked.
public final class StageClock: Sendable {
    public enum Stage: String, CaseIterable, Sendable {
        case discover, parse, validate, resolve, measure, draw, encodePNG, writeSVG, io
        case encodeWebP, encodeAVIF, encodeJPEG, writePDF
        /// Talking to `--remote-cache` (docs/remote-cache.md).
        case remote
    }

    private let totals = Locked<[Stage: Double]>([:])
    private let start = DispatchTime.now()

    public init() {}

    /// Runs `body`, adding its wall time to `stage`.
    @discardableResult
    public func time<T, E: Error>(_ stage: Stage, _ body: () throws(E) -> T) throws(E) -> T {
        let begin = DispatchTime.now()
        defer {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - begin.uptimeNanoseconds) / 1e6
            totals.withLock { $0[stage, default: 0] += elapsed }
        }
        return try body()
    }

    /// `{"stages": {"discover": ms, …}, "total": ms}` on one line.
    public func json() -> String {
        let totals = totals.withLock { $0 }
        let total = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        let stages = Stage.allCases.map { "\"\($0.rawValue)\": \(String(format: "%.2f", totals[$0] ?? 0))" }.joined(separator: ", ")
        return "{\"stages\": {\(stages)}, \"total\": \(String(format: "%.2f", total))}"
    }
}

extension Optional where Wrapped == StageClock {
    /// Times `body` when there is a clock, else just runs it.
    @discardableResult
    public func time<T, E: Error>(_ stage: StageClock.Stage, _ body: () throws(E) -> T) throws(E) -> T {
        switch self {
        case .some(let clock): return try clock.time(stage, body)
        case .none: return try body()
        }
    }
}
