/// What the decoder checks a key's value against, read from the schema
/// table (`LanguageSchema`) rather than written again beside each key: a
/// range, an allowed word or a pattern changed in the table changes both
/// `logoc check` and `logoc schema`.
///
/// A key of several forms (`text.size`: a length or `auto`) answers with the
/// form asked for; a list answers for its items through `item`.
extension ValueSpec {
    /// What `match` gives for the first form it answers: this value, or
    /// the forms of a `oneOf`, depth first. Walked in place: building a
    /// list of the forms allocated an array for every look-up, and the
    /// decoder looks up ranges and words for most keys of every spec.
    private func firstForm<T>(_ match: (ValueSpec) -> T?) -> T? {
        guard case .oneOf(let options) = self else { return match(self) }
        for option in options { if let found = option.firstForm(match) { return found } }
        return nil
    }

    /// The range of the integer form.
    var integerRange: ClosedRange<Int>? {
        firstForm { if case .integer(let range) = $0 { range } else { nil } }
    }

    /// The range of the number form.
    var numberRange: ClosedRange<Double>? {
        firstForm { if case .number(let range) = $0 { range } else { nil } }
    }

    /// Every word of the choice forms, in the table's order.
    var words: [String] {
        switch self {
        case .choice(let words): words
        case .oneOf(let options): options.flatMap(\.words)
        default: []
        }
    }

    /// The list form's item type and item count.
    var list: (item: ValueSpec, count: ClosedRange<Int>?)? {
        firstForm { if case .list(let item, let count, _) = $0 { (item, count) } else { nil } }
    }

    /// The length form's cap on a percentage: nil when there is no length
    /// form, `.some(nil)` when the length has no cap of its own.
    var lengthMaxPercent: Double?? {
        firstForm { if case .length(let cap) = $0 { .some(cap) } else { nil } }
    }

    /// The text form's pattern.
    var pattern: String? {
        firstForm { if case .text(let pattern) = $0 { .some(pattern) } else { nil } } ?? nil
    }
}

extension ObjectSpec {
    /// The type of `key`; a key the table lacks has no forms (and every
    /// look-up below answers its refusing fallback, which the decoder's
    /// tests would show at once: no value of it would be accepted).
    func value(of key: String) -> ValueSpec { position(of: key).map { keys[$0].value } ?? .oneOf([]) }

    /// The integer range of `key` (or of its list's items, with `item`).
    func integers(_ key: String, item: Bool = false) -> ClosedRange<Int> {
        (item ? value(of: key).list?.item : value(of: key))?.integerRange ?? 0...0
    }

    /// The number range of `key` (or of its list's items, with `item`).
    func numbers(_ key: String, item: Bool = false) -> ClosedRange<Double> {
        (item ? value(of: key).list?.item : value(of: key))?.numberRange ?? 0...0
    }

    /// The allowed words of `key` (or of its list's items, with `item`).
    func words(_ key: String, item: Bool = false) -> [String] {
        (item ? value(of: key).list?.item : value(of: key))?.words ?? []
    }

    /// How many items `key`'s list may hold.
    func count(_ key: String) -> ClosedRange<Int> {
        guard let list = value(of: key).list else { return 0...0 }
        return list.count ?? 0...(Int.max - 1)
    }

    /// The cap on a percentage of `key`'s length (nil: the default cap).
    func maxPercent(_ key: String) -> Double? {
        value(of: key).lengthMaxPercent ?? nil
    }

    /// The pattern `key`'s text must match.
    func pattern(_ key: String) -> String? {
        value(of: key).pattern
    }
}
