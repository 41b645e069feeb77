import Foundation
import LogocCore
import LogocFrontend
import LogocRender
import LogocRenderTree

/// What a `check` or `build` run found and did.
public struct RunReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var sources: [String: SourceFile]
    /// Specs checked (documents, including those with errors).
    public var specCount: Int
    /// Specs with at least one output drawn again.
    public var builtCount = 0
    /// Specs whose outputs were all up to date.
    public var unchangedCount = 0
    /// Specs that failed (errors, or warnings with --strict).
    public var failedCount = 0
    /// Output files written, relative to the output folder, sorted. Without
    /// `BuildRun.Options.listsOutputs`, only the files several specs share.
    public var written: [String] = []
    /// Output files that were up to date (not drawn, not touched), sorted.
    /// Without `BuildRun.Options.listsOutputs`, only the files several specs share.
    public var unchanged: [String] = []
    /// Output files written that `written` does not list (`listsOutputs` off).
    public var unlistedWrittenCount = 0
    /// Output files up to date that `unchanged` does not list (`listsOutputs` off).
    public var unlistedUnchangedCount = 0
    /// How many output files were written, listed or not.
    public var writtenFileCount: Int { written.count + unlistedWrittenCount }
    /// How many output files were up to date, listed or not.
    public var unchangedFileCount: Int { unchanged.count + unlistedUnchangedCount }
    /// Whether `written` and `unchanged` name every file (`BuildRun.Options.listsOutputs`).
    var listsOutputs = true
    /// Output files of deleted or renamed specs that were removed, sorted.
    public var removed: [String] = []
    /// Why each rebuilt spec was rebuilt, for `--explain`, sorted.
    public var explanations: [String] = []
    /// Failures of the machine (I/O, Cairo), not of a spec: exit code 2.
    public var failures: [String] = []
    /// `--timings`' JSON line, when asked for.
    public var timings: String?
    /// What `--remote-cache` did; nil without one.
    public var remote: RemoteCacheReport?
    /// Spec files `check` reported from its cache without checking them again.
    public var checkCacheHits = 0
    /// A `check`'s diagnostics when they outgrew the memory it gives them
    /// (`BuildRun.Options.diagnosticBudget`): on disk, in their final
    /// order, and `diagnostics` is empty. Print through `forEachDiagnostic`.
    public var spooled: SpooledDiagnostics?

    public var errorCount: Int { diagnostics.filter(\.isError).count + (spooled?.errorCount ?? 0) }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count + (spooled?.warningCount ?? 0) }

    /// Every diagnostic in order, with the text of the file it points at
    /// (for the caret excerpt), whether the report holds them or they were
    /// spooled to disk. The reason, when the spooled ones could not be read back.
    @discardableResult
    public func forEachDiagnostic(_ body: (Diagnostic, SourceFile?) -> Void) -> String? {
        for diagnostic in diagnostics { body(diagnostic, diagnostic.span.flatMap { sources[$0.file] }) }
        return spooled?.forEach(body)
    }
}

