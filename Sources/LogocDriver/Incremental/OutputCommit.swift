import Foundation
import LogocCore
import LogocFrontend

/// What the chunks of a run decided, kept small while the run goes on:
/// the new groups of spec files that built cleanly, the outcomes of files
/// that did not, and every output path a spec of the run writes.
struct RunResults {
    /// New groups, in `spill` when there is one; here otherwise, or when
    /// writing one there failed.
    var groups: [String: BuildCache.Group] = [:]
    var spill: GroupSpill?
    var failedDocuments: [String: [Outcome]] = [:]
    /// Spec files with a document that failed, or that gave no spec at all.
    var failed: Set<String> = []
    var lookedAtAny = false
}

/// The end of a build, and the only part that writes in the output folder:
/// each spec's drawn outputs as they come (`write`), then, once every chunk
/// is through, the removal of outputs no spec writes any more, the manifest
/// and gallery, and the cache, in the order that keeps a build killed at
/// any moment safe (docs/build-engine.md, "A build that is killed"):
///
/// 1. an output's path and SHA-256 go to the intent log before its bytes;
/// 2. outputs are written to a temporary name and renamed;
/// 3. outputs no spec writes any more are removed (`prune`);
/// 4. the manifest and the gallery are written, side by side;
/// 5. the cache goes last: a cache that calls everything fresh lets the
///    next run skip writing the manifest and gallery, so it must never be
///    on disk before them (found by KillTests);
/// 6. what a killed build's intent log names and no spec writes is removed,
///    then the log.
final class OutputCommit: Sendable {
    let directory: String
    let cache: BuildCache
    let toolchain: String
    let root: String
    let gallery: Bool
    /// Without a cache, the manifest's entries per spec file: pruning still
    /// knows logoc's files.
    let manifestOnly: [String: [Manifest.Entry]]
    /// Records each output before it is written (see `IntentLog`).
    let intents: IntentLog
    /// What a build that did not finish recorded: output path → SHA-256.
    let leftoverIntents: [String: String]
    let clock: StageClock?

    init(directory: String, cache: BuildCache, toolchain: String, root: String, gallery: Bool, clock: StageClock?) {
        self.directory = directory
        self.cache = cache
        self.toolchain = toolchain
        self.root = root
        self.gallery = gallery
        self.clock = clock
        manifestOnly = cache.isEmpty ? Dictionary(grouping: Manifest.load(from: directory).outputs, by: \.spec) : [:]
        intents = IntentLog(directory: directory)
        leftoverIntents = IntentLog.leftovers(in: directory)
    }

    /// Takes the output folder for a build: refuses one whose manifest,
    /// cache or gallery is not logoc's, then takes the lock and removes what
    /// a killed build left. The failure is the message for exit code 2.
    static func takeFolder(_ directory: String, gallery: Bool, waiting: (@Sendable () -> Void)?) -> Result<OutputLock, Failure> {
        // A folder shared with a web app may hold its own manifest.json or
        // index.html: logoc never replaces a file that is not its own.
        let foreign = Bookkeeping.foreign([Manifest.fileName, BuildCache.fileName] + (gallery ? [Gallery.fileName] : []), in: directory)
        if !foreign.isEmpty {
            let files = foreign.map { "'\((directory as NSString).appendingPathComponent($0))'" }.joined(separator: " and ")
            return .failure(Failure(message: "\(files) \(foreign.count == 1 ? "is" : "are") not logoc's, and logoc will not replace \(foreign.count == 1 ? "it" : "them"): build into a folder of its own (for example '\((directory as NSString).appendingPathComponent("logos"))')"))
        }
        do {
            let held = try OutputLock(directory: directory) { waiting?() }
            // A build killed mid-write leaves temporary files; the lock says
            // whether the last build was, and that none is being written now.
            if held.predecessorInterrupted { AtomicFile.removeLeftovers(in: directory) }
            return .success(held)
        } catch {
            return .failure(Failure(message: "cannot use the output folder '\(directory)': \(FileErrorText.reason(error, about: directory))"))
        }
    }

    struct Failure: Error {
        let message: String
    }

