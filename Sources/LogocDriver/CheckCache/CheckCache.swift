import Foundation
import LogocCore
import LogocFrontend

/// `check`'s cache for one run (docs/check.md): which spec files can be
/// reported from the last check's entries, and the entries of the files
/// checked in full, kept in an unlinked spill file until the run writes
/// the new cache file at its end (temporary file and rename).
///
/// A spec file is a hit when its bytes (read and hashed every time: the key
/// is the content), the way the command line names it, and every file its
/// specs used (as the build cache records them: partials, `logoc.yaml` or
/// its absence, images, font files) are what the entry recorded, under the
/// same logoc, libraries, fonts and root (`context`).
///
/// Nothing about the cache ever fails or changes a check: a folder that
/// cannot be made or written (a read-only checkout) means no cache, a file
/// that is not one is a miss, and nothing is printed about either.
final class CheckCache: @unchecked Sendable {
    /// Where the cache lives: `ROOT/.logoc-check-cache` unless `--cache-dir` says.
    static let folderName = ".logoc-check-cache"
    /// The largest spec file the front end reads.
    private static let limit = YAMLReader().maxFileBytes

    let folder: String
    let context: String
    private let relatives: [String]
    /// The run's spec files' indices in byte order of their relative paths.
    private let order: [Int]
    private let old: GroupFile?
    private let found: [Location?]
    typealias Location = CheckCacheFile.Location

    /// What became of each spec file of the run (written by one chunk at a time).
    private enum State: UInt8 { case unknown, hit, miss }
    private let states: Locked<[State]>
    /// Entries of files checked in full, in the spill: input index → location.
    private let spill: Locked<(fd: Int32, size: Int, stored: [Int: Location])>
    private let spillFile: GroupFile?
    /// Texts of partials read again for the hits' diagnostics, once each.
    private let texts = Locked<[String: SourceFile?]>([:])