/// `check` and `build`: the front end over every file, then, per spec, the
/// render trees and what only pixels can tell; `build` then brings the
/// output folder up to date, drawing only outputs whose inputs changed.
public enum BuildRun {
    public struct Options: Sendable {
        /// Where outputs go; nil to write nothing (`check`).
        public var outputDirectory: String?
        public var jobs: Int
        /// Warnings stop a spec from being built too.
        public var strict: Bool
        /// Draw every output again, whatever the cache says.
        public var force: Bool
        /// Write `index.html`, a page showing every output.
        public var gallery: Bool
        /// Called after each chunk of a build that writes files, and once
        /// more before its final writes, when the chunk's specs and drawings
        /// are gone: the executable hands the freed heap back there
        /// (`malloc_trim`). Allocator tuning is the program's, not the
        /// library's, so a test process keeps glibc's defaults.
        public var afterChunk: (@Sendable () -> Void)?
        /// Called after each spec, for progress.
        public var progress: (@Sendable (Int, Int, String) -> Void)?
        /// Called when another build holds the output folder.
        public var waiting: (@Sendable () -> Void)?
        /// Adds up time per stage for `--timings`.
        public var clock: StageClock?
        /// Spec files checked and built at a time: memory stays flat however
        /// many specs a run has. A build writing files takes 256 at a time
        /// and hands the freed heap back after each chunk (`afterChunk`): it
        /// keeps a little of every spec until the end, and the peak of a
        /// 10,000-spec build fell from 181 to 157 MB (docs/performance.md).
        /// A run that writes nothing (`check`) takes 256 too, without
        /// trimming (trimming every 256 files cost it a quarter more CPU in
        /// pages faulted in again): it keeps nothing of a spec past its
        /// chunk, so the chunk in flight is most of what grows with a
        /// chunk's size (1,024 mixed specs in flight were about 10 MB of
        /// the peak: issue 21).
        public var chunkFiles: Int?
        /// The outputs of the project's specs that are not checked, which
        /// checked ones must not write too (`AffectedSpecs`, `check FILES`).
        public var projectOutputs = CheckRun.OutputOwners()
        /// `--require-tracked`: every image and font file a checked spec
        /// uses must be tracked by git (`E019`), or the commit that adds the
        /// spec leaves them behind.
        public var requireTracked = false
        /// `--remote-cache`: outputs are looked up there before drawing and
        /// uploaded after (docs/remote-cache.md).
        public var remote: RemoteCacheSettings?
        /// `--shard I/N`: every spec is checked, only this shard's are drawn and written.
        public var shard: Shard?
        /// `logoc watch`'s state between builds: the files it saw change
        /// and the cache the last build left (`WatchSession`).
        public var session: WatchSession?
        /// The folder of `check`'s cache (docs/check.md); nil for none (a
        /// build, `check --no-cache`). A folder that cannot be made or
        /// written is no cache, silently.
        public var checkCache: String?
        /// Keep why each spec was rebuilt (`RunReport.explanations`), for
        /// `--explain`. Off, a build does not keep a line for every spec it
        /// drew to its end (about 120 bytes a spec, 12 MB of a cold build
        /// of 100,000 specs: issue 21).
        public var explains = true
        /// Name every output file written or up to date in the report
        /// (`RunReport.written`, `unchanged`). Off, the report counts them
        /// and lists only the files several specs share (which count once):
        /// `logoc build` prints the count alone, and the lists were about 40
        /// bytes a spec file kept to the end, more while sorted (issue 21).
        public var listsOutputs = true
        /// Bytes of diagnostics (and the texts they quote) a `check` keeps
        /// in memory before it sorts them into runs on disk
        /// (`DiagnosticSpool`): a check of a million specs must not hold
        /// every spec's warnings to its end. Tests set it small to take
        /// that path; the output is the same either way.
        public var diagnosticBudget = DiagnosticSpool.defaultBudget
        var filesPerChunk: Int { max(1, chunkFiles ?? 256) }

        public init(outputDirectory: String? = nil, jobs: Int, strict: Bool = false, force: Bool = false, gallery: Bool = true,
                    progress: (@Sendable (Int, Int, String) -> Void)? = nil, waiting: (@Sendable () -> Void)? = nil) {
            self.outputDirectory = outputDirectory
            self.jobs = jobs
            self.strict = strict
            self.force = force
            self.gallery = gallery
            self.progress = progress
            self.waiting = waiting
        }
    }

    /// `check`'s cache folder in a project whose root is `root`: beside the
    /// specs, as ruff's `.ruff_cache`, so each clone and worktree has its own.
    public static func checkCacheFolder(root: String) -> String {
        (root as NSString).appendingPathComponent(CheckCache.folderName)
    }

    /// logoc's own version, part of every cache key.
    public static let version = LogocVersion.current

