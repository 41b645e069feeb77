import Dispatch
import Testing
@testable import LogocCore

/// `Locked` is the one lock type: its value changes only inside `withLock`,
/// so increments from many threads at once are none of them lost, and an
/// error thrown inside leaves the lock free.
struct LockedTests {
    @Test func concurrentIncrementsAreAllKept() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    struct Refused: Error {}

    @Test func aThrowingBodyReleasesTheLock() {
        let box = Locked([1, 2])
        #expect(throws: Refused.self) {
            try box.withLock { (values: inout [Int]) throws(Refused) in
                values.append(3)
                throw Refused()
            }
        }
        #expect(box.withLock { $0 } == [1, 2, 3])
    }
}
