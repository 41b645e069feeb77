import Foundation
import LogocCore
import LogocFrontend
import LogocRender
import LogocRenderTree

/// The middle of a build: per chunk of spec files, check, resolve, measure
/// and render into outcomes. It writes no file: each spec's drawn outputs
/// go to `deliver` as soon as they are made (a build's `OutputCommit.write`,
/// which writes them on the same worker, so bytes are not held for a whole
/// chunk; a test's collector). `check` delivers nothing and draws nothing.
final class BuildExecutor {
    /// What one chunk gave.
    struct Chunk {
        var outcomes: [Outcome] = []
        var diagnostics: [Diagnostic] = []
        /// Only the texts diagnostics quote.
        var sources: [String: SourceFile] = [:]
        /// Machine failures (git for `--require-tracked`).
        var failures: [String] = []
        /// Specs checked, failed ones included, and documents that failed.
        var specCount = 0
        var failedCount = 0
        /// The chunk's spec files (project-relative) with a failed document or no spec left: they keep their old outputs.
        var troubled: Set<String> = []
        /// Spec files reported from `check`'s cache, not checked again.
        var cacheHits = 0
    }

    let context: BuildContext
    private let deliver: (@Sendable (inout Outcome) -> Void)?
    /// Claims of outputs so far, so that E014 sees every spec in input order.
    private var owners: CheckRun.OutputOwners
    /// The renderers (and the photos they share), handed from chunk to chunk.
    private var renderers: RendererPool?
    /// Renderers this executor made (`logoc watch` counts them: it keeps its own).
    var renderersMade: Int { (renderers?.made ?? madeBefore) - madeBefore }
    private let madeBefore: Int
    private let done = Counter()
    private var seen = 0
    private var first = true
    /// git failed for `--require-tracked`: said once, not asked again.
    private var trackingFailed = false
    /// The output claims could not be read back: said once.
    private var claimsFailed = false
    /// Spec files of the run before the next chunk (their index in the run, for `check`'s cache).
    private var filesSeen = 0

    /// `settled`: outputs of spec files the run does not look at (`BuildPlan.settledOwners`).
    /// `renderers`: where renderers are taken from and handed back (a watch keeps them from build to build).
    init(context: BuildContext, settled: OutputClaims, deliver: (@Sendable (inout Outcome) -> Void)?, renderers: RendererPool = RendererPool()) {
        self.context = context
        self.renderers = renderers
        madeBefore = renderers.made
        self.deliver = deliver
        owners = context.options.projectOutputs
        owners.settle(settled)
    }

    /// Lets the renderers go (before the final writes read the spilled groups back).
    func releaseRenderers() { renderers = nil }

