import Foundation

/// Reads input files defensively: only regular files (a FIFO or a device
/// would block or never end), and never more than a limit.
public enum FileReader {
    public enum Failure: Error, Equatable {
        case missing
        case notRegular
        /// A symbolic link, read with `followingLinks` false.
        case link
        case unreadable(String)

        /// The failure as the end of a sentence ("cannot read 'x': it is
        /// not a regular file"), never the case's Swift name.
        public var reason: String {
            switch self {
            case .missing: "it does not exist"
            case .notRegular: "it is not a regular file"
            case .link: "it is a symbolic link"
            case .unreadable(let why): why
            }
        }
    }

    /// A file's size, modification time (ns) and inode as `fstat` saw them on
    /// the open descriptor, before its bytes were read: a build records this
    /// for the files the front end read, so that a file changed while the
    /// build ran (after it was read) never looks unchanged to the next one.
    public struct Stamp: Sendable, Hashable {
        public var size: Int64
        public var mtime: Int64
        public var inode: UInt64

        /// From `stat`/`fstat`: the modification time in nanoseconds.
        public init(_ info: stat) {
            size = Int64(info.st_size)
            mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            inode = UInt64(info.st_ino)
        }
    }

    /// The file's bytes, at most `limit + 1` of them, so that a caller can
    /// tell a file that is too large without reading all of it.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        readStamped(path, limit: limit).map(\.bytes)
    }

    /// `read`, with the file's stamp taken before reading. `followingLinks`
    /// false refuses a symbolic link (`link`) instead of reading where it
    /// points: for a caller that only peeks at a file and leaves links to
    /// the front end, which keeps them inside the root (`AffectedSpecs`),
    /// and for the front end itself, which learns so that a spec file is
    /// no link without asking `lstat` first.
    public static func readStamped(_ path: String, limit: Int, followingLinks: Bool = true) -> Result<(bytes: [UInt8], stamp: Stamp), Failure> {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
        // writer; the type is checked on the open descriptor, so the file
        // cannot be swapped for a FIFO or device between a check and the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            if !followingLinks, errno == ELOOP { return .failure(.link) }
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        let capacity = min(Int(info.st_size), limit) + 1
        var failure: Failure?
        // Not zero-filled first: every byte kept is read into.
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            var total = 0
            while total < capacity {
                let asked = capacity - total
                let n = Foundation.read(fd, base + total, asked)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .unreadable(String(cString: strerror(errno)))
                    return
                }
                if n == 0 { break }
                total += n
                // All the bytes `fstat` counted are in, and the read came
                // short of the extra byte that tells a file over the limit:
                // that was the end, and asking again (a system call per
                // file) would only say so.
                if n < asked, total >= Int(info.st_size) { break }
            }
            count = total
        }
        if let failure { return .failure(failure) }
        return .success((bytes, Stamp(info)))
    }
}
