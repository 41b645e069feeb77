import CDeflate
import Foundation
import LogocCore
import LogocFrontend

/// `DIR/.logoc-cache`: what each spec file was built from and what it wrote,
/// one *group* per spec file, in byte order of the spec paths. With it a
/// rebuild skips a spec file unread when the file and everything it used
/// are unchanged, skips drawing an output whose inputs hash the same, and
/// says why others changed.
///
/// A group also keeps its outputs' lines of `manifest.json` and cards of
/// `index.html` as written. So a rebuild that touches one spec among
/// 10,000 decodes one group, encodes one group, and writes the three files
/// by copying the other groups' bytes: its cost is a memory copy, not a
/// re-encoding of everything (docs/build-engine.md, "The cache").
///
/// Private to logoc: tab-separated lines, each group's followed by its
/// manifest lines and gallery cards as blocks of stated length.
///
///     logoc-cache	7
///     toolchain	<hash>
///     formats	<manifest format version>	<gallery format version>
///     spec	<spec file>	<fresh|stale>	<outputs>	<bytes of lines>	<of manifest>	<of gallery>	<pictures>	<crc32>
///     dep	<absolute path>	<size>	<mtime ns>	<inode>	<sha256>
///     out	<path>	<key>	<tree>	<size>	<mtime ns>	<inode>	<sha256>	<contrast|->	<name>	<format>	<scale>	<variant>	<width>	<height>	<warnings>	<fingerprint|->
///
/// The header's `pictures` (label, variant and fingerprint of each drawn
/// picture) let the look-alike check see every spec without decoding groups.
///     <manifest bytes><gallery bytes>
///
/// The header's `crc32` covers the group (`Group.checksum`): a group whose
/// bytes were damaged on disk is dropped when read, and its spec file is
/// looked at again, instead of copying a damaged byte into `manifest.json`
/// for good. It guards against damage, not against a hand-made cache: what
/// the cache says is still checked where it matters (an `out` path that is
/// not plain makes the group damaged; removals go through `OutputRemoval`).
struct BuildCache: Sendable {
    /// Identity of logoc, its libraries and the fonts.
    var toolchain = ""
    /// Spec file (project-relative) → its group, undecoded, in byte order
    /// of the spec files (`GroupIndex`: records, not a dictionary).
    private(set) var groups = GroupIndex()
    /// The spec files in byte order.
    var order: GroupIndex.Keys { groups.keys }
    /// Bytes of the file that no live group holds (groups replaced or
    /// removed by records appended after them), and its whole size.
    private(set) var deadBytes = 0
    private(set) var fileBytes = 0
    /// The file ended in a record cut short (a build killed while appending):
    /// the next write must rewrite it whole.
    private(set) var damagedTail = false

    static let fileName = ".logoc-cache"
    private static let magic = "logoc-cache\t7"
    /// The formats of `manifest.json` and `index.html` whose bytes the
    /// groups hold: a cache of other formats is ignored, so a logoc that
    /// changes either writes them anew instead of copying old groups' bytes.
    static let formats = ["formats", String(Manifest.formatVersion), String(Gallery.formatVersion)]

    /// One spec file's block of the cache file. Its bytes stay where they
    /// are (the cache file, the build's spill) and are read when asked for
    /// (`GroupFile`); a group made in this run holds them in memory.
    struct Group: Sendable {
        /// The spec file built cleanly: its outputs may be trusted without
        /// reading it. A file that failed keeps its old outputs but is stale.
        let fresh: Bool
        let outputCount: Int
        private let bytes: Bytes

        private enum Bytes: Sendable {
            case memory(lines: ArraySlice<UInt8>, manifest: ArraySlice<UInt8>, gallery: ArraySlice<UInt8>, pictures: String)
            /// At `offset` in `file`, the three parts one after another; `checksum` as read and verified (or computed when put);
            /// the pictures, escaped as in a header line (`escaped`), at `pictures.at`.
            case file(GroupFile, offset: Int, lines: Int, manifest: Int, gallery: Int, checksum: UInt32, pictures: (at: Int, count: Int))
        }

