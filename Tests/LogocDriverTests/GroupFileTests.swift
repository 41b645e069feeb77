import Foundation
import Testing
@testable import LogocDriver

/// The build cache read in blocks with its groups left in the file
/// (`GroupFile`), and the files written from groups read as they go.
struct GroupFileTests {
    /// Groups of many sizes, one larger than the reader's block, with
    /// escapes in their names and pictures.
    static func groups() -> [(spec: String, group: BuildCache.Group)] {
        (0..<120).map { i in
            let size = i == 60 ? 3 * GroupFile.Reader.blockSize / 2 : (i * 977) % 9_000
            func bytes(_ tag: UInt8, _ count: Int) -> ArraySlice<UInt8> { Array((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ Int(tag) &+ i) })[...] }
            let group = BuildCache.Group(fresh: i % 7 != 0, outputCount: i % 4, lines: bytes(1, size), manifest: bytes(2, size / 3),
                                         gallery: bytes(3, i % 5 == 0 ? 0 : size / 2), pictures: "p\t\(i)\\x\n")
            return (String(format: "Specs/g%03d/s.yaml", i), group)
        }
    }

    static func same(_ a: BuildCache.Group, _ b: BuildCache.Group) -> Bool {
        a.fresh == b.fresh && a.outputCount == b.outputCount && a.pictures == b.pictures && Array(a.lines) == Array(b.lines)
            && Array(a.manifest) == Array(b.manifest) && Array(a.gallery) == Array(b.gallery)
    }

    /// A cache read from its file, in blocks of 1 MiB or of a few bytes
    /// (every line and group then spans blocks), holds the groups that
    /// were written, and writes back the same bytes.
    @Test func theCacheReadInBlocksHoldsWhatWasWritten() throws {
        let made = Self.groups()
        let bytes = Array(BuildCache.file(toolchain: "T", groups: made).joined())
        let folder = try TemporaryFolder()
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/" + BuildCache.fileName))
        let fromFile = BuildCache.load(from: folder.path)
        let fd = open(folder.path + "/" + BuildCache.fileName, O_RDONLY)
        let inSmallBlocks = try #require(BuildCache.index(GroupFile(descriptor: fd), blockSize: 7))
        for cache in [fromFile, inSmallBlocks] {
            #expect(Array(cache.order) == made.map(\.spec))
            #expect(cache.toolchain == "T" && cache.fileBytes == bytes.count && !cache.damagedTail)
            for (spec, group) in made { #expect(cache.groups[spec].map { Self.same($0, group) } == true, "\(spec)") }
            let again = Array(BuildCache.file(toolchain: "T", groups: cache.order.map { ($0, cache.groups[$0]!) }).joined())
            #expect(again == bytes)
        }
    }

    /// A damaged group is dropped and a record cut short ends the cache,
    /// as when the file was read whole.
    @Test func damagedAndCutShortRecordsAreDropped() throws {
        let made = Array(Self.groups().prefix(10))
        var bytes = Array(BuildCache.file(toolchain: "T", groups: made).joined())
        // A byte of the fourth group's lines changed: its checksum fails.
        let header = Array("spec\t\(made[3].spec)\t".utf8)
        let at = try #require(bytes.firstRange(of: header)).upperBound
        let lineEnd = try #require(bytes[at...].firstIndex(of: 0x0A))
        bytes[lineEnd + 1] ^= 0xFF
        let cut = Array(bytes.dropLast(5))
        let cache = try #require(BuildCache.decode(cut))
        #expect(cache.groups[made[3].spec] == nil && cache.groups[made[9].spec] == nil && cache.damagedTail)
        #expect(cache.groups.count == 8)
    }

    /// A group whose file can no longer be read (cut short behind logoc's
    /// back) gives no bytes and marks its file: a file written from it is
    /// not put in place, and an append to the cache is taken back.
    @Test func aFileIsNotWrittenFromAGroupThatCannotBeRead() throws {
        let made = Array(Self.groups().prefix(10))
        let folder = try TemporaryFolder()
        let path = folder.path + "/" + BuildCache.fileName
        try Data(BuildCache.file(toolchain: "T", groups: made).joined()).write(to: URL(fileURLWithPath: path))
        let cache = BuildCache.load(from: folder.path)
        let groups = cache.order.map { ($0, cache.groups[$0]!) }
        #expect(truncate(path, 100) == 0)
        let target = folder.path + "/manifest.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let failed = { groups.contains { $0.1.readFailed } }
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(pieces: Manifest.file(groups.lazy.map(\.1.manifest)), to: target, compare: false, readFailed: failed)
        }
        #expect(failed())
        #expect(FileManager.default.contents(atPath: target) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [BuildCache.fileName, "manifest.json"])
        let other = folder.path + "/other"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: other))
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.append(pieces: BuildCache.appendRecords(groups.map { ($0.0, Optional($0.1)) }), to: other, readFailed: failed)
        }
        #expect(FileManager.default.contents(atPath: other) == Data("kept".utf8))
        // The lines of such a group read as damaged: its spec file is looked at again.
        var damaged = false
        BuildCache.forEachStamp(in: groups[9].1.lines) { kind, _, _ in
            damaged = damaged || kind == .damaged
            return true
        }
        #expect(damaged)
    }

    /// Comparing with the file on disk goes through it in windows: equal
    /// bytes are left alone, a byte changed past the first window is seen.
    @Test func writingComparesThroughWindows() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/file"
        let pieces: [ArraySlice<UInt8>] = (0..<50).map { i in Array(repeating: UInt8(i), count: 3_001 + i)[...] }
        #expect(try AtomicFile.write(pieces: pieces, to: path))
        #expect(try !AtomicFile.write(pieces: pieces, to: path))
        var changed = pieces
        changed[40][changed[40].startIndex + 17] ^= 1
        #expect(try AtomicFile.write(pieces: changed, to: path))
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == Array(changed.joined()))
        #expect(try AtomicFile.write(pieces: changed.dropLast(), to: path))
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == Array(changed.dropLast().joined()))
    }
}
