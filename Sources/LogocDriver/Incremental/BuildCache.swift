import Foundation

/// `DIR/.logoc-cache.json`: what each output was built from, so a rebuild
/// can skip outputs whose inputs did not change and say why others changed.
/// Private to logoc; `manifest.json` is the public record.
struct BuildCache: Codable, Equatable, Sendable {
    var version = 1
    /// Identity of logoc, its libraries and the bundled fonts.
    var toolchain = ""
    /// Content hashes of input files, reused while size, time and inode match.
    var files: [String: FileStamp] = [:]
    /// Per output path.
    var outputs: [String: OutputRecord] = [:]

    static let fileName = ".logoc-cache.json"

    struct OutputRecord: Codable, Equatable, Sendable {
        /// SHA-256 over everything that can change the output's bytes.
        var key: String
        /// Hash of the render tree it was drawn from.
        var tree: String
        /// Input files (project-relative path → SHA-256), for `--explain`.
        var inputs: [String: String]
        /// The written file's stamp: a file that still has it is not re-read.
        var stamp: FileStamp
    }

    static func load(from directory: String) -> BuildCache {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path),
              let cache = try? JSONDecoder().decode(BuildCache.self, from: data), cache.version == 1 else { return BuildCache() }
        return cache
    }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(self)).map(Array.init) ?? Array("{}".utf8)) + [0x0A]
    }
}

/// A file's size, modification time (ns), inode and content hash.
struct FileStamp: Codable, Equatable, Sendable {
    var size: Int64
    var mtime: Int64
    var inode: UInt64
    var sha256: String

    /// Size, time and inode of `path`, without the hash; nil when missing.
    static func current(_ path: String) -> (size: Int64, mtime: Int64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), UInt64(info.st_ino))
    }

    func matches(_ s: (size: Int64, mtime: Int64, inode: UInt64)) -> Bool {
        size == s.size && mtime == s.mtime && inode == s.inode
    }
}

/// Content hashes of files, reusing the previous build's when a file's
/// stamp is unchanged (as git's index does), each file hashed once per run.
final class FileHasher: @unchecked Sendable {
    // @unchecked: `current` is only touched under `lock`.
    private let previous: [String: FileStamp]
    private var current: [String: FileStamp] = [:]
    private let lock = NSLock()

    init(previous: [String: FileStamp]) {
        self.previous = previous
    }

    /// The SHA-256 of the file, or nil when it cannot be read.
    func hash(_ path: String) -> String? {
        lock.lock()
        if let known = current[path] {
            lock.unlock()
            return known.sha256
        }
        lock.unlock()
        guard let s = FileStamp.current(path) else { return nil }
        let stamp: FileStamp
        if let old = previous[path], old.matches(s) {
            stamp = old
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            stamp = FileStamp(size: s.size, mtime: s.mtime, inode: s.inode, sha256: SHA256.hex(Array(data)))
        }
        lock.lock()
        current[path] = stamp
        lock.unlock()
        return stamp.sha256
    }

    /// Every stamp used in this run, for the next one.
    var stamps: [String: FileStamp] {
        lock.lock()
        defer { lock.unlock() }
        return current
    }
}