        init(fresh: Bool, outputCount: Int, lines: ArraySlice<UInt8>, manifest: ArraySlice<UInt8>, gallery: ArraySlice<UInt8>, pictures: String) {
            (self.fresh, self.outputCount) = (fresh, outputCount)
            bytes = .memory(lines: lines, manifest: manifest, gallery: gallery, pictures: pictures)
        }

        /// A group whose bytes are in `file` at `offset`, and its pictures at
        /// `pictures.at`, escaped; `checksum` is its CRC-32 under its spec
        /// file's name (`checksum(spec:)`).
        init(fresh: Bool, outputCount: Int, pictures: (at: Int, count: Int), file: GroupFile, offset: Int, lines: Int, manifest: Int, gallery: Int,
             checksum: UInt32) {
            (self.fresh, self.outputCount) = (fresh, outputCount)
            bytes = .file(file, offset: offset, lines: lines, manifest: manifest, gallery: gallery, checksum: checksum, pictures: pictures)
        }

        /// Its pictures for the look-alike check, as `Picture.encoded`. A
        /// group in a file reads them from there: the index of a million
        /// groups does not hold them (about 45 bytes a spec file, issue 21).
        var pictures: String {
            switch bytes {
            case .memory(_, _, _, let pictures): return pictures
            case .file(let file, _, _, _, _, _, let pictures): return LineReader.unescape(file.read(at: pictures.at, count: pictures.count))
            }
        }

        /// `dep` and `out` lines. When they cannot be read, a line that
        /// reads as damaged: the spec file is looked at again.
        var lines: ArraySlice<UInt8> {
            switch bytes {
            case .memory(let lines, _, _, _): return lines
            case .file(let file, let offset, let lines, _, _, _, _):
                let read = file.read(at: offset, count: lines)
                return read.count == lines ? read : Self.unreadable
            }
        }

        /// This file's lines of `manifest.json`, joined by ",\n".
        var manifest: ArraySlice<UInt8> {
            switch bytes {
            case .memory(_, let manifest, _, _): return manifest
            case .file(let file, let offset, let lines, let manifest, _, _, _): return file.read(at: offset + lines, count: manifest)
            }
        }

        /// This file's cards of `index.html`.
        var gallery: ArraySlice<UInt8> {
            switch bytes {
            case .memory(_, _, let gallery, _): return gallery
            case .file(let file, let offset, let lines, let manifest, let gallery, _, _): return file.read(at: offset + lines + manifest, count: gallery)
            }
        }

        /// The sizes of the three parts, without reading them.
        var counts: (lines: Int, manifest: Int, gallery: Int) {
            switch bytes {
            case .memory(let lines, let manifest, let gallery, _): return (lines.count, manifest.count, gallery.count)
            case .file(_, _, let lines, let manifest, let gallery, _, _): return (lines, manifest, gallery)
            }
        }

        /// Whether reading the file a group is in has failed in this run
        /// (so a file written from it would miss a part).
        var readFailed: Bool {
            if case .file(let file, _, _, _, _, _, _) = bytes { return file.failed }
            return false
        }

        private static let unreadable: ArraySlice<UInt8> = Array("unreadable\n".utf8)[...]

        /// CRC-32 (libdeflate's, at memory speed) of everything the group
        /// holds, header fields included. A group in a file has it already.
        func checksum(spec: String) -> UInt32 {
            if case .file(_, _, _, _, _, let checksum, _) = bytes { return checksum }
            var crc: UInt32 = 0
            // (An empty part is skipped: given no buffer, libdeflate returns the initial value.)
            for part in [lines, manifest, gallery] where !part.isEmpty {
                crc = part.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
            }
            return Self.checksum(crc, spec: spec, fresh: fresh, outputCount: outputCount, pictures: pictures)
        }

        /// `crc` (of the group's bytes) with its header fields added.
        static func checksum(_ crc: UInt32, spec: String, fresh: Bool, outputCount: Int, pictures: String) -> UInt32 {
            let fields = Array("\(spec)\t\(fresh)\t\(outputCount)\t\(pictures)".utf8)
            return fields.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        }
    }

