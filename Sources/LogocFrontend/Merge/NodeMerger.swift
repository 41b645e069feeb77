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
        // One copy, with room for every key: the first write copied the
        // base's pairs, and an added key grew the copy again.
        var pairs: [YAMLNode.Pair] = []
        pairs.reserveCapacity(basePairs.count + overPairs.count)
        pairs += basePairs
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
        for o in overPairs.indices {
            guard case .scalar(let name, _) = overPairs[o].key.kind else { continue }
            if let i = keys.first(name, in: pairs) {
                pairs[i] = .init(key: overPairs[o].key, value: merge(pairs[i].value, overPairs[o].value, key: name))
            } else {
                keys.add(name, at: pairs.count)
                pairs.append(overPairs[o])
            }
        }
        return YAMLNode(.mapping(pairs), span: overlay.span)
    }

    /// Writes the shorthands out in full, so that merging works on the same
    /// shape whatever form each file used: `text: AB` → `text: {content: AB}`,
    /// `background: red` → `background: {color: red}`, `font: X` →
    /// `font: {family: X}`, `image: p` → `image: {path: p}`.
    /// The node itself when it holds no shorthand (most often, as merged
    /// specs and partials are written): a value is replaced only when
    /// writing it out changed it, since each replacement copies the pairs.
    static func expandShorthands(_ node: YAMLNode) -> YAMLNode {
        expandedIfChanged(node) ?? node
    }

    /// `expandShorthands(node)`, or nil when that is the node unchanged.
    private static func expandedIfChanged(_ node: YAMLNode) -> YAMLNode? {
        guard case .mapping(var pairs) = node.kind else { return nil }
        var changed = false
        for i in pairs.indices {
            guard case .scalar(let key, _) = pairs[i].key.kind else { continue }
            let expanded: YAMLNode? = switch key {
            case "text": writtenOut(pairs[i].value, in: "content", inner: "font", in: "family")
            case "background": writtenOut(pairs[i].value, in: "color", inner: "image", in: "path")
            case "dark", "small": expandedIfChanged(pairs[i].value)
            default: nil
            }
            guard let expanded else { continue }
            pairs[i].value = expanded
            changed = true
        }
        return changed ? YAMLNode(.mapping(pairs), span: node.span) : nil
    }

    /// `value` wrapped in `{key: value}` when it is a scalar, and then its
    /// `inner` key's scalar wrapped in `{innerKey: …}`; nil when neither
    /// applies (a mapping already written out, a `null`).
    private static func writtenOut(_ value: YAMLNode, in key: String, inner: String, in innerKey: String) -> YAMLNode? {
        let wrapped = wrap(value, in: key)
        guard case .mapping(var pairs) = (wrapped ?? value).kind, let i = YAMLNode.index(of: inner, in: pairs),
              let innerWrapped = wrap(pairs[i].value, in: innerKey) else { return wrapped }
        pairs[i].value = innerWrapped
        return YAMLNode(.mapping(pairs), span: (wrapped ?? value).span)
    }

    /// `{key: node}` for a non-empty scalar; nil for anything else (a `null`
    /// that drops the key included), which stays as it is.
    private static func wrap(_ node: YAMLNode, in key: String) -> YAMLNode? {
        guard node.scalar != nil, !node.isEmptyPlain, !NullRemoval.isNull(node) else { return nil }
        let keyNode = YAMLNode(.scalar(key, .plain), span: node.span)
        return YAMLNode(.mapping([.init(key: keyNode, value: node)]), span: node.span)
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
