import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes `WatchLoop` as soon as an entry of a watched folder changes (Linux
/// inotify), instead of at its next poll, and tells it when a burst of
/// writes has ended.
///
/// Only a hint: the loop still compares snapshots, so an event lost (a
/// folder made after the last look, inotify's queue or watch limit
/// overflowing) costs at most one poll interval, and a spurious one costs
/// one look. Where inotify is missing or cannot be set up, `wait` sleeps
/// and the loop polls as before.
final class ChangeSignal {
    /// The inotify descriptor, or -1 where there is none.
    private let descriptor: Int32

    init() {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #else
        descriptor = -1
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether events come at all (else `wait` only sleeps).
    var isLive: Bool { descriptor >= 0 }

    /// Watches the entries of `folder` (not below it: each folder is named).
    /// Watching a folder again is a no-op, so every look can call it.
    func watch(folder: String) {
        #if os(Linux)
        guard descriptor >= 0 else { return }
        let events = IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF
        _ = inotify_add_watch(descriptor, folder, UInt32(events))
        #endif
    }

    /// Waits until something changed or `timeout` passed; true when events
    /// came (they are all read).
    func wait(_ timeout: TimeInterval) -> Bool {
        guard descriptor >= 0 else {
            Thread.sleep(forTimeInterval: timeout)
            return false
        }
        var target = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&target, 1, Int32(max(0, min(timeout, 3600)) * 1000))
        guard ready > 0 else {
            // An error (EINTR) must not turn the loop into a busy one.
            if ready < 0 { Thread.sleep(forTimeInterval: timeout) }
            return false
        }
        drain()
        return true
    }

    /// Returns once no event has come for `quiet` (an editor's save or a
    /// `git checkout` has ended), or after `limit` whatever happens (a
    /// folder written without pause must not hold the build back forever).
    func waitForQuiet(_ quiet: TimeInterval, limit: TimeInterval) {
        let end = Date().addingTimeInterval(limit)
        while Date() < end, wait(min(quiet, max(0, end.timeIntervalSinceNow))) {}
    }

    /// Reads every pending event; what they say does not matter.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
