import Foundation

/// Admits drawings by the memory they may take, so the jobs of a run
/// together stay within a budget instead of each taking what it needs.
///
/// An ordinary spec needs a few megabytes and never waits. A spec at the
/// limits (an 8,192 px PNG over a 40-megapixel photo) needs close to a
/// gigabyte for a moment; two jobs drawing two such specs at once needed
/// twice that. Each renderer call first asks for its estimate
/// (`Renderer.memoryEstimate`): it goes ahead while the drawings in
/// progress leave room for it, or when nothing else is drawing (a drawing
/// larger than the whole budget then runs alone), and otherwise waits.
/// Requests are served in arrival order, so a large one is not starved by
/// a stream of small ones. Waiting changes when a job draws, never what:
/// outputs are the same bytes whatever the budget.
public final class MemoryBudget: @unchecked Sendable {
    // @unchecked: every field is read and written under `condition`.

    /// The budget shared by every renderer of the process.
    public static let shared = MemoryBudget(bytes: defaultBytes)

    /// 768 MiB: room for two jobs over 40-megapixel photos, and for one
    /// limit-sized spec at a time (docs/limits.md).
    public static let defaultBytes = 768 << 20

    /// The budget; `logoc --memory` sets it before any drawing.
    public var bytes: Int {
        get { condition.withLock { limit } }
        set { condition.withLock { limit = newValue } }
    }
    private var limit: Int
    private let condition = NSCondition()
    private var inUse = 0
    private var nextTicket = 0
    private var serving = 0

    public init(bytes: Int) {
        limit = bytes
    }

    /// Runs `body` once `cost` bytes are admitted, and gives them back after.
    public func admitting<R, E: Error>(_ cost: Int, _ body: () throws(E) -> R) throws(E) -> R {
        admit(cost)
        defer { release(cost) }
        return try body()
    }

    private func admit(_ cost: Int) {
        condition.lock()
        defer { condition.unlock() }
        let ticket = nextTicket
        nextTicket += 1
        while ticket != serving || (inUse > 0 && inUse + cost > limit) {
            condition.wait()
        }
        serving += 1
        inUse += cost
        condition.broadcast()  // the next ticket may fit too
    }

    private func release(_ cost: Int) {
        condition.lock()
        inUse -= cost
        condition.broadcast()
        condition.unlock()
    }
}
