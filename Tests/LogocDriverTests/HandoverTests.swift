import Foundation
import LogocCore
@testable import LogocDriver
import Testing

/// `Handover`: how `BuildExecutor.draw` gives each checked spec to the
/// worker that draws it, so that the spec is let go there, in parallel,
/// rather than with the chunk's array on one core after the last drawing.
@Suite("Handover of values to workers")
struct HandoverTests {
    /// Counts the instances alive; one per test, as tests run in parallel.
    final class Tally: Sendable {
        let alive = Locked(0)
    }

    final class Tracked: Sendable {
        let value: Int
        let tally: Tally
        init(_ value: Int, _ tally: Tally) {
            (self.value, self.tally) = (value, tally)
            tally.alive.withLock { $0 += 1 }
        }
        deinit { tally.alive.withLock { $0 -= 1 } }
    }

    /// Workers taking indices from a `Counter` get every value once, the
    /// one at their index, and a value is gone once its worker lets it go:
    /// before the handover itself is, which still holds every slot.
    @Test func eachWorkerTakesItsValueAndLetsItGo() {
        let tally = Tally()
        let count = 500
        let handover = Handover((0..<count).map { Tracked($0, tally) })
        #expect(tally.alive.withLock { $0 } == count)
        let seen = ResultSlots<Int>(count: count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while let i = next.take(below: count) {
                let value = handover.take(i)
                seen.set(i, value.value)
            }
        }
        #expect(seen.take() == Array(0..<count))
        #expect(tally.alive.withLock { $0 } == 0)
        withExtendedLifetime(handover) {}
    }

    /// A value no worker took (a run cut short) goes with the handover.
    @Test func valuesNotTakenGoWithTheHandover() {
        let tally = Tally()
        var handover: Handover<Tracked>? = Handover((0..<3).map { Tracked($0, tally) })
        #expect(handover?.take(1).value == 1)
        #expect(tally.alive.withLock { $0 } == 2)
        handover = nil
        #expect(tally.alive.withLock { $0 } == 0)
    }
}
