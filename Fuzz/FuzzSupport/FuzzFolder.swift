import Foundation

/// The files a target lays out for one input, and what it checks of the
/// file system afterwards. Nothing here follows a symbolic link: a target
/// plants links that point out of the folder logoc works in, and clearing
/// that folder must not reach through them.
public enum FuzzFolder {
    /// Creates `path`'s folders and writes `bytes` to it.
    public static func write(_ bytes: [UInt8], to path: String) {
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FuzzExpect.that(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot write \(path)")
    }

    /// Removes `path` and everything below it: links are unlinked, never followed.
    public static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// What a file looks like from outside: type, size, modification time,
    /// inode and, for a regular file, its bytes (for a link, its target).
    /// Any write, removal or replacement changes it.
    public struct Look: Equatable {
        var mode: mode_t
        var size: Int64
        var mtime: Int64
        var inode: UInt64
        var bytes: [UInt8]?
        var link: String?
    }

    /// Every file and folder below `root` (relative path → look), except
    /// the subtrees at the relative paths in `excluding`; links are listed, not followed.
    public static func snapshot(_ root: String, excluding: Set<String> = []) -> [String: Look] {
        var looks: [String: Look] = [:]
        func visit(_ relative: String) {
            guard !excluding.contains(relative) else { return }
            let path = relative.isEmpty ? root : root + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let kind = info.st_mode & S_IFMT
            // A folder's own size and time change with what is added or
            // removed inside it, which the entries below show.
            let isFolder = kind == S_IFDIR
            looks[relative] = Look(mode: info.st_mode, size: isFolder ? 0 : Int64(info.st_size),
                                   mtime: isFolder ? 0 : Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                                   inode: UInt64(info.st_ino),
                                   bytes: kind == S_IFREG ? FileManager.default.contents(atPath: path).map(Array.init) : nil,
                                   link: kind == S_IFLNK ? try? FileManager.default.destinationOfSymbolicLink(atPath: path) : nil)
            guard kind == S_IFDIR else { return }
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                visit(relative.isEmpty ? name : relative + "/" + name)
            }
        }
        visit("")
        return looks
    }

    /// Stops the process when `after` differs from `before`, naming the first difference.
    public static func expectUnchanged(_ before: [String: Look], _ after: [String: Look], what: String) {
        guard before != after else { return }
        let gone = before.keys.filter { after[$0] == nil }.sorted()
        let added = after.keys.filter { before[$0] == nil }.sorted()
        let changed = before.keys.filter { after[$0] != nil && after[$0] != before[$0] }.sorted()
        FuzzExpect.that(false, "\(what): removed \(gone.prefix(5)), added \(added.prefix(5)), changed \(changed.prefix(5))")
    }
}
