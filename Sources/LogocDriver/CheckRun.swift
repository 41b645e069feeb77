import Foundation
import LogocCore
import LogocFrontend

/// The result of checking a set of spec files: every file's outcome in input
/// order, and every diagnostic sorted, so output never depends on scheduling.
public struct CheckReport: Sendable {
    public var files: [FileCheck]
    public var diagnostics: [Diagnostic]
    public var sources: [String: SourceFile]

    /// Specs that may be built: no errors in their file's document, and no
    /// output clash.
    public var specs: [CheckedSpec]

    /// The specs of files reported from `check`'s cache that may be built
    /// (no output clash), in input order.
    var cachedSpecs: [CheckCacheEntry.Spec] = []
    /// Files (by index) a spec of which lost an output clash: not measured, so not cached.
    var lostClash: Set<Int> = []
    /// The display paths of each file's quoted texts (`FileCheck.sources`, which the report empties).
    var sourceNames: [[String]] = []

    public var errorCount: Int { diagnostics.filter(\.isError).count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// Runs the front end over many files in parallel.
public enum CheckRun {
    public static func run(_ inputs: [SpecInput], project: Project, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                           clock: StageClock? = nil) -> CheckReport {
        var owners = OutputOwners()
        return run(inputs, project: project, jobs: jobs, clock: clock, owners: &owners, first: true)
    }

    /// The outputs claimed so far in a run that checks its files in several
    /// calls, so that E014 sees every spec, in input order.
    public struct OutputOwners: Sendable {
        /// Output path → the checked spec that claimed it: 8 bytes per
        /// output in memory, the specs' keys on disk (`OutputClaims`; a
        /// dictionary and a key per spec were 170 bytes a spec file).
        fileprivate var claims = OutputClaims()
        /// The other specs' keys (`others`).
        fileprivate var specs: [Key] = []
        /// Outputs of the project's specs that the run reads but does not
        /// check (`AffectedSpecs`), each with the first spec in the
        /// project's order that writes it, and the spec files
        /// (`SpecInput.path`) compared with them: those of the project's
        /// folder, whose outputs are named as a build of the whole project
        /// names them.
        fileprivate var others: [String: Other] = [:]
        fileprivate var compared: Set<String> = []
        /// Where the other specs are read when they are not all given: only
        /// those that may write an output of a compared spec, as the run
        /// meets its specs (`learnOthers`).
        fileprivate var project: ProjectSpecs?
        /// Output path → the spec file that writes it and that a build does
        /// not look at (`BuildPlan.settledOwners`, the claimant's `file`):
        /// every checked spec clashes with these, so E014 is decided here alone.
        fileprivate var settled: [OutputClaims] = []
        public init() {}

        /// Adds the outputs of spec files this run does not look at.
        mutating func settle(_ owners: OutputClaims) {
            if !owners.isEmpty { settled.append(owners) }
        }

        /// The spec file a build does not look at that writes `path`, if any.
        fileprivate func settledOwner(of path: String) -> String? {
            for owners in settled { if let owner = owners.claimant(of: path) { return owner.file } }
            return nil
        }

        /// The outputs of `specs`, the project's other specs in the
        /// project's order, as the first claims: the checked spec files in
        /// `compared` clash with them, not they with one another (that is
        /// for a check of the whole project).
        public init(others specs: [CheckedSpec], compared: Set<String>) {
            self.compared = compared
            for spec in specs { addOther(spec, rank: nil) }
        }

        /// The project's other specs, read from `project` only as far as the
        /// compared spec files need (`ProjectSpecs`).
        init(project: ProjectSpecs, compared: Set<String>) {
            self.project = project
            self.compared = compared
        }

        /// An other spec of the project, and its place in the project's
        /// order: nil when the specs were given in that order (the first to
        /// claim a path keeps it).
        fileprivate struct Other: Sendable {
            var rank: ProjectSpecs.Rank?
            var spec: Int32
        }

        private mutating func addOther(_ spec: borrowing CheckedSpec, rank: ProjectSpecs.Rank?) {
            let index = Int32(truncatingIfNeeded: specs.count)
            specs.append(Key(spec))
            for output in spec.outputs {
                for path in TargetCatalog.claims(of: output.path) {
                    if let known = others[path] {
                        guard let rank, let knownRank = known.rank, rank < knownRank else { continue }
                    }
                    others[path] = Other(rank: rank, spec: index)
                }
            }
        }

        /// Reads the other specs that may write an output of a compared
        /// spec of `files`, when they are read on demand.
        fileprivate mutating func learnOthers(_ files: [[Claim]]) {
            guard let project else { return }
            var requests: [ProjectSpecs.Request] = []
            for file in files {
                for spec in file where compared.contains(spec.path) {
                    requests.append(.init(folder: spec.outputFolder, name: spec.name))
                    // A name that is one across the asset catalog's folders
                    // (an imageset's; an app icon set is at its top) may
                    // clash with a spec of any folder.
                    if spec.outputs.contains(where: { $0.target == "ios" }) {
                        for folder in project.allFolders() where folder != spec.outputFolder {
                            requests.append(.init(folder: folder, name: spec.name))
                        }
                    }
                }
            }
            for (rank, spec) in project.specs(mayClashWith: requests) { addOther(spec, rank: rank) }
        }

        fileprivate subscript(path path: String) -> Key? {
            claims.claimant(of: path).map { Key(file: $0.file, name: $0.name, place: $0.place) }
        }

        /// Whether a claim could not be read back: the run's `E014`s cannot be vouched for.
        var unreadable: Bool { claims.unreadable }

        /// The other spec of the project that writes `path`, when `spec` is in its folder.
        fileprivate func other(writing path: String, for spec: String) -> Key? {
            guard !others.isEmpty, compared.contains(spec) else { return nil }
            return others[path].map { specs[Int($0.spec)] }
        }

        fileprivate mutating func claim(_ prepared: OutputClaims.Prepared) {
            claims.claim(prepared)
        }
    }

    /// One part of a run's files; `first` adds `logoc.yaml`'s own diagnostics.
    /// `cached[i]`: the entry of `inputs[i]` from `check`'s cache when it
    /// holds (the file is not read again; its specs' claims take part in
    /// `E014` as checked ones do).
    public static func run(_ inputs: [SpecInput], project: Project, jobs: Int, clock: StageClock?, owners: inout OutputOwners,
                           first: Bool) -> CheckReport {
        run(inputs, cached: [], project: project, jobs: jobs, clock: clock, owners: &owners, first: first)
    }

    static func run(_ inputs: [SpecInput], cached: [CheckCache.Hit?], project: Project, jobs: Int, clock: StageClock?, owners: inout OutputOwners,
                    first: Bool) -> CheckReport {
        let checker = SpecChecker(project: project, clock: clock)
        // Each file's claims (`E014`) are taken from its specs here, on
        // every core, rather than in `outputClashes`, on one.
        // Two lists of slots, moved out whole (`take`): one list of pairs,
        // gathered into two arrays, copied each file's report and claims
        // and let the copies go again, on the one core between phases.
        let fileSlots = ResultSlots<FileCheck>(count: inputs.count), claimSlots = ResultSlots<[Claim]>(count: inputs.count)
        let workers = max(1, min(jobs, inputs.count))
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = next.take(below: inputs.count) {
                if i < cached.count, let hit = cached[i] {
                    var file = FileCheck()
                    (file.diagnostics, file.sources) = (hit.entry.diagnostics, hit.sources)
                    claimSlots.set(i, hit.entry.specs.map(\.claim))
                    fileSlots.set(i, file)
                } else {
                    let file = checker.check(inputs[i])
                    claimSlots.set(i, file.specs.map { Claim($0) })
                    fileSlots.set(i, file)
                }
            }
        }
        var files = fileSlots.take(), claims = claimSlots.take()
        let entries = inputs.indices.map { $0 < cached.count ? cached[$0]?.entry : nil }
        var diagnostics = first ? project.configDiagnostics : []
        // Sized once for a file's text and a partial or two: grown as it
        // filled, it was rehashed eight times a chunk, on one core.
        var sources: [String: SourceFile] = [:]
        sources.reserveCapacity(files.count * 2 + 1)
        if first, let config = project.configSource { sources[config.path] = config }
        // By index, here and below: `for file in files` copied each file's
        // report (its lists retained and released again).
        for i in files.indices {
            diagnostics += files[i].diagnostics
            for source in files[i].sources { sources[source.path] = source }
        }
        let clashes = outputClashes(&claims, owners: &owners)
        // Each claim is a few arrays, not needed past here.
        _ = consume claims
        diagnostics += clashes.diagnostics
        var lostClash: Set<Int> = []
        var sourceNames: [[String]] = []
        sourceNames.reserveCapacity(files.count)
        for i in files.indices {
            if !clashes.losers.isEmpty {
                let before = files[i].specs.count
                files[i].specs.removeAll { clashes.losers.contains(Key($0)) }
                if files[i].specs.count != before { lostClash.insert(i) }
            }
            sourceNames.append(files[i].sources.map(\.path))
            files[i].sources = []
        }
        var cachedSpecs: [CheckCacheEntry.Spec] = []
        for entry in entries.compactMap({ $0 }) {
            cachedSpecs += entry.specs.filter { !clashes.losers.contains($0.claim.key) }
        }
        // Sized once: `flatMap` grew the list spec by spec, copying every
        // `CheckedSpec` (9.5 KB) again at each growth, on one core.
        var specs: [CheckedSpec] = [], count = 0
        for i in files.indices { count += files[i].specs.count }
        specs.reserveCapacity(count)
        for i in files.indices { specs += files[i].specs }
        return CheckReport(files: files, diagnostics: diagnostics.normalized(), sources: sources, specs: specs, cachedSpecs: cachedSpecs,
                           lostClash: lostClash, sourceNames: sourceNames)
    }

    /// Tells specs apart, including two documents of one file.
    fileprivate struct Key: Hashable, Sendable {
        let file: String, name: String, place: SourceSpan
        init(_ spec: borrowing CheckedSpec) { (file, name, place) = (spec.input.displayPath, spec.name, spec.nameSpan) }
        init(file: String, name: String, place: SourceSpan) { (self.file, self.name, self.place) = (file, name, place) }
    }

    /// An output as `E014` sees it: its path and its target's name (`ios`, `android`…).
    struct ClaimedOutput: Sendable, Equatable {
        var path: String
        var target: String?
    }

    /// What `E014` needs of a spec, whether checked now or reported from
    /// `check`'s cache: its name and place, its file (as shown, absolute,
    /// and its output folder) and its outputs.
    struct Claim: Sendable, Equatable {
        var name: String
        var place: SourceSpan
        var display: String
        var path: String
        var outputFolder: String
        var outputs: [ClaimedOutput]

        /// The paths the outputs claim (`TargetCatalog.claims`: each
        /// output's and what its target adds) and their record, made with
        /// the claim, on the core that checked the spec.
        let claimed: OutputClaims.Prepared
        /// The first output whose first folder is a name logoc keeps for
        /// itself (`reservedNames`), found there too.
        let reserved: Reserved?

        struct Reserved: Sendable, Equatable {
            var path: String
            var folder: String
        }

        init(name: String, place: SourceSpan, display: String, path: String, outputFolder: String, outputs: [ClaimedOutput]) {
            (self.name, self.place, self.display, self.path, self.outputFolder, self.outputs) = (name, place, display, path, outputFolder, outputs)
            claimed = OutputClaims.Prepared(outputs.flatMap { TargetCatalog.claims(of: $0.path) },
                                            for: OutputClaims.Claimant(file: display, name: name, place: place))
            reserved = outputs.lazy.compactMap { o in CheckRun.reservedFolder(of: o.path).map { Reserved(path: o.path, folder: $0) } }.first
        }

        init(_ spec: borrowing CheckedSpec) {
            self.init(name: spec.name, place: spec.nameSpan, display: spec.input.displayPath, path: spec.input.path,
                      outputFolder: spec.input.outputFolder, outputs: spec.outputs.map { ClaimedOutput(path: $0.path, target: $0.target?.target) })
        }

        fileprivate var key: Key { Key(file: display, name: name, place: place) }
    }

    /// The names logoc writes at the top of an output folder that a spec
    /// folder could take (its other files are hidden, and hidden folders
    /// hold no specs): `check` refuses them as `build` would fail on them.
    static let reservedNames = Bookkeeping.names.filter { !$0.hasPrefix(".") }.sorted()

    /// The reserved name an output path's first folder takes, if any.
    fileprivate static func reservedFolder(of path: String) -> String? {
        // (By bytes: as characters, finding the slash was most of `E014`'s
        // serial pass.)
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let first = String(path[..<slash])
        return reservedNames.first { $0 == first }
    }

    /// E014: the second spec (in input order) that would write a file another
    /// spec writes; it is not built. `claims[i]`: the claims of the specs of
    /// the run's `i`th file, checked now or reported from `check`'s cache.
    private static func outputClashes(_ claims: inout [[Claim]], owners: inout OutputOwners) -> (diagnostics: [Diagnostic], losers: Set<Key>) {
        var diagnostics: [Diagnostic] = []
        var losers: Set<Key> = []
        owners.learnOthers(claims)
        // Each claim reached in place (`inout`, not changed): read by
        // value, by iterating or by subscript, it was copied first, its
        // texts, outputs and paths retained and released again, on the one
        // core E014 runs on.
        for f in claims.indices {
            for c in claims[f].indices { clash(&claims[f][c], owners: &owners, diagnostics: &diagnostics, losers: &losers) }
        }
        return (diagnostics, losers)
    }

    /// One spec's part of `outputClashes`.
    private static func clash(_ claim: inout Claim, owners: inout OutputOwners, diagnostics: inout [Diagnostic], losers: inout Set<Key>) {
        let file = claim.path
        // A spec folder named like a file logoc writes at the top of the
        // output folder would need a folder where that file is.
        if let reserved = claim.reserved {
            diagnostics.append(Diagnostic(.E014, "'\(claim.name)' would write '\(reserved.path)', but '\(reserved.folder)' is logoc's own file in the output folder",
                                          at: claim.place, help: "rename the folder '\(reserved.folder)' that holds the spec; \(reservedNames.map { "'\($0)'" }.joined(separator: " and ")) cannot be spec folders"))
            losers.insert(claim.key)
            return
        }
        // The other writer: a spec read in this run (named, with a place for
        // the note), or a spec file a build does not look at (its file only).
        // Each output claims its path and what its target adds
        // (`TargetCatalog.claims`: an imageset's name across the asset
        // catalog's folders); a file several specs share claims nothing.
        var clash: (path: String, file: String, first: Key?)?
        for path in claim.claimed.paths {
            if let first = owners[path: path] ?? owners.other(writing: path, for: file), first != claim.key {
                clash = (path, first.file, first)
                break
            }
            if let owner = owners.settledOwner(of: path) {
                clash = (path, owner, nil)
                break
            }
        }
        if let clash {
            let key = claim.key, outputs = claim.outputs
            // The two names are usually the same: the files tell the specs apart.
            let (this, other) = key.file == clash.file
                ? ("this document of '\(Quoted.value(key.file))'", "an earlier one")
                : ("'\(Quoted.value(key.file))'", "'\(Quoted.value(clash.file))'")
            let notes: [Diagnostic.Note] = clash.first.map { [.init("'\($0.name)' is defined here", at: $0.place)] } ?? []
            if outputs.contains(where: { $0.path == clash.path }) {
                // Two names that one Android resource name stands for (`jane-doe`, `jane_doe`).
                var why = "", help = "give one of the specs another 'name'"
                if let first = clash.first, first.name != key.name, outputs.contains(where: { $0.path == clash.path && $0.target == "android" }) {
                    why = ": '\(Quoted.value(first.name))' and '\(Quoted.value(key.name))' map to one Android resource name, '\(AndroidResourceName.make(key.name))'"
                    help = "rename one of the specs ('name: …') so that their Android resource names differ (lower case, '_' for '-' and '.')"
                }
                diagnostics.append(Diagnostic(.E014, "\(this) would write '\(clash.path)', which \(other) also writes" + why, at: key.place,
                                              help: help, notes: notes))
            } else {
                // A name taken in another folder of the asset catalog.
                let set = (clash.path as NSString).deletingLastPathComponent
                diagnostics.append(Diagnostic(.E014, "\(this) would write an imageset '\((set as NSString).lastPathComponent)' into the asset catalog, and \(other) writes one of that name in another folder: folders of a catalog are not namespaces, so 'UIImage(named:)' could not tell them apart",
                                              at: key.place, help: "give one of the specs another 'name'", notes: notes))
            }
            losers.insert(key)
            return
        }
        owners.claim(claim.claimed)
    }
}

/// Slots written by concurrent workers, each index exactly once.
final class ResultSlots<T: Sendable>: Sendable {
    private let slots: Locked<[T?]>

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: T) {
        slots.withLock { $0[index] = value }
    }

    func values() -> [T] {
        slots.withLock { $0.compactMap { $0 } }
    }

    /// The values set, in index order, moved out: the slots are empty
    /// after. (Copied out by `values`, each value's references were
    /// retained once more and released again with the slots, on the one
    /// core that gathers a phase's results.)
    func take() -> [T] {
        var taken = slots.withLock { slots in
            defer { slots = [] }
            return slots
        }
        var values: [T] = []
        values.reserveCapacity(taken.count)
        for i in taken.indices {
            if let value = taken[i].take() { values.append(value) }
        }
        return values
    }

    /// Every slot, nil where nothing was set.
    func all() -> [T?] {
        slots.withLock { $0 }
    }
}

/// Hands out work indices to concurrent workers.
final class Counter: Sendable {
    private let value = Locked(0)

    func take(below limit: Int) -> Int? {
        value.withLock { value in
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}
