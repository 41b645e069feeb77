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
        // Merging two mappings of 10,000 keys searched 10⁸ pairs: `KeyIndex`
        // indexes them once there are more than a few.
        var keys = KeyIndex()
        for pair in overPairs {
            guard let name = pair.key.scalar else { continue }
            if let i = keys.first(name, in: pairs) {
                pairs[i] = .init(key: pair.key, value: merge(pairs[i].value, pair.value, key: name))
            } else {
                keys.add(name, at: pairs.count)
                pairs.append(pair)
            }
        }
        return YAMLNode(.mapping(pairs), span: overlay.span)
    }

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

    /// The mapping without `keys`: the node itself when it has none of
    /// them (most often), else its other pairs. A key is compared with each
    /// of a few by length first (`isKey`), where hashing every key of every
    /// mapping into the set was most of the cost.
    static func removing(_ keys: Set<String>, from node: YAMLNode) -> YAMLNode {
        guard let pairs = node.pairs else { return node }
        func removed(_ pair: YAMLNode.Pair) -> Bool {
            guard let name = pair.key.scalar else { return keys.contains("") }
            return keys.count <= 4 ? keys.contains { $0.isKey(name) } : keys.contains(name)
        }
        guard let first = pairs.firstIndex(where: removed) else { return node }
        var kept = Array(pairs[..<first])
        kept.reserveCapacity(pairs.count - 1)
        for pair in pairs[(first + 1)...] where !removed(pair) { kept.append(pair) }
        return YAMLNode(.mapping(kept), span: node.span)
    }
}
