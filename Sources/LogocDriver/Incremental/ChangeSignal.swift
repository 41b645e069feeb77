import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes `WatchLoop` as soon as an entry of a watched folder changes (Linux
/// inotify), instead of at its next poll, and tells it when a burst of
/// writes has ended.
///
/// The events name the entries that changed (`take`): a look after a save
/// stats those, not every file of the project. Still only a hint as to
/// whether anything changed: the loop compares what it stats, and polls
/// every file now and then, so an event lost (inotify's watch limit
/// reached) costs at most one poll interval, and a spurious one costs one
/// look; when events cannot tell everything (the queue overflowed, a
/// watched folder went), the loop looks at every file. Where inotify is
/// missing or cannot be set up, `wait` sleeps and the loop polls as before.
final class ChangeSignal {
    /// The inotify descriptor, or -1 where there is none.
    private let descriptor: Int32
    /// Each watched folder by its watch descriptor, as `watch` was given it.
    private var folders: [Int32: String] = [:]
    /// The entries the events named since the last `take` (a folder's
    /// path joined with the entry's name; hidden names left out), and
    /// whether some events could not be told (the queue overflowed, a
    /// watched folder itself went or moved): then only a look at
    /// everything knows what changed.
    private var named: Set<String> = []
    private var unknown = false

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
        let watch = inotify_add_watch(descriptor, folder, UInt32(events))
        // The same folder watched again gives its descriptor again: the path given last names it.
        if watch >= 0 { folders[watch] = folder }
        #endif
    }

    /// The paths the events since the last call named (as `watch`'s
    /// folder joined with the entry's name), or nil when they cannot tell
    /// everything that changed (see `unknown`; and where there are no
    /// events, always nil).
    func take() -> Set<String>? {
        defer { (named, unknown) = ([], false) }
        return descriptor < 0 || unknown ? nil : named
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

    /// Reads every pending event, keeping the paths they name.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            record(buffer[..<count])
        }
    }

    /// The events of one read: `struct inotify_event` (wd, mask, cookie,
    /// len, then `len` bytes of name padded with NULs), one after another.
    private func record(_ events: ArraySlice<UInt8>) {
        #if os(Linux)
        func field(_ at: Int) -> UInt32 {
            UInt32(events[at]) | UInt32(events[at + 1]) << 8 | UInt32(events[at + 2]) << 16 | UInt32(events[at + 3]) << 24
        }
        var at = events.startIndex
        while at + 16 <= events.endIndex {
            let watch = Int32(bitPattern: field(at)), mask = field(at + 4), length = Int(field(at + 12))
            let end = min(events.endIndex, at + 16 + length)
            let nameBytes = events[(at + 16)..<end].prefix { $0 != 0 }
            at = end
            if mask & UInt32(IN_Q_OVERFLOW) != 0 || mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                unknown = true
                continue
            }
            if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
            guard let folder = folders[watch] else { continue }
            // An event of the folder itself: its entry in its parent's folder tells.
            guard !nameBytes.isEmpty else { continue }
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                unknown = true
                continue
            }
            if !name.hasPrefix(".") { named.insert(folder == "/" ? "/" + name : folder + "/" + name) }
        }
        #endif
    }
}
