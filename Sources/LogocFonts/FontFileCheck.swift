#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks a font file before FreeType reads it.
///
/// Font files come from specs and project folders, so they are untrusted.
/// FreeType reads a font's tables lazily: a font cut short still opens, and
/// would draw from missing tables or fall back silently. This check reads
/// only the table directory and refuses, before anything else touches the
/// file, what is not a regular file (a FIFO would block `open` forever), what
/// is larger than any real font, and a table directory pointing past the end
/// of the file (a truncated download or copy).
public enum FontFileCheck {
    /// The largest font file read: the biggest bundled one, Noto CJK's
    /// collection, is about 20 MB.
    public static let maxBytes = 64 << 20
    /// Most faces in a collection and tables in a face: real fonts have a
    /// few dozen; the bound keeps the check itself cheap.
    static let maxFaces = 256
    static let maxTables = 512

    /// Why the file at `path` is not a font to read, or nil when it may be.
    public static func problem(path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return "cannot be opened: \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return "is not a regular file" }
        let size = Int(info.st_size)
        guard size <= maxBytes else { return "is \(size) bytes, more than any font (\(maxBytes >> 20) MiB)" }
        let file = Reader(fd: fd, size: size)
        guard let tag = file.u32(0) else { return "is too short to be a font" }
        switch tag {
        case 0x0001_0000, 0x4F54_544F /* OTTO */, 0x7472_7565 /* true */:
            return tableDirectoryProblem(file, at: 0)
        case 0x7474_6366: // ttcf: a collection
            guard let count = file.u32(8), count >= 1, count <= maxFaces else { return "declares an impossible number of faces" }
            for i in 0..<Int(count) {
                guard let offset = file.u32(12 + 4 * i) else { return "is cut short in its collection header" }
                if let problem = tableDirectoryProblem(file, at: Int(offset)) { return problem }
            }
            return nil
        case 0x774F_4646, 0x774F_4632: // wOFF, wOF2: the header holds the file's length
            guard let length = file.u32(8), Int(length) == size else { return "is a WOFF file whose length does not match its header" }
            return nil
        default:
            return "is not a TrueType or OpenType font"
        }
    }

    /// Checks one face's table directory: every table lies inside the file.
    private static func tableDirectoryProblem(_ file: Reader, at offset: Int) -> String? {
        guard let count = file.u16(offset + 4), count >= 1, count <= maxTables else { return "declares an impossible number of tables" }
        for i in 0..<Int(count) {
            let record = offset + 12 + 16 * i
            guard let start = file.u32(record + 8), let length = file.u32(record + 12) else { return "is cut short in its table directory" }
            if Int(start) + Int(length) > file.size { return "is cut short: a table ends past the end of the file (truncated?)" }
        }
        return nil
    }

    /// Big-endian reads at offsets, nil past the end.
    private struct Reader {
        let fd: Int32
        let size: Int

        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, offset + count <= size else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? buffer : nil
        }

        func u32(_ offset: Int) -> UInt32? {
            bytes(offset, 4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
        }

        func u16(_ offset: Int) -> UInt16? {
            bytes(offset, 2).map { UInt16($0[0]) << 8 | UInt16($0[1]) }
        }
    }
}
