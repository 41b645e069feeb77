import Foundation
import LogocCore

/// The lock of one font session: every use of the session's Pango and
/// Cairo objects — making a layout, measuring, drawing text — goes
/// through it, and their releases too.
///
/// It used to be one lock for the whole process (`FontSystem`), because
/// Cairo shared FreeType faces between sessions and closed them under one
/// another (`FreeTypeFaces` says how). Now each session draws with faces
/// logoc holds for it alone, in its own fontconfig configuration and Pango
/// font map, so nothing of one session's fonts is shared with another's:
/// the lock is the session's, and two workers draw text at once
/// (docs/rendering.md, "Parallelism"). A worker's renderer takes it without
/// waiting; it is there for what leaves the worker — a measured layout
/// dropped on another thread is freed under it, never while the session
/// uses the same font map.
///
/// The lock is not recursive. A layout that goes away does not free its
/// Pango objects itself (it may go away inside a locked section): it hands
/// them to `retire`, and they are freed under the lock — at once when it is
/// free, else when the section that holds it ends, in the order retired.
///
/// `package`: the benchmark's floor (bench/floor) draws under its session's lock too.
package final class FontLock: Sendable {
    /// A bare lock, not a `Locked` box: it guards a section of code (the
    /// session's Pango and Cairo objects are reached from inside C calls),
    /// not a value of its own, and `locked` needs `try()` to free, after
    /// the section, what was retired while it ran.
    private let lock = NSLock()
    /// Releases waiting for the lock, oldest first.
    private let retired = Locked<[Release]>([])

    /// A release of font objects, run under the lock.
    struct Release: @unchecked Sendable {
        // @unchecked: the pointers it closes over are used only by `run`,
        // once, under the lock.
        let run: () -> Void
    }

    package init() {}

    /// Runs `body` holding the lock. Not re-entrant: `body` must not call
    /// `locked` again (a release it causes goes through `retire`).
    package func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let asked = FontLockTimes.now()
        lock.lock()
        let got = asked == 0 ? 0 : FontLockTimes.now()
        let gotCPU = asked == 0 ? 0 : FontLockTimes.threadCPU()
        defer {
            drain()
            lock.unlock()
            FontLockTimes.add(asked: asked, got: got, gotCPU: gotCPU)
            // A release retired while this section held the lock, after
            // the drain above, is freed now rather than left for the next.
            if retired.withLock({ !$0.isEmpty }), lock.try() {
                drain()
                lock.unlock()
            }
        }
        drain()
        return try body()
    }

    /// Frees font objects under the lock: now if it is free, else when the
    /// section holding it ends.
    func retire(_ release: @escaping () -> Void) {
        retired.withLock { $0.append(Release(run: release)) }
        if lock.try() {
            drain()
            lock.unlock()
        }
    }

    /// Runs every retired release; the caller holds the lock.
    private func drain() {
        while true {
            let batch = retired.withLock { queue -> [Release] in
                defer { queue.removeAll() }
                return queue
            }
            if batch.isEmpty { return }
            for release in batch { release.run() }
        }
    }
}
