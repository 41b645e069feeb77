import Foundation

/// The spec files' cache groups after a build, in byte order of the spec
/// files, worked out as they are walked: the previous cache's groups, this
/// run's new groups (in the spill, or in memory when the spill could not
/// take one) in place of theirs, and what `OutputCommit.finish` decided
/// for a spec file that is not as the cache had it (gone, or failed and
/// listed with its old outputs).
///
/// A sequence, not a dictionary: the manifest, the gallery and the cache
/// are written from it group by group, and the look-alike check reads it
/// once. As a dictionary of every group plus the ordered list and the set
/// of new ones, the end of a build of 100,000 specs held about 400 bytes a
/// spec file more than this (issue 21).
struct FinalGroups: Sequence, Sendable {
    typealias Element = (key: String, value: BuildCache.Group)

    let cache: GroupIndex
    let spilled: GroupIndex
    let made: [String: BuildCache.Group]
    /// A group `finish` decided; `.some(nil)` for a spec file of the cache
    /// that has none any more.
    let decided: [String: BuildCache.Group?]
    /// The spec files of `made` and `decided` that neither the cache nor
    /// the spill has, in byte order.
    private let added: [String]

    init(cache: GroupIndex, spilled: GroupIndex = GroupIndex(), made: [String: BuildCache.Group] = [:],
         decided: [String: BuildCache.Group?] = [:]) {
        (self.cache, self.spilled, self.made, self.decided) = (cache, spilled, made, decided)
        var added = Set(made.keys)
        for (spec, group) in decided where group != nil { added.insert(spec) }
        self.added = added.filter { !cache.contains($0) && !spilled.contains($0) }.sorted(by: Self.precedes)
    }

    /// The group of `spec` after the run; nil when it has none.
    subscript(spec: String) -> BuildCache.Group? {
        if !made.isEmpty, let group = made[spec] { return group }
        if let position = spilled.position(of: spec) { return spilled.group(at: position) }
        if !decided.isEmpty, let group = decided[spec] { return group }
        return cache[spec]
    }

    /// Whether `spec`'s group is new in this run (not the cache's bytes as they were).
    func isNew(_ spec: String) -> Bool {
        if made[spec] != nil || spilled.contains(spec) { return true }
        if case .some(.some) = decided[spec] { return true }
        return false
    }

    /// The spec files with a new group, in byte order.
    var new: LazyFilterSequence<FinalGroups> { lazy.filter { isNew($0.key) } }

    /// The cache's spec files that have no group any more, in byte order.
    var gone: LazyFilterSequence<GroupIndex.Keys> {
        let groups = self
        return cache.keys.lazy.filter { groups[$0] == nil }
    }

    /// How many spec files have a group.
    var count: Int { reduce(0) { total, _ in total + 1 } }

    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    func makeIterator() -> Iterator { Iterator(groups: self) }

    /// Merges the three sorted lists of spec files (the cache's, the
    /// spill's others, the few others), each spec file once.
    struct Iterator: IteratorProtocol {
        let groups: FinalGroups
        private var cursor = (cache: 0, spilled: 0, added: 0)
        private var heads: (cache: String?, spilled: String?, added: String?) = (nil, nil, nil)

        init(groups: FinalGroups) {
            self.groups = groups
            heads = (loadCache(), loadSpilled(), loadAdded())
        }

        mutating func next() -> Element? {
            while true {
                var smallest: String?
                for head in [heads.cache, heads.spilled, heads.added] {
                    guard let head else { continue }
                    if smallest.map({ FinalGroups.precedes(head, $0) }) ?? true { smallest = head }
                }
                guard let spec = smallest else { return nil }
                func same(_ head: String?) -> Bool { head.map { $0.utf8.elementsEqual(spec.utf8) } ?? false }
                if same(heads.cache) { heads.cache = loadCache() }
                if same(heads.spilled) { heads.spilled = loadSpilled() }
                if same(heads.added) { heads.added = loadAdded() }
                if let group = groups[spec] { return (spec, group) }
            }
        }

        private mutating func loadCache() -> String? {
            guard cursor.cache < groups.cache.count else { return nil }
            defer { cursor.cache += 1 }
            return groups.cache.spec(at: cursor.cache)
        }

        /// The spill's next spec file that the cache does not have.
        private mutating func loadSpilled() -> String? {
            while cursor.spilled < groups.spilled.count {
                let spec = groups.spilled.spec(at: cursor.spilled)
                cursor.spilled += 1
                if !groups.cache.contains(spec) { return spec }
            }
            return nil
        }

        private mutating func loadAdded() -> String? {
            guard cursor.added < groups.added.count else { return nil }
            defer { cursor.added += 1 }
            return groups.added[cursor.added]
        }
    }
}
