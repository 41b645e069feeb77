/// Cairo numbers some SVG ids (`surface12`, `image7`) from a process-wide
/// counter, so the same drawing gets other ids later in the same process.
/// Renumbering them in order of first appearance makes the bytes depend on
/// the drawing alone.
enum SVGIDs {
    static let prefixes = ["surface", "image"]

    static func renumber(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var maps: [String: [Substring: Int]] = [:]
        var rest = text[...]
        while let (prefix, range) = nextID(in: rest) {
            out += rest[rest.startIndex..<range.lowerBound]
            let digits = rest[rest.index(range.lowerBound, offsetBy: prefix.count)..<range.upperBound]
            var map = maps[prefix, default: [:]]
            let number = map[digits] ?? (map.count + 1)
            map[digits] = number
            maps[prefix] = map
            out += prefix + String(number)
            rest = rest[range.upperBound...]
        }
        out += rest
        return Array(out.utf8)
    }

    /// The next `prefixN` that is a whole id (preceded by `"` or `#`).
    private static func nextID(in text: Substring) -> (String, Range<Substring.Index>)? {
        var best: (String, Range<Substring.Index>)?
        for prefix in prefixes {
            var search = text[...]
            while let found = search.range(of: prefix) {
                let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
                var end = found.upperBound
                while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end) }
                if (before == "\"" || before == "#"), end > found.upperBound {
                    if best.map({ found.lowerBound < $0.1.lowerBound }) ?? true { best = (prefix, found.lowerBound..<end) }
                    break
                }
                search = text[found.upperBound...]
            }
        }
        return best
    }
}