    /// Checks, then measures or draws, one chunk; `remaining` is how many
    /// spec files follow it, for the progress count.
    func run(_ chunk: [SpecInput], remaining: Int) -> Chunk {
        let options = context.options
        let project = context.project
        var result = Chunk()
        let start = filesSeen
        filesSeen += chunk.count
        let probes = probe(chunk, start: start)
        let checked = CheckRun.run(chunk, cached: probes.map(\.hit), project: project, jobs: options.jobs, clock: options.clock, owners: &owners,
                                   first: first)
        first = false
        if owners.unreadable, !claimsFailed {
            result.failures.append("the outputs claimed so far could not be read back from a temporary file: output clashes (E014) may be missing")
            claimsFailed = true
        }
        var diagnostics = checked.diagnostics
        if options.requireTracked, !trackingFailed {
            let uses = checked.specs.flatMap { $0.usedFiles(in: project) } + checked.cachedSpecs.flatMap(\.used)
            switch TrackedFiles.untracked(uses: uses, project: project) {
            case .success(let untracked): diagnostics += untracked
            case .failure(let failure):
                result.failures.append(failure.message)
                trackingFailed = true
            }
        }
        // A spec that lost an output clash (E014) failed too.
        // The files' reports read in place (`reduce` and `zip` copied each).
        var failedDocuments = diagnostics.count(where: { $0.code == .E014 })
        for i in checked.files.indices { failedDocuments += checked.files[i].failedDocuments }
        result.specCount = checked.specs.count + checked.cachedSpecs.count + failedDocuments
        result.failedCount = failedDocuments
        // Files with a failed document, or left with no spec, keep their old outputs.
        // A checked file's specs are its own (what lost a clash taken out);
        // only the cache's are looked up by path (a set of every spec's path
        // was hashed on one core for each chunk).
        let cachedBuilding = Set(checked.cachedSpecs.map(\.claim.path))
        func building(_ input: SpecInput, _ file: borrowing FileCheck) -> Bool { !file.specs.isEmpty || cachedBuilding.contains(input.path) }
        // `--shard`: every spec was checked; only the shard's own are drawn and written.
        let shard = context.directory == nil ? nil : options.shard
        let relative = context.relative
        func isOwn(_ path: String) -> Bool { shard?.contains(relative(path)) ?? true }
        for i in 0..<min(chunk.count, checked.files.count)
        where isOwn(chunk[i].path) && (checked.files[i].failedDocuments > 0 || !building(chunk[i], checked.files[i])) {
            result.troubled.insert(context.relative(chunk[i].path))
        }
        var made = draw(shard == nil ? checked.specs : checked.specs.filter { isOwn($0.input.path) }, keys: nil, diagnostics: diagnostics,
                        remaining: remaining)
        result.cacheHits = probes.filter { $0.hit != nil }.count
        if let cache = context.checkCache {
            store(chunk, start: start, checked: checked, outcomes: made, probes: probes, in: cache)
            // The cached specs' own diagnostics, as measuring them gave.
            for spec in checked.cachedSpecs {
                var outcome = Outcome(specFile: relative(spec.claim.path))
                outcome.diagnostics = spec.diagnostics
                made.append(outcome)
            }
        }
        result.diagnostics = diagnostics
        let quoted = Set((diagnostics + made.flatMap(\.diagnostics)).flatMap { d in
            ([d.span] + d.notes.map(\.span)).compactMap { $0?.file }
        })
        for (path, source) in checked.sources where quoted.contains(path) { result.sources[path] = source }
        result.outcomes = made
        // The chunk's checked specs are freed here, on the thread that runs
        // the chunks. They were handed to a thread of their own once: its
        // frees then took the locks of the heaps the workers were
        // allocating from (glibc's malloc keeps a heap per thread), 30,000
        // sleeps and wake-ups in the kernel in a check of 100,000 specs,
        // which cost more (4–5 % of the wall time) than the frees saved.
        // Let go instead by the workers that measured them (2026-11-29,
        // fifth session), they cost 3–5 % more CPU than this core saved,
        // for the same reason.
        return result
    }

    /// `check`'s cache over a chunk: each spec file read, hashed and looked
    /// up (on every core); empty without a cache.
    private func probe(_ chunk: [SpecInput], start: Int) -> [CheckCache.Probe] {
        guard let cache = context.checkCache else { return [] }
        let slots = ResultSlots<CheckCache.Probe>(count: chunk.count)
        let next = Counter()
        let hasher = context.hasher
        context.options.clock.time(.io) {
            DispatchQueue.concurrentPerform(iterations: max(1, min(context.options.jobs, chunk.count))) { _ in
                while let i = next.take(below: chunk.count) { slots.set(i, cache.probe(chunk[i], index: start + i, hasher: hasher)) }
            }
        }
        return slots.values()
    }

