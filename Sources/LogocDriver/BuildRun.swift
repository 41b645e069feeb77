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
        /// Called after each spec, for progress.
        public var progress: (@Sendable (Int, Int, String) -> Void)?
        /// Called when another build holds the output folder.
        public var waiting: (@Sendable () -> Void)?
        /// Adds up time per stage for `--timings`.
        public var clock: StageClock?

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
            do {
                lock = try OutputLock(directory: directory) { options.waiting?() }
                // A build killed mid-write leaves temporary files; the lock says none is ours now.
                AtomicFile.removeLeftovers(in: directory)
            } catch {
                return RunReport(diagnostics: [], sources: [:], specCount: 0, failures: ["\(error)"])
            }
        }
        defer { _ = lock }
        // Spec files that, with everything they use, are unchanged since a
        // clean build are skipped unread: that is what makes a no-op
        // rebuild of thousands of specs fast.
        let cache = options.clock.time(.io) { options.outputDirectory.map(BuildCache.load) ?? BuildCache() }
        let configPath = project.configFile ?? (project.paths.root as NSString).appendingPathComponent("logoc.yaml")
        let toolchain = options.outputDirectory == nil ? "" : BuildContext.toolchain(project: project)
        let probe = BuildContext(project: project, options: options, directory: options.outputDirectory,
                                 checked: CheckReport(files: [], diagnostics: [], sources: [:], specs: []), cache: cache, configPath: configPath,
                                 toolchain: toolchain)
        var fresh: [String] = []
        var dirty: [SpecInput] = []
        var relativePaths: [String: String] = [:]
        var realFolders: [Substring: String] = [:]
        let root = project.paths.root
        for input in inputs {
            // One realpath per folder, not per file: the files' own names are
            // what discovery listed.
            let slash = input.path.lastIndex(of: "/") ?? input.path.startIndex
            let folder = input.path[..<slash]
            let real = realFolders[folder] ?? (PathResolver.realPath(String(folder)) ?? String(folder))
            realFolders[folder] = real
            let full = real + input.path[slash...]
            let relative = full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : probe.relative(input.path)
            relativePaths[input.path] = relative
            if probe.isFresh(input, relative: relative) { fresh.append(relative) } else { dirty.append(input) }
        }
        var checked = CheckRun.run(dirty, project: project, jobs: options.jobs, clock: options.clock)
        // A changed spec may now claim an output that a skipped one writes.
        var owners: [String: String] = [:]
        for spec in fresh { for output in cache.specs[spec]?.outputs ?? [] { owners[output] = spec } }
        if !owners.isEmpty {
            var clashing: Set<String> = []
            for spec in checked.specs {
                if let path = spec.outputs.map(\.path).first(where: { owners[$0] != nil }), let owner = owners[path] {
                    checked.diagnostics.append(Diagnostic(.E014, "'\(spec.name)' would write '\(path)', which \(owner) also writes", at: spec.nameSpan,
                                                          help: "give one of the specs another 'name'"))
                    clashing.insert(spec.input.displayPath + "\u{0}" + spec.name)
                }
            }
            checked.specs.removeAll { clashing.contains($0.input.displayPath + "\u{0}" + $0.name) }
        }
        var report = RunReport(diagnostics: checked.diagnostics, sources: checked.sources,
                               specCount: fresh.count + checked.specs.count + checked.files.reduce(0) { $0 + $1.failedDocuments })
        report.failedCount = checked.files.reduce(0) { $0 + $1.failedDocuments }
        report.unchangedCount = fresh.count
        for spec in fresh { report.unchanged += cache.specs[spec]?.outputs ?? [] }
        let specs = checked.specs
        let warned = Set(checked.diagnostics.filter { $0.severity == .warning }.compactMap(\.span?.file))
        let context = BuildContext(project: project, options: options, directory: options.outputDirectory, checked: checked,
                                   cache: cache, configPath: configPath, toolchain: toolchain, relativePaths: relativePaths)
        let done = Counter()
        let outcomes = Workers.map(specs.count, jobs: options.jobs, catalog: project.fonts, clock: options.clock) { i, renderer in
            var outcome = context.build(specs[i], strictBlocked: options.strict && warned.contains(specs[i].input.displayPath), renderer: renderer)
            outcome.index = i
            options.progress?((done.take(below: Int.max) ?? 0) + 1, specs.count, specs[i].input.displayPath)
            return outcome
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
            options.clock.time(.io) { context.finish(outcomes, inputs: inputs, fresh: fresh, report: &report) }
        }
        report.diagnostics = report.diagnostics.normalized()
        report.written.sort()
        report.unchanged.sort()
        report.removed.sort()
        report.explanations.sort()
        report.failures.sort()
        return report
    }
}