    /// plan → execute → commit: the plan decides from the cache and the
    /// files' stamps which spec files to look at; the executor checks and
    /// draws those, chunk by chunk, writing nothing; the commit writes each
    /// spec's outputs as they come, then the manifest, gallery and cache.
    /// The list is packed first (`SpecFileList`): a caller with many spec
    /// files hands one from `Discovery.specFiles` instead (issue 21).
    public static func run(_ inputs: consuming [SpecInput], project: Project, options: Options) -> RunReport {
        run(SpecFileList(consume inputs), project: project, options: options)
    }

    /// `run` of a packed list of spec files.
    public static func run(_ files: SpecFileList, project: Project, options: Options) -> RunReport {
        var none: Discovery.MissingPath?
        return run(.list(files), project: project, options: options, unreadable: &none)
    }

    /// A `check` of every spec file of `paths`, taken from discovery a
    /// chunk at a time (`Discovery.Stream`): what it keeps does not grow
    /// with the number of spec files (issue 21). The same report as `run`
    /// of `Discovery.inputs(paths)` without a check cache (whose entries
    /// are matched against the whole list) and without `--shard`. Throws,
    /// after checking what came before it, a name the walk meets that is
    /// not UTF-8, as `Discovery.inputs` would have before checking anything.
    public static func check(_ stream: Discovery.Stream, project: Project, options: Options) throws(Discovery.MissingPath) -> RunReport {
        var options = options
        (options.outputDirectory, options.checkCache) = (nil, nil)
        var unreadable: Discovery.MissingPath?
        let report = run(.stream(stream), project: project, options: options, unreadable: &unreadable)
        if let unreadable { throw unreadable }
        return report
    }

    /// Where a run's spec files come from: a list, which a build's plan
    /// needs whole (each file's verdict), or discovery, a chunk at a time
    /// (`check`, which looks at every file).
    enum Source {
        case list(SpecFileList)
        case stream(Discovery.Stream)
    }