    /// Stores the entry of every spec file of the chunk checked in full that
    /// can be reported from the cache next time: each of its documents a
    /// spec (an error that stops a document may leave partials unread), no
    /// template (its sample people are checked anew), none that lost an
    /// output clash (it was not measured), no failure of the machine, and
    /// every file its specs used hashed as it was read.
    private func store(_ chunk: [SpecInput], start: Int, checked: CheckReport, outcomes: [Outcome], probes: [CheckCache.Probe], in cache: CheckCache) {
        let project = context.project
        var first = 0
        for (index, file) in checked.files.enumerated() {
            let count = file.specs.count
            defer { first += count }
            guard index < probes.count, probes[index].hit == nil, let sha256 = probes[index].sha256, let stamp = probes[index].stamp,
                  file.failedDocuments == 0, count > 0, !checked.lostClash.contains(index), first + count <= outcomes.count else { continue }
            let input = chunk[index]
            let specs = checked.specs[first..<first + count]
            let made = outcomes[first..<first + count]
            guard specs.allSatisfy({ !$0.isTemplate && $0.readStamps[input.path] == stamp }),
                  made.allSatisfy({ $0.failures.isEmpty && !$0.dependencies.isEmpty }) else { continue }
            var dependencies: [String: FileStamp] = [:]
            for outcome in made { dependencies.merge(outcome.dependencies) { kept, _ in kept } }
            dependencies[input.path] = nil
            guard dependencies.values.allSatisfy({ $0.size < 0 || !$0.sha256.isEmpty }) else { continue }
            let names = index < checked.sourceNames.count ? checked.sourceNames[index] : []
            let sources = names.compactMap { name in file.sourcePaths[name].map { CheckCacheEntry.Source(display: name, path: $0) } }
            guard sources.count == names.count else { continue }
            let entry = CheckCacheEntry(
                display: input.displayPath, outputFolder: input.outputFolder, sha256: sha256,
                dependencies: dependencies.sorted { $0.key < $1.key }.map { CheckCacheEntry.Dependency(path: $0.key, stamp: $0.value) },
                diagnostics: file.diagnostics, sources: sources,
                specs: zip(specs, made).map { spec, outcome in
                    CheckCacheEntry.Spec(claim: CheckRun.Claim(spec), diagnostics: outcome.diagnostics, used: spec.usedFiles(in: project))
                })
            cache.store(entry, index: start + index)
        }
    }

    /// Draws `specs`, checked already (a chunk's, or a template's instances
    /// for `build --data`), on every core, delivering each one's files as
    /// they are made. `keys[i]`: the cache group of `specs[i]` (nil: its
    /// spec file's); `diagnostics`: what checking them found, for the
    /// manifest's warnings and `--strict`.
    func draw(_ specs: [CheckedSpec], keys: [String]?, diagnostics: [Diagnostic], remaining: Int) -> [Outcome] {
        let options = context.options
        let warned = Set(diagnostics.filter { $0.severity == .warning }.compactMap(\.span?.file))
        let writesFiles = context.directory != nil
        seen += specs.count
        let expected = seen + remaining
        let context = self.context
        let deliver = self.deliver
        let done = self.done
        return Workers.map(specs.count, jobs: options.jobs, catalog: context.project.fonts, clock: options.clock, pool: renderers) { i, renderer in
            let file = specs[i].input.displayPath
            // Only a build writes the manifest that lists a spec's warnings.
            let warnings = writesFiles ? CheckedSpec.ownWarnings(of: file, in: diagnostics) : []
            var outcome = Self.draw(specs[i], context: context, warnings: warnings, strictBlocked: options.strict && warned.contains(file),
                                    renderer: renderer, key: keys?[i])
            outcome.index = i
            if !outcome.rendered.isEmpty { deliver?(&outcome) }
            options.progress?((done.take(below: Int.max) ?? 0) + 1, expected, keys == nil ? file : specs[i].name)
            return outcome
        }
    }

    // MARK: One spec

