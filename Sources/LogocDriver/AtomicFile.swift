import Foundation

/// Writes files so that they appear whole or not at all: the bytes go to a
/// temporary file in the same folder, which is then renamed over the target
/// (rename is atomic within a file system). A file whose bytes are already
/// there is left alone, so its modification time says when it last changed.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Distinguishes temporary files of one process.
    private static let counter = Counter()

    /// Returns false when the file already held exactly these bytes. With
    /// `compare: false` it writes without reading the old file first (for
    /// files known to have changed, such as a large cache).
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String, compare: Bool = true) throws -> Bool {
        try write(pieces: [bytes[...]], to: path, compare: compare)
    }

    /// `write` of the pieces one after another, never joined: the manifest,
    /// gallery and cache of a big build are tens of megabytes made of the
    /// cache's groups, and a joined copy of each was most of the build's
    /// last peak of memory. `pieces` may be lazy (groups read from their
    /// file as they are written) and is gone through twice when `compare`
    /// finds the same size: once to compare, once to write. `readFailed`
    /// tells, after the pieces are written, whether one of them could not
    /// be read: then nothing is put in place.
    @discardableResult
    static func write(pieces: some Sequence<ArraySlice<UInt8>>, to path: String, compare: Bool = true,
                      readFailed: () -> Bool = { false }) throws -> Bool {
        var info = stat()
        let exists = stat(path, &info) == 0
        if compare, exists, holds(path, size: Int(info.st_size), pieces), !readFailed() {
            return false
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        if !exists {
            var folderInfo = stat()
            if stat(folder, &folderInfo) != 0 {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        if let reason = writeAll(pieces, to: fd) ?? (readFailed() ? "a part of it could not be read back from logoc's files" : nil) {
            close(fd)
            unlink(temporary)
            throw Failure(description: reason)
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: reason)
        }
        return true
    }

    /// Whether the file at `path`, of `size` bytes, holds exactly the
    /// pieces, read through a window of 64 KiB (the file is never read whole).
    private static func holds(_ path: String, size: Int, _ pieces: some Sequence<ArraySlice<UInt8>>) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var window = [UInt8](repeating: 0, count: 1 << 16)
        var filled = 0, used = 0, offset = 0
        for piece in pieces {
            var i = piece.startIndex
            while i < piece.endIndex {
                if used == filled {
                    guard offset < size else { return false }
                    let n = window.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return false }
                    (filled, used) = (n, 0)
                    offset += n
                }
                let n = min(filled - used, piece.endIndex - i)
                let same = window.withUnsafeBytes { w in piece.withUnsafeBytes { p in memcmp(w.baseAddress! + used, p.baseAddress! + (i - piece.startIndex), n) == 0 } }
                guard same else { return false }
                used += n
                i += n
            }
        }
        return used == filled && offset == size
    }

    /// Removes temporary files that a killed run left in `directory` and its
    /// folders (`.NAME.tmp-PID-N`, as `write` names them). Called under the
    /// output folder's lock, when no other logoc can be writing there; a
    /// SIGKILL between `open` and `rename` is the only way one is left.
    /// Returns the paths removed, relative to `directory`.
    @discardableResult
    static func removeLeftovers(in directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var removed: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix("."), isTemporaryName(name) else { continue }
            if unlink((directory as NSString).appendingPathComponent(relative)) == 0 { removed.append(relative) }
        }
        return removed.sorted()
    }

    /// Whether `name` is one that `write` gives its temporary files.
    static func isTemporaryName(_ name: String) -> Bool {
        guard let range = name.range(of: ".tmp-", options: .backwards), name.hasPrefix("."), range.lowerBound > name.index(after: name.startIndex) else {
            return false
        }
        let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// A fresh name beside `path` for a file being written: `.NAME.tmp-PID-N`,
    /// the shape `removeLeftovers` sweeps after a killed build.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "/." + name + ".tmp-\(getpid())-\(counter.take(below: Int.max) ?? 0)"
    }

    /// Appends the pieces to an existing file, in order. Not atomic: a
    /// reader of such a file (the build cache) must ignore a last record cut
    /// short by a kill. When writing fails, or `readFailed` says a piece
    /// could not be read, the file is cut back to its old end.
    static func append(pieces: some Sequence<ArraySlice<UInt8>>, to path: String, readFailed: () -> Bool = { false }) throws {
        guard pieces.contains(where: { !$0.isEmpty }) else { return }
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        if let reason = writeAll(pieces, to: fd) ?? (readFailed() ? "a part of it could not be read back from logoc's files" : nil) {
            _ = ftruncate(fd, info.st_size)
            throw Failure(description: reason)
        }
    }

    /// Writes every byte of the pieces in order, small ones gathered into
    /// one buffer, retrying short writes and interruptions; the error's text
    /// when it cannot.
    static func writeAll(_ pieces: some Sequence<ArraySlice<UInt8>>, to fd: Int32) -> String? {
        let gather = 1 << 16
        var buffer: [UInt8] = []
        func flush(_ bytes: ArraySlice<UInt8>) -> String? {
            var offset = bytes.startIndex
            while offset < bytes.endIndex {
                let n = bytes.withUnsafeBytes { raw in
                    Foundation.write(fd, raw.baseAddress.map { $0 + (offset - bytes.startIndex) }, bytes.endIndex - offset)
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
        for piece in pieces {
            if piece.count >= gather {
                if let reason = flush(buffer[...]) { return reason }
                buffer.removeAll(keepingCapacity: true)
                if let reason = flush(piece) { return reason }
            } else {
                buffer += piece
                if buffer.count >= gather {
                    if let reason = flush(buffer[...]) { return reason }
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        return flush(buffer[...])
    }
}
