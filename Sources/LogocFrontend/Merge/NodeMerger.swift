import LogocCore

/// Merges located YAML for `extends`, `dark` and `small`: mappings key by key,
/// recursively; scalars and lists replaced whole. Values keep the span where
/// they were written, so a diagnostic about a merged value points at its file.
enum NodeMerger {
    /// Keys of which a mapping holds one: setting one in an overlay replaces
    /// the others from the base (a spec's gradient replaces a partial's colour).
    static let alternatives: [String: Set<String>] = [
        "background": ["color", "auto", "gradient", "image"],
        "text": ["content", "initials"],
        "font": ["family", "file"],
    ]

    static func merge(_ base: YAMLNode, _ overlay: YAMLNode, key: String? = nil) -> YAMLNode {
        guard let basePairs = base.pairs, let overPairs = overlay.pairs else { return overlay }
        var pairs = basePairs
        if let key, let group = alternatives[key] {
            // A key dropped with `null` sets no alternative.
            let overlaid = group.filter { name in overPairs.contains { $0.key.scalar == name && !NullRemoval.isNull($0.value) } }
            if !overlaid.isEmpty {
                pairs.removeAll { pair in pair.key.scalar.map { group.contains($0) && !overlaid.contains($0) } ?? false }
            }
        }
        // Keys found through an index, not a search per key, once the
        // mappings are large: merging two mappings of 10,000 keys searched
        // 10⁸ pairs. A spec's mappings hold a few keys, where a search is
        // cheaper than an index made for each merge.
        var index: [String: Int]?
        if pairs.count + overPairs.count > Self.searchLimit {
            var made: [String: Int] = [:]
            made.reserveCapacity(pairs.count)
            for (i, pair) in pairs.enumerated() {
                if let name = pair.key.scalar, made[name] == nil { made[name] = i }
            }
            index = made
        }
        for pair in overPairs {
            guard let name = pair.key.scalar else { continue }
            let found: Int?
            if let index { found = index[name] } else { found = pairs.firstIndex { $0.key.scalar == name } }
            if let i = found {
                pairs[i] = .init(key: pair.key, value: merge(pairs[i].value, pair.value, key: name))
            } else {
                index?[name] = pairs.count
                pairs.append(pair)
            }
        }
        return YAMLNode(.mapping(pairs), span: overlay.span)
    }

    /// Most pairs of two mappings merged by searching them.
    static let searchLimit = 16

    /// Writes the shorthands out in full, so that merging works on the same
    /// shape whatever form each file used: `text: AB` → `text: {content: AB}`,
    /// `background: red` → `background: {color: red}`, `font: X` →
    /// `font: {family: X}`, `image: p` → `image: {path: p}`.
    static func expandShorthands(_ node: YAMLNode) -> YAMLNode {
        guard var pairs = node.pairs else { return node }
        for i in pairs.indices {
            guard let key = pairs[i].key.scalar else { continue }
            switch key {
            case "text":
                pairs[i].value = wrap(pairs[i].value, in: "content")
                pairs[i].value = rewrite(pairs[i].value, "font") { wrap($0, in: "family") }
            case "background":
                pairs[i].value = wrap(pairs[i].value, in: "color")
                pairs[i].value = rewrite(pairs[i].value, "image") { wrap($0, in: "path") }
            case "dark", "small":
                pairs[i].value = expandShorthands(pairs[i].value)
            default:
                break
            }
        }
        return YAMLNode(.mapping(pairs), span: node.span)
    }

    /// A non-empty scalar becomes `{key: scalar}`; anything else (a `null`
    /// that drops the key included) is unchanged.
    private static func wrap(_ node: YAMLNode, in key: String) -> YAMLNode {
        guard node.scalar != nil, !node.isEmptyPlain, !NullRemoval.isNull(node) else { return node }
        let keyNode = YAMLNode(.scalar(key, .plain), span: node.span)
        return YAMLNode(.mapping([.init(key: keyNode, value: node)]), span: node.span)
    }

    private static func rewrite(_ node: YAMLNode, _ key: String, _ transform: (YAMLNode) -> YAMLNode) -> YAMLNode {
        guard var pairs = node.pairs, let i = pairs.firstIndex(where: { $0.key.scalar == key }) else { return node }
        pairs[i].value = transform(pairs[i].value)
        return YAMLNode(.mapping(pairs), span: node.span)
    }

    /// The mapping without `keys`.
    static func removing(_ keys: Set<String>, from node: YAMLNode) -> YAMLNode {
        guard let pairs = node.pairs else { return node }
        return YAMLNode(.mapping(pairs.filter { !keys.contains($0.key.scalar ?? "") }), span: node.span)
    }
}
