import Foundation

/// The groups of one group file (the build cache, a build's `GroupSpill`)
/// by spec file, in byte order of the spec paths: one fixed-size record a
/// group and one buffer holding every spec path, searched by bisection —
/// not a dictionary of `String`s. A group's pictures stay in the file.
///
/// Why: a build keeps the index of the previous build's cache, and of the
/// groups it made itself, until its last write. As a dictionary of
/// `String` → `Group` that was about 380 bytes a spec file (two heap
/// strings, an existential file reference, the dictionary's slack; massif,
/// issue 21), as much as everything else a no-op rebuild keeps; here it is
/// the bytes of the path and of the pictures plus 48.
///
/// Built by `Builder`, which takes groups in any order, a later group or
/// removal of a spec file replacing an earlier one (the cache's appended
/// records, a spill's later document of a file), and sorts once.
struct GroupIndex: Sendable {
    /// One group: where its spec path is in `text`, where its bytes and
    /// its pictures (`picturesBack` bytes before its bytes) are in the
    /// file, and its header fields.
    fileprivate struct Record: Sendable {
        var name: UInt32
        var nameCount: UInt32
        var picturesBack: UInt32
        var picturesCount: UInt32
        var offset: Int
        var lines: UInt32
        var manifest: UInt32
        var gallery: UInt32
        var checksum: UInt32
        var outputCount: UInt32
        var fresh: Bool
    }

    private var records = BlockList<Record>()
    /// Every record's spec path, one after another.
    private var text = TextBlocks()
    /// The file every group's bytes are in; nil for an empty index.
    let file: GroupFile?

    init() { file = nil }

    fileprivate init(records: BlockList<Record>, text: TextBlocks, file: GroupFile) {
        (self.records, self.text, self.file) = (records, text, file)
    }

    var count: Int { records.count }
    var isEmpty: Bool { records.isEmpty }

    /// The group of `spec`, read from the file when its bytes are asked for.
    subscript(spec: String) -> BuildCache.Group? {
        position(of: spec).map { group(at: $0) }
    }

    /// Whether `spec` has a group.
    func contains(_ spec: String) -> Bool { position(of: spec) != nil }

    /// The spec files, in byte order.
    var keys: Keys { Keys(index: self) }

    /// The groups, in the order of `keys`.
    var values: LazyMapSequence<Range<Int>, BuildCache.Group> { records.indices.lazy.map { group(at: $0) } }

    /// Spec file and group, in byte order of the spec files.
    var entries: LazyMapSequence<Range<Int>, (key: String, value: BuildCache.Group)> {
        records.indices.lazy.map { (key: spec(at: $0), value: group(at: $0)) }
    }

    /// The spec paths of an index, in byte order, each made when asked for.
    struct Keys: RandomAccessCollection, Sendable {
        let index: GroupIndex
        var startIndex: Int { 0 }
        var endIndex: Int { index.records.count }
        subscript(position: Int) -> String { index.spec(at: position) }
    }

    /// The spec path of the `i`th group in byte order.
    func spec(at i: Int) -> String {
        let r = records[i]
        return text.withBytes(at: r.name, count: Int(r.nameCount)) { String(decoding: $0, as: UTF8.self) }
    }

    /// The `i`th group in byte order of the spec paths.
    func group(at i: Int) -> BuildCache.Group {
        let r = records[i]
        // `file` is set whenever there is a record.
        return BuildCache.Group(fresh: r.fresh, outputCount: Int(r.outputCount), pictures: (r.offset - Int(r.picturesBack), Int(r.picturesCount)),
                                file: file ?? GroupFile(bytes: []),
                                offset: r.offset, lines: Int(r.lines), manifest: Int(r.manifest), gallery: Int(r.gallery), checksum: r.checksum)
    }

    /// The record of `spec`, by bisection over the sorted paths.
    func position(of spec: String) -> Int? {
        var spec = spec
        return spec.withUTF8 { key -> Int? in
            var (low, high) = (0, records.count)
            while low < high {
                let mid = (low + high) / 2
                let order = Self.compare(text, records[mid], key)
                if order == 0 { return mid }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }
    }

    /// The record's path against `key`, byte-wise: negative when it comes first.
    fileprivate static func compare(_ text: TextBlocks, _ record: Record, _ key: UnsafeBufferPointer<UInt8>) -> Int {
        text.withBytes(at: record.name, count: Int(record.nameCount)) { name in
            let common = min(name.count, key.count)
            if common > 0, let base = name.baseAddress, let other = key.baseAddress {
                let order = memcmp(base, other, common)
                if order != 0 { return Int(order) }
            }
            return name.count - key.count
        }
    }
}

extension GroupIndex {
    /// Takes groups (and removals) in any order, then sorts them once.
    struct Builder {
        private var records = BlockList<Record>()
        /// The records that are removals (a `gone` or damaged record)
        /// instead of groups: few, so a set of their positions.
        private var removals: Set<Int> = []
        /// Parallel to `records`: each record's size in its file (0 for a spill's).
        private var sizes = BlockList<UInt32>()
        /// Sizes that do not fit `sizes` (a group of 4 GiB), by position.
        private var largeSizes: [Int: Int] = [:]
        private var text = TextBlocks()
        /// How many records came in order (each spec after the one before),
        /// once one did not; nil while all did.
        private var sortedCount: Int?
        let file: GroupFile

        init(file: GroupFile) { self.file = file }

        private mutating func note(size: Int) {
            if let small = UInt32(exactly: size) { return sizes.append(small) }
            largeSizes[sizes.count] = size
            sizes.append(0)
        }

        private func size(_ i: Int) -> Int { largeSizes[i] ?? Int(sizes[i]) }

        var isEmpty: Bool { records.isEmpty }

