import Foundation
import LogocCore

/// The outputs claimed so far in a run, for `E014`, kept as 8 bytes per
/// output path in memory: the top 26 bits of a 64-bit hash of the path
/// and where the claiming spec's record is. The records (the spec's file,
/// name and place, and the paths it claims) go to an unlinked temporary
/// file (`SpoolFile`; memory when none can be made) and are read back only
/// when the bits match, which confirms the path exactly: two paths with
/// one hash are told apart there, never taken for a clash.
///
/// Issue 21: a dictionary of every output path and a key (file, name and
/// place) per spec was about 170 bytes a spec file, 170 MB for a check of
/// a million specs; this is 12 to 24 bytes an output path (the table is
/// kept between a third and two-thirds full).
struct OutputClaims: Sendable {
    /// Who claimed a path: the spec's file as shown, its name and where the name is written.
    struct Claimant: Hashable, Sendable {
        var file: String
        var name: String
        var place: SourceSpan
    }

    /// Open addressing (linear probing): each slot holds the hash's top
    /// `fingerprintBits` bits over its record's offset + 1 (0: empty). A
    /// path's first slot is the hash's top bits, as many as the table has
    /// slots (so a table of up to 2^26 slots can grow from the slots alone).
    /// A path may match several slots (two paths with one hash, or a path a
    /// spec claims twice): a lookup reads each record until one claims it.
    private var slots: [UInt64] = []
    private var count = 0
    /// log2 of `slots.count`.
    private var bits = 0
    /// Made at the first claim, so that a copy of an empty table shares nothing.
    private var records: ClaimRecords?
    /// A record too far into the file for a slot (256 GiB), or a record
    /// that could not be read back when the table grew past 2^26 slots.
    private var lost = false

    private static let fingerprintBits = 26
    private static let offsetBits = 64 - fingerprintBits
    private static let offsetMask: UInt64 = (1 << offsetBits) - 1

    /// The hash of a path: FNV-1a (`hash`); a test gives one that collides.
    private let hashing: @Sendable (String) -> UInt64

    init(hash: @escaping @Sendable (String) -> UInt64 = OutputClaims.hash) { hashing = hash }

    /// Whether nothing was claimed.
    var isEmpty: Bool { count == 0 }

    /// Whether a claim could not be read back from the spool file (an I/O
    /// error) or kept: the run cannot vouch for its `E014`s and says so.
    var unreadable: Bool { lost || (records?.failed ?? false) }

