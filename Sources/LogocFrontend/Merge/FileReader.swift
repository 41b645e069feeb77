import Foundation

/// Reads input files defensively: only regular files (a FIFO or a device
/// would block or never end), and never more than a limit.
public enum FileReader {
    public enum Failure: Error, Equatable {
        case missing
        case notRegular
        case unreadable(String)
    }

    /// The file's bytes, at most `limit + 1` of them, so that a caller can
    /// tell a file that is too large without reading all of it.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
        // writer; the type is checked on the open descriptor, so the file
        // cannot be swapped for a FIFO or device between a check and the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        let capacity = min(Int(info.st_size), limit) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var total = 0
        while total < capacity {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(fd, buffer.baseAddress! + total, capacity - total)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if n == 0 { break }
            total += n
        }
        bytes.removeSubrange(total...)
        return .success(bytes)
    }
}
