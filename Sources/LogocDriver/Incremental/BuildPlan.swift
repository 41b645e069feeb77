import Foundation
import LogocFrontend

/// What a build will do, decided before any spec is read: which spec files
/// are fresh (skipped unread, their outputs kept) and which are dirty, with
/// the reason, and which outputs belong to spec files this run does not look
/// at. A value made from the inputs, the cache and the files' stamps only,
/// so it is tested without Cairo, and a new build stage (targets, shards)
/// reads one plan instead of re-deriving freshness in its own branch.
struct BuildPlan: Sendable {
    /// Why a spec file is looked at again.
    enum Reason: Sendable, Equatable {
        /// `check` looks at everything; so does a build without a cache.
        case nothingToReuse
        /// `--force`.
        case forced
        /// logoc, a library, a bundled or project font changed.
        case toolchainChanged
        /// The cache has no group for it (a new spec file, or its group was damaged).
        case notInCache
        /// It had an error last time: its outputs were kept, not made.
        case failedLastTime
        /// A file it used (absolute path) changed, appeared or went.
        case inputChanged(String)
        /// One of its outputs (relative to the output folder) changed or went.
        case outputChanged(String)
        /// A line of its group could not be read.
        case damagedRecord
    }

    enum Verdict: Sendable, Equatable {
        /// Skipped unread; these are the outputs it keeps.
        case fresh(outputs: [String])
        case dirty(Reason)
    }

    /// The run's spec files in input order, project-relative (absolute when
    /// outside the project), with their verdicts.
    let relatives: [String]
    private(set) var verdicts: [Verdict]
    /// The spec files to look at again, in input order (empty once taken: `takeDirty`).
    private(set) var dirty: [SpecInput]
    /// The skipped spec files (project-relative) and the outputs they keep.
    private(set) var fresh: [(spec: String, outputs: [String])]
    /// Output path → the spec file (project-relative) that wrote it and that
    /// this run does not look at: a skipped spec file, or one built into the
    /// folder by a build of other paths that still exists. A looked-at spec
    /// that would write one of these is `E014` (`CheckRun.OutputOwners.settle`).
    /// Empty when no spec file is looked at: nothing can clash with them,
    /// and a no-op rebuild kept a dictionary entry an output for nothing
    /// (about 70 bytes a spec file, issue 21).
    let settledOwners: [String: String]

    /// `directory` nil plans a `check`: everything is looked at, nothing is owned.
    /// `exists` tells whether a spec file of another build is still there.
    /// `changes`: every file changed since the cache was written, when the
    /// caller knows them all (`Freshness.verdict`). `index`: the cache
    /// decoded (`logoc watch`), which with `changes` decides every verdict
    /// without reading a group. `known`: `relativePaths(of: inputs)`, when
    /// the caller kept them (`logoc watch`).
    static func make(_ inputs: [SpecInput], root: String, cache: BuildCache, toolchain: String, directory: String?, force: Bool,
                     jobs: Int, changes: Set<String>? = nil, index: WatchIndex? = nil, known: [String]? = nil,
                     exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> BuildPlan {
        let relatives = known ?? relativePaths(of: inputs, root: root)
        var verdicts = [Verdict](repeating: .dirty(force ? .forced : .nothingToReuse), count: inputs.count)
        if directory != nil, !force, !cache.isEmpty, let changes, let index, index.toolchain == toolchain, cache.toolchain == toolchain {
            let affected = index.affected(by: changes)
            verdicts = relatives.map { index.verdict($0, changes: changes, affected: affected) }
        } else if let directory, !force, !cache.isEmpty {
            // The skip test stats every spec's files: split over the cores.
            let slots = ResultSlots<Verdict>(count: inputs.count)
            let chunks = max(1, min(jobs, inputs.count / 500))
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var freshness = Freshness(cache: cache, toolchain: toolchain, directory: directory)
                for i in stride(from: chunk, to: relatives.count, by: chunks) {
                    slots.set(i, freshness.verdict(relatives[i], changes: changes))
                }
            }
            verdicts = slots.values()
        }
        var fresh: [(spec: String, outputs: [String])] = []
        var dirty: [SpecInput] = []
        for (i, verdict) in verdicts.enumerated() {
            if case .fresh(let outputs) = verdict { fresh.append((relatives[i], outputs)) } else { dirty.append(inputs[i]) }
        }
        var owners: [String: String] = [:]
        if directory != nil, !dirty.isEmpty {
            // By what each output claims (`TargetCatalog.claims`), as `check` does.
            for (spec, outputs) in fresh { for output in outputs { for path in TargetCatalog.claims(of: output) { owners[path] = spec } } }
            // A spec file built into this folder by a build of other paths
            // (`logoc build A -o dist`, then `logoc build B -o dist`): while
            // that file exists, its outputs are its own.
            let inRun = Set(relatives)
            for (spec, group) in cache.groups.entries where !inRun.contains(spec) {
                guard exists(spec.hasPrefix("/") ? spec : root + "/" + spec) else { continue }
                BuildCache.forEachStamp(in: group.lines) { kind, output, _ in
                    if kind == .output { for path in TargetCatalog.claims(of: output) { owners[path] = spec } }
                    return true
                }
            }
        }
        return BuildPlan(relatives: relatives, verdicts: verdicts, dirty: dirty, fresh: fresh, settledOwners: owners)
    }

    /// The spec files to look at again, moved out of the plan: the run hands
    /// them out chunk by chunk and lets each chunk's go (`ChunkSource`).
    mutating func takeDirty() -> [SpecInput] {
        defer { dirty = [] }
        return dirty
    }

    /// Lets go of the outputs the skipped spec files keep (`fresh`, and
    /// `verdicts` as `.fresh(outputs: [])`), once the run has counted them
    /// and settled their owners: an array and a string an output, about
    /// 110 bytes a skipped spec file, were kept to the end of the build
    /// for nothing (issue 21).
    mutating func forgetFreshOutputs() {
        for i in fresh.indices { fresh[i].outputs = [] }
        for i in verdicts.indices {
            if case .fresh = verdicts[i] { verdicts[i] = .fresh(outputs: []) }
        }
    }

    /// The project-relative paths of the spec files looked at again, in
    /// input order: `relatives` of `dirty`, without asking the file system.
    var dirtyRelatives: [String] {
        zip(relatives, verdicts).compactMap { relative, verdict in
            if case .fresh = verdict { return nil }
            return relative
        }
    }

    /// `inputs` with their paths relative to `root`, by `SpecInput.path`:
    /// what `BuildContext.know` takes for the chunk of spec files in flight
    /// (a dictionary of every spec file of the run was about 70 bytes a
    /// spec file kept to the end, issue 21).
    static func relativePathsByPath(of inputs: [SpecInput], root: String) -> [String: String] {
        Dictionary(zip(inputs.map(\.path), relativePaths(of: inputs, root: root)), uniquingKeysWith: { a, _ in a })
    }

    /// Each input's path relative to `root` (absolute when outside it), with
    /// one `realpath` per folder, not per file: the files' own names are what
    /// discovery listed.
    static func relativePaths(of inputs: [SpecInput], root: String) -> [String] {
        var realFolders: [Substring: String] = [:]
        return inputs.map { input in
            let slash = PathResolver.lastSlash(in: input.path) ?? input.path.startIndex
            let folder = input.path[..<slash]
            let real = realFolders[folder] ?? (PathResolver.realPath(String(folder)) ?? String(folder))
            realFolders[folder] = real
            let full = real + input.path[slash...]
            return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : full
        }
    }
}