    private static func run(_ source: consuming Source, project: Project, options: Options, unreadable: inout Discovery.MissingPath?) -> RunReport {
        var files = SpecFileList()
        var stream: Discovery.Stream?
        switch consume source {
        case .list(let list): files = list
        case .stream(let walk): stream = walk
        }
        var lock: OutputLock?
        if let directory = options.outputDirectory {
            switch OutputCommit.takeFolder(directory, gallery: options.gallery, waiting: options.waiting) {
            case .success(let held): lock = held
            case .failure(let failure): return RunReport(diagnostics: [], sources: [:], specCount: 0, failures: [failure.message])
            }
        }
        defer { _ = lock }
        let session = options.outputDirectory == nil ? nil : options.session
        let cache = options.clock.time(.io) {
            options.outputDirectory.map { session?.cache(in: $0) ?? BuildCache.load(from: $0) } ?? BuildCache()
        }
        let toolchain = options.outputDirectory == nil ? "" : session?.toolchain(for: project) ?? BuildContext.toolchain(project: project)
        // A shard's own spec files; the others are checked, not drawn, and not part of its build.
        let shard = options.outputDirectory == nil ? nil : options.shard
        var report = RunReport(diagnostics: [], sources: [:], specCount: 0)
        report.listsOutputs = options.listsOutputs
        // The skipped files are counted (and their outputs listed) as the
        // plan decides them: it keeps no list of them.
        var freshInRun = 0
        let plan = BuildPlan.make(files, root: project.paths.root, cache: cache, toolchain: toolchain, directory: options.outputDirectory,
                                  force: options.force, jobs: options.jobs, changes: options.outputDirectory.flatMap { session?.trustedChanges(in: $0) },
                                  index: options.outputDirectory.flatMap { session?.index(in: $0, toolchain: toolchain) },
                                  fresh: { spec, outputs in
                                      guard shard?.contains(spec) ?? true else { return }
                                      freshInRun += 1
                                      report.addUnchanged(outputs)
                                  })
        session?.planned(lookedAt: plan.dirtyCount)
        report.specCount = plan.freshCount
        report.unchangedCount = freshInRun

        let remote = options.outputDirectory == nil ? nil : options.remote.map(RemoteCache.init)
        // `check`'s cache, keyed by the build's toolchain and the root.
        let checkCache = options.outputDirectory != nil ? nil : options.checkCache.flatMap(CheckCache.prepare).map { folder in
            options.clock.time(.io) {
                CheckCache(folder: folder, context: CheckCache.context(toolchain: BuildContext.toolchain(project: project), root: project.paths.root),
                           relatives: plan.relatives)
            }
        }
        let context = BuildContext(project: project, options: options, cache: cache, toolchain: toolchain, remote: remote, checkCache: checkCache)
        let commit = options.outputDirectory.map {
            OutputCommit(directory: $0, cache: cache, toolchain: toolchain, root: project.paths.root, gallery: options.gallery, clock: options.clock)
        }
        var deliver: (@Sendable (inout Outcome) -> Void)?
        if let commit { deliver = { (outcome: inout Outcome) in commit.write(&outcome) } }
        // The watch's renderers outlive the build: fonts load once.
        let executor = BuildExecutor(context: context, settled: plan.settledOwners, deliver: deliver,
                                     renderers: session?.rendererPool(for: project) ?? RendererPool())
        var results = RunResults(spill: options.outputDirectory.flatMap { GroupSpill(directory: $0) })
        // A check keeps its diagnostics in a spool, sorted runs on disk once they outgrow its budget.
        var spool = options.outputDirectory == nil ? DiagnosticSpool(budget: options.diagnosticBudget) : nil
        // The chunks: of the plan's dirty files, or as discovery finds them.
        var start = 0
        var chunks = ChunkSource(plan: stream == nil ? plan : nil, stream: stream, size: options.filesPerChunk, counting: options.progress != nil,
                                 prefetching: options.outputDirectory == nil)
        while let files = chunks.next(into: context, root: project.paths.root, clock: options.clock) {
            defer { start += files.count }
            let chunk = executor.run(files, remaining: chunks.remaining(after: start + files.count))
            report.add(chunk)
            commit?.collect(chunk.outcomes, troubled: chunk.troubled, into: &results)
            // Their groups are made: the spec files' own stamps are not needed again.
            context.hasher.forget(files.lazy.map(\.path))
            // What the report needs of each outcome, taken now: the rest is
            // in its group, and keeping every spec's outcome to the end was
            // a few hundred bytes a spec (issue 21).
            for outcome in chunk.outcomes { report.add(outcome, explaining: options.explains) }
            if spool != nil { spool?.add(report.takeDiagnostics()) }
            if commit != nil {
                // The chunk's specs and drawings are gone: hand the freed pages back.
                options.afterChunk?()
            }
        }
        session?.madeRenderers(executor.renderersMade)
        executor.releaseRenderers()
        options.clock.time(.io) { checkCache?.finish(root: project.paths.root) }
        if commit != nil { options.afterChunk?() }
        unreadable = chunks.unreadable
        if start == 0, let config = project.configSource, !project.configDiagnostics.isEmpty {
            report.diagnostics += project.configDiagnostics
            report.sources[config.path] = config
        }
        var written: BuildCache?
        if let commit {
            let specs = OutputCommit.RunSpecs(plan: plan, shard: shard, freshCount: freshInRun)
            let finished = options.clock.time(.io) { commit.finish(results, specs: specs, report: &report) }
            let groups = finished.groups
            written = finished.cache
            // Look-alikes of the specs looked at, among all of this run's
            // specs, whether drawn now or before.
            if let threshold = project.config.lookAlike, plan.dirtyCount > 0 {
                let lookedAt = Set(plan.files.indices.filter(plan.isDirty).map(plan.files.displayPath))
                let pictures = LookAlikeCheck.pictures(groups, display: { plan.position(of: $0).map(plan.files.displayPath) }, lookedAt: lookedAt)
                report.diagnostics += LookAlikeCheck.diagnostics(pictures, threshold: threshold, lookedAt: lookedAt)
            }
        }
        // Indexed under the lock: no other build writes the cache meanwhile.
        if let session, let directory = options.outputDirectory { session.built(in: directory, finished: report.failures.isEmpty, cache: written) }
        lock?.finished()
        report.remote = remote?.report
        if var spool {
            spool.add(report.takeDiagnostics())
            let finished = spool.finish()
            (report.diagnostics, report.sources, report.spooled) = (finished.diagnostics, finished.sources, finished.spooled)
            if let failure = spool.failure { report.failures.append(failure) }
        } else {
            report.diagnostics = report.diagnostics.normalized().cappingViaNotes()
        }
        // Files several specs write (a catalog folder's Contents.json) once each.
        report.written = Self.sortedOnce(report.written)
        report.unchanged = Self.sortedOnce(report.unchanged)
        report.removed.sort()
        report.explanations.sort()
        report.failures.sort()
        return report
    }
}