    /// One spec's light or dark picture: its output base path (`team/ann`),
    /// variant and fingerprint text.
    struct Picture: Equatable, Sendable {
        var label: String
        var variant: String
        var fingerprint: String

        static func encoded(_ pictures: [Picture]) -> String {
            pictures.map { [$0.label, $0.variant, $0.fingerprint].joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
        }

        static func decoded(_ text: String) -> [Picture] {
            text.split(separator: "\u{1E}").compactMap { item in
                let f = item.split(separator: "\u{1F}", omittingEmptySubsequences: false)
                return f.count == 3 ? Picture(label: String(f[0]), variant: String(f[1]), fingerprint: String(f[2])) : nil
            }
        }
    }

    /// What a group holds, decoded.
    struct SpecRecord: Sendable {
        /// Absolute path → stamp and content hash when it was read; size -1
        /// for a file that did not exist (a `logoc.yaml` that may appear).
        var dependencies: [String: FileStamp] = [:]
        /// By output path.
        var outputs: [String: OutputRecord] = [:]
    }

    struct OutputRecord: Equatable, Sendable {
        /// SHA-256 over everything that can change the output's bytes.
        var key: String
        /// Hash of the render tree it was drawn from.
        var tree: String
        /// The written file's stamp (with its SHA-256): a file that still
        /// has it is not re-read.
        var stamp: FileStamp
        /// Its line of the manifest.
        var entry: Manifest.Entry
    }

    var isEmpty: Bool { groups.isEmpty }
    var outputCount: Int { groups.values.reduce(0) { $0 + $1.outputCount } }

    func record(_ spec: String) -> SpecRecord? {
        groups[spec].flatMap { Self.decode(lines: $0.lines, spec: spec) }
    }

    /// Every file any spec used, for `logoc watch`.
    var allDependencies: Set<String> {
        var all: Set<String> = []
        for (spec, group) in groups.entries { all.formUnion(Self.decode(lines: group.lines, spec: spec)?.dependencies.keys ?? [:].keys) }
        return all
    }

    // MARK: Groups

    /// A group's bytes, for a spec file built in this run. `outputFolder`
    /// is where the outputs were written: the gallery reads the favicon's
    /// small images from there (`Gallery.cards`).
    static func group(dependencies: [String: FileStamp], outputs: [OutputRecord], fresh: Bool, outputFolder: String? = nil) -> Group {
        var out: [UInt8] = []
        out.reserveCapacity(400 * (outputs.count + dependencies.count))
        for (path, s) in dependencies.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            line(&out, "dep", path, String(s.size), String(s.mtime), String(s.inode), s.sha256)
        }
        let sorted = outputs.sorted { $0.entry.path.utf8.lexicographicallyPrecedes($1.entry.path.utf8) }
        for r in sorted {
            let e = r.entry
            line(&out, "out", e.path, r.key, r.tree, String(r.stamp.size), String(r.stamp.mtime), String(r.stamp.inode), r.stamp.sha256,
                 e.contrast.map { String($0) } ?? "-", e.name, e.format, String(e.scale), e.variant, String(e.width), String(e.height),
                 e.warnings.joined(separator: "\u{1F}"), e.fingerprint ?? "-", e.title.map { "=" + $0 } ?? "-",
                 e.target.map { "=" + $0 } ?? "-")
        }
        let entries = sorted.map(\.entry)
        // One picture per spec and variant: its first output in path order.
        var seen: Set<String> = []
        var pictures: [Picture] = []
        for e in entries {
            guard let fingerprint = e.fingerprint, seen.insert(e.name + "\u{0}" + e.variant).inserted else { continue }
            pictures.append(Picture(label: LookAlikeCheck.label(e), variant: e.variant, fingerprint: fingerprint))
        }
        return Group(fresh: fresh, outputCount: entries.count, lines: out[...], manifest: Manifest.lines(entries)[...],
                     gallery: Gallery.cards(entries, outputFolder: outputFolder)[...], pictures: Picture.encoded(pictures))
    }

    // MARK: Reading