    /// One spec: without an output folder its measured diagnostics; with
    /// one, which outputs are stale, then those drawn in memory
    /// (`Outcome.rendered`). `warnings` are the spec's own, for the manifest.
    /// `key`: the cache group and manifest `spec` of the outputs (default:
    /// the spec file, project-relative; a `build --data` row has its own).
    static func draw(_ spec: CheckedSpec, context: BuildContext, warnings: [String], strictBlocked: Bool,
                     renderer: () throws(RenderError) -> Renderer, key: String? = nil) -> Outcome {
        let options = context.options
        var outcome = Outcome(specFile: key ?? context.relative(spec.input.path))
        // A template writes nothing of its own: its sample people are planned instead.
        if spec.isTemplate {
            (outcome.diagnostics, outcome.failures) = TemplateSampleCheck.run(spec, resolver: context.resolver, renderer: renderer)
            if outcome.diagnostics.contains(where: \.isError) || (options.strict && !outcome.diagnostics.isEmpty) || strictBlocked {
                outcome.fail()
            } else if context.directory != nil {
                outcome.state = .unchanged
            }
            return outcome
        }
        guard let directory = context.directory else {
            let plan = SpecPlan(spec: spec, resolver: context.resolver, renderer: renderer)
            outcome.diagnostics = plan.diagnostics
            outcome.failures = plan.failures
            // What `check`'s cache keys the spec by: every file it used, as a build records them.
            if context.checkCache != nil {
                var paths: [String] = []
                _ = context.inputs(of: spec, trees: plan.trees.all, old: nil, dependencies: &paths)
                for path in paths where outcome.dependencies[path] == nil { outcome.dependencies[path] = context.dependencyStamp(path, of: spec) }
            }
            return outcome
        }
        let old = context.cache.record(outcome.specFile)
        let trees = options.clock.time(.resolve) { context.resolver.resolve(spec) }
        let staleness = OutputStaleness(spec, trees: trees, old: old, directory: directory, context: context)
        outcome.dependencies = staleness.dependencies
        for (output, var record) in staleness.kept {
            outcome.unchanged.append(output.path)
            record.entry = context.entry(output, of: spec, file: outcome.specFile, sha256: record.stamp.sha256, contrast: record.entry.contrast,
                                         warnings: warnings, fingerprint: record.entry.fingerprint)
            outcome.entries.append(record.entry)
            outcome.records.append(record)
        }
        let stale = staleness.stale
        if stale.isEmpty, !strictBlocked {
            outcome.state = .unchanged
            return outcome
        }
        // `--remote-cache`: another machine may have drawn exactly this.
        let action = context.remote.map { _ in
            RemoteActionKey.key(toolchain: context.remoteToolchain, group: outcome.specFile, spec: spec, inputs: staleness.inputs)
        }
        if !strictBlocked, let remote = context.remote, let action,
           let blobs = options.clock.time(.remote, { remote.fetch(action: action, wanted: stale.map(\.output.path)) }) {
            return downloaded(blobs, stale: stale, spec: spec, context: context, outcome: outcome, warnings: warnings, reasons: staleness.reasons)
        }

        // Something must be drawn: measure each drawing once, then draw
        // what is stale from that measurement (a target measures its own).
        // The measured 1× canvas is kept for the first 1× raster file drawn (any format).
        let size = trees.light.size
        func tree(of output: OutputFile) -> RenderTree { trees.tree(dark: output.dark, pixels: output.pixelWidth(size: size)) }
        var plan = SpecPlan(spec: spec, resolver: context.resolver, trees: trees, renderer: renderer) { drawing in
            let drawn = stale.filter { $0.output.target == nil && tree(of: $0.output) == drawing }
            if drawn.isEmpty { return .check }
            return drawn.contains { !$0.output.format.isVector && $0.output.scale == 1 } ? .drawOneXRaster : .draw
        }
        outcome.diagnostics = plan.diagnostics
        outcome.failures = plan.failures
        if plan.hasErrors || strictBlocked || (options.strict && !plan.diagnostics.isEmpty) {
            outcome.fail()
            return outcome
        }
        var files: [(stale: OutputStaleness.Stale, bytes: [UInt8], contrast: Double?)] = []
        // One fingerprint per variant, for the look-alike check.
        var fingerprints: [Bool: String] = [:]
        do {
            let r = try renderer()
            let targetTrees = TargetTrees(trees, measured: plan.measurements)
            for item in stale {
                guard let file = try OutputBytes.bytes(of: item.output, spec: spec, plan: plan, targetTrees: targetTrees, renderer: r) else { continue }
                files.append((item, file.bytes, file.contrast))
            }
            // After the outputs, so that drawing them happens exactly as before
            // fingerprints existed (Pango keeps state between layouts). The
            // full-size drawing is the spec's picture, whatever `small` draws.
            for isDark in [false, true] where stale.contains(where: { $0.output.dark == isDark && $0.output.target == nil }) {
                let full = trees.tree(dark: isDark, pixels: Int.max)
                var drawing: Measured
                if let known = plan.measured(full) { drawing = known } else { drawing = try r.measure(full) }
                fingerprints[isDark] = try r.fingerprint(drawing).description
            }
        } catch {
            plan.report(error, logo: spec.logo)
            outcome.diagnostics = plan.diagnostics.normalized()
            outcome.failures = plan.failures
            outcome.fail()
            return outcome
        }
        outcome.state = .built
        // Outputs kept as they were take the fingerprint drawn now when they had none.
        for i in outcome.records.indices where outcome.records[i].entry.fingerprint == nil && outcome.records[i].entry.target == nil {
            outcome.records[i].entry.fingerprint = fingerprints[outcome.records[i].entry.variant == "dark"]
        }
        outcome.entries = outcome.records.map(\.entry)
        outcome.explanations.append("\(spec.input.displayPath) (\(spec.name)): " + staleness.reasons.joined(separator: "; "))
        outcome.rendered = files.map { file in
            let sha256 = SHA256.hex(file.bytes)
            let entry = context.entry(file.stale.output, of: spec, file: outcome.specFile, sha256: sha256,
                                      contrast: file.contrast.map { ($0 * 100).rounded() / 100 }, warnings: warnings,
                                      fingerprint: file.stale.output.target == nil ? fingerprints[file.stale.output.dark] : nil)
            return RenderedFile(bytes: file.bytes, sha256: sha256, key: file.stale.key, tree: file.stale.tree, entry: entry)
        }
        // Only a drawing that said nothing is shared: a hit says nothing
        // either, so every machine reports what a render here would.
        if let remote = context.remote, let action, plan.diagnostics.isEmpty, outcome.failures.isEmpty {
            options.clock.time(.remote) { upload(outcome, spec: spec, action: action, directory: directory, to: remote) }
        }
        return outcome
    }

