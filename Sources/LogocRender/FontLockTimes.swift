import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Time spent waiting for and holding font locks, added up over the
/// process when `enabled` (off by default: two clock reads per section
/// then). The render benchmark (bench/render) reads it to tell what share
/// of a render is spent under a font lock and how long workers wait for
/// one another there (docs/performance.md, issue 20).
package enum FontLockTimes {
    /// Whether sections are timed; set before the workers start.
    package static let enabled = Atomic<Bool>(false)
    /// Nanoseconds between asking for a lock and getting it.
    package static let waited = Atomic<Int>(0)
    /// CPU nanoseconds of the holding thread between getting a lock and
    /// letting it go (CPU time, not wall time: on a loaded machine a thread
    /// holding a lock is also descheduled).
    package static let held = Atomic<Int>(0)
    /// Sections timed.
    package static let sections = Atomic<Int>(0)

    /// Zeroes the tallies.
    package static func reset() {
        waited.store(0, ordering: .relaxed)
        held.store(0, ordering: .relaxed)
        sections.store(0, ordering: .relaxed)
    }

    /// Now, when timing is on (0 otherwise).
    @inline(__always)
    static func now() -> UInt64 {
        enabled.load(ordering: .relaxed) ? DispatchTime.now().uptimeNanoseconds : 0
    }

    /// This thread's CPU time in nanoseconds.
    static func threadCPU() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int(ts.tv_sec) * 1_000_000_000 + Int(ts.tv_nsec)
    }

    /// Adds one section that asked at `asked`, got the lock at `got` (this
    /// thread's CPU time then: `gotCPU`) and let go now (nothing when timing
    /// was off when it asked).
    static func add(asked: UInt64, got: UInt64, gotCPU: Int) {
        guard asked != 0 else { return }
        waited.add(Int(got - asked), ordering: .relaxed)
        held.add(threadCPU() - gotCPU, ordering: .relaxed)
        sections.add(1, ordering: .relaxed)
    }
}