    /// Steps 1 and 2 for one spec: records its drawn outputs in the intent
    /// log, then writes each atomically and turns it into a cache record.
    /// Runs on the worker that drew them.
    func write(_ outcome: inout Outcome) {
        let files = outcome.rendered
        outcome.rendered = []
        do {
            try intents.record(files.map { ($0.entry.path, $0.sha256) })
        } catch {
            outcome.failures.append(FileErrorText.reason(error))
            outcome.fail()
            return
        }
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.entry.path)
            do {
                let changed = try clock.time(.io) { try AtomicFile.write(file.bytes, to: path) }
                // A file several specs write (a catalog folder's Contents.json)
                // is written by the first of them; the others find its bytes.
                if !changed, TargetCatalog.isShared(file.entry.path) { outcome.unchanged.append(file.entry.path) }
            } catch {
                outcome.failures.append("cannot write '\(path)': \(FileErrorText.reason(error, about: path))")
                outcome.state = .failed
                continue
            }
            if outcome.unchanged.last != file.entry.path { outcome.written.append(file.entry.path) }
            outcome.entries.append(file.entry)
            let stamp = FileStamp.current(path).map { FileStamp(size: $0.size, mtime: $0.mtime, inode: $0.inode, sha256: file.sha256) }
                ?? FileStamp(size: 0, mtime: 0, inode: 0, sha256: "")
            outcome.records.append(BuildCache.OutputRecord(key: file.key, tree: file.tree, stamp: stamp, entry: file.entry))
        }
    }
    /// Takes one chunk's outcomes into `results`: each cleanly built spec
    /// file's group is encoded now (on every core), so the chunk's entries
    /// and records can be let go. `troubled` are the chunk's files with a
    /// failed document or no spec left.
    func collect(_ outcomes: [Outcome], troubled: Set<String>, into results: inout RunResults) {
        results.lookedAtAny = results.lookedAtAny || !outcomes.isEmpty || !troubled.isEmpty
        var documents: [String: [Outcome]] = [:]
        for outcome in outcomes { documents[outcome.specFile, default: []].append(outcome) }
        let failed = Set(outcomes.filter { $0.state == .failed || $0.state == .checked }.map(\.specFile)).union(troubled)
        results.failed.formUnion(failed)
        for file in failed { if let parts = documents[file] { results.failedDocuments[file, default: []] += parts } }
        let decided = documents.keys.filter { !failed.contains($0) }.sorted()
        let made = ResultSlots<BuildCache.Group>(count: decided.count)
        let byFile = documents
        DispatchQueue.concurrentPerform(iterations: decided.count) { i in
            let parts = byFile[decided[i]] ?? []
            made.set(i, BuildCache.group(dependencies: parts.reduce(into: [:]) { all, o in all.merge(o.dependencies) { a, _ in a } },
                                         outputs: parts.flatMap(\.records), fresh: true,
                                         outputFolder: directory))
        }
        for (file, group) in zip(decided, made.values()) where results.spill?.put(file, group) != true {
            results.groups[file] = group
        }
    }

    /// Brings the cache's groups up to date with this run, removes the
    /// outputs of deleted or renamed specs (only files logoc recorded), and
    /// writes the manifest, the cache and the gallery, each atomically. The
    /// groups of spec files not looked at again are copied as bytes, so the
    /// cost of a rebuild that touched one spec does not grow with the others.
    /// `specs` tells which spec files (project-relative) the run skipped and which it looked at again.
    /// Returns the spec files' groups after the run (for the look-alike
    /// check, worked out as they are walked: `FinalGroups`, no list or
    /// dictionary of every spec file's group), and the cache when it is the
    /// one on disk as it was (nothing changed; else nil: read it again).
    @discardableResult
    func finish(_ results: RunResults, specs: RunSpecs, report: inout RunReport) -> Finished {
        let manifestPath = (directory as NSString).appendingPathComponent(Manifest.fileName)
        let galleryPath = (directory as NSString).appendingPathComponent(Gallery.fileName)
        // Nothing was looked at again and every spec of last time is still
        // here: the manifest, gallery and cache are already right.
        if !results.lookedAtAny, specs.freshCount == cache.groups.count, specs.lookedAtCount == 0, leftoverIntents.isEmpty,
           manifestAndGalleryHaveTheirSizes() {
            // An intent log here holds no line that names a file (else
            // `leftoverIntents` would not be empty): only lines cut short or
            // not plain, which no build would ever act on. It goes, as after
            // any finished build (found by `fuzz-cache`: it stayed for good).
            IntentLog.remove(in: directory)
            return Finished(groups: FinalGroups(cache: cache.groups), cache: cache)
        }
        let failed = results.failed
        let spilled = results.spill?.groups() ?? GroupIndex()
        let made = results.groups
        func newGroup(_ spec: String) -> BuildCache.Group? { made[spec] ?? spilled[spec] }

        // Outputs logoc wrote before (the cache's, or without one the
        // manifest's) that no spec writes now go. `decided`: the spec files
        // whose group is neither new nor the cache's as it was.
        var removed: [BuildCache.OutputRecord] = []
        var decided: [String: BuildCache.Group?] = [:]
        func consider(_ spec: String) {
            let part = specs.part(spec)
            guard part != .skipped else { return }
            let old = cache.record(spec)?.outputs.values.map { $0 }
                ?? (manifestOnly[spec] ?? []).map { BuildCache.OutputRecord(key: "", tree: "", stamp: FileStamp(size: -1, mtime: 0, inode: 0, sha256: $0.sha256), entry: $0) }
            if let now = newGroup(spec) {
                // Rebuilt: what it no longer writes goes.
                let kept = Set(BuildCache.decode(lines: now.lines, spec: spec)?.outputs.keys.map { $0 } ?? [])
                removed += old.filter { !kept.contains($0.entry.path) }
                return
            }
            let specPath = spec.hasPrefix("/") ? spec : (root as NSString).appendingPathComponent(spec)
            guard FileManager.default.fileExists(atPath: specPath), failed.contains(spec) || part == nil else {
                removed += old
                decided[spec] = .some(nil)
                return
            }
            // Not part of this run: as it was.
            if !failed.contains(spec), cache.groups.contains(spec) { return }
            // Failed (or known only from the manifest): its old outputs stay
            // listed, with any its good documents wrote now, and it is
            // looked at again next time.
            let now = (results.failedDocuments[spec] ?? []).flatMap(\.records)
            let rewritten = Set(now.map(\.entry.path))
            decided[spec] = BuildCache.group(dependencies: [:], outputs: old.filter { !rewritten.contains($0.entry.path) } + now, fresh: false,
                                             outputFolder: directory)
        }
        if cache.isEmpty {
            for spec in manifestOnly.keys { consider(spec) }
        } else {
            for spec in cache.order { consider(spec) }
        }
        // A failed file new to the cache still lists what its good documents wrote.
        func hasGroup(_ spec: String) -> Bool {
            if newGroup(spec) != nil { return true }
            if let group = decided[spec] { return group != nil }
            return cache.groups.contains(spec)
        }
        for spec in failed where !hasGroup(spec) {
            let now = (results.failedDocuments[spec] ?? []).flatMap(\.records)
            if !now.isEmpty { decided[spec] = BuildCache.group(dependencies: [:], outputs: now, fresh: false, outputFolder: directory) }
        }
        removed = Self.unclaimed(removed, results: results, made: made, spilled: spilled)
        let groups = FinalGroups(cache: cache.groups, spilled: spilled, made: made, decided: decided)
        removed = Self.keepingShared(removed, listedIn: groups)
        report.removed = prune(removed, in: directory, report: &report)

        // The manifest and gallery change when a group's part of them does,
        // or the set of groups does. Otherwise they are compared with the
        // files on disk before writing: a build killed after writing them but
        // before the cache leaves files newer than the cache, which a later
        // build must set back (found by KillTests under TSan).
        let cacheGroups = cache.groups
        let changed = !removed.isEmpty || groups.count != cacheGroups.count
            || groups.new.contains { spec, now in
                guard let old = cacheGroups[spec] else { return true }
                return old.manifest != now.manifest || old.gallery != now.gallery
            }
        let toolchain = self.toolchain
        let gallery = self.gallery
        // Every file is written from the groups as they are read (`GroupFile`):
        // one whose group could not be read is not put in place.
        let readFailed: @Sendable () -> Bool = { groups.contains { $0.value.readFailed } }
        // The manifest and the gallery side by side, then the cache, last: a
        // cache that calls everything fresh lets the next run skip writing
        // the manifest and gallery, so it must never be on disk before them
        // (a build killed between the two left a stale manifest for good;
        // found by KillTests).
        let writes: [@Sendable () throws -> Void] = [
            {
                try AtomicFile.write(pieces: Manifest.file(groups.lazy.map(\.value.manifest)), to: manifestPath, compare: !changed,
                                     readFailed: readFailed)
            },
            {
                guard gallery else { return }
                let page = Gallery.pieces(count: groups.reduce(0) { $0 + $1.value.outputCount }, cards: groups.lazy.map(\.value.gallery))
                try AtomicFile.write(pieces: page, to: galleryPath, compare: !changed, readFailed: readFailed)
            },
        ]
        let errors = ResultSlots<String>(count: writes.count + 1)
        DispatchQueue.concurrentPerform(iterations: writes.count) { i in
            do { try writes[i]() } catch { errors.set(i, "cannot write in '\(directory)': \(FileErrorText.reason(error, about: directory))") }
        }
        if errors.values().isEmpty {
            let path = (directory as NSString).appendingPathComponent(BuildCache.fileName)
            // A few changed groups are appended; otherwise the file is rewritten whole.
            // New groups in byte order, then a `gone` record for each spec file that has none.
            let changes = [AnySequence(groups.new.lazy.map { (spec: $0.key, group: Optional($0.value)) }),
                           AnySequence(groups.gone.lazy.map { (spec: $0, group: BuildCache.Group?.none) })].joined()
            do {
                if cache.canAppend(BuildCache.recordsSize(changes), toolchain: toolchain) {
                    try AtomicFile.append(pieces: BuildCache.appendRecords(changes), to: path, readFailed: readFailed)
                } else {
                    try AtomicFile.write(pieces: BuildCache.file(toolchain: toolchain, groups: groups.lazy.map { (spec: $0.key, group: $0.value) }),
                                         to: path, compare: false, readFailed: readFailed)
                }
            } catch {
                errors.set(writes.count, "cannot write in '\(directory)': \(FileErrorText.reason(error, about: directory))")
            }
        }
        report.failures += errors.values()
        if errors.values().isEmpty {
            pruneLeftoverIntents(owned: groups, in: directory, report: &report)
            IntentLog.remove(in: directory)
        }
        return Finished(groups: groups, cache: nil)
    }

    /// The spec files of a run, as `finish` asks about them: by a lookup in
    /// the run's plan, not sets of every spec file's path (about 80 bytes a
    /// spec file each, issue 21).
    struct RunSpecs {
        enum Part { case skipped, lookedAt }
        /// How many spec files were skipped, and looked at again.
        let freshCount: Int
        let lookedAtCount: Int
        /// Whether a spec file (project-relative) was skipped or looked at again; nil when not part of the run.
        let part: (String) -> Part?

        /// The spec files of `plan` that are `shard`'s (all without one).
        init(plan: BuildPlan, shard: Shard?, freshCount: Int) {
            self.freshCount = freshCount
            lookedAtCount = shard.map { shard in plan.files.indices.lazy.filter { plan.isDirty($0) && shard.contains(plan.relative($0)) }.count }
                ?? plan.dirtyCount
            part = { spec in
                guard shard?.contains(spec) ?? true, let i = plan.position(of: spec) else { return nil }
                return plan.isDirty(i) ? .lookedAt : .skipped
            }
        }

        /// The spec files of two lists.
        init(lookedAt: [String], skipped: [String]) {
            (freshCount, lookedAtCount) = (skipped.count, lookedAt.count)
            let (looked, fresh) = (Set(lookedAt), Set(skipped))
            part = { looked.contains($0) ? .lookedAt : fresh.contains($0) ? .skipped : nil }
        }
    }

    /// What `finish` leaves: every spec file's group, and the cache when
    /// the run left the file as it was, which `logoc watch` then keeps
    /// instead of reading it back.
    struct Finished {
        var groups: FinalGroups
        var cache: BuildCache?
    }

    /// `records` without those whose path a spec of this run writes (a
    /// file that moved from one spec to another). Asked only of the few
    /// candidates, through the run's new groups: a set of every output
    /// path of the run, kept to the end, was about 80 bytes an output
    /// (issue 21).
    static func unclaimed(_ records: [BuildCache.OutputRecord], results: RunResults, made: [String: BuildCache.Group],
                          spilled: GroupIndex) -> [BuildCache.OutputRecord] {
        guard !records.isEmpty else { return records }
        let candidates = Set(records.map(\.entry.path))
        var claimed: Set<String> = []
        for group in [AnySequence(made.values), AnySequence(spilled.values)].joined() {
            BuildCache.forEachStamp(in: group.lines) { kind, path, _ in
                if kind == .output, candidates.contains(path) { claimed.insert(path) }
                return true
            }
        }
        for outcome in results.failedDocuments.values.joined() {
            for entry in outcome.entries where candidates.contains(entry.path) { claimed.insert(entry.path) }
        }
        return claimed.isEmpty ? records : records.filter { !claimed.contains($0.entry.path) }
    }

    /// `records` without the shared files (`TargetCatalog.isShared`: an
    /// asset catalog folder's `Contents.json`) that a spec still writes:
    /// one spec no longer writing such a file does not make it go while
    /// another spec's group lists it. The groups are read only when a
    /// shared file is among the candidates.
    static func keepingShared(_ records: [BuildCache.OutputRecord], listedIn groups: FinalGroups) -> [BuildCache.OutputRecord] {
        let shared = Set(records.map(\.entry.path).filter(TargetCatalog.isShared))
        guard !shared.isEmpty else { return records }
        var needed: Set<String> = []
        for (_, group) in groups {
            BuildCache.forEachStamp(in: group.lines) { kind, path, _ in
                if kind == .output, shared.contains(path) { needed.insert(path) }
                return true
            }
        }
        return records.filter { !needed.contains($0.entry.path) }
    }

    /// Whether `manifest.json` (and, with the gallery on, `index.html`) are
    /// there with the size the cache's groups make them, by one `stat` each.
    /// A no-op rebuild does not read them (megabytes with 10,000 specs), but
    /// one cut short, or damaged by a byte added or removed, must not stay
    /// so for good because every spec is fresh (found by `fuzz-cache`).
    /// Damage that keeps the size is the one case this cannot see: the next
    /// build that changes anything, or `--force`, writes them again.
    private func manifestAndGalleryHaveTheirSizes() -> Bool {
        func hasSize(_ name: String, _ pieces: some Sequence<ArraySlice<UInt8>>) -> Bool {
            FileStamp.current((directory as NSString).appendingPathComponent(name))?.size == Int64(pieces.reduce(0) { $0 + $1.count })
        }
        // Lazily: a list of every group was a few hundred bytes a spec (massif, no-op rebuild).
        let groups = cache.groups.values
        return hasSize(Manifest.fileName, Manifest.file(groups.map(\.manifest)))
            && (!gallery || hasSize(Gallery.fileName, Gallery.pieces(count: groups.reduce(0) { $0 + $1.outputCount }, cards: groups.map(\.gallery))))
    }

    /// Removes what a build that did not finish wrote and no spec writes now:
    /// its files were never in a manifest, so only its intent log knows them.
    private func pruneLeftoverIntents(owned groups: FinalGroups, in directory: String, report: inout RunReport) {
        guard !leftoverIntents.isEmpty else { return }
        var owned: Set<String> = []
        for (_, group) in groups {
            BuildCache.forEachStamp(in: group.lines) { kind, path, _ in
                if kind == .output { owned.insert(path) }
                return true
            }
        }
        let path = (directory as NSString).appendingPathComponent(IntentLog.fileName)
        let source = SourceFile(path: path, text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        for (output, sha256) in leftoverIntents.sorted(by: { $0.key < $1.key }) where !owned.contains(output) {
            switch OutputRemoval.remove(output, in: directory, sha256: sha256) {
            case .removed: report.removed.append(output)
            case .absent: break
            case .refused(let refusal):
                report.diagnostics.append(OutputRemoval.diagnostic(output, refusal: refusal, source: source))
                report.sources[path] = source
            }
        }
        report.removed.sort()
    }

    /// Removes the outputs no spec writes any more, as `OutputRemoval`
    /// allows: the cache and the manifest say which files are logoc's, but
    /// either may have been edited, so an entry that could reach a file not
    /// logoc's is kept and reported (W008), named where the manifest (or
    /// else the cache) lists it. Returns the paths that are gone, sorted.
    private func prune(_ records: [BuildCache.OutputRecord], in directory: String, report: inout RunReport) -> [String] {
        var gone: [String] = []
        var refused: [(path: String, refusal: OutputRemoval.Refusal)] = []
        for record in records.sorted(by: { $0.entry.path.utf8.lexicographicallyPrecedes($1.entry.path.utf8) }) {
            let path = record.entry.path
            switch OutputRemoval.remove(path, in: directory, sha256: record.stamp.sha256, stamp: record.stamp) {
            case .removed, .absent: gone.append(path)
            case .refused(let refusal): refused.append((path, refusal))
            }
        }
        guard !refused.isEmpty else { return gone }
        let manifest = Manifest.read(from: directory)?.source
        let cachePath = (directory as NSString).appendingPathComponent(BuildCache.fileName)
        let cache = (try? String(contentsOfFile: cachePath, encoding: .utf8)).map { SourceFile(path: cachePath, text: $0) }
        for (path, refusal) in refused {
            let source = [manifest, cache].compactMap { $0 }.first { OutputRemoval.span(of: path, in: $0) != .startOf($0.path) }
                ?? manifest ?? cache ?? SourceFile(path: cachePath, text: "")
            report.diagnostics.append(OutputRemoval.diagnostic(path, refusal: refusal, source: source))
            report.sources[source.path] = source
        }
        return gone
    }
}
