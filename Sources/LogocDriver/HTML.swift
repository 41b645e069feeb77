/// Text put into the pages logoc writes (the gallery, `verify`'s review page).
enum HTML {
    /// HTML-escaped text, for element content and quoted attributes; most
    /// names need nothing, and are returned as they are.
    static func escaped(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
