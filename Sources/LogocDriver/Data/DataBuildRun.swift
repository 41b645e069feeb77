import Foundation
import LogocCore
import LogocFrontend

/// `logoc build --data FILE.csv --template T -o DIR`: the template checked
/// (across hues and scripts, as `check` does), then one spec per row of the
/// CSV (`CheckedSpec.instance(person:file:size:)`) drawn by the same
/// executor and committed by the same `OutputCommit` as any build: outputs
/// at `DIR/<file>.png`…, a manifest, a gallery and a cache in `DIR`.
///
/// Each row's outputs are a cache group of their own, keyed
/// `<FILE.csv, project-relative>#<file>`: a re-run draws only the rows whose
/// drawing changed (`OutputStaleness` compares each output's tree), and a
/// row removed from the CSV is a group that no longer exists, whose outputs
/// the commit prunes. Rows that cannot be drawn are diagnostics at their
/// line; the others are still built.
public enum DataBuildRun {
    /// Rows drawn at a time: what a build holds of the instances at once.
    static let rowsPerChunk = 256
    /// Largest `--data` file: read whole, it must fit in memory with room to
    /// spare. 64 MiB is 2.5 million rows of a name and a file name; a
    /// build of 100,000 rows peaks at 405 MB already (docs/performance.md).
    public static let maxDataBytes = 64 << 20

    /// `data` and `template` as given on the command line (read from there,
    /// shown as given); `options.outputDirectory` must be set.
    public static func run(data: String, template: SpecInput, project: Project, options: BuildRun.Options) -> RunReport {
        var report = RunReport(diagnostics: [], sources: [:], specCount: 0)
        guard let directory = options.outputDirectory else {
            report.failures.append("build --data needs an output folder")
            return report
        }
        // The template, checked as `logoc check` checks it.
        let checked = options.clock.time(.parse) { SpecChecker(project: project, clock: options.clock).check(template) }
        report.diagnostics = checked.diagnostics + project.configDiagnostics
        for source in checked.sources { report.sources[source.path] = source }
        if let config = project.configSource, !project.configDiagnostics.isEmpty { report.sources[config.path] = config }
        if let spec = checked.specs.first, checked.specs.count == 1, !spec.isTemplate {
            report.failures.append("'\(template.displayPath)' is not a template: write 'template: true' in it to draw it once per row of --data")
            return report
        }
        if checked.specs.count > 1 {
            report.failures.append("'\(template.displayPath)' holds \(checked.specs.count) specs; --template takes a file of one template")
            return report
        }
        guard let spec = checked.specs.first, !report.diagnostics.contains(where: \.isError) else {
            report.failedCount = 1
            report.diagnostics = report.diagnostics.normalized()
            return report
        }

        // The people.
        let bytes: [UInt8]
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: data)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= maxDataBytes else {
                report.diagnostics.append(Diagnostic(.E001, "'\(data)' is \(size >> 20) MiB; a --data file may be at most \(maxDataBytes >> 20) MiB",
                                                     at: .startOf(data), help: "split the file, and build each part into its own folder"))
                report.failedCount += 1
                return report
            }
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: data)))
        } catch {
            report.failures.append("cannot read '\(data)': \(FileErrorText.reason(error, about: data))")
            return report
        }
        let table = options.clock.time(.parse) { PeopleTable(bytes: bytes, file: data) }
        if !table.diagnostics.isEmpty {
            report.diagnostics += table.diagnostics
            report.sources[data] = SourceFile(path: data, text: SourceText.decode(bytes))
            report.failedCount += table.diagnostics.filter(\.isError).count
        }

        // One build of every row, as `BuildRun` builds spec files.
        let lock: OutputLock
        switch OutputCommit.takeFolder(directory, gallery: options.gallery, waiting: options.waiting) {
        case .success(let held): lock = held
        case .failure(let failure):
            report.failures.append(failure.message)
            return report
        }
        let cache = options.clock.time(.io) { BuildCache.load(from: directory) }
        let toolchain = BuildContext.toolchain(project: project)
        let context = BuildContext(project: project, options: options, cache: cache, toolchain: toolchain)
        let commit = OutputCommit(directory: directory, cache: cache, toolchain: toolchain, root: project.paths.root, gallery: options.gallery,
                                  clock: options.clock)
        let executor = BuildExecutor(context: context, settled: OutputClaims()) { (outcome: inout Outcome) in commit.write(&outcome) }
        // The template's sample people, planned as `check` plans them (nothing is drawn or kept).
        let sampled = executor.draw([spec], keys: nil, diagnostics: checked.diagnostics, remaining: table.rows.count).first
        report.diagnostics += sampled?.diagnostics ?? []
        report.failures += sampled?.failures ?? []
        let template = report.diagnostics.filter { $0.span?.file != data }
        if template.contains(where: \.isError) || (options.strict && !template.isEmpty) {
            report.failedCount += 1
            lock.finished()
            report.diagnostics = report.diagnostics.normalized()
            return report
        }
        let group = context.relative(PathResolver.absolute(data)) + "#"
        let keys = table.rows.map { group + $0.file }
        var results = RunResults(spill: GroupSpill(directory: directory))
        var (fresh, looked): ([String], [String]) = ([], [])
        for start in stride(from: 0, to: table.rows.count, by: rowsPerChunk) {
            let rows = table.rows[start..<min(table.rows.count, start + rowsPerChunk)]
            let specs = rows.map { spec.instance(person: $0.name, file: $0.file) }
            var made = executor.draw(specs, keys: Array(keys[start..<start + rows.count]), diagnostics: checked.diagnostics,
                                     remaining: table.rows.count - start - rows.count)
            // What the template's check said already is not said again per
            // row; what only this row's name causes names the row.
            for (i, row) in zip(made.indices, rows) {
                made[i].diagnostics = made[i].diagnostics.compactMap { found in
                    guard !template.contains(where: { $0.code == found.code && $0.span == found.span }) else { return nil }
                    var d = found
                    d.message = "with the name '\(row.name)' (\(data):\(row.nameSpan.start.line)): " + d.message
                    return d
                }
            }
            report.specCount += made.count
            // A row drawn as before, listed as before, keeps its cache
            // group's bytes (as a skipped spec file does): a re-run that
            // changes nothing rewrites no manifest, gallery or cache.
            var changed: [Outcome] = []
            for outcome in made {
                if outcome.state == .unchanged, let old = cache.record(outcome.specFile),
                   old.outputs.values.map(\.entry).sorted(by: { $0.path < $1.path }) == outcome.entries.sorted(by: { $0.path < $1.path }) {
                    fresh.append(outcome.specFile)
                } else {
                    changed.append(outcome)
                    looked.append(outcome.specFile)
                }
            }
            commit.collect(changed, troubled: [], into: &results)
            for outcome in made { report.add(outcome) }
            options.afterChunk?()
        }
        executor.releaseRenderers()
        options.clock.time(.io) { _ = commit.finish(results, specs: .init(lookedAt: looked, skipped: fresh), report: &report) }
        lock.finished()
        report.diagnostics = report.diagnostics.normalized()
        report.written.sort()
        report.unchanged.sort()
        report.removed.sort()
        report.explanations.sort()
        report.failures.sort()
        return report
    }
}
