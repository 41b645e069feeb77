import CDeflate
import Foundation
import LogocCore

/// The bytes of cache groups in a file (the build cache itself, or a
/// build's `GroupSpill`), read when a group is needed and let go after:
/// a build keeps one small header per spec file in memory, not the groups'
/// 2–3 KB each, so its memory does not grow with the project (issue 21:
/// the cache of 100,000 specs is about 230 MB, and reading it whole made a
/// no-op rebuild peak at 397 MB).
///
/// Reads are `pread`s at stated offsets, safe from any thread. A read that
/// fails (an I/O error, a file cut short behind logoc's back) gives no
/// bytes and marks the file `failed`: whoever writes from it (the
/// manifest, gallery and cache) checks that before putting a file in
/// place, so a failed read never ends up as a missing piece of one.
final class GroupFile: Sendable {
    private enum Source {
        case descriptor(Int32)
        /// The bytes themselves: `BuildCache.decode` of a file read whole (tests, the fuzz target).
        case memory([UInt8])
    }

    private let source: Source
    private let readFailed = Locked(false)

    /// Takes `fd` (opened for reading) and closes it when let go.
    init(descriptor fd: Int32) { source = .descriptor(fd) }

    init(bytes: [UInt8]) { source = .memory(bytes) }

    deinit { if case .descriptor(let fd) = source { close(fd) } }

    /// The file's descriptor, for a writer that appends to it (`GroupSpill`).
    var descriptor: Int32? {
        if case .descriptor(let fd) = source { return fd }
        return nil
    }

    /// Whether a read has failed since the file was opened.
    var failed: Bool { readFailed.withLock { $0 } }

    /// `count` bytes at `offset`; empty (and `failed` set) when they cannot be read.
    func read(at offset: Int, count: Int) -> ArraySlice<UInt8> {
        guard count > 0 else { return [] }
        switch source {
        case .memory(let bytes):
            guard offset >= 0, offset + count <= bytes.count else { return markFailed() }
            return bytes[offset..<offset + count]
        case .descriptor(let fd):
            var out = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = out.withUnsafeMutableBytes { raw in pread(fd, raw.baseAddress! + done, count - done, off_t(offset + done)) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return markFailed() }
                done += n
            }
            return out[...]
        }
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file), for reading it in order.
    func readSome(at offset: Int, count: Int) -> ArraySlice<UInt8>? {
        switch source {
        case .memory(let bytes):
            guard offset <= bytes.count else { return nil }
            return bytes[offset..<min(bytes.count, offset + count)]
        case .descriptor(let fd):
            var out = [UInt8](repeating: 0, count: count)
            while true {
                let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
                if n < 0, errno == EINTR { continue }
                guard n >= 0 else { return nil }
                return out[..<n]
            }
        }
    }

    private func markFailed() -> ArraySlice<UInt8> {
        readFailed.withLock { $0 = true }
        return []
    }
}

extension GroupFile {
    /// Reads a group file front to back in blocks of 1 MiB: its lines, and
    /// runs of bytes passed over with their CRC-32. Indexing the cache of
    /// 100,000 specs holds one block, not the file.
    struct Reader {
        let file: GroupFile
        /// Read and not yet taken.
        private var block: ArraySlice<UInt8> = []
        private var ended = false
        /// Where the next byte taken is in the file.
        private(set) var offset = 0
        private let blockSize: Int
        static let blockSize = 1 << 20

        /// `blockSize`: smaller for tests, so that lines and groups span blocks.
        init(_ file: GroupFile, blockSize: Int = Self.blockSize) {
            self.file = file
            self.blockSize = max(1, blockSize)
        }

        /// Whether every byte has been taken.
        mutating func atEnd() -> Bool { block.isEmpty && !more() }

        /// The next line, without its newline (the last one may have none); nil at the end.
        mutating func line() -> ArraySlice<UInt8>? {
            var scanned = 0
            while true {
                if let newline = block[(block.startIndex + scanned)...].firstIndex(of: 0x0A) {
                    let line = block[block.startIndex..<newline]
                    offset += line.count + 1
                    block = block[(newline + 1)...]
                    return line
                }
                scanned = block.count
                guard more() else {
                    guard !block.isEmpty else { return nil }
                    let line = block
                    offset += line.count
                    block = []
                    return line
                }
            }
        }

        /// Passes over `count` bytes, adding them to `crc`; false when the file ends first.
        mutating func skip(_ count: Int, crc: inout UInt32) -> Bool {
            guard count >= 0 else { return false }
            var left = count
            while left > 0 {
                if block.isEmpty, !more() { return false }
                let part = block.prefix(left)
                crc = part.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
                block = block.dropFirst(part.count)
                offset += part.count
                left -= part.count
            }
            return true
        }

        /// Reads the next block behind what is left of this one.
        private mutating func more() -> Bool {
            guard !ended, let next = file.readSome(at: offset + block.count, count: blockSize), !next.isEmpty else {
                ended = true
                return false
            }
            block = block.isEmpty ? next : (Array(block) + next)[...]
            return true
        }
    }
}
