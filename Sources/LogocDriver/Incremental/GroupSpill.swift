import Foundation

/// The cache groups a build makes, kept in a temporary file instead of
/// memory until the run's last writes need them.
///
/// A group (its `dep` and `out` lines, manifest lines and gallery cards)
/// is about 2.3 KB a spec file and none of it is read again before the
/// manifest, gallery and cache are written: held in memory they were the
/// largest thing a 10,000-spec build kept growing (27 MB of heap). The file
/// is unlinked as soon as it is open, so nothing is left behind whatever
/// happens to the process; each group's small header (counts, freshness and
/// the pictures the look-alike check reads) stays in memory.
final class GroupSpill {
    /// Where one group's bytes are in the file.
    private struct Stored {
        var offset: Int
        var lines: Int, manifest: Int, gallery: Int
        var fresh: Bool
        var outputCount: Int
        var pictures: String
    }

    private let fd: Int32
    private var size = 0
    private var stored: [String: Stored] = [:]

    /// An empty spill in `directory`; nil when no file can be made there
    /// (the groups then stay in memory).
    init?(directory: String) {
        let path = AtomicFile.temporaryPath(for: (directory as NSString).appendingPathComponent(".logoc-groups"))
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        unlink(path)
        self.fd = fd
    }

    deinit { close(fd) }

    /// Writes `group` to the file; false when it could not (disk full), and
    /// the caller keeps the group in memory.
    func put(_ spec: String, _ group: BuildCache.Group) -> Bool {
        let pieces = [group.lines, group.manifest, group.gallery]
        guard AtomicFile.writeAll(pieces, to: fd) == nil else {
            // What was written of it is never read: the next group starts where this one did.
            _ = ftruncate(fd, off_t(size))
            _ = lseek(fd, off_t(size), SEEK_SET)
            return false
        }
        stored[spec] = Stored(offset: size, lines: group.lines.count, manifest: group.manifest.count, gallery: group.gallery.count,
                              fresh: group.fresh, outputCount: group.outputCount, pictures: group.pictures)
        size += pieces.reduce(0) { $0 + $1.count }
        return true
    }

    /// Every group put, read back in one piece of memory that the groups'
    /// bytes are slices of; nil if the file cannot be read back.
    func groups() -> [String: BuildCache.Group]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { pread(fd, $0 + done, size - done, off_t(done)) } ?? -1
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        var result: [String: BuildCache.Group] = [:]
        result.reserveCapacity(stored.count)
        for (spec, s) in stored {
            let lines = s.offset, manifest = lines + s.lines, gallery = manifest + s.manifest, end = gallery + s.gallery
            result[spec] = BuildCache.Group(fresh: s.fresh, outputCount: s.outputCount, lines: bytes[lines..<manifest],
                                            manifest: bytes[manifest..<gallery], gallery: bytes[gallery..<end], pictures: s.pictures)
        }
        return result
    }
}