    /// The cache in `directory`, indexed as it is read in blocks: its
    /// groups stay in the file, which stays open (an empty cache when
    /// there is none, or it is not one).
    static func load(from directory: String) -> BuildCache {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return BuildCache() }
        return index(GroupFile(descriptor: fd)) ?? BuildCache()
    }

    /// `load` of a cache file's bytes.
    static func decode(_ bytes: [UInt8]) -> BuildCache? {
        index(GroupFile(bytes: bytes))
    }

    /// Indexes the groups without decoding them: one line per spec file,
    /// then a pass over its bytes for the checksum. Records appended after
    /// the sorted part (`appendRecords`) replace or remove earlier groups;
    /// a last record cut short is ignored.
    /// `blockSize`: of the reads (smaller in tests).
    static func index(_ file: GroupFile, blockSize: Int = GroupFile.Reader.blockSize) -> BuildCache? {
        var cache = BuildCache()
        var reader = GroupFile.Reader(file, blockSize: blockSize)
        // The last line's pictures field: where it starts in the line, and its bytes as written (escaped).
        var pictures = (at: 0, count: 0)
        func fields() -> [String]? {
            guard let line = reader.line() else { return nil }
            let raw = line.split(separator: 0x09, omittingEmptySubsequences: false)
            if raw.count > 7 { pictures = (raw[7].startIndex - line.startIndex, raw[7].count) }
            return raw.map(LineReader.unescape)
        }
        guard fields() == magic.split(separator: "\t").map(String.init),
              let chain = fields(), chain.count == 2, chain[0] == "toolchain", fields() == formats else { return nil }
        cache.toolchain = chain[1]
        // Records in file order; a later one of a spec file replaces an earlier one.
        var builder = GroupIndex.Builder(file: file)
        while !reader.atEnd() {
            let start = reader.offset
            var crc: UInt32 = 0
            guard let f = fields(), f.count == 9, f[0] == "spec", let count = Int(f[3]), let lines = Int(f[4]), let manifest = Int(f[5]),
                  let gallery = Int(f[6]) else {
                guard !builder.isEmpty else { return nil }
                cache.damagedTail = true
                break
            }
            let at = reader.offset
            guard reader.skip(lines, crc: &crc), reader.skip(manifest, crc: &crc), reader.skip(gallery, crc: &crc) else {
                guard !builder.isEmpty else { return nil }
                cache.damagedTail = true
                break
            }
            let size = reader.offset - start
            let spec = f[1]
            if f[2] == "gone" {
                builder.remove(spec, size: size)
                continue
            }
            let fresh = f[2] == "fresh"
            let checksum = Group.checksum(crc, spec: spec, fresh: fresh, outputCount: count, pictures: f[7])
            // Damaged (or fields no record holds): as if never built; the spec file is looked at again.
            guard UInt32(f[8], radix: 16) == checksum,
                  builder.add(spec, fresh: fresh, outputCount: count, pictures: (start + pictures.at, pictures.count), offset: at, lines: lines,
                              manifest: manifest, gallery: gallery, checksum: checksum, size: size) else {
                builder.remove(spec, size: size)
                continue
            }
        }
        cache.fileBytes = reader.offset
        (cache.groups, cache.deadBytes) = builder.build()
        return cache
    }

    /// A group's lines, decoded; nil when they are damaged.
    static func decode(lines: ArraySlice<UInt8>, spec: String) -> SpecRecord? {
        var record = SpecRecord()
        var reader = LineReader(bytes: lines)
        while !reader.atEnd {
            guard let f = reader.fields() else { return nil }
            switch (f.first, f.count) {
            case ("dep", 6):
                guard let size = Int64(f[2]), let mtime = Int64(f[3]), let inode = UInt64(f[4]) else { return nil }
                record.dependencies[f[1]] = FileStamp(size: size, mtime: mtime, inode: inode, sha256: f[5])
            // 17 fields: a cache written before outputs had a title; 18: before they had a target.
            case ("out", 17), ("out", 18), ("out", 19):
                // Never trust a path from a file: only a plain relative one is logoc's.
                guard OutputRemoval.isPlain(f[1]), let size = Int64(f[4]), let mtime = Int64(f[5]), let inode = UInt64(f[6]), let scale = Int(f[11]),
                      let width = Int(f[13]), let height = Int(f[14]) else { return nil }
                let entry = Manifest.Entry(path: f[1], spec: spec, name: f[9], format: f[10], scale: scale, variant: f[12], width: width,
                                           height: height, sha256: f[7], contrast: Double(f[8]),
                                           warnings: f[15].isEmpty ? [] : f[15].split(separator: "\u{1F}").map(String.init),
                                           fingerprint: f[16] == "-" ? nil : f[16],
                                           title: f.count > 17 && f[17].hasPrefix("=") ? String(f[17].dropFirst()) : nil,
                                           target: f.count > 18 && f[18].hasPrefix("=") ? String(f[18].dropFirst()) : nil)
                record.outputs[f[1]] = OutputRecord(key: f[2], tree: f[3], stamp: FileStamp(size: size, mtime: mtime, inode: inode, sha256: f[7]),
                                                    entry: entry)
            default:
                return nil
            }
        }
        return record
    }

    enum StampKind { case dependency, output, damaged }

    /// Calls `body` with the path and stamp (without hash) of each `dep`
    /// and `out` line, in order, until it returns false. The fast path of
    /// the skip test: no other field is decoded.
    static func forEachStamp(in lines: ArraySlice<UInt8>,
                             _ body: (StampKind, String, (size: Int64, mtime: Int64, inode: UInt64)) -> Bool) {
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: 0x0A) ?? lines.endIndex
            defer { start = end + 1 }
            let line = lines[start..<end]
            let kind: StampKind = line.starts(with: [0x64, 0x65, 0x70, 0x09]) ? .dependency   // "dep\t"
                : line.starts(with: [0x6F, 0x75, 0x74, 0x09]) ? .output : .damaged           // "out\t"
            // dep: path size mtime inode …; out: path key tree size mtime inode …
            var fields: [ArraySlice<UInt8>] = []
            fields.reserveCapacity(7)
            var fieldStart = line.startIndex + 4
            var i = fieldStart
            while i <= line.endIndex, fields.count < 7 {
                if i == line.endIndex || line[i] == 0x09 {
                    fields.append(line[fieldStart..<i])
                    fieldStart = i + 1
                }
                i += 1
            }
            let first = kind == .dependency ? 1 : 3
            guard kind != .damaged, fields.count > first + 2, let size = Int64(integer: fields[first]),
                  let mtime = Int64(integer: fields[first + 1]), let inode = UInt64(integer: fields[first + 2]) else {
                _ = body(.damaged, "", (0, 0, 0))
                return
            }
            if !body(kind, LineReader.unescape(fields[0]), (size, mtime, inode)) { return }
        }
    }

    // MARK: Writing

    /// The whole file, the groups in byte order of their spec paths, as
    /// pieces to write one after another: each group's header line, then
    /// its own bytes, never copied. Lazy: a group's bytes are read from
    /// its file only as it is written, so the cache of 100,000 specs is
    /// never in memory at once.
    static func file(toolchain: String, groups: some Sequence<(spec: String, group: Group)>) -> some Sequence<ArraySlice<UInt8>> {
        var head = Array(magic.utf8)
        head.append(0x0A)
        line(&head, "toolchain", toolchain)
        line(&head, formats[0], formats[1], formats[2])
        return [AnySequence([head[...]]), AnySequence(appendRecords(groups.lazy.map { (spec: $0.spec, group: Optional($0.group)) }))].joined()
    }

    /// Records to append to the file as it is: new groups for `changed`
    /// spec files (nil to remove one). A rebuild that touched a few specs
    /// among thousands appends a few kilobytes instead of rewriting
    /// megabytes, as ninja's log does; the file is rewritten whole once
    /// a quarter of it is dead. Pieces, lazily, as `file` gives: a cold
    /// build's records are all of its groups (`recordsSize` tells their
    /// size without reading them, for `canAppend`).
    static func appendRecords(_ changed: some Sequence<(spec: String, group: Group?)>) -> some Sequence<ArraySlice<UInt8>> {
        changed.lazy.flatMap { spec, group -> [ArraySlice<UInt8>] in
            guard let group else { return [goneHeader(spec)[...]] }
            return [header(spec, group)[...], group.lines, group.manifest, group.gallery]
        }
    }

    /// The bytes `appendRecords` gives, from the groups' headers alone.
    static func recordsSize(_ changed: some Sequence<(spec: String, group: Group?)>) -> Int {
        changed.reduce(0) { total, change in
            guard let group = change.group else { return total + goneHeader(change.spec).count }
            let counts = group.counts
            return total + header(change.spec, group).count + counts.lines + counts.manifest + counts.gallery
        }
    }

    private static func goneHeader(_ spec: String) -> [UInt8] {
        var header: [UInt8] = []
        line(&header, "spec", spec, "gone", "0", "0", "0", "0", "", "0")
        return header
    }

    /// Whether appending `bytes` keeps the file worth appending to.
    func canAppend(_ bytes: Int, toolchain: String) -> Bool {
        fileBytes > 0 && !damagedTail && self.toolchain == toolchain && (deadBytes + bytes) * 4 < fileBytes
    }

    /// A group's record header line.
    private static func header(_ spec: String, _ g: Group) -> [UInt8] {
        var out: [UInt8] = []
        let counts = g.counts
        line(&out, "spec", spec, g.fresh ? "fresh" : "stale", String(g.outputCount), String(counts.lines), String(counts.manifest),
             String(counts.gallery), g.pictures, String(g.checksum(spec: spec), radix: 16))
        return out
    }

    private static func line(_ out: inout [UInt8], _ fields: String...) {
        line(&out, fields)
    }

    private static func line(_ out: inout [UInt8], _ fields: [String]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(0x09) }
            escape(field, into: &out)
        }
        out.append(0x0A)
    }

    /// A field as a line holds it: backslash, tab and newline escaped.
    static func escape(_ field: String, into out: inout [UInt8]) {
        for byte in field.utf8 {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x09: out += [0x5C, 0x74]
            case 0x0A: out += [0x5C, 0x6E]
            default: out.append(byte)
            }
        }
    }
}

