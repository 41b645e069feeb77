import Foundation
import LogocCore
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

        /// One byte for the plan (never 0, which is fresh).
        var code: UInt8 {
            switch self {
            case .nothingToReuse: 1
            case .forced: 2
            case .toolchainChanged: 3
            case .notInCache: 4
            case .failedLastTime: 5
            case .inputChanged: 6
            case .outputChanged: 7
            case .damagedRecord: 8
            }
        }

        /// The path it names, if any.
        var path: String? {
            switch self {
            case .inputChanged(let path), .outputChanged(let path): path
            default: nil
            }
        }

        /// The reason of `code`, with `path` for one that names a path.
        init(code: UInt8, path: String) {
            switch code {
            case 2: self = .forced
            case 3: self = .toolchainChanged
            case 4: self = .notInCache
            case 5: self = .failedLastTime
            case 6: self = .inputChanged(path)
            case 7: self = .outputChanged(path)
            case 8: self = .damagedRecord
            default: self = .nothingToReuse
            }
        }
    }

    enum Verdict: Sendable, Equatable {
        /// Skipped unread; these are the outputs it keeps.
        case fresh(outputs: [String])
        case dirty(Reason)
    }

    /// The run's spec files in input order, packed (`SpecFileList`).
    let files: SpecFileList
    /// Per folder of `files`: what its files' names follow in their
    /// project-relative paths (absolute when outside the project).
    private let relativeFolders: [String]
    let root: String
    /// Per spec file: 0 when fresh (skipped unread), else its reason's
    /// code (`Reason.code`), whose path, if any, is in `reasonPaths`. One
    /// byte a spec file: the verdicts with the outputs each skipped file
    /// keeps were about 210 bytes a spec file at a no-op's peak (issue 21).
    private var codes: [UInt8]
    private var reasonPaths: [Int: String]
    /// How many spec files are fresh, and how many are looked at again.
    let freshCount: Int
    var dirtyCount: Int { files.count - freshCount }
    /// Output path → the spec file (project-relative, the claimant's
    /// `file`) that wrote it and that this run does not look at: a skipped
    /// spec file, or one built into the folder by a build of other paths
    /// that still exists. A looked-at spec that would write one of these is
    /// `E014` (`CheckRun.OutputOwners.settle`). Empty when no spec file is
    /// looked at: nothing can clash with them. Claims, not a dictionary: a
    /// rebuild of one spec among a million settles a million outputs (a
    /// dictionary was about 200 bytes an output, issue 21).
    let settledOwners: OutputClaims
    /// The files by relative path (`position(of:)`), made at the first
    /// lookup: a no-op rebuild asks none (8 MB for a million spec files).
    private let table: LazyPathTable

    /// `directory` nil plans a `check`: everything is looked at, nothing is owned.
    /// `exists` tells whether a spec file of another build is still there.
    /// `changes`: every file changed since the cache was written, when the
    /// caller knows them all (`Freshness.verdict`). `index`: the cache
    /// decoded (`logoc watch`), which with `changes` decides every verdict
    /// without reading a group. `fresh` is called, in input order, with each
    /// skipped spec file (project-relative) and the outputs it keeps: the
    /// plan keeps no list of them.
    static func make(_ files: SpecFileList, root: String, cache: BuildCache, toolchain: String, directory: String?, force: Bool,
                     jobs: Int, changes: Set<String>? = nil, index: WatchIndex? = nil,
                     exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) },
                     fresh: (_ spec: String, _ outputs: [String]) -> Void = { _, _ in }) -> BuildPlan {
        let relativeFolders = files.folders.map { relativePrefix(ofFolder: $0.path, root: root) }
        let relative: @Sendable (Int) -> String = { i in Self.relative(i, in: files, folders: relativeFolders, root: root) }
        var codes = [UInt8](repeating: Reason.nothingToReuse.code, count: files.count)
        var reasonPaths: [Int: String] = [:]
        var freshCount = 0
        // The outputs of a spec file, when the watch's index holds them decoded.
        var decodedOutputs: (String) -> [String]? = { _ in nil }
        func decided(_ i: Int, _ verdict: Verdict) {
            switch verdict {
            case .fresh(let outputs):
                codes[i] = 0
                freshCount += 1
                fresh(relative(i), outputs)
            case .dirty(let reason):
                codes[i] = reason.code
                if let path = reason.path { reasonPaths[i] = path }
            }
        }
        if force {
            codes = [UInt8](repeating: Reason.forced.code, count: files.count)
        } else if directory != nil, !cache.isEmpty, let changes, let index, index.toolchain == toolchain, cache.toolchain == toolchain {
            decodedOutputs = index.outputs(of:)
            let affected = index.affected(by: changes)
            for i in files.indices { decided(i, index.verdict(relative(i), changes: changes, affected: affected)) }
        } else if let directory, !cache.isEmpty {
            // The skip test stats every spec's files: split over the cores,
            // a block at a time, so that only a block's verdicts (with the
            // outputs each fresh file keeps) are alive at once.
            let block = 4_096
            for first in stride(from: 0, to: files.count, by: block) {
                let count = min(block, files.count - first)
                let slots = ResultSlots<Verdict>(count: count)
                let lanes = max(1, min(jobs, count / 500))
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    var freshness = Freshness(cache: cache, toolchain: toolchain, directory: directory)
                    for i in stride(from: lane, to: count, by: lanes) { slots.set(i, freshness.verdict(relative(first + i), changes: changes)) }
                }
                for (i, verdict) in slots.values().enumerated() { decided(first + i, verdict) }
            }
        }
        let table = LazyPathTable { PathTable(count: files.count) { i in Self.hash(i, in: files, folders: relativeFolders, root: root) } }
        var plan = BuildPlan(files: files, relativeFolders: relativeFolders, root: root, codes: codes, reasonPaths: reasonPaths,
                             freshCount: freshCount, settledOwners: OutputClaims(), table: table)
        if directory != nil, plan.dirtyCount > 0 {
            var owners = OutputClaims()
            // What the outputs of `spec`'s group claim (`TargetCatalog.claims`), as `check` does.
            func settle(_ spec: String, _ group: BuildCache.Group) {
                var outputs: [String] = []
                BuildCache.forEachStamp(in: group.lines) { kind, output, _ in
                    if kind == .output { outputs.append(output) }
                    return true
                }
                settle(spec, outputs)
            }
            func settle(_ spec: String, _ outputs: [String]) {
                owners.claim(outputs.flatMap(TargetCatalog.claims), for: OutputClaims.Claimant(file: spec, name: "", place: .startOf(spec)))
            }
            // The skipped files' outputs, read again from their groups (or
            // the watch's index): kept from the skip test, they were a list
            // a spec file for nothing when none is looked at (a no-op).
            for i in files.indices where codes[i] == 0 {
                let spec = relative(i)
                if let outputs = decodedOutputs(spec) {
                    settle(spec, outputs)
                } else if let group = cache.groups[spec] {
                    settle(spec, group)
                }
            }
            // A spec file built into this folder by a build of other paths
            // (`logoc build A -o dist`, then `logoc build B -o dist`): while
            // that file exists, its outputs are its own.
            for (spec, group) in cache.groups.entries where plan.position(of: spec) == nil {
                if exists(spec.hasPrefix("/") ? spec : root + "/" + spec) { settle(spec, group) }
            }
            plan = BuildPlan(files: files, relativeFolders: relativeFolders, root: root, codes: codes, reasonPaths: reasonPaths,
                             freshCount: freshCount, settledOwners: owners, table: table)
        }
        return plan
    }

    /// `make` of a list of `SpecInput`s.
    static func make(_ inputs: [SpecInput], root: String, cache: BuildCache, toolchain: String, directory: String?, force: Bool, jobs: Int,
                     changes: Set<String>? = nil, index: WatchIndex? = nil,
                     exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) },
                     fresh: (_ spec: String, _ outputs: [String]) -> Void = { _, _ in }) -> BuildPlan {
        make(SpecFileList(inputs), root: root, cache: cache, toolchain: toolchain, directory: directory, force: force, jobs: jobs,
             changes: changes, index: index, exists: exists, fresh: fresh)
    }

    /// The `i`th spec file's verdict (a fresh one without its outputs: the plan does not keep them).
    func verdict(_ i: Int) -> Verdict {
        codes[i] == 0 ? .fresh(outputs: []) : .dirty(Reason(code: codes[i], path: reasonPaths[i] ?? ""))
    }

    /// Whether the `i`th spec file is looked at again.
    func isDirty(_ i: Int) -> Bool { codes[i] != 0 }

    /// The project-relative path of the `i`th spec file.
    func relative(_ i: Int) -> String { Self.relative(i, in: files, folders: relativeFolders, root: root) }

    /// Every spec file's project-relative path, in input order (`check`'s cache, tests).
    var relatives: [String] { files.indices.map(relative) }

    /// The position in `files` of the spec file whose project-relative path is `spec`.
    func position(of spec: String) -> Int? {
        var key = spec
        return key.withUTF8 { key in
            table.value.find(StableHash.fnv1a64(key)) { Self.relative($0, is: key, in: files, folders: relativeFolders, root: root) }
        }
    }

    /// Whether the `i`th file's relative path is `key`, without making the path.
    private static func relative(_ i: Int, is key: UnsafeBufferPointer<UInt8>, in files: SpecFileList, folders: [String], root: String) -> Bool {
        guard let folder = files.folder(of: i) else { return relative(i, in: files, folders: folders, root: root).utf8.elementsEqual(key) }
        let prefix = folders[folder].utf8
        let name = files.nameBytes(i)
        return prefix.count + name.count == key.count && prefix.elementsEqual(key.prefix(prefix.count)) && name.elementsEqual(key.dropFirst(prefix.count))
    }

    /// The hash of the `i`th file's relative path, without making the path.
    private static func hash(_ i: Int, in files: SpecFileList, folders: [String], root: String) -> UInt64 {
        guard let folder = files.folder(of: i) else { return StableHash.fnv1a64(relative(i, in: files, folders: folders, root: root)) }
        return StableHash.fnv1a64(files.nameBytes(i), continuing: StableHash.fnv1a64(folders[folder]))
    }

    private static func relative(_ i: Int, in files: SpecFileList, folders: [String], root: String) -> String {
        guard let folder = files.folder(of: i) else { return relativePaths(of: [files[i]], root: root)[0] }
        return folders[folder] + String(decoding: files.nameBytes(i), as: UTF8.self)
    }

    /// What the names of a folder's files follow in their paths relative to
    /// `root`: "" for the root itself, `sub/` below it, the folder's real
    /// path and a slash outside it (as `relativePaths`, one `realpath` a folder).
    private static func relativePrefix(ofFolder folder: String, root: String) -> String {
        let real = (PathResolver.realPath(folder) ?? folder) + "/"
        return real.hasPrefix(root + "/") ? String(real.dropFirst(root.count + 1)) : real
    }

    /// `inputs` with their paths relative to `root`, by `SpecInput.path`:
    /// what `BuildContext.know` takes for the chunk of spec files in flight
    /// (a dictionary of every spec file of the run was about 70 bytes a
    /// spec file kept to the end, issue 21).
    static func relativePathsByPath(of inputs: [SpecInput], root: String) -> [String: String] {
        Dictionary(zip(inputs.map(\.path), relativePaths(of: inputs, root: root)), uniquingKeysWith: { a, _ in a })
    }

    /// Each input's path relative to `root` (absolute when outside it), with
    /// one `realpath` per folder, not per file (`relativePrefix`): the
    /// files' own names are what discovery listed.
    static func relativePaths(of inputs: [SpecInput], root: String) -> [String] {
        var prefixes: [Substring: String] = [:]
        // Discovery lists a folder's files together: the folder before is
        // the usual answer, found without hashing the folder's path.
        var last: (folder: Substring, prefix: String)?
        return inputs.map { input in
            guard let slash = PathResolver.lastSlash(in: input.path) else { return input.path }
            let folder = input.path[..<slash]
            let prefix: String
            if let last, last.folder == folder {
                prefix = last.prefix
            } else if let known = prefixes[folder] {
                prefix = known
            } else {
                prefix = relativePrefix(ofFolder: String(folder), root: root)
                prefixes[folder] = prefix
            }
            last = (folder, prefix)
            return prefix + input.path[input.path.index(after: slash)...]
        }
    }
}

