import LogocCore

/// `key: null` (or `~`), unquoted, as a key's whole value: the key is
/// dropped from what `extends` gave (SPEC-v2 §6). A photo avatar can leave
/// out the text of the shared look it extends; before, `text: null` drew
/// the word "null".
///
/// Nulls travel through merging as values (a later partial or the spec
/// may set the key again, or drop it) and are taken out of the merged spec
/// before it is decoded, so the decoder never sees one. Inside lists they
/// are plain text, as everywhere else: merging replaces lists whole, so
/// there is nothing below to remove.
enum NullRemoval {
    /// Whether `node` is a plain `null` or `~` (YAML 1.2's spellings of
    /// null, `null`, `Null`, `NULL` and `~`, drop a key; quoted, each is text).
    static func isNull(_ node: YAMLNode) -> Bool {
        // Compared as they are, not hashed into a set: every value of every
        // spec is asked, so most are told apart by their length alone.
        guard case .scalar(let text, .plain) = node.kind else { return false }
        switch text.utf8.count {
        case 1: return text == "~"
        case 4: return text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }

    /// A key that is written `null` in a file, by its path of keys from the
    /// document's root.
    struct Removal {
        let path: [String]
        /// The `null` itself.
        let span: SourceSpan
        /// `text`, `text.font`: how diagnostics name the key.
        var dotted: String { path.joined(separator: ".") }
    }

    /// Every null pair of `node`'s mappings (not inside lists), in document order.
    static func removals(in node: YAMLNode, below path: [String] = []) -> [Removal] {
        // Most specs hold none: looked for first, with no path of keys made.
        guard holdsNull(node) else { return [] }
        var found: [Removal] = []
        var path = path
        collect(node, path: &path, into: &found)
        return found
    }

    /// Whether a mapping in `node` (not inside a list) has a null value.
    private static func holdsNull(_ node: YAMLNode) -> Bool {
        guard case .mapping(let pairs) = node.kind else { return false }
        for i in pairs.indices where isNull(pairs[i].value) || holdsNull(pairs[i].value) { return true }
        return false
    }

    /// `removals`, with one path changed in place on the way down: a new
    /// path for every key of every spec was most of the cost, and most
    /// specs hold no null at all. The pairs are read in place, by index
    /// (`for pair in` copied each, its two nodes' texts and spans retained).
    private static func collect(_ node: YAMLNode, path: inout [String], into found: inout [Removal]) {
        guard case .mapping(let pairs) = node.kind else { return }
        for i in pairs.indices {
            guard case .scalar(let key, _) = pairs[i].key.kind else { continue }
            if isNull(pairs[i].value) {
                found.append(Removal(path: path + [key], span: pairs[i].value.span))
            } else if case .mapping = pairs[i].value.kind {
                path.append(key)
                collect(pairs[i].value, path: &path, into: &found)
                path.removeLast()
            }
        }
    }

    /// Whether `node` holds a value that is not null at `path`.
    static func holds(_ path: [String], in node: YAMLNode) -> Bool {
        var current = node
        for key in path {
            guard let next = current[key], !isNull(next) else { return false }
            current = next
        }
        return true
    }

    /// `node` without its null pairs, at every depth of mappings.
    static func stripped(_ node: YAMLNode) -> YAMLNode {
        guard let pairs = node.pairs else { return node }
        let kept = pairs.filter { !isNull($0.value) }.map { YAMLNode.Pair(key: $0.key, value: stripped($0.value)) }
        return YAMLNode(.mapping(kept), span: node.span)
    }

    /// W002 for each null the spec's own file wrote that removes nothing:
    /// no partial (nor `logoc.yaml`'s `output`) gives the key. `lower` is
    /// what the spec extends (a null there counts as absent); `light` the
    /// merged spec without `dark` and `small`, which a null inside them may
    /// also remove from (and `dark`, which one inside `small` may).
    static func unused(_ own: YAMLNode, lower: YAMLNode?, light: YAMLNode, dark: YAMLNode? = nil) -> [Diagnostic] {
        removals(in: own).compactMap { removal in
            let path = removal.path
            if let lower, holds(path, in: lower) { return nil }
            let inVariant = path.count > 1 && (path[0] == "dark" || path[0] == "small")
            if inVariant, holds(Array(path.dropFirst()), in: light) { return nil }
            // `small` also overrides the dark variant: a null there may drop what `dark` sets.
            if inVariant, path[0] == "small", let dark, holds(Array(path.dropFirst()), in: dark) { return nil }
            let place = inVariant
                ? "neither the spec nor a partial sets '\(path.dropFirst().joined(separator: "."))'" : "no partial sets '\(removal.dotted)'"
            return Diagnostic(.W002, "'\(removal.dotted): null' removes nothing: \(place)", at: removal.span,
                              help: "remove the line; null only drops a key that 'extends' gives (write \"null\" in quotes for the text null)")
        }
    }

    /// `merged` (which may hold nulls) with them taken out, and E004 for each
    /// null that leaves its mapping without a key the mapping needs
    /// (`border: {color: null}`: a ring needs a colour). Such a mapping is
    /// dropped whole, so that nothing else is reported about it. `root` is
    /// the schema of `merged` (a spec, or a `dark` override).
    static func apply(to merged: YAMLNode, root: ObjectSpec) -> (node: YAMLNode, diagnostics: [Diagnostic]) {
        let found = removals(in: merged)
        // Most specs have none: their tree is not rebuilt.
        guard !found.isEmpty else { return (merged, []) }
        var node = stripped(merged)
        var diagnostics: [Diagnostic] = []
        for removal in found where removal.path.count > 1 {
            let parentPath = Array(removal.path.dropLast())
            guard let key = removal.path.last, holds(parentPath, in: node), let object = LanguageSchema.object(at: parentPath, below: root) else { continue }
            let parent = parentPath.joined(separator: ".")
            let missing: String?
            if object.required.contains(key) {
                missing = "'\(parent)' needs '\(key)'"
            } else if let group = object.exactlyOne.first(where: { $0.contains(key) }),
                      !group.contains(where: { holds(parentPath + [$0], in: node) }) {
                missing = "'\(parent)' needs one of " + group.map { "'\($0)'" }.joined(separator: ", ")
            } else {
                missing = nil
            }
            guard let missing else { continue }
            diagnostics.append(Diagnostic(.E004, "'\(removal.dotted): null' leaves '\(parent)' incomplete: \(missing)", at: removal.span,
                                          help: "drop the whole of it with '\(parent): null', or give '\(key)' a value"))
            node = removing(parentPath, from: node)
        }
        return (node, diagnostics)
    }

    /// `node` without the pair at `path`.
    static func removing(_ path: [String], from node: YAMLNode) -> YAMLNode {
        guard let first = path.first, let pairs = node.pairs else { return node }
        if path.count == 1 { return NodeMerger.removing([first], from: node) }
        let rebuilt = pairs.map { pair in
            pair.key.scalar == first ? YAMLNode.Pair(key: pair.key, value: removing(Array(path.dropFirst()), from: pair.value)) : pair
        }
        return YAMLNode(.mapping(rebuilt), span: node.span)
    }
}
