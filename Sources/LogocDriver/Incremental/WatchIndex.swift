import Foundation

/// What `logoc watch` keeps of the build cache, decoded: for each spec file
/// the files it used and the outputs it wrote, and for each file used the
/// spec files that used it. With it a save's build decides which spec
/// files to look at from the paths that changed alone (`verdict`), reading
/// no group and stating no file, and the loop gets the files to watch
/// without decoding the cache again (issue 21 part 5).
///
/// Made from the cache once, then brought up to date with the groups a
/// build changed (`update`): a group whose checksum is the one indexed is
/// not read again.
struct WatchIndex {
    /// One spec file's group, as far as the skip test needs it.
    private struct Entry {
        var checksum: UInt32
        var fresh: Bool
        /// A line of the group could not be read.
        var damaged: Bool
        var dependencies: [String]
        var outputs: [String]
    }

    private var entries: [String: Entry] = [:]
    /// Absolute path of a file used → the spec files that used it.
    private var dependents: [String: Set<String>] = [:]
    /// The toolchain the cache was written with.
    private(set) var toolchain = ""
    /// Groups read in the last `update` (for tests and the watch's counters).
    private(set) var groupsRead = 0

    /// Brings the index up to `cache`: groups that are new or whose
    /// checksum changed are read, those gone are dropped.
    mutating func update(_ cache: BuildCache) {
        groupsRead = 0
        toolchain = cache.toolchain
        var filesChanged = false
        defer { if filesChanged { recordedInputs = dependents.keys.sorted() } }
        for spec in Array(entries.keys) where cache.groups[spec] == nil && remove(spec) { filesChanged = true }
        for spec in cache.order {
            guard let group = cache.groups[spec] else { continue }
            let checksum = group.checksum(spec: spec)
            if let known = entries[spec], known.checksum == checksum { continue }
            if remove(spec) { filesChanged = true }
            groupsRead += 1
            var entry = Entry(checksum: checksum, fresh: group.fresh, damaged: false, dependencies: [], outputs: [])
            BuildCache.forEachStamp(in: group.lines) { kind, path, _ in
                switch kind {
                case .dependency: entry.dependencies.append(path)
                case .output: entry.outputs.append(path)
                case .damaged: entry.damaged = true
                }
                return !entry.damaged
            }
            for path in entry.dependencies where dependents[path, default: []].insert(spec).inserted && dependents[path]?.count == 1 { filesChanged = true }
            entries[spec] = entry
        }
    }

    /// Drops `spec`; true when a file no spec uses any more left the index.
    @discardableResult
    private mutating func remove(_ spec: String) -> Bool {
        guard let old = entries.removeValue(forKey: spec) else { return false }
        var dropped = false
        for path in old.dependencies {
            dependents[path]?.remove(spec)
            if dependents[path]?.isEmpty == true {
                dependents[path] = nil
                dropped = true
            }
        }
        return dropped
    }

    /// `Freshness.verdict` with every change known (`changes`: absolute
    /// paths), from the index alone.
    /// `affected`: `affected(by: changes)`, worked out once for every spec.
    func verdict(_ spec: String, changes: Set<String>, affected: Set<String>) -> BuildPlan.Verdict {
        guard let entry = entries[spec] else { return .dirty(.notInCache) }
        guard entry.fresh else { return .dirty(.failedLastTime) }
        if affected.contains(spec), let path = entry.dependencies.first(where: changes.contains) { return .dirty(.inputChanged(path)) }
        return entry.damaged ? .dirty(.damagedRecord) : .fresh(outputs: entry.outputs)
    }

    /// The outputs `spec`'s group lists, decoded; nil when it has none indexed.
    func outputs(of spec: String) -> [String]? { entries[spec]?.outputs }

    /// The spec files that used one of `changes`.
    func affected(by changes: Set<String>) -> Set<String> {
        var specs: Set<String> = []
        for path in changes { specs.formUnion(dependents[path] ?? []) }
        return specs
    }

    /// Every file a spec used, for the loop to watch, sorted (again only when the set changed).
    private(set) var recordedInputs: [String] = []
}