extension BuildRun {
    /// Hands a run its chunks of spec files to look at: the plan's dirty
    /// files, or the next files discovery finds. Either way their paths
    /// relative to the root are worked out for the chunk alone and handed
    /// to the context, not kept for every spec file of the run. A name
    /// discovery cannot read ends the chunks and is kept in `unreadable`.
    struct ChunkSource {
        /// The plan whose dirty files are handed out, from `taken` on.
        private let plan: BuildPlan?
        var stream: Discovery.Stream?
        let size: Int
        /// How many files the stream has, counted ahead for the progress line (nil: not asked for).
        private var total: Int?
        private var taken = 0
        private(set) var unreadable: Discovery.MissingPath?

        init(plan: BuildPlan?, stream: Discovery.Stream?, size: Int, counting: Bool, prefetching: Bool) {
            (self.plan, self.stream, self.size, prefetches) = (plan, stream, size, prefetching)
            if counting, var copy = stream {
                var count = 0
                while let some = try? copy.next(upTo: 4096), !some.isEmpty { count += some.count }
                total = count
            }
        }

        /// Files after the first `done`, for the progress count.
        func remaining(after done: Int) -> Int { max(0, (plan?.dirtyCount ?? total ?? done) - done) }

        mutating func next(into context: BuildContext, root: String, clock: StageClock?) -> [SpecInput]? {
            if let plan {
                var files: [SpecInput] = []
                var relatives: [String: String] = [:]
                while taken < plan.files.count, files.count < size {
                    if plan.isDirty(taken) {
                        let file = plan.files[taken]
                        files.append(file)
                        relatives[file.path] = relatives[file.path] ?? plan.relative(taken)
                    }
                    taken += 1
                }
                guard !files.isEmpty else { return nil }
                context.know(relatives)
                return files
            }
            let found: Found
            if let ahead {
                self.ahead = nil
                guard let next = ahead.wait() else { return nil }
                found = next
                stream = found.stream
            } else {
                guard let taken = stream.take() else { return nil }
                found = Self.find(in: taken, size: size, root: root, clock: clock)
                stream = found.stream
            }
            switch found.files {
            case .failure(let error):
                unreadable = error
                return nil
            case .success(let files):
                guard !files.isEmpty else { return nil }
                context.know(found.relatives)
                if prefetches, let rest = stream.take() { ahead = Ahead(rest, size: size, root: root, clock: clock) }
                return files
            }
        }

        /// Whether the next chunk is found while this one is worked on
        /// (`Ahead`): for a run that writes nothing, whose work cannot
        /// change what discovery finds.
        private let prefetches: Bool
        /// The next chunk, being found on another thread.
        private var ahead: Ahead?

        /// A chunk discovery found, with the paths relative to the root and
        /// the stream to go on from.
        struct Found: Sendable {
            var stream: Discovery.Stream
            var files: Result<[SpecInput], Discovery.MissingPath>
            var relatives: [String: String] = [:]
        }

