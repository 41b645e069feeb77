import Foundation

/// An exclusive lock on an output folder (`DIR/.logoc.lock`, `flock`), so two
/// builds into one folder run one after the other instead of interleaving
/// their files and manifests. The kernel drops it if the process dies.
final class OutputLock {
    private let fd: Int32

    /// Blocks until the lock is ours; `waiting` is called once if it is not free.
    init(directory: String, waiting: () -> Void) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(".logoc.lock")
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
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
