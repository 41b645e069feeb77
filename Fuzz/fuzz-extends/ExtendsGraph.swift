import FuzzSupport

/// The small project one input of `fuzz-extends` stands for: a spec and up
/// to 24 partials in a few folders, whose `extends` entries point at each
/// other. The first bytes choose the graph (folders, entries, targets, the
/// form of each path), so the fuzzer explores graphs — cycles, diamonds,
/// self-reference, missing files, deep chains, many entries, `..` and
/// absolute paths — and not only YAML syntax.
///
/// In *strict* mode every file's other keys come from `snippets`, valid
/// lines that merge and clash across files, so whether `extends` makes a
/// cycle is known here (`reachesCycle`) and logoc's answer can be checked
/// against it. In *raw* mode the rest of the input is written into the files
/// as it is (split at 0xFF), after the `extends` line: YAML syntax fuzzing
/// with a graph around it.
struct ExtendsGraph {
    enum Target: Equatable {
        /// `files[i]`: itself, another partial, or the spec.
        case file(Int)
        /// A name that does not exist.
        case missing(Int)
        /// A partial outside the project root (written once beside it).
        case outside
    }

    struct Entry {
        var target: Target
        /// How the path is written (`ExtendsGraph.path`).
        var form: Int
    }

    struct File {
        /// Relative to the project root.
        var path: String
        var entries: [Entry] = []
        /// `extends: x` instead of `extends: [x]` (one entry only).
        var scalar = false
        var body = ""
    }

    /// `files[0]` is the spec.
    var files: [File] = []
    var strict = true

    static let folders = ["", "a", "a/b", "c"]
    /// The most entries `extends` takes (`SpecChecker.extendsBase`): a
    /// longer list is an error and extends nothing.
    static let maxEntries = 64
    /// The partial outside the root, beside the project folder.
    static let outsideName = "outside/_x.yaml"

    /// Valid lines (by key), that partials and the spec set differently.
    static let snippets: [(key: String, line: String)] = [
        ("size", "size: 64"), ("size", "size: 128"),
        ("shape", "shape: circle"), ("shape", "shape: square"), ("shape", "shape: roundRect"),
        ("background", "background: \"#1565C0\""), ("background", "background: \"#FFFFFF\""),
        ("background", "background: {gradient: {colors: [\"#0B3142\", \"#1F6F5C\"]}}"),
        ("text", "text: {initials: Ada Lovelace, color: white}"), ("text", "text: {content: AB}"), ("text", "text: JD"),
        ("text", "text:\n  color: black\n  size: 40%"),
        ("name", "name: partial-name"), ("contrast", "contrast: AA"), ("contrast", "contrast: off"),
        ("dark", "dark: {background: \"#000000\"}"), ("output", "output: {formats: [png]}"),
    ]

    init(_ input: [UInt8]) {
        var bytes = FuzzBytes(input)
        let flags = bytes.byte()
        strict = flags & 1 == 0
        let count = 1 + bytes.pick(25)
        for i in 0..<count {
            let folder = Self.folders[bytes.pick(Self.folders.count)]
            let name = i == 0 ? "spec.yaml" : "_p\(i).yaml"
            var file = File(path: folder.isEmpty ? name : folder + "/" + name)
            let many = bytes.byte()
            // Mostly a few entries; sometimes about as many as allowed.
            let entryCount = many >= 0xF0 ? Self.maxEntries - 4 + Int(many & 0x0F) % 12 : Int(many) % 6
            for _ in 0..<entryCount {
                let t = bytes.pick(count + 3)
                let target: Target = t < count ? .file(t) : t == count ? .outside : .missing(t - count)
                file.entries.append(Entry(target: target, form: bytes.pick(5)))
            }
            file.scalar = entryCount == 1 && many & 0x40 != 0
            files.append(file)
        }
        if strict {
            for i in files.indices {
                var keys: Set<String> = []
                var lines: [String] = []
                for _ in 0..<bytes.pick(5) {
                    let snippet = Self.snippets[bytes.pick(Self.snippets.count)]
                    if keys.insert(snippet.key).inserted { lines.append(snippet.line) }
                }
                files[i].body = lines.map { $0 + "\n" }.joined()
            }
        } else {
            let raw = bytes.rest().split(separator: 0xFF, omittingEmptySubsequences: false)
            for (i, part) in raw.prefix(files.count).enumerated() { files[i].body = String(decoding: part, as: UTF8.self) }
        }
    }

    /// How `files[from]` names `target`, in one of five forms: the shortest
    /// relative path, the same after `./`, up to the root and down again,
    /// through folder `a` and back (`a/../`), or absolute.
    func path(_ entry: Entry, from: Int, root: String) -> String {
        let folder = Self.folder(of: files[from].path)
        let depth = folder.isEmpty ? 0 : folder.split(separator: "/").count
        let up = String(repeating: "../", count: depth)
        let target: String
        switch entry.target {
        case .file(let i): target = files[i].path
        case .missing(let k): target = "_missing\(k).yaml"
        case .outside: return up + "../" + Self.outsideName
        }
        switch entry.form {
        case 0: return Self.relative(target, from: folder)
        case 1: return "./" + Self.relative(target, from: folder)
        case 2: return up + target
        case 3: return "a/../" + Self.relative(target, from: folder)
        default: return root + "/" + target
        }
    }

    /// The text of `files[i]`: its `extends` line, then its body.
    func text(of i: Int, root: String) -> String {
        let file = files[i]
        guard !file.entries.isEmpty else { return file.body }
        let paths = file.entries.map { "\"" + path($0, from: i, root: root) + "\"" }
        let extends = file.scalar ? "extends: \(paths[0])" : "extends: [\(paths.joined(separator: ", "))]"
        return extends + "\n" + file.body
    }

    /// Whether, in strict mode, following `extends` from the spec comes back
    /// to a file already on the way: then logoc must answer `E015`. Missing
    /// and outside targets are no edges, nor is a list longer than logoc takes.
    var reachesCycle: Bool {
        var state = [Int](repeating: 0, count: files.count)   // 0 new, 1 on the way, 2 done
        func visit(_ i: Int) -> Bool {
            state[i] = 1
            defer { state[i] = 2 }
            guard files[i].entries.count <= Self.maxEntries else { return false }
            for entry in files[i].entries {
                guard case .file(let j) = entry.target else { continue }
                if state[j] == 1 { return true }
                if state[j] == 0, visit(j) { return true }
            }
            return false
        }
        return visit(0)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `target` (from the root) as written in a file in `folder`.
    static func relative(_ target: String, from folder: String) -> String {
        let from = folder.split(separator: "/").map(String.init)
        let to = target.split(separator: "/").map(String.init)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }
}
