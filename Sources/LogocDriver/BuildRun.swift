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
    public static let version = "0.2.0"

    public static func run(_ inputs: [SpecInput], project: Project, options: Options) -> RunReport {
        var lock: OutputLock?
        if let directory = options.outputDirectory {
            do {
                lock = try OutputLock(directory: directory) { options.waiting?() }
            } catch {
                return RunReport(diagnostics: [], sources: [:], specCount: 0, failures: ["\(error)"])
            }
        }
        defer { _ = lock }
        let checked = CheckRun.run(inputs, project: project, jobs: options.jobs)
        var report = RunReport(diagnostics: checked.diagnostics, sources: checked.sources,
                               specCount: checked.specs.count + checked.files.reduce(0) { $0 + $1.failedDocuments })
        report.failedCount = checked.files.reduce(0) { $0 + $1.failedDocuments }
        let specs = checked.specs
        let warned = Set(checked.diagnostics.filter { $0.severity == .warning }.compactMap(\.span?.file))
        let context = BuildContext(project: project, options: options, directory: options.outputDirectory, checked: checked)
        let done = Counter()
        let outcomes = Workers.map(specs.count, jobs: options.jobs, catalog: project.fonts) { i, renderer in
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
            context.finish(outcomes, inputs: inputs, report: &report)
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
