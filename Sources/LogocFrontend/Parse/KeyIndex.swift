/// Where the keys of a mapping's pairs are, to find a key again: the
/// reader's duplicate keys (`E007`) and `NodeMerger`'s overlaid keys.
/// The pairs are searched while they are few (a spec's mappings hold a
/// few keys, and a dictionary made for each was 2 % of a check) and
/// indexed once there are more than `limit`, so a hostile mapping of
/// thousands of keys stays linear.
struct KeyIndex {
    static let limit = 16
    /// Key → the first pair that has it; made once past `limit` pairs.
    private var table: [String: Int]?

    /// The first of `pairs` whose key is `name`.
    mutating func first(_ name: String, in pairs: [YAMLNode.Pair]) -> Int? {
        if table == nil, pairs.count > Self.limit {
            var made: [String: Int] = [:]
            made.reserveCapacity(pairs.count)
            for (i, pair) in pairs.enumerated() {
                if let key = pair.key.scalar, made[key] == nil { made[key] = i }
            }
            table = made
        }
        if let table { return table[name] }
        return YAMLNode.index(of: name, in: pairs)
    }

    /// Notes that the pair at `index` of the pairs (appended next) has the
    /// key `name`, once they are indexed; before, searching finds it.
    mutating func add(_ name: String, at index: Int) {
        if table != nil, table?[name] == nil { table?[name] = index }
    }
}