/// A `PathTable` made when first asked for.
private final class LazyPathTable: Sendable {
    private let make: @Sendable () -> PathTable
    private let made = Locked<PathTable?>(nil)

    init(_ make: @escaping @Sendable () -> PathTable) { self.make = make }

    var value: PathTable {
        made.withLock { made in
            if let table = made { return table }
            let table = make()
            made = table
            return table
        }
    }
}

/// Positions of a list by the hash of a key: open addressing over 4-byte
/// slots, at most two-thirds full (8 MB for a million spec files, where a
/// set of their relative paths was about 80 bytes a file, issue 21).
private struct PathTable: Sendable {
    /// Position + 1; 0 is empty.
    private var slots: [UInt32]

    /// Every position of `0..<count`, by `hash`.
    init(count: Int, hash: (Int) -> UInt64) {
        var size = 16
        while size * 2 < count * 3 { size *= 2 }
        slots = [UInt32](repeating: 0, count: size)
        for i in 0..<min(count, Int(UInt32.max) - 1) {
            var slot = Int(truncatingIfNeeded: hash(i)) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = UInt32(i + 1)
        }
    }

    /// The first position with this hash that `matches`.
    func find(_ hash: UInt64, matches: (Int) -> Bool) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            if matches(Int(slots[slot]) - 1) { return Int(slots[slot]) - 1 }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }
}