/// Lines of tab-separated, backslash-escaped fields, and raw blocks of a
/// stated length, read straight from bytes.
private struct LineReader {
    private(set) var bytes: ArraySlice<UInt8>
    var atEnd: Bool { bytes.isEmpty }

    /// The next line's fields; nil at the end.
    mutating func fields() -> [String]? {
        guard !bytes.isEmpty else { return nil }
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        let line = bytes[bytes.startIndex..<end]
        bytes = end < bytes.endIndex ? bytes[(end + 1)...] : bytes[end...]
        return line.split(separator: 0x09, omittingEmptySubsequences: false).map(Self.unescape)
    }

    /// The next `count` bytes; nil when fewer are left.
    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count >= count else { return nil }
        let end = bytes.startIndex + count
        defer { bytes = bytes[end...] }
        return bytes[bytes.startIndex..<end]
    }

    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var escaped = false
        for b in bytes {
            if escaped {
                out.append(b == 0x74 ? 0x09 : b == 0x6E ? 0x0A : b)
                escaped = false
            } else if b == 0x5C {
                escaped = true
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A file's size, modification time (ns), inode and content hash.
struct FileStamp: Equatable, Sendable {
    var size: Int64
    var mtime: Int64
    var inode: UInt64
    var sha256: String

    /// Size, time and inode of `path`, without the hash; nil when missing.
    static func current(_ path: String) -> (size: Int64, mtime: Int64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stamp = FileReader.Stamp(info)
        return (stamp.size, stamp.mtime, stamp.inode)
    }

    func matches(_ s: (size: Int64, mtime: Int64, inode: UInt64)) -> Bool {
        size == s.size && mtime == s.mtime && inode == s.inode
    }
}

/// Content hashes of files, reusing the previous build's when a file's
/// stamp is unchanged (as git's index does), each file hashed once per run.
final class FileHasher: Sendable {
    /// Each file's stamp and hash as used in this run.
    private let current = Locked<[String: FileStamp]>([:])

    /// The stamp and hash used for `path` in this run; size -1 when it was missing.
    func stamp(_ path: String) -> FileStamp {
        current.withLock { $0[path] } ?? FileStamp(size: -1, mtime: 0, inode: 0, sha256: "")
    }

    /// The SHA-256 of the file, or nil when it cannot be read. `previous` is
    /// what the last build recorded for it: its hash is reused when the
    /// stamp still matches. The file is read and hashed outside the lock.
    func hash(_ path: String, previous: FileStamp?) -> String? {
        if let known = current.withLock({ $0[path] }) { return known.sha256 }
        guard let s = FileStamp.current(path) else { return nil }
        let stamp: FileStamp
        if let previous, previous.matches(s) {
            stamp = previous
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            stamp = FileStamp(size: s.size, mtime: s.mtime, inode: s.inode, sha256: SHA256.hex(Array(data)))
        }
        current.withLock { $0[path] = stamp }
        return stamp.sha256
    }

    /// Lets go of the stamps of `paths` (a chunk's spec files, once their
    /// groups are made): the shared files (partials, `logoc.yaml`, images,
    /// fonts) stay for the rest of the run, but a stamp and hash of every
    /// spec file kept to the end was about 250 bytes a spec file of a cold
    /// build (issue 21).
    /// (A `check` without its cache hashes nothing: each path was still
    /// hashed to be looked for, on the one core between chunks.)
    func forget(_ paths: some Sequence<String>) {
        current.withLock { known in
            guard !known.isEmpty else { return }
            for path in paths { known[path] = nil }
        }
    }
}

private extension FixedWidthInteger {
    /// A decimal integer (optionally negative) straight from bytes.
    init?(integer bytes: ArraySlice<UInt8>) {
        var digits = bytes[...]
        let negative = digits.first == 0x2D
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        var value: Self = 0
        for b in digits {
            guard b >= 0x30, b <= 0x39 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Self(b - 0x30))
            guard !o1, !o2 else { return nil }
            value = a
        }
        if negative {
            guard Self.isSigned else { return nil }
            value = 0 - value
        }
        self = value
    }
}

extension BuildCache {
    /// `bytes` with the CRC-32 of every whole group record set to what its
    /// bytes now hold; what cannot be read as records is kept as it is.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var reader = LineReader(bytes: bytes[...])
        var out: [UInt8] = []
        var start = reader.bytes.startIndex
        // The format, toolchain and formats lines, as they are.
        for _ in 0..<3 where reader.fields() != nil {
            out += bytes[start..<reader.bytes.startIndex]
            start = reader.bytes.startIndex
        }
        while !reader.atEnd {
            start = reader.bytes.startIndex
            guard let f = reader.fields(), f.count == 9, f[0] == "spec", let count = Int(f[3]),
                  let lines = Int(f[4]).flatMap({ reader.take($0) }), let manifest = Int(f[5]).flatMap({ reader.take($0) }),
                  let gallery = Int(f[6]).flatMap({ reader.take($0) }), f[2] != "gone" else {
                // A `gone` record has no checksum; a broken one stays broken.
                out += bytes[start..<reader.bytes.startIndex]
                continue
            }
            let group = Group(fresh: f[2] == "fresh", outputCount: count, lines: lines, manifest: manifest, gallery: gallery, pictures: f[7])
            line(&out, "spec", f[1], f[2], f[3], f[4], f[5], f[6], f[7], String(group.checksum(spec: f[1]), radix: 16))
            out += lines
            out += manifest
            out += gallery
        }
        return out
    }
}

/// A hand-made cache with its checksums made right, for the `fuzz-cache`
/// target (docs/hardening.md). A fuzzer cannot forge a CRC-32, so without
/// this every mutation of a group is dropped by its checksum and never
/// reaches what is checked behind it (paths, counts, stamps, the manifest
/// and gallery bytes). Public only because a fuzz target sees public API;
/// logoc itself never reseals a cache.
public enum BuildCacheResealing {
    /// The cache file `bytes` with every group's CRC-32 recomputed.
    public static func resealed(_ bytes: [UInt8]) -> [UInt8] { BuildCache.resealed(bytes) }
}
