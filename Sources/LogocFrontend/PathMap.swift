/// Values by file path for the few files one spec file reads (itself, the
/// partials it extends): a list searched in order. A dictionary hashed each
/// path (tens of bytes) and allocated a table for one to three entries, for
/// every spec file of a run.
public struct PathMap<Value: Sendable>: Sendable {
    private var entries: [(path: String, value: Value)] = []

    public init() {}

    /// The value of `path`; setting nil removes it.
    public subscript(path: String) -> Value? {
        get {
            for entry in entries where entry.path == path { return entry.value }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.path == path }) {
                if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((path, newValue))
            }
        }
    }

    /// The entries whose path `isIncluded` keeps.
    public func filter(_ isIncluded: (String) -> Bool) -> PathMap {
        var kept = PathMap()
        kept.entries = entries.filter { isIncluded($0.path) }
        return kept
    }
}