    /// The spec that claimed `path`, if any.
    func claimant(of path: String) -> Claimant? {
        guard count > 0, let records else { return nil }
        let hash = hashing(path)
        let fingerprint = hash >> UInt64(Self.offsetBits)
        var slot = start(of: hash)
        while slots[slot] != 0 {
            if slots[slot] >> UInt64(Self.offsetBits) == fingerprint, let record = records.read(at: (slots[slot] & Self.offsetMask) - 1),
               record.paths.contains(path) {
                return record.claimant
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// What `claim` records, made beforehand, on any thread: the paths and
    /// the record's bytes. `check` makes them while it checks specs in
    /// parallel, so that recording them, in input order, is little more
    /// than a copy.
    struct Prepared: Sendable, Equatable {
        let paths: [String]
        fileprivate let record: [UInt8]

        init(_ paths: [String], for claimant: Claimant) {
            self.paths = paths
            record = paths.isEmpty ? [] : ClaimRecords.encode(claimant, paths: paths)
        }
    }

    /// Records that `claimant` writes `paths`.
    mutating func claim(_ paths: [String], for claimant: Claimant) {
        claim(Prepared(paths, for: claimant))
    }

    /// Records a claim made beforehand.
    mutating func claim(_ prepared: Prepared) {
        let paths = prepared.paths
        guard !paths.isEmpty else { return }
        if records == nil { records = ClaimRecords() }
        guard let records else { return }
        let offset = records.append(prepared.record)
        guard offset + 1 <= Self.offsetMask else {
            lost = true
            return
        }
        for path in paths {
            if (count + 1) * 3 > slots.count * 2 { grow(records) }
            insert(hashing(path), offset: offset)
            count += 1
        }
    }

    /// A hash's first slot: its top bits, as many as the table's size has.
    private func start(of hash: UInt64) -> Int { bits == 0 ? 0 : Int(truncatingIfNeeded: hash >> UInt64(64 - bits)) }

    private mutating func insert(_ hash: UInt64, offset: UInt64) {
        place((hash >> UInt64(Self.offsetBits)) << UInt64(Self.offsetBits) | (offset + 1), at: start(of: hash))
    }

    private mutating func place(_ value: UInt64, at first: Int) {
        var slot = first
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = value
    }

    /// Doubles the table. Up to 2^26 slots a value's first slot is its
    /// fingerprint's top bits; past that, each record's paths are hashed again.
    private mutating func grow(_ records: ClaimRecords) {
        let old = slots
        bits = max(10, bits + 1)
        slots = [UInt64](repeating: 0, count: 1 << bits)
        if bits <= Self.fingerprintBits {
            for value in old where value != 0 { place(value, at: Int(truncatingIfNeeded: (value >> UInt64(Self.offsetBits)) >> UInt64(Self.fingerprintBits - bits))) }
            return
        }
        let offsets = old.lazy.filter { $0 != 0 }.map { ($0 & Self.offsetMask) - 1 }.sorted()
        var previous: UInt64?
        for offset in offsets where offset != previous {
            previous = offset
            guard let record = records.read(at: offset) else {
                lost = true
                continue
            }
            for path in record.paths { insert(hashing(path), offset: offset) }
        }
    }

    /// FNV-1a over the path's bytes: the same in every run, so a run's
    /// memory and speed do not depend on a random seed.
    @Sendable static func hash(_ path: String) -> UInt64 { StableHash.fnv1a64(path) }
}

/// The claim records of one `OutputClaims`: appended in a buffer of 64 KiB
/// that goes to the spool file when full, read back by offset.
private final class ClaimRecords: Sendable {
    private struct State {
        var file: SpoolFile?
        /// Bytes not yet in the file (all of them when there is no file), from `flushed` on.
        var buffer: [UInt8] = []
        var flushed = 0
        /// A record could not be read back.
        var failed = false
    }

    private let state: Locked<State>

    init() { state = Locked(State(file: SpoolFile())) }

    /// A record's bytes: the claimant and the paths it claims.
    static func encode(_ claimant: OutputClaims.Claimant, paths: [String]) -> [UInt8] {
        var writer = ByteWriter()
        writer.string(claimant.file)
        writer.string(claimant.name)
        writer.span(claimant.place)
        writer.integer(paths.count)
        for path in paths { writer.string(path) }
        return writer.bytes
    }

    /// Appends a record (`encode`) and gives its offset.
    func append(_ body: [UInt8]) -> UInt64 {
        state.withLock { state in
            let offset = state.flushed + state.buffer.count
            state.buffer += withUnsafeBytes(of: UInt32(truncatingIfNeeded: body.count).littleEndian) { Array($0) }
            state.buffer += body
            if let file = state.file, state.buffer.count >= 1 << 16 {
                if file.append(state.buffer) == nil {
                    state.flushed += state.buffer.count
                    state.buffer.removeAll(keepingCapacity: true)
                } else {
                    // The disk is full: the records stay in memory from here on.
                    file.cut(to: state.flushed)
                    state.file = nil
                }
            }
            return UInt64(offset)
        }
    }

    /// Whether a record could not be read back (an I/O error on the spool file).
    var failed: Bool { state.withLock { $0.failed } }

    /// The record at `offset`: the claimant and the paths it claims.
    func read(at offset: UInt64) -> (claimant: OutputClaims.Claimant, paths: [String])? {
        let bytes: ArraySlice<UInt8>? = state.withLock { state in
            let offset = Int(offset)
            func slice(_ start: Int, _ count: Int) -> ArraySlice<UInt8>? {
                if start >= state.flushed {
                    let from = start - state.flushed
                    guard from + count <= state.buffer.count else { return nil }
                    return state.buffer[from..<from + count]
                }
                guard let file = state.file else { return nil }
                let read = file.storage.read(at: start, count: count)
                return read.count == count ? read : nil
            }
            guard let length = slice(offset, 4) else {
                state.failed = true
                return nil
            }
            let count = length.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
            let body = slice(offset + 4, count)
            if body == nil { state.failed = true }
            return body
        }
        guard let bytes else { return nil }
        var reader = ByteReader(bytes)
        let file = reader.string(), name = reader.string()
        let place = reader.span()
        var paths: [String] = []
        for _ in 0..<reader.count() where !reader.failed { paths.append(reader.string()) }
        guard !reader.failed, let place else {
            state.withLock { $0.failed = true }
            return nil
        }
        return (OutputClaims.Claimant(file: file, name: name, place: place), paths)
    }
}
