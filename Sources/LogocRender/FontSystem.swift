import Foundation
import LogocCore
import LogocFonts

/// The process's fonts as Pango and Cairo share them: the one lock every
/// use of them goes through, the releases of font objects, and the
/// fontconfig set-up of the bundled fonts.
///
/// Cairo 1.16 keeps at most ten FreeType faces open in the whole process,
/// whatever font map they come from, and when it opens another it closes
/// one that no font has locked at that moment — checked without the lock of
/// the font that owns it. A renderer laying out or drawing text on one core
/// could have its face closed under it by a renderer opening a face on the
/// other: a crash (in `cairo_scaled_font_glyph_extents`, after FreeType
/// errors) in about one build of ten of the showcase, whose specs use more
/// than ten font files. The faces are shared process state, so one lock
/// for all of them: text is a small part of drawing a spec, and backgrounds,
/// contrast and encoding run outside it (docs/rendering.md, "Parallelism").
///
/// The lock is not recursive. A layout, a font session or a measuring
/// context that goes away does not free its Pango and Cairo objects itself
/// (it may go away inside a locked section, or on a thread that holds
/// nothing): it hands them to `retire`, and the font system frees them under
/// its lock — at once when the lock is free, else when the section that
/// holds it ends. Retired objects are freed in the order they were retired
/// (a session's layouts before the session's configuration).
///
/// `package`: the benchmark's floor (bench/floor) draws text under the
/// same lock, as every drawing of text in the process must.
package final class FontSystem: Sendable {
    /// The one font system of the process: Cairo's face cache is process-wide.
    package static let shared = FontSystem()

    /// The bundled fonts' fontconfig caches, read once for every session.
    let fontconfig: FontconfigCache

    /// A bare lock, not a `Locked` box: it guards a section of code (Cairo's
    /// process-wide face cache is reached from inside Pango calls), not a
    /// value of its own, and `locked` needs `try()` to free, after the
    /// section, what was retired while it ran.
    private let lock = NSLock()
    /// Releases waiting for the lock, oldest first.
    private let retired = Locked<[Release]>([])

    /// A release of font objects, run under the lock.
    struct Release: @unchecked Sendable {
        // @unchecked: the pointers it closes over are used only by `run`,
        // once, under the font lock.
        let run: () -> Void
    }

    init(fontconfig: FontconfigCache = .shared) {
        self.fontconfig = fontconfig
    }

    /// Runs `body` holding the font lock. Not re-entrant: `body` must not
    /// call `locked` again (a release it causes goes through `retire`).
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

    /// Runs every retired release; the caller holds the font lock.
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
