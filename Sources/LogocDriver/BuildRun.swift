import Foundation
import LogocCore
import LogocFrontend
import LogocRender

/// What a `check` or `build` run found and did.
public struct RunReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var sources: [String: SourceFile]
    /// Specs checked (documents, including those with errors).
    public var specCount: Int
    /// Specs whose outputs were written (or were already up to date).
    public var builtCount = 0
    /// Output files written, relative to the output folder, sorted.
    public var written: [String] = []
    /// Output files whose bytes were already on disk, left untouched.
    public var unchanged: [String] = []
    /// Failures of the machine (I/O, Cairo), not of a spec: exit code 2.
    public var failures: [String] = []

    public var errorCount: Int { diagnostics.filter(\.isError).count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// `check` and `build`: the front end over every file, then, per spec, the
/// render trees and what only pixels can tell; `build` then writes the files.
public enum BuildRun {
    public struct Options: Sendable {
        /// Where outputs go; nil to write nothing (`check`).
        public var outputDirectory: String?
        public var jobs: Int
        /// Warnings stop a spec from being built too.
        public var strict: Bool
        /// Called on the main thread's behalf after each spec, for progress.
        public var progress: (@Sendable (Int, Int, String) -> Void)?

        public init(outputDirectory: String? = nil, jobs: Int, strict: Bool = false, progress: (@Sendable (Int, Int, String) -> Void)? = nil) {
            self.outputDirectory = outputDirectory
            self.jobs = jobs
            self.strict = strict
            self.progress = progress
        }
    }

    public static func run(_ inputs: [SpecInput], project: Project, options: Options) -> RunReport {
        let checked = CheckRun.run(inputs, project: project, jobs: options.jobs)
        let specs = checked.specs
        let resolver = Resolver(project: project)
        // Under --strict a warning in a spec's file keeps it from being built.
        let warned = Set(checked.diagnostics.filter { $0.severity == .warning }.compactMap(\.span?.file))
        let done = Counter()
        let outcomes = Workers.map(specs.count, jobs: options.jobs, catalog: project.fonts) { i, renderer in
            var plan = SpecPlan(spec: specs[i], resolver: resolver, renderer: renderer)
            var outcome = Outcome(diagnostics: plan.diagnostics, failures: plan.failures)
            let blocked = plan.hasErrors || (options.strict && (!plan.diagnostics.isEmpty || warned.contains(specs[i].input.displayPath)))
            if let directory = options.outputDirectory, !blocked {
                outcome = write(&plan, to: directory, renderer: renderer)
            }
            if let progress = options.progress {
                progress((done.take(below: Int.max) ?? 0) + 1, specs.count, specs[i].input.displayPath)
            }
            return outcome
        }
        var report = RunReport(diagnostics: checked.diagnostics, sources: checked.sources,
                               specCount: specs.count + checked.files.reduce(0) { $0 + $1.failedDocuments })
        for outcome in outcomes {
            report.diagnostics += outcome.diagnostics
            report.failures += outcome.failures
            report.written += outcome.written
            report.unchanged += outcome.unchanged
            if outcome.built { report.builtCount += 1 }
        }
        report.diagnostics = report.diagnostics.normalized()
        report.written.sort()
        report.unchanged.sort()
        report.failures.sort()
        return report
    }

    struct Outcome: Sendable {
        var diagnostics: [Diagnostic]
        var failures: [String]
        var written: [String] = []
        var unchanged: [String] = []
        var built = false
    }

    /// Renders every output of a spec in memory first, then writes them; a
    /// spec that fails to render writes nothing.
    private static func write(_ plan: inout SpecPlan, to directory: String, renderer: () throws(RenderError) -> Renderer) -> Outcome {
        var files: [(OutputFile, [UInt8])] = []
        do {
            let r = try renderer()
            for output in plan.spec.outputs {
                let tree = output.dark ? (plan.dark ?? plan.light) : plan.light
                switch output.format {
                case .png: files.append((output, try r.png(tree, scale: output.scale)))
                case .svg: files.append((output, try r.svg(tree)))
                }
            }
        } catch {
            plan.report(error, logo: plan.spec.logo)
            return Outcome(diagnostics: plan.diagnostics.normalized(), failures: plan.failures)
        }
        var outcome = Outcome(diagnostics: plan.diagnostics, failures: plan.failures, built: true)
        for (output, bytes) in files {
            let path = (directory as NSString).appendingPathComponent(output.path)
            do {
                if try AtomicFile.write(bytes, to: path) { outcome.written.append(output.path) } else { outcome.unchanged.append(output.path) }
            } catch {
                outcome.failures.append("cannot write '\(path)': \(error)")
                outcome.built = false
            }
        }
        return outcome
    }
}
