import CDeflate
import Foundation
import LogocCore
import LogocFrontend

/// The file of `check`'s cache: one record per spec file, in byte order of
/// the spec files' project-relative paths, so that it is read as a stream
/// beside the run's spec files and never held whole (a project of 100,000
/// specs keeps a few bytes per spec file in memory, not the entries).
///
///     logoc-check-cache	1
///     <context: SHA-256 of logoc, its libraries, the fonts, the root>
///     <spec file>	<bytes of the entry>	<crc32 of them, hex>
///     <the entry (CheckCacheEntry.encoded)>
///     …
///
/// Reading it never fails a check: a file of another version or context is
/// ignored whole, a record whose checksum is wrong is a miss, and a record
/// out of order or cut short ends the reading (the rest are misses).
struct CheckCacheFile {
    static let magic = "logoc-check-cache\t1"
    static let fileName = "check-cache"

    /// Where one entry's bytes are.
    struct Location {
        var offset: Int
        var count: Int
    }

    /// Where the records of `relatives` are in `file`, one location (or nil)
    /// per entry of `relatives`, found in one pass over the file beside the
    /// relatives taken in byte order (`order`). Nil when `file` is not a
    /// cache of this version and `context`.
    static func index(_ file: GroupFile, context: String, relatives: [String], order: [Int]) -> [Location?]? {
        var reader = GroupFile.Reader(file)
        guard let magicLine = reader.line(), magicLine.elementsEqual(magic.utf8),
              let contextLine = reader.line(), contextLine.elementsEqual(context.utf8) else { return nil }
        var found = [Location?](repeating: nil, count: relatives.count)
        var next = 0
        var previous: [UInt8]?
        while let header = record(&reader, after: previous) {
            previous = header.path
            while next < order.count, relatives[order[next]].utf8.lexicographicallyPrecedes(header.path) { next += 1 }
            // Two inputs may have one relative path (a file named twice through links): each gets the record.
            var same = next
            while same < order.count, relatives[order[same]].utf8.elementsEqual(header.path) {
                if header.valid { found[order[same]] = header.location }
                same += 1
            }
        }
        return found
    }

    /// A record's header and where its entry is, its bytes passed over with
    /// their CRC-32; nil at the end, or when the record is cut short or
    /// not after `previous` in byte order.
    struct Header {
        var path: [UInt8]
        var location: Location
        var valid: Bool
    }

    static func record(_ reader: inout GroupFile.Reader, after previous: [UInt8]?) -> Header? {
        guard !reader.atEnd(), let line = reader.line() else { return nil }
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
        guard fields.count == 3, let count = Int(String(decoding: fields[1], as: UTF8.self)), count >= 0,
              let crc = UInt32(String(decoding: fields[2], as: UTF8.self), radix: 16) else { return nil }
        let path = Array(fields[0])
        if let previous, !previous.lexicographicallyPrecedes(path) { return nil }
        let offset = reader.offset
        var computed: UInt32 = 0
        guard reader.skip(count, crc: &computed) else { return nil }
        return Header(path: path, location: Location(offset: offset, count: count), valid: computed == crc)
    }

    /// The first two lines of a cache file.
    static func head(context: String) -> [UInt8] {
        Array((magic + "\n" + context + "\n").utf8)
    }

    /// A record: its header line and the entry's bytes. Paths hold no tab
    /// or newline here: such a spec file is never cached (`isStorable`).
    static func record(path: String, entry: [UInt8]) -> [UInt8] {
        let crc = entry.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        return Array("\(path)\t\(entry.count)\t\(String(crc, radix: 16))\n".utf8) + entry
    }

    /// Whether a path can be a record's key.
    static func isStorable(_ path: String) -> Bool {
        !path.utf8.contains(0x09) && !path.utf8.contains(0x0A)
    }
}