    /// The cache in `folder` for a run over spec files with these
    /// project-relative paths (absolute outside the root).
    init(folder: String, context: String, relatives: [String]) {
        self.folder = folder
        self.context = context
        self.relatives = relatives
        let order = Self.byteOrder(relatives)
        self.order = order
        let fd = open(Self.path(in: folder), O_RDONLY | O_CLOEXEC)
        let file = fd >= 0 ? GroupFile(descriptor: fd) : nil
        let index = file.flatMap { CheckCacheFile.index($0, context: context, relatives: relatives, order: order) }
        old = index == nil ? nil : file
        found = index ?? []
        states = Locked([State](repeating: .unknown, count: relatives.count))
        let spillPath = AtomicFile.temporaryPath(for: Self.path(in: folder))
        let spillFD = open(spillPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if spillFD >= 0 { unlink(spillPath) }
        spill = Locked((fd: spillFD, size: 0, stored: [Int: Location]()))
        spillFile = spillFD >= 0 ? GroupFile(descriptor: spillFD) : nil
    }

    /// The indices of `relatives` in byte order of the paths (as they are, usually: discovery sorts).
    private static func byteOrder(_ relatives: [String]) -> [Int] {
        for i in relatives.indices.dropFirst() where !relatives[i - 1].utf8.lexicographicallyPrecedes(relatives[i].utf8) {
            return relatives.indices.sorted { relatives[$0].utf8.lexicographicallyPrecedes(relatives[$1].utf8) }
        }
        return Array(relatives.indices)
    }

    static func path(in folder: String) -> String { (folder as NSString).appendingPathComponent(CheckCacheFile.fileName) }

    /// The context of a run: logoc, its libraries and fonts (the build's
    /// toolchain, `BuildContext.toolchain`), and the root, whose paths the
    /// records are relative to.
    static func context(toolchain: String, root: String) -> String {
        SHA256.hex(["check", toolchain, root].joined(separator: "\n"))
    }

    /// The folder a run uses, made (with a `.gitignore` of `*`, as ruff's
    /// cache has, and a `CACHEDIR.TAG`) if it is not there; nil when it
    /// cannot be made: then there is no cache.
    static func prepare(_ folder: String) -> String? {
        var info = stat()
        if stat(folder, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? folder : nil }
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil || stat(folder, &info) == 0 else {
            return nil
        }
        try? AtomicFile.write(Array("# Made by logoc check: its cache, never to be committed.\n*\n".utf8), to: folder + "/.gitignore")
        try? AtomicFile.write(Array("Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by logoc check.\n".utf8),
                              to: folder + "/CACHEDIR.TAG")
        return folder
    }

    // MARK: Hits

    /// What the cache knows of one spec file: its entry when the file is a
    /// hit, with the texts its diagnostics quote; else the hash and stamp
    /// of the bytes read, which the file's new entry is stored under.
    struct Probe {
        var hit: Hit?
        var sha256: String?
        var stamp: FileReader.Stamp?
    }

    struct Hit {
        var entry: CheckCacheEntry
        var sources: [SourceFile]
    }

    /// Reads and hashes the spec file `input` (the run's `index`-th) and
    /// tells whether its entry still holds.
    func probe(_ input: SpecInput, index: Int, hasher: FileHasher) -> Probe {
        guard input.problem == nil, case .success(let read) = FileReader.readStamped(input.path, limit: Self.limit) else {
            return Probe()
        }
        var probe = Probe(sha256: SHA256.hex(read.bytes), stamp: read.stamp)
        if let hit = hit(input, index: index, bytes: read.bytes, sha256: probe.sha256 ?? "", hasher: hasher) {
            probe.hit = hit
            states.withLock { $0[index] = .hit }
        } else {
            states.withLock { $0[index] = .miss }
        }
        return probe
    }

    private func hit(_ input: SpecInput, index: Int, bytes: [UInt8], sha256: String, hasher: FileHasher) -> Hit? {
        guard let old, index < found.count, let location = found[index] else { return nil }
        let body = old.read(at: location.offset, count: location.count)
        guard body.count == location.count, let entry = CheckCacheEntry(decoding: body, path: input.path), entry.sha256 == sha256,
              entry.display == input.displayPath, entry.outputFolder == input.outputFolder else { return nil }
        for dependency in entry.dependencies {
            if dependency.stamp.size < 0 {
                guard FileStamp.current(dependency.path) == nil else { return nil }
            } else {
                guard !dependency.stamp.sha256.isEmpty, hasher.hash(dependency.path, previous: dependency.stamp) == dependency.stamp.sha256 else { return nil }
            }
        }
        var sources: [SourceFile] = []
        for source in entry.sources {
            if source.path == input.path {
                sources.append(SourceFile(path: source.display, text: SourceText.decode(bytes)))
            } else {
                guard let text = text(of: source) else { return nil }
                sources.append(text)
            }
        }
        return Hit(entry: entry, sources: sources)
    }

    /// A partial's text for quoting, read once per run.
    private func text(of source: CheckCacheEntry.Source) -> SourceFile? {
        let key = source.path + "\u{0}" + source.display
        if let known = texts.withLock({ $0[key] }) { return known }
        var made: SourceFile?
        if case .success(let bytes) = FileReader.read(source.path, limit: Self.limit) {
            made = SourceFile(path: source.display, text: SourceText.decode(bytes))
        }
        texts.withLock { $0[key] = made }
        return made
    }

    // MARK: Misses

    /// Keeps the new entry of the run's `index`-th spec file, checked in full.
    func store(_ entry: CheckCacheEntry, index: Int) {
        guard let spillFile, let fd = spillFile.descriptor, CheckCacheFile.isStorable(relatives[index]) else { return }
        let bytes = entry.encoded()
        spill.withLock { spill in
            guard AtomicFile.writeAll([bytes[...]], to: fd) == nil else {
                _ = ftruncate(fd, off_t(spill.size))
                _ = lseek(fd, off_t(spill.size), SEEK_SET)
                return
            }
            spill.stored[index] = Location(offset: spill.size, count: bytes.count)
            spill.size += bytes.count
        }
    }

    // MARK: Writing

    /// Writes the new cache file when a spec file got a new entry: every
    /// record in byte order of paths, each a new entry, an old one still
    /// good (a hit, or a spec file this run did not look at that still
    /// exists), never one that missed. Temporary file and rename, so a
    /// reader (another check at the same time) sees the old file or the new
    /// one, whole; failures are silent (no cache next time, nothing else).
    /// `root`: where the relative paths are.
    func finish(root: String) {
        let stored = spill.withLock { $0.stored }
        guard !stored.isEmpty, let spillFile else { return }
        let states = self.states.withLock { $0 }
        var pieces: [ArraySlice<UInt8>] = []
        var failed = false
        let target = Self.path(in: folder)
        let temporary = AtomicFile.temporaryPath(for: target)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        var pending = 0
        func flush() {
            if !failed, AtomicFile.writeAll(pieces, to: fd) != nil { failed = true }
            pieces.removeAll(keepingCapacity: true)
            pending = 0
        }
        func put(_ bytes: [UInt8]) {
            pending += bytes.count
            pieces.append(bytes[...])
            if pending >= 1 << 16 { flush() }
        }
        put(CheckCacheFile.head(context: context))
        // Old records (when the file was this context's) merged with the run's spec files, both in byte order.
        var reader: GroupFile.Reader?
        var header: CheckCacheFile.Header?
        if let old {
            var r = GroupFile.Reader(old)
            _ = r.line()
            _ = r.line()
            header = CheckCacheFile.record(&r, after: nil)
            reader = r
        }
        func advanceOld() {
            guard var r = reader, let current = header else { return }
            header = CheckCacheFile.record(&r, after: current.path)
            reader = r
        }
        func copyOld(_ h: CheckCacheFile.Header, path: String) {
            guard let old, h.valid else { return }
            let body = old.read(at: h.location.offset, count: h.location.count)
            guard body.count == h.location.count else { return }
            put(CheckCacheFile.record(path: path, entry: Array(body)))
        }
        var k = 0
        while k < order.count || header != nil {
            let run = k < order.count ? Array(relatives[order[k]].utf8) : nil
            if let h = header, run == nil || h.path.lexicographicallyPrecedes(run ?? []) {
                // A spec file this run did not look at: kept while it exists.
                let path = String(decoding: h.path, as: UTF8.self)
                if FileStamp.current(path.hasPrefix("/") ? path : root + "/" + path) != nil { copyOld(h, path: path) }
                advanceOld()
                continue
            }
            guard let run else { break }
            let index = order[k]
            // Every input of this path (a file named twice through links), then the old record of it.
            var chosen: [UInt8]?
            while k < order.count, relatives[order[k]].utf8.elementsEqual(run) {
                let i = order[k]
                if chosen == nil, let location = stored[i] {
                    let body = spillFile.read(at: location.offset, count: location.count)
                    if body.count == location.count { chosen = Array(body) }
                }
                k += 1
            }
            let path = relatives[index]
            if let h = header, h.path == run {
                if chosen == nil, states[index] == .hit { copyOld(h, path: path) }
                advanceOld()
            }
            if let chosen { put(CheckCacheFile.record(path: path, entry: chosen)) }
        }
        flush()
        let closed = close(fd) == 0
        if failed || !closed || spillFile.failed || old?.failed == true || rename(temporary, target) != 0 {
            unlink(temporary)
        }
    }
}
