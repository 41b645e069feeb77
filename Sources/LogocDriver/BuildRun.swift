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
    /// Output files written, relative to the output folder, sorted.
    public var written: [String] = []
    /// Output files that were up to date (not drawn, not touched), sorted.
    public var unchanged: [String] = []
    /// Output files of deleted or renamed specs that were removed, sorted.
    public var removed: [String] = []
    /// Why each rebuilt spec was rebuilt, for `--explain`, sorted.
    public var explanations: [String] = []
    /// Failures of the machine (I/O, Cairo), not of a spec: exit code 2.
    public var failures: [String] = []
    /// `--timings`' JSON line, when asked for.
    public var timings: String?

    public var errorCount: Int { diagnostics.filter(\.isError).count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
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
        /// A run that writes nothing (`check`) keeps only diagnostics and
        /// takes 1,024 without trimming: trimming every 256 files cost it a
        /// quarter more CPU in pages faulted in again.
        public var chunkFiles: Int?
        /// The outputs of the project's specs that are not checked, which
        /// checked ones must not write too (`AffectedSpecs`, `check FILES`).
        public var projectOutputs = CheckRun.OutputOwners()
        /// `--require-tracked`: every image and font file a checked spec
        /// uses must be tracked by git (`E019`), or the commit that adds the
        /// spec leaves them behind.
        public var requireTracked = false
        var filesPerChunk: Int { max(1, chunkFiles ?? (outputDirectory == nil ? 1024 : 256)) }

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

    /// logoc's own version, part of every cache key.
    public static let version = LogocVersion.current

    public static func run(_ inputs: [SpecInput], project: Project, options: Options) -> RunReport {
        var lock: OutputLock?
        if let directory = options.outputDirectory {
            if let problem = SHA256.unavailable {
                return RunReport(diagnostics: [], sources: [:], specCount: 0, failures: ["\(problem)"])
            }
            // A folder shared with a web app may hold its own manifest.json or
            // index.html: logoc never replaces a file that is not its own.
            let foreign = Bookkeeping.foreign([Manifest.fileName, BuildCache.fileName] + (options.gallery ? [Gallery.fileName] : []), in: directory)
            if !foreign.isEmpty {
                let files = foreign.map { "'\((directory as NSString).appendingPathComponent($0))'" }.joined(separator: " and ")
                return RunReport(diagnostics: [], sources: [:], specCount: 0, failures: [
                    "\(files) \(foreign.count == 1 ? "is" : "are") not logoc's, and logoc will not replace \(foreign.count == 1 ? "it" : "them"): build into a folder of its own (for example '\((directory as NSString).appendingPathComponent("logos"))')",
                ])
            }
            do {
                let held = try OutputLock(directory: directory) { options.waiting?() }
                // A build killed mid-write leaves temporary files; the lock says
                // whether the last build was, and that none is being written now.
                if held.predecessorInterrupted { AtomicFile.removeLeftovers(in: directory) }
                lock = held
            } catch {
                return RunReport(diagnostics: [], sources: [:], specCount: 0, failures: ["cannot use the output folder '\(directory)': \(FileErrorText.reason(error, about: directory))"])
            }
        }
        defer { _ = lock }
        // Spec files that, with everything they use, are unchanged since a
        // clean build are skipped unread: that is what makes a no-op
        // rebuild of thousands of specs fast.
        let cache = options.clock.time(.io) { options.outputDirectory.map(BuildCache.load) ?? BuildCache() }
        let configPath = project.configFile ?? (project.paths.root as NSString).appendingPathComponent("logoc.yaml")
        let toolchain = options.outputDirectory == nil ? "" : BuildContext.toolchain(project: project)
        var relativePaths: [String: String] = [:]
        var realFolders: [Substring: String] = [:]
        let root = project.paths.root
        let relatives = inputs.map { input in
            // One realpath per folder, not per file: the files' own names are
            // what discovery listed.
            let slash = PathResolver.lastSlash(in: input.path) ?? input.path.startIndex
            let folder = input.path[..<slash]
            let real = realFolders[folder] ?? (PathResolver.realPath(String(folder)) ?? String(folder))
            realFolders[folder] = real
            let full = real + input.path[slash...]
            let relative = full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : full
            relativePaths[input.path] = relative
            return relative
        }
        // The skip test stats every spec's files: split over the cores.
        let freshOutputs = ResultSlots<[String]?>(count: inputs.count)
        if let directory = options.outputDirectory, !options.force, !cache.isEmpty {
            let chunks = max(1, min(options.jobs, inputs.count / 500))
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var freshness = Freshness(cache: cache, toolchain: toolchain, directory: directory)
                for i in stride(from: chunk, to: relatives.count, by: chunks) {
                    freshOutputs.set(i, freshness.outputs(ifFresh: relatives[i]))
                }
            }
        }
        var fresh: [(spec: String, outputs: [String])] = []
        var dirty: [SpecInput] = []
        for (i, outputs) in freshOutputs.all().enumerated() {
            if let outputs = outputs ?? nil { fresh.append((relatives[i], outputs)) } else { dirty.append(inputs[i]) }
        }
        var report = RunReport(diagnostics: [], sources: [:], specCount: fresh.count)
        report.unchangedCount = fresh.count
        for (_, outputs) in fresh { report.unchanged += outputs }
        // A changed spec may now claim an output that a skipped one writes.
        var freshOwners: [String: String] = [:]
        for (spec, outputs) in fresh { for output in outputs { freshOwners[output] = spec } }
        // So may one of a spec file this run does not look at, built into this
        // folder by a build of other paths (`logoc build A -o dist`, then
        // `logoc build B -o dist`): while that file exists, its outputs are its own.
        if options.outputDirectory != nil, !cache.isEmpty {
            let inRun = Set(relatives)
            for spec in cache.order where !inRun.contains(spec) {
                guard let group = cache.groups[spec], FileManager.default.fileExists(atPath: spec.hasPrefix("/") ? spec : root + "/" + spec) else { continue }
                BuildCache.forEachStamp(in: group.lines) { kind, output, _ in
                    if kind == .output { freshOwners[output] = spec }
                    return true
                }
            }
        }
        let context = BuildContext(project: project, options: options, directory: options.outputDirectory,
                                   cache: cache, configPath: configPath, toolchain: toolchain, relativePaths: relativePaths)
        // The specs looked at go through in chunks of files, each checked,
        // then measured or built, then let go: memory stays flat however many
        // specs there are. E014 still sees every spec, in input order.
        var owners = options.projectOutputs
        var outcomes: [Outcome] = []
        var results = RunResults(spill: options.outputDirectory.flatMap { GroupSpill(directory: $0) })
        let done = Counter()
        var seen = 0
        // The renderers (and the photos they share) go before the final
        // writes, which read the spilled groups back.
        var renderers: RendererPool? = RendererPool()
        let writesFiles = options.outputDirectory != nil
        for start in stride(from: 0, to: dirty.count, by: options.filesPerChunk) {
            let chunk = Array(dirty[start..<min(dirty.count, start + options.filesPerChunk)])
            var checked = CheckRun.run(chunk, project: project, jobs: options.jobs, clock: options.clock, owners: &owners, first: start == 0)
            if !freshOwners.isEmpty {
                var clashing: Set<String> = []
                for spec in checked.specs {
                    if let path = spec.outputs.map(\.path).first(where: { freshOwners[$0] != nil }), let owner = freshOwners[path] {
                        checked.diagnostics.append(Diagnostic(.E014, "'\(Quoted.value(spec.input.displayPath))' would write '\(path)', which '\(Quoted.value(owner))' also writes",
                                                              at: spec.nameSpan, help: "give one of the specs another 'name'"))
                        clashing.insert(spec.input.displayPath + "\u{0}" + spec.name)
                    }
                }
                checked.specs.removeAll { clashing.contains($0.input.displayPath + "\u{0}" + $0.name) }
            }
            if options.requireTracked, report.failures.isEmpty {
                switch TrackedFiles.untracked(checked.specs, project: project) {
                case .success(let untracked): checked.diagnostics += untracked
                case .failure(let failure): report.failures.append(failure.message)
                }
            }
            // A spec that lost an output clash (E014) failed too.
            let failedDocuments = checked.files.reduce(0) { $0 + $1.failedDocuments } + checked.diagnostics.filter { $0.code == .E014 }.count
            report.specCount += checked.specs.count + failedDocuments
            report.failedCount += failedDocuments
            // Files with a failed document, or left with no spec, keep their old outputs.
            let building = Set(checked.specs.map(\.input.path))
            var troubled: Set<String> = []
            for (input, file) in zip(chunk, checked.files) where file.failedDocuments > 0 || !building.contains(input.path) {
                troubled.insert(context.relative(input.path))
            }
            let specs = checked.specs
            let warned = Set(checked.diagnostics.filter { $0.severity == .warning }.compactMap(\.span?.file))
            let diagnostics = checked.diagnostics
            seen += specs.count
            let expected = seen + (dirty.count - start - chunk.count)
            let made = Workers.map(specs.count, jobs: options.jobs, catalog: project.fonts, clock: options.clock, pool: renderers) { i, renderer in
                let file = specs[i].input.displayPath
                // Only a build writes the manifest that lists a spec's warnings.
                let warnings = writesFiles ? CheckedSpec.ownWarnings(of: file, in: diagnostics) : []
                var outcome = context.build(specs[i], warnings: warnings, strictBlocked: options.strict && warned.contains(file), renderer: renderer)
                outcome.index = i
                options.progress?((done.take(below: Int.max) ?? 0) + 1, expected, file)
                return outcome
            }
            report.diagnostics += checked.diagnostics
            // Only the texts diagnostics quote are kept.
            let quoted = Set((checked.diagnostics + made.flatMap(\.diagnostics)).flatMap { d in
                ([d.span] + d.notes.map(\.span)).compactMap { $0?.file }
            })
            for (path, source) in checked.sources where quoted.contains(path) { report.sources[path] = source }
            context.collect(made, troubled: troubled, into: &results)
            // What the report needs of each outcome; the rest is in its group now.
            outcomes += made.map { o in
                var light = o
                (light.entries, light.records, light.dependencies) = ([], [], [:])
                return light
            }
            // The chunk's specs and drawings are gone: hand the freed pages back.
            if writesFiles { options.afterChunk?() }
        }
        renderers = nil
        if writesFiles { options.afterChunk?() }
        if dirty.isEmpty, let config = project.configSource, !project.configDiagnostics.isEmpty {
            report.diagnostics += project.configDiagnostics
            report.sources[config.path] = config
        }
        for outcome in outcomes {
            report.diagnostics += outcome.diagnostics
            report.failures += outcome.failures
            report.written += outcome.written
            report.unchanged += outcome.unchanged
            report.explanations += outcome.explanations
            switch outcome.state {
            case .built: report.builtCount += 1
            case .unchanged: report.unchangedCount += 1
            case .failed: report.failedCount += 1
            case .checked: break
            }
        }
        if options.outputDirectory != nil {
            let looked = dirty.map { context.relative($0.path) }
            let groups = options.clock.time(.io) {
                context.finish(results, looked: looked, fresh: fresh.map(\.spec), report: &report)
            }
            // Look-alikes of the specs looked at, among all of this run's
            // specs, whether drawn now or before.
            if let threshold = project.config.lookAlike, !dirty.isEmpty {
                var display: [String: String] = [:]
                for (input, relative) in zip(inputs, relatives) { display[relative] = input.displayPath }
                let lookedAt = Set(dirty.map(\.displayPath))
                let pictures = LookAlikeCheck.pictures(groups, display: display, lookedAt: lookedAt)
                report.diagnostics += LookAlikeCheck.diagnostics(pictures, threshold: threshold, lookedAt: lookedAt)
            }
        }
        lock?.finished()
        report.diagnostics = report.diagnostics.normalized().cappingViaNotes()
        report.written.sort()
        report.unchanged.sort()
        report.removed.sort()
        report.explanations.sort()
        report.failures.sort()
        return report
    }
}