        /// A group of `spec` whose bytes are at `offset` in the file, and
        /// its pictures (escaped, `BuildCache.escape`) at `pictures.at`,
        /// before it; `size`: of its whole record there (header included),
        /// for the dead bytes of the cache. False when a field does not fit
        /// a record (a hand-made cache): the caller treats it as damaged.
        @discardableResult
        mutating func add(_ spec: String, fresh: Bool, outputCount: Int, pictures: (at: Int, count: Int), offset: Int, lines: Int, manifest: Int,
                          gallery: Int, checksum: UInt32, size: Int = 0) -> Bool {
            guard let outputs = UInt32(exactly: outputCount), let l = UInt32(exactly: lines), let m = UInt32(exactly: manifest),
                  let g = UInt32(exactly: gallery), pictures.at <= offset, let back = UInt32(exactly: offset - pictures.at),
                  let shown = UInt32(exactly: pictures.count), let name = append(spec) else { return false }
            note(name)
            records.append(Record(name: name.start, nameCount: name.count, picturesBack: back, picturesCount: shown, offset: offset,
                                  lines: l, manifest: m, gallery: g, checksum: checksum, outputCount: outputs, fresh: fresh))
            note(size: size)
            return true
        }

        /// `spec`'s earlier group no longer counts (`gone`, or damaged);
        /// `size`: of this record in its file.
        mutating func remove(_ spec: String, size: Int = 0) {
            // A path too long to keep was never added: nothing to remove.
            guard let name = append(spec) else { return }
            note(name)
            records.append(Record(name: name.start, nameCount: name.count, picturesBack: 0, picturesCount: 0, offset: 0, lines: 0, manifest: 0,
                                  gallery: 0, checksum: 0, outputCount: 0, fresh: false))
            removals.insert(records.count - 1)
            note(size: size)
        }

        /// The index, and the bytes of the records that no longer count
        /// (replaced, removed, or removals themselves). Takes the records:
        /// when they came in order, each spec file once and none removed
        /// (a cache written whole, a build's spill of one folder), they
        /// become the index as they are. Otherwise the records that came in
        /// order (a cache's sorted part) are merged with the rest (the
        /// records appended to it), sorted, and each block of the old ones
        /// goes as the merge passes it: a copy beside them doubled the
        /// peak of a no-op rebuild of a million specs after a build that
        /// appended (205 MB against 128, issue 21).
        mutating func build() -> (index: GroupIndex, deadBytes: Int) {
            let ordered = sortedCount ?? records.count
            if ordered == records.count, removals.isEmpty {
                defer { (records, text, sizes, largeSizes) = (BlockList(), TextBlocks(), BlockList(), [:]) }
                return (GroupIndex(records: records, text: text, file: file), 0)
            }
            let total = sizes.indices.reduce(0) { $0 + size($1) }
            let rest = Self.lastOfEach(ordered..<records.count, records: records, text: text)
            var kept = BlockList<Record>()
            var compact = TextBlocks()
            var live = 0
            func keep(_ i: Int) {
                guard !removals.contains(i) else { return }
                var r = records[i]
                // (It fitted the builder's blocks, so it fits these.)
                r.name = text.withBytes(at: r.name, count: Int(r.nameCount)) { compact.append(bytes: $0) } ?? 0
                kept.append(r)
                live += size(i)
            }
            var next = 0
            for i in 0..<ordered {
                var order = -1
                while next < rest.count {
                    order = Self.compare(text, records[rest[next]], records[i])
                    guard order < 0 else { break }
                    keep(rest[next])
                    next += 1
                }
                // A later record of the same spec file replaces this one.
                if next < rest.count, order == 0 {
                    keep(rest[next])
                    next += 1
                } else {
                    keep(i)
                }
                records.release(through: i)
                sizes.release(through: i)
                if i + 1 < ordered { text.release(before: records[i + 1].name) }
            }
            for i in rest[next...] { keep(i) }
            (records, text, sizes, largeSizes) = (BlockList(), TextBlocks(), BlockList(), [:])
            return (GroupIndex(records: kept, text: compact, file: file), total - live)
        }

        /// The records of `range` in order, stable (of one spec's records,
        /// the last added comes last), and of each spec only the last.
        /// (Borrowed, not copied: a copy kept alive would hold every block
        /// that `build` lets go of.)
        private static func lastOfEach(_ range: Range<Int>, records: borrowing BlockList<Record>, text: borrowing TextBlocks) -> [Int] {
            var order = Array(range)
            order.sort { a, b in
                let c = compare(text, records[a], records[b])
                return c != 0 ? c < 0 : a < b
            }
            return order.indices.filter { $0 + 1 == order.count || compare(text, records[order[$0]], records[order[$0 + 1]]) != 0 }.map { order[$0] }
        }

        /// Keeps a spec path; nil when it is too long to (`TextBlocks.longest`).
        private mutating func append(_ string: String) -> (start: UInt32, count: UInt32)? {
            guard let place = text.append(string) else { return nil }
            return (place, UInt32(string.utf8.count))
        }

        /// Notes where the records stop coming in order (`sortedCount`).
        private mutating func note(_ name: (start: UInt32, count: UInt32)) {
            guard sortedCount == nil, let last = records.last else { return }
            let key = Record(name: name.start, nameCount: name.count, picturesBack: 0, picturesCount: 0, offset: 0, lines: 0, manifest: 0, gallery: 0,
                             checksum: 0, outputCount: 0, fresh: false)
            if Self.compare(text, last, key) >= 0 { sortedCount = records.count }
        }

        private static func compare(_ text: TextBlocks, _ a: Record, _ b: Record) -> Int {
            text.withBytes(at: b.name, count: Int(b.nameCount)) { GroupIndex.compare(text, a, $0) }
        }
    }
}
