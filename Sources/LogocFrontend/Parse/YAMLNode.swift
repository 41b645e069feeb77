import LogocCore

/// A YAML node as written, with the span of its text. Scalars stay text: they
/// are typed later, by the key that holds them (SPEC.md: no YAML 1.1 typing).
public struct YAMLNode: Sendable, Equatable {
    public enum ScalarStyle: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public struct Pair: Sendable, Equatable {
        public var key: YAMLNode
        public var value: YAMLNode
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    public enum Kind: Sendable, Equatable {
        case scalar(String, ScalarStyle)
        case mapping([Pair])
        case sequence([YAMLNode])
    }

    public var kind: Kind
    public var span: SourceSpan

    public init(_ kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }

    /// The scalar's text, or nil for a mapping or sequence.
    public var scalar: String? {
        if case .scalar(let s, _) = kind { return s }
        return nil
    }

    /// A plain scalar with no text: what YAML gives for `key:` with nothing
    /// after it, or for `key: #RRGGBB` where `#` starts a comment.
    public var isEmptyPlain: Bool {
        if case .scalar("", .plain) = kind { return true }
        return false
    }

    /// The pairs of a mapping, or nil.
    public var pairs: [Pair]? {
        if case .mapping(let p) = kind { return p }
        return nil
    }

    /// The items of a sequence, or nil.
    public var items: [YAMLNode]? {
        if case .sequence(let s) = kind { return s }
        return nil
    }

    /// The value under `key` in a mapping (keys are unique once read).
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind, let i = Self.index(of: key, in: pairs) else { return nil }
        return pairs[i].value
    }

    /// The key node `key` in a mapping, for a diagnostic's place. Found by
    /// index, as `subscript(key:)`: `pairs?.first(where:)` copied each pair
    /// it passed (two nodes, their texts and spans retained).
    public func keyNode(_ key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind, let i = Self.index(of: key, in: pairs) else { return nil }
        return pairs[i].key
    }

    /// Whether this node is the scalar `text` (`String.isKey`).
    @inline(__always)
    func isScalar(_ text: String) -> Bool {
        guard case .scalar(let s, _) = kind else { return false }
        return s.isKey(text)
    }

    /// Where `key` is among `pairs`, found by index: iterating the pairs
    /// copied each one (two nodes, their spans and texts retained).
    static func index(of key: String, in pairs: [Pair]) -> Int? {
        for i in pairs.indices where pairs[i].key.isScalar(key) { return i }
        return nil
    }

    /// The nodes in this one (itself, keys, values and items), counted up
    /// to just past `limit`: enough to tell whether it is over, without
    /// walking a large tree to its end. Walked in place, by index: a stack
    /// of nodes still to count copied each one (its text, its span's file
    /// and its pairs retained), 5,000 instructions for a partial.
    public func nodeCount(upTo limit: Int) -> Int {
        var count = 0
        Self.tally(self, upTo: limit, into: &count)
        return count
    }

    /// Recursion is bounded: the reader refuses nesting past `maxDepth`,
    /// and a merged tree is at most a level deeper than its deepest file
    /// (a shorthand written out, `NodeMerger.expandShorthands`).
    private static func tally(_ node: borrowing YAMLNode, upTo limit: Int, into count: inout Int) {
        guard count <= limit else { return }
        count += 1
        switch node.kind {
        case .scalar: break
        case .mapping(let pairs):
            for i in pairs.indices {
                tally(pairs[i].key, upTo: limit, into: &count)
                tally(pairs[i].value, upTo: limit, into: &count)
            }
        case .sequence(let items):
            for i in items.indices { tally(items[i], upTo: limit, into: &count) }
        }
    }

    /// A word for the node's kind, for messages ("expected a colour, found a list").
    public var kindDescription: String {
        switch kind {
        case .scalar(let s, let style): style == .plain && s.isEmpty ? "nothing" : "'\(s)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}

/// One YAML document of a file.
public struct YAMLDocument: Sendable, Equatable {
    /// Nil for a document with no content (an empty file, or `---` alone).
    public var root: YAMLNode?
    /// Where the document starts, for problems of the whole document.
    public var start: SourceSpan
}

extension String {
    /// `==` for keys looked up among a mapping's or a schema's: lengths
    /// first, so the keys that are not it (most, when one is looked for)
    /// are told apart without a call to compare strings.
    @inline(__always)
    func isKey(_ other: String) -> Bool { utf8.count == other.utf8.count && self == other }
}