        /// The next `size` files of `stream`.
        static func find(in stream: Discovery.Stream, size: Int, root: String, clock: StageClock?) -> Found {
            var stream = stream
            do throws(Discovery.MissingPath) {
                let files = try clock.time(.discover) { () throws(Discovery.MissingPath) -> [SpecInput] in try stream.next(upTo: size) }
                return Found(stream: stream, files: .success(files), relatives: BuildPlan.relativePathsByPath(of: files, root: root))
            } catch {
                return Found(stream: stream, files: .failure(error))
            }
        }

        /// Discovery of the next chunk on a thread of its own: listing
        /// folders and naming files ran on one core between chunks (3 % of
        /// a `check`) while the other waited. The chunks, and any error,
        /// come in the same order as without it.
        final class Ahead: @unchecked Sendable {
            private let done = DispatchSemaphore(value: 0)
            private var found: Found?

            init(_ stream: Discovery.Stream, size: Int, root: String, clock: StageClock?) {
                Self.queue.async { [self] in
                    found = ChunkSource.find(in: stream, size: size, root: root, clock: clock)
                    done.signal()
                }
            }

            /// The chunk, once found (set before the signal, read after the wait).
            func wait() -> Found? {
                done.wait()
                return found
            }

            private static let queue = DispatchQueue(label: "logoc.discovery")
        }
    }

    /// `paths` sorted, each once.
    static func sortedOnce(_ paths: [String]) -> [String] {
        var out: [String] = []
        for path in paths.sorted() where out.last != path { out.append(path) }
        return out
    }
}

extension RunReport {
    /// The diagnostics gathered so far and the texts they quote, taken out of the report.
    mutating func takeDiagnostics() -> (diagnostics: [Diagnostic], sources: [String: SourceFile]) {
        defer { (diagnostics, sources) = ([], [:]) }
        return (diagnostics, sources)
    }

    /// A chunk's diagnostics, counts and quoted sources.
    mutating func add(_ chunk: BuildExecutor.Chunk) {
        failures += chunk.failures
        checkCacheHits += chunk.cacheHits
        specCount += chunk.specCount
        failedCount += chunk.failedCount
        diagnostics += chunk.diagnostics
        sources.merge(chunk.sources) { _, new in new }
    }

    /// Output files written: listed, or counted when the report does not
    /// list outputs (but for the shared ones, listed to count once).
    mutating func addWritten(_ paths: [String]) {
        guard listsOutputs else { return unlistedWrittenCount += Self.listingShared(paths, in: &written) }
        written += paths
    }

    /// Output files up to date, as `addWritten`.
    mutating func addUnchanged(_ paths: [String]) {
        guard listsOutputs else { return unlistedUnchangedCount += Self.listingShared(paths, in: &unchanged) }
        unchanged += paths
    }

    /// Appends the files of `paths` that several specs may write to `list`
    /// (they count once, after `sortedOnce`); returns how many others there were.
    private static func listingShared(_ paths: [String], in list: inout [String]) -> Int {
        var others = 0
        for path in paths {
            if TargetCatalog.isShared(path) { list.append(path) } else { others += 1 }
        }
        return others
    }

    /// What the report lists of one spec's outcome (its drawings, records
    /// and entries are in its group by then); its explanations only when
    /// `explaining`. Read in place: a copy of each outcome without them was
    /// a copy of every array in it, on the core that concludes chunks.
    mutating func add(_ outcome: borrowing Outcome, explaining: Bool = true) {
        diagnostics += outcome.diagnostics
        failures += outcome.failures
        addWritten(outcome.written)
        addUnchanged(outcome.unchanged)
        if explaining { explanations += outcome.explanations }
        switch outcome.state {
        case .built: builtCount += 1
        case .unchanged: unchangedCount += 1
        case .failed: failedCount += 1
        case .checked: break
        }
    }
}