    /// A remote hit: the outcome a render of `stale` would give, with the
    /// downloaded bytes (verified by `RemoteCache.fetch`) to write as a
    /// render's are, and the contrast and fingerprint the drawing gave.
    private static func downloaded(_ blobs: [String: RemoteCache.Blob], stale: [OutputStaleness.Stale], spec: CheckedSpec, context: BuildContext,
                                   outcome: Outcome, warnings: [String], reasons: [String]) -> Outcome {
        var outcome = outcome
        var fingerprints: [Bool: String] = [:]
        for item in stale where item.output.target == nil && fingerprints[item.output.dark] == nil {
            fingerprints[item.output.dark] = blobs[item.output.path]?.output.fingerprint
        }
        outcome.state = .built
        for i in outcome.records.indices where outcome.records[i].entry.fingerprint == nil && outcome.records[i].entry.target == nil {
            outcome.records[i].entry.fingerprint = fingerprints[outcome.records[i].entry.variant == "dark"]
        }
        outcome.entries = outcome.records.map(\.entry)
        outcome.explanations.append("\(spec.input.displayPath) (\(spec.name)): " + reasons.joined(separator: "; ") + "; downloaded from the remote cache")
        outcome.rendered = stale.compactMap { item in
            guard let blob = blobs[item.output.path] else { return nil }
            let entry = context.entry(item.output, of: spec, file: outcome.specFile, sha256: blob.output.sha256, contrast: blob.output.contrast,
                                      warnings: warnings, fingerprint: item.output.target == nil ? blob.output.fingerprint : nil)
            return RenderedFile(bytes: blob.bytes, sha256: blob.output.sha256, key: item.key, tree: item.tree, entry: entry)
        }
        return outcome
    }

    /// Uploads every output of a spec drawn here: the new ones from memory,
    /// the ones kept from disk (each checked against its recorded SHA-256;
    /// one that changed is not uploaded, and neither is the spec).
    private static func upload(_ outcome: Outcome, spec: CheckedSpec, action: String, directory: String, to remote: RemoteCache) {
        guard remote.settings.upload else { return }
        var blobs: [(sha256: String, bytes: [UInt8])] = outcome.rendered.map { ($0.sha256, $0.bytes) }
        var lines: [String: ActionResult.Output] = [:]
        for file in outcome.rendered {
            lines[file.entry.path] = ActionResult.Output(path: file.entry.path, sha256: file.sha256, size: file.bytes.count,
                                                         contrast: file.entry.contrast, fingerprint: file.entry.fingerprint)
        }
        for record in outcome.records where lines[record.entry.path] == nil {
            let path = (directory as NSString).appendingPathComponent(record.entry.path)
            guard case .success(let bytes) = FileReader.read(path, limit: 1 << 30), SHA256.hex(bytes) == record.stamp.sha256 else { return }
            blobs.append((record.stamp.sha256, bytes))
            lines[record.entry.path] = ActionResult.Output(path: record.entry.path, sha256: record.stamp.sha256, size: bytes.count,
                                                           contrast: record.entry.contrast, fingerprint: record.entry.fingerprint)
        }
        var outputs: [ActionResult.Output] = []
        for output in spec.outputs {
            guard let line = lines[output.path] else { return }
            outputs.append(line)
        }
        remote.store(action: action, result: ActionResult(outputs: outputs), blobs: blobs)
    }
}
