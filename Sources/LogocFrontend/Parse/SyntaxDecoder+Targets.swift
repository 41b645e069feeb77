import LogocCore

extension SyntaxDecoder {
    /// `targets`: a mapping of target keys to kinds. An unknown key or kind
    /// is E018 at it (SPEC-v2 §4) with the nearest word. Every kind of the
    /// contract is written (`TargetCatalog.layouts`; a test holds them equal).
    mutating func targets(_ node: YAMLNode) -> Located<TargetsSyntax>? {
        guard let pairs = node.pairs else {
            appendDiagnostic(Diagnostic(.E003, "expected a mapping of targets (a mapping of keys), found \(node.kindDescription)", at: node.span,
                                        help: "write 'targets:' followed by indented keys, as in 'targets: {web: favicon}'"))
            return nil
        }
        let known = TargetCatalog.kinds.map(\.target)
        var targets = TargetsSyntax()
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            guard let kinds = TargetCatalog.kinds.first(where: { $0.target == key })?.kinds else {
                let near = Suggest.nearest(key, in: known) ?? Suggest.sharingStem(key, in: known)
                appendDiagnostic(Diagnostic(.E018, "unknown target '\(Quoted.value(key))'; expected " + Self.list(known, quote: true, or: true),
                                            at: pair.key.span, help: near.map { "did you mean '\($0)'?" } ?? "use one of " + Self.list(known, quote: true, or: true)))
                continue
            }
            guard let kind = word(pair.value, key: key, kinds, noun: "'\(key)' kind", code: .E018) else { continue }
            targets.choices.append(TargetsSyntax.Choice(target: key, kind: kind))
        }
        return Located(targets, at: node.span)
    }
}
