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

    /// The pictures the cache's groups hold (walked twice: `FinalGroups`,
    /// or a dictionary in tests), for the spec files in
    /// `display` (project-relative → display path). With `lookedAt`, only
    /// pictures whose colour is near one of theirs (two cells of the colour
    /// grid around it, enough for every pair `diagnostics` reports): a
    /// rebuild that touched one spec among 10,000 reads every fingerprint's
    /// colour, and decodes a few.
    static func pictures(_ groups: some Sequence<(key: String, value: BuildCache.Group)>, display: (String) -> String?,
                         lookedAt: Set<String>? = nil) -> [Picture] {
        func decoded(_ spec: String, _ group: BuildCache.Group, keep: (Fingerprint) -> Bool) -> [Picture] {
            guard !group.pictures.isEmpty, let shown = display(spec) else { return [] }
            return BuildCache.Picture.decoded(group.pictures).compactMap { p in
                guard let fingerprint = Fingerprint(p.fingerprint), keep(fingerprint) else { return nil }
                return Picture(displayPath: shown, label: p.label, variant: p.variant, fingerprint: fingerprint)
            }
        }
        var pictures: [Picture] = []
        if let lookedAt {
            var near: Set<[Int]> = []
            for (spec, group) in groups where display(spec).map(lookedAt.contains) == true {
                for p in decoded(spec, group, keep: { _ in true }) {
                    pictures.append(p)
                    let home = cell(OKLab(p.fingerprint.mean))
                    for dl in -2...2 { for da in -2...2 { for db in -2...2 { near.insert([home[0] + dl, home[1] + da, home[2] + db]) } } }
                }
            }
            guard !near.isEmpty else { return [] }
            for (spec, group) in groups where display(spec).map(lookedAt.contains) == false {
                // Each picture's text ends with its mean colour's six hex digits: read
                // those first, and the rest only for a picture near a looked-at one.
                guard Self.means(in: group.pictures).contains(where: { near.contains(cell(OKLab($0))) }) else { continue }
                pictures += decoded(spec, group) { near.contains(cell(OKLab($0.mean))) }
            }
        } else {
            for (spec, group) in groups { pictures += decoded(spec, group) { _ in true } }
        }
        return pictures.sorted { ($0.displayPath, $0.label) < ($1.displayPath, $1.label) }
    }

    /// The mean colours of an encoded list of pictures (`BuildCache.Picture`),
    /// read straight from the bytes.
    static func means(in encoded: String) -> [RGBA] {
        var result: [RGBA] = []
        var utf8 = Array(encoded.utf8)
        utf8.append(0x1E)
        var start = 0
        for (i, byte) in utf8.enumerated() where byte == 0x1E {
            if i - start >= 6, let rgb = UInt32(String(decoding: utf8[(i - 6)..<i], as: UTF8.self), radix: 16) { result.append(RGBA(rgb: rgb)) }
            start = i + 1
        }
        return result
    }

    /// A colour's cell of the grid as wide as the colour tolerance.
    static func cell(_ lab: OKLab) -> [Int] {
        [lab.l, lab.a, lab.b].map { Int(($0 / colorTolerance).rounded(.down)) }
    }

    /// `team/ann.png`, `team/ann@2x.png` → `team/ann`.
    static func label(_ entry: Manifest.Entry) -> String {
        var base = entry.path
        if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
        if let at = base.lastIndex(of: "@"), base[base.index(after: at)...].hasSuffix("x") { base = String(base[..<at]) }
        return base
    }

    /// At most one W003 per picture: at each picture that looks like an
    /// earlier one (in path order), naming the earliest and counting the
    /// others, so a thousand identical avatars give a thousand warnings,
    /// not half a million.
    /// With `lookedAt` (display paths of the spec files looked at in this
    /// run), only pairs with one of them are reported, as a build reports the
    /// other diagnostics of the specs it looked at; nil reports every pair.
    static func diagnostics(_ pictures: [Picture], threshold: Int, lookedAt: Set<String>? = nil) -> [Diagnostic] {
        guard pictures.count > 1 else { return [] }
        // Look-alikes have nearly the same mean colour, so pictures are first
        // put in cells of the OKLab grid as wide as the colour tolerance; a
        // picture is looked up only in its own cell and the 26 around it.
        // (Avatars of one layout share most hash bits, so the hash index
        // alone would fill few buckets with most pictures.)
        let labs = pictures.map { OKLab($0.fingerprint.mean) }
        var members: [[Int]: [Int]] = [:]
        for (i, lab) in labs.enumerated() { members[cell(lab), default: []].append(i) }
        let indexes = members.mapValues { HammingIndex($0.map { pictures[$0].fingerprint.hash }) }
        let masks = HammingIndex.masks(for: threshold)
        // The pictures that look like picture `j` (same variant, another output, close in colour).
        func nearby(_ j: Int, _ body: (Int, Int) -> Void) {
            let b = pictures[j]
            let home = cell(labs[j])
            for dl in -1...1 {
                for da in -1...1 {
                    for db in -1...1 {
                        let near = [home[0] + dl, home[1] + da, home[2] + db]
                        guard let index = indexes[near], let ids = members[near] else { continue }
                        index.query(b.fingerprint.hash, within: threshold, masks: masks) { k, distance in
                            let i = ids[k]
                            let a = pictures[i]
                            guard i != j, a.variant == b.variant, a.label != b.label,
                                  labs[i].distance(to: labs[j]) <= colorTolerance else { return }
                            body(i, distance)
                        }
                    }
                }
            }
        }
        // Warnings go on later pictures of pairs with a picture looked at in this run.
        var targets: Set<Int> = []
        for j in pictures.indices where lookedAt.map({ $0.contains(pictures[j].displayPath) }) ?? true {
            targets.insert(j)
            if lookedAt != nil { nearby(j) { i, _ in if i > j { targets.insert(i) } } }
        }
        // Per later picture: the earliest look-alike, its distance, and how many there are.
        var found: [Int: (first: Int, distance: Int, count: Int)] = [:]
        for j in targets {
            nearby(j) { i, distance in
                guard i < j else { return }
                if let known = found[j] {
                    found[j] = i < known.first ? (i, distance, known.count + 1) : (known.first, known.distance, known.count + 1)
                } else {
                    found[j] = (i, distance, 1)
                }
            }
        }
        return found.keys.sorted().compactMap { j in
            guard let (i, distance, count) = found[j] else { return nil }
            let a = pictures[i], b = pictures[j]
            let bits = distance == 1 ? "1 bit" : "\(distance) bits"
            let more = count > 1 ? " and \(count - 1) other\(count == 2 ? "" : "s")" : ""
            return Diagnostic(
                .W003, "'\(b.label)' looks almost the same as '\(a.label)'\(more) (fingerprints \(bits) apart of 64; lookAlike is \(threshold))",
                at: .startOf(b.displayPath),
                help: "give one of them another background (background: auto gives each name its own colour), text or shape",
                notes: [.init("'\(a.label)' is drawn from this spec", at: .startOf(a.displayPath))])
        }
    }
}
