import Foundation

/// An exclusive lock on an output folder (`DIR/.logoc.lock`, `flock`), so two
/// builds into one folder run one after the other instead of interleaving
/// their files and manifests. The kernel drops it if the process dies.
///
/// A marker, `DIR/.logoc-building`, exists while a build holds the lock: a
/// build that finds one knows its predecessor was killed and may have left
/// temporary files. (A marker file rather than a byte in the lock file, so
/// that a no-op build changes no file's time.)
final class OutputLock {
    private let fd: Int32
    private let marker: String
    /// The build before this one was killed (or crashed) while it held the lock.
    private(set) var predecessorInterrupted = false

    static let fileName = ".logoc.lock"
    static let markerName = ".logoc-building"

    /// Blocks until the lock is ours; `waiting` is called once if it is not free.
    ///
    /// `clean` removes the lock file (while holding it), so a build that was
    /// waiting may be granted the lock of a file that is no longer there,
    /// while a third process creates and locks a new one: two "exclusive"
    /// holders. So the lock counts only when the path still names the very
    /// file locked; otherwise it is taken again on the file there now (the
    /// classic protocol for lock files that may be unlinked).
    init(directory: String, waiting: () -> Void) throws {
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        marker = (directory as NSString).appendingPathComponent(Self.markerName)
        var waited = false
        while true {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let candidate = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard candidate >= 0 else {
                if errno == ENOENT { continue }   // the folder was removed in between
                throw AtomicFile.Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
            }
            if flock(candidate, LOCK_EX | LOCK_NB) != 0 {
                if !waited { waiting() }
                waited = true
                while flock(candidate, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        close(candidate)
                        throw AtomicFile.Failure(description: "cannot lock \(path): \(String(cString: strerror(errno)))")
                    }
                }
            }
            var held = stat(), named = stat()
            if fstat(candidate, &held) == 0, lstat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                fd = candidate
                break
            }
            close(candidate)
        }
        let made = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        predecessorInterrupted = made < 0 && errno == EEXIST
        if made >= 0 { close(made) }
    }

    /// Marks the build as finished (the next one need not look for leftovers).
    func finished() {
        unlink(marker)
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
