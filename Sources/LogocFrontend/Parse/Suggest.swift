/// "Did you mean" suggestions by edit distance.
///
/// The words compared come from specs, `logoc.yaml` and font files, so the
/// search is bounded: words longer than `maxLength` get no suggestion (a typo
/// of a key, a colour name or a palette name is short), only candidates whose
/// length is within the distance bound are compared, and the distance is
/// computed in a band of three rolling rows that stops as soon as the bound
/// is passed. A full matrix over a 30,000-character family and a
/// 3,000-character one took 737 MB; a 1 MiB colour value took 36 s.
enum Suggest {
    /// Longest word (and candidate), in characters, that a suggestion is
    /// searched for: above it, nothing is a likely typo.
    static let maxLength = 64

    /// The candidate closest to `word`, if it is close enough to be a likely
    /// typo: same letters ignoring case, or an edit distance within a third of
    /// the word's length (at least 1, at most 3).
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        var cells = 0
        return nearest(word, in: candidates, cells: &cells)
    }

    /// `nearest`, adding to `cells` the edit-distance cells it computed: the
    /// work done, which tests bound.
    static func nearest(_ word: String, in candidates: [String], cells: inout Int) -> String? {
        guard isShort(word) else { return nil }
        let lower = Array(word.lowercased())
        let limit = min(3, max(1, word.count / 3))
        var best: (String, Int)?
        for candidate in candidates where isShort(candidate) {
            let other = Array(candidate.lowercased())
            if other == lower { return candidate }
            guard abs(other.count - lower.count) <= limit else { continue }
            let d = distance(lower, other, limit: min(limit, (best?.1 ?? Int.max) - 1), cells: &cells)
            if let d, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// The one candidate that begins with the same word stem as `word` (its
    /// first `stemLength` letters, ignoring case), for allowed words a typo
    /// cannot reach by a few edits: `rounded` → `roundRect`. Nil when none
    /// or several do.
    static func sharingStem(_ word: String, in candidates: [String]) -> String? {
        guard isShort(word), word.count >= stemLength else { return nil }
        let stem = word.lowercased().prefix(stemLength)
        let matches = candidates.filter { $0.lowercased().hasPrefix(stem) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Letters two words must share at their start to be one stem.
    static let stemLength = 5

    /// Whether `word` has at most `maxLength` characters, decided without
    /// counting a long word to its end.
    private static func isShort(_ word: String) -> Bool {
        word.utf8.count <= maxLength || word.unicodeScalars.prefix(maxLength + 1).count <= maxLength
    }

    /// Edit distance over characters, counting a swap of two neighbours as
    /// one edit ("tael" → "teal"): optimal string alignment. Nil when it is
    /// above `limit`; only cells within `limit` of the diagonal are computed,
    /// three rows at a time, and the search stops at the first row whose
    /// every cell is above `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int, cells: inout Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let far = limit + 1
        // Rows i-2, i-1 and i of the matrix; cells outside the band hold `far`.
        var before = [Int](repeating: far, count: b.count + 1)
        var previous = (0...b.count).map { min($0, far) }
        var current = [Int](repeating: far, count: b.count + 1)
        for i in 1...a.count {
            current[0] = min(i, far)
            for j in 1...b.count { current[j] = far }
            var rowMinimum = current[0]
            let from = max(1, i - limit), to = min(b.count, i + limit)
            if from <= to {
                for j in from...to {
                    cells += 1
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        d = min(d, before[j - 2] + 1)
                    }
                    current[j] = min(d, far)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if rowMinimum > limit { return nil }
            (before, previous, current) = (previous, current, before)
        }
        let d = previous[b.count]
        return d <= limit ? d : nil
    }
}
