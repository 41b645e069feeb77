import Foundation
import LogocRender
import Testing

/// The budget that keeps jobs from drawing more at once than memory allows
/// (issue 15, item 14). Threads stand for jobs; each test checks who is
/// inside the budget at once, never how fast anything runs.
struct MemoryBudgetTests {
    /// What the threads saw, in order.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    /// Starts `body` on a thread of its own; the semaphore is signalled when it ends.
    static func start(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done
    }

    /// A job holding `cost` until `leave` is signalled; returns once it is inside.
    static func holding(_ cost: Int, of budget: MemoryBudget, log: Log) -> (leave: DispatchSemaphore, done: DispatchSemaphore) {
        let inside = DispatchSemaphore(value: 0), leave = DispatchSemaphore(value: 0)
        let done = start {
            budget.admitting(cost) {
                log.add("a in")
                inside.signal()
                leave.wait()
                log.add("a out")
            }
        }
        inside.wait()
        return (leave, done)
    }

    @Test func drawingsThatFitTogetherRunTogether() {
        let budget = MemoryBudget(bytes: 100)
        let aInside = DispatchSemaphore(value: 0), bInside = DispatchSemaphore(value: 0)
        let a = Self.start {
            budget.admitting(40) {
                aInside.signal()
                bInside.wait()  // holds until b is inside too: both at once
            }
        }
        aInside.wait()
        let b = Self.start { budget.admitting(60) { _ = bInside.signal() } }
        #expect(a.wait(timeout: .now() + 30) == .success)
        #expect(b.wait(timeout: .now() + 30) == .success)
    }

    @Test func aDrawingThatDoesNotFitWaitsForTheOthers() {
        let budget = MemoryBudget(bytes: 100)
        let log = Log()
        let (aMayLeave, a) = Self.holding(60, of: budget, log: log)
        let b = Self.start { budget.admitting(60) { log.add("b in") } }
        // b must still be waiting; were it admitted it would be in the log by now.
        Thread.sleep(forTimeInterval: 0.2)
        #expect(log.all == ["a in"])
        aMayLeave.signal()
        #expect(a.wait(timeout: .now() + 30) == .success)
        #expect(b.wait(timeout: .now() + 30) == .success)
        #expect(log.all == ["a in", "a out", "b in"])
    }

    @Test func aDrawingLargerThanTheBudgetRunsAlone() {
        let budget = MemoryBudget(bytes: 100)
        var ran = false
        budget.admitting(1_000) { ran = true }
        #expect(ran)
    }

    /// Arrival order: a small drawing that would fit does not pass a large
    /// one waiting before it, so the large one is never starved.
    @Test func drawingsAreAdmittedInArrivalOrder() {
        let budget = MemoryBudget(bytes: 100)
        let log = Log()
        let (aMayLeave, a) = Self.holding(50, of: budget, log: log)
        let b = Self.start { budget.admitting(80) { log.add("b in") } }
        Thread.sleep(forTimeInterval: 0.1)  // b queues first
        let c = Self.start { budget.admitting(30) { log.add("c in") } }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(log.all == ["a in"], "c (30) fits beside a (50) but must queue behind b (80), and then wait for it")
        aMayLeave.signal()
        #expect(a.wait(timeout: .now() + 30) == .success)
        #expect(b.wait(timeout: .now() + 30) == .success)
        #expect(c.wait(timeout: .now() + 30) == .success)
        #expect(log.all == ["a in", "a out", "b in", "c in"])
    }
}
