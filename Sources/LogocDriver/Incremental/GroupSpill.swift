import Foundation

/// The cache groups a build makes, kept in a temporary file instead of
/// memory; the run's last writes read each back as they write it.
///
/// A group (its `dep` and `out` lines, manifest lines and gallery cards)
/// is about 2.3 KB a spec file and none of it is read again before the
/// manifest, gallery and cache are written: held in memory they were the
/// largest thing a big build kept growing. The groups come back as
/// groups in the file (`GroupFile`), not as bytes: reading them all back
/// at once was 230 MB at the end of a build of 100,000 specs (issue 21).
/// The file is unlinked as soon as it is open, so nothing is left behind
/// whatever happens to the process; each group's small header (counts,
/// checksum, freshness) stays in memory, in a `GroupIndex`; the pictures
/// the look-alike check reads are written before the group's bytes.
final class GroupSpill {
    private let fd: Int32
    private var size = 0
    /// Where each group's bytes are in the file, with its header fields.
    private var stored: GroupIndex.Builder

    /// An empty spill in `directory`; nil when no file can be made there
    /// (the groups then stay in memory).
    init?(directory: String) {
        let path = AtomicFile.temporaryPath(for: (directory as NSString).appendingPathComponent(".logoc-groups"))
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        unlink(path)
        self.fd = fd
        stored = GroupIndex.Builder(file: GroupFile(descriptor: fd))
    }

    /// Writes `group` (made in this run, in memory) to the file; false when
    /// it could not (disk full), and the caller keeps the group in memory.
    func put(_ spec: String, _ group: BuildCache.Group) -> Bool {
        // Its pictures first, escaped as in the cache's header lines, then its bytes.
        var pictures: [UInt8] = []
        BuildCache.escape(group.pictures, into: &pictures)
        let pieces = [pictures[...], group.lines, group.manifest, group.gallery]
        guard AtomicFile.writeAll(pieces, to: fd) == nil,
              stored.add(spec, fresh: group.fresh, outputCount: group.outputCount, pictures: (size, pictures.count), offset: size + pictures.count,
                         lines: group.lines.count, manifest: group.manifest.count, gallery: group.gallery.count,
                         checksum: group.checksum(spec: spec)) else {
            // What was written of it is never read: the next group starts where this one did.
            _ = ftruncate(fd, off_t(size))
            _ = lseek(fd, off_t(size), SEEK_SET)
            return false
        }
        size += pieces.reduce(0) { $0 + $1.count }
        return true
    }

    /// Every group put (the last of a spec file), in byte order of the spec
    /// files, each read from the file when its bytes are asked for. Asked
    /// once: the index takes the spill's records.
    func groups() -> GroupIndex {
        stored.build().index
    }
}
