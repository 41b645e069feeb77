import CFreeType
import LogocCore
#if canImport(Glibc)
import Glibc
#endif

/// Font files mapped into memory once per process, for every FreeType face
/// opened on them (`FT_New_Memory_Face`).
///
/// Why: `FT_New_Face` maps the file anew for each face, and logoc holds a
/// face per file and index per set of faces (`FreeTypeFaces`: one set per
/// worker). A collection such as Noto CJK (20 MB, ten faces sharing one
/// glyph table) was mapped 42 times in a `check` on two cores, and each
/// mapping counted the pages it touched again: 46 MB of the peak memory
/// (issue 21). Mapped once, the pages are counted once. FreeType reads
/// the bytes and never writes them, from any thread, so faces of
/// different sets share one map. Maps are never unmapped: the faces that
/// read them are never freed (`FreeTypeFaces`).
enum FontFileMaps {
    /// File identity (device, inode, size, time) → the map's address and length, as integers.
    private static let maps = Locked<[[Int64]: (address: Int, count: Int)]>([:])

    /// The bytes of the font file at `path`, mapped read-only, when the
    /// file is still the one `identity` describes (device, inode, size,
    /// seconds and nanoseconds of its time, as `FreeTypeFaces` keys it);
    /// nil when it cannot be mapped (the caller opens it by path).
    static func bytes(path: String, identity: [Int64]) -> UnsafeRawBufferPointer? {
        maps.withLock { maps -> UnsafeRawBufferPointer? in
            if let known = maps[identity] { return UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: known.address), count: known.count) }
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_size > 0,
                  [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)] == identity
            else { return nil }
            let count = Int(info.st_size)
            guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
            maps[identity] = (Int(bitPattern: base), count)
            return UnsafeRawBufferPointer(start: base, count: count)
        }
    }
}
