import LogocCore
import LogocRender

/// W003: outputs of one build that look almost the same. Works on the
/// fingerprints kept in the manifest's entries, so specs that were not
/// drawn again this run (unchanged, or skipped unread) take part too, and
/// the result does not depend on which specs were drawn or in what order.
enum LookAlikeCheck {
    /// Two look-alikes must also have mean colours this close (OKLab): the
    /// hash sees lightness only, and a red and a green disc of the same
    /// lightness are easy to tell apart.
    static let colorTolerance = 0.06

    /// One drawn picture: a spec's light or dark variant.
    struct Picture {
        /// Spec file as diagnostics show it.
        var displayPath: String
        /// Output base path, `team/ann` or `team/ann-dark`.
        var label: String
        var variant: String
        var fingerprint: Fingerprint
    }

    /// The pictures of `entries` (one per spec and variant, from its first
    /// output in path order), for the spec files in `display` (project-relative → display path).
    static func pictures(_ entries: [Manifest.Entry], display: [String: String]) -> [Picture] {
        var seen: Set<String> = []
        var pictures: [Picture] = []
        for entry in entries.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            guard let shown = display[entry.spec], let text = entry.fingerprint, let fingerprint = Fingerprint(text) else { continue }
            let key = entry.spec + "\u{0}" + entry.name + "\u{0}" + entry.variant
            guard seen.insert(key).inserted else { continue }
            pictures.append(Picture(displayPath: shown, label: label(entry), variant: entry.variant, fingerprint: fingerprint))
        }
        return pictures.sorted { ($0.displayPath, $0.label) < ($1.displayPath, $1.label) }
    }

    /// `team/ann.png`, `team/ann@2x.png` → `team/ann`.
    static func label(_ entry: Manifest.Entry) -> String {
        var base = entry.path
        if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
        if let at = base.lastIndex(of: "@"), base[base.index(after: at)...].hasSuffix("x") { base = String(base[..<at]) }
        return base
    }

    /// A W003 for each look-alike pair, at the later spec, with a note at the earlier.
    static func diagnostics(_ pictures: [Picture], threshold: Int) -> [Diagnostic] {
        guard pictures.count > 1 else { return [] }
        let index = HammingIndex(pictures.map(\.fingerprint.hash))
        var out: [Diagnostic] = []
        for (i, j, distance) in index.pairs(within: threshold) {
            let a = pictures[i], b = pictures[j]
            guard a.variant == b.variant, a.label != b.label,
                  a.fingerprint.colorDistance(to: b.fingerprint) <= colorTolerance else { continue }
            let bits = distance == 1 ? "1 bit" : "\(distance) bits"
            out.append(Diagnostic(
                .W003, "'\(b.label)' looks almost the same as '\(a.label)' (fingerprints \(bits) apart of 64; lookAlike is \(threshold))",
                at: .startOf(b.displayPath),
                help: "give one of them another background (background: auto gives each name its own colour), text or shape",
                notes: [.init("'\(a.label)' is drawn from this spec", at: .startOf(a.displayPath))]))
        }
        return out
    }
}
