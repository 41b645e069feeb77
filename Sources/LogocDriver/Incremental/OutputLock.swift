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
    init(directory: String, waiting: () -> Void) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        marker = (directory as NSString).appendingPathComponent(Self.markerName)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(fd)
                    throw AtomicFile.Failure(description: "cannot lock \(path): \(String(cString: strerror(errno)))")
                }
            }
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
