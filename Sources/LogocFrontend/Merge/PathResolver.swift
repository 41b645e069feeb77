import Foundation
import LogocCore

/// Resolves the paths a spec names against the spec's folder and keeps them
/// inside the project root, after `..` and symbolic links (SPEC.md, E013).
public struct PathResolver: Sendable {
    /// The project root, absolute, with symbolic links resolved.
    public let root: String

    public enum Outcome: Equatable, Sendable {
        /// An absolute, link-free path inside the root that exists.
        case file(String)
        case missing(String)
        case outsideRoot(String)
    }

    /// Answers already given: a thousand specs in one folder name the same
    /// partial and the same photo. Kept for the resolver's life, which is one
    /// run (`Project.load` makes a new one; `watch` loads it for every build).
    private let known = Known<Outcome>()
    /// Real paths of the folders of spec files (`realFile`).
    private let realFolders = Known<String>()

    public init(root: String) {
        self.root = Self.realPath(Self.absolute(root)) ?? Self.absolute(root)
    }

    /// Resolves `path`, written in a file in folder `directory` (absolute).
    public func resolve(_ path: String, from directory: String) -> Outcome {
        let key = directory + "\u{0}" + path
        if let outcome = known.get(key) { return outcome }
        let outcome = resolveAfresh(path, from: directory)
        known.set(key, outcome)
        return outcome
    }

    /// `realPath` of a spec file, or of a photo or partial a spec names
    /// (`resolve`): its folder's real path is looked up once for all the
    /// files in it (`realpath` reads every component of the path, a
    /// `readlink` each: for the photos and partials named from each folder,
    /// 53,000 calls in a check of 100,000 specs); only a file that is
    /// itself a symbolic link is resolved on its own. Nil when the file is
    /// not there, as `realpath` gives.
    public func realFile(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK { return Self.realPath(path) }
        return realFile(notALink: path)
    }

    /// `realFile` of a file just opened without following a link (so it is
    /// none): no `lstat`, which was 2 % of a check of 100,000 specs.
    public func realFile(notALink path: String) -> String? {
        let absolute = Self.absolute(path)
        let slash = Self.lastSlash(in: absolute) ?? absolute.startIndex
        let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        let real: String
        if let known = realFolders.get(folder) {
            real = known
        } else {
            guard let found = Self.realPath(folder) else { return nil }
            realFolders.set(folder, found)
            real = found
        }
        return (real == "/" ? "" : real) + absolute[slash...]
    }

    private func resolveAfresh(_ path: String, from directory: String) -> Outcome {
        let lexical = Self.absolute(path, from: directory)
        guard let real = realFile(lexical) else {
            // It does not exist: judge the place it would be at, through the
            // links of the folders that do exist.
            let parent = Self.realPath((lexical as NSString).deletingLastPathComponent)
                .map { ($0 as NSString).appendingPathComponent((lexical as NSString).lastPathComponent) } ?? lexical
            return isInside(parent) ? .missing(parent) : .outsideRoot(parent)
        }
        return isInside(real) ? .file(real) : .outsideRoot(real)
    }

    /// Answers by key, shared by the threads of a run.
    final class Known<Value: Sendable>: Sendable {
        private let values = Locked<[String: Value]>([:])

        func get(_ key: String) -> Value? {
            values.withLock { $0[key] }
        }

        func set(_ key: String, _ value: Value) {
            values.withLock { $0[key] = value }
        }
    }

    /// Whether an absolute, link-free path is the root or below it.
    public func isInside(_ path: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// An absolute path with `.` and `..` removed lexically. (Foundation's
    /// `standardizingPath` also resolves symbolic links, one `readlink` per
    /// component, which dominated discovering thousands of specs; links are
    /// resolved where it matters, by `realPath`.)
    public static func absolute(_ path: String, from cwd: String? = nil) -> String {
        // Discovery's paths are already in this form: splitting and joining
        // one again was 40,000 instructions, for every spec with `extends`.
        // (Still pays, callgrind 2026-11-24: `check` of 1,000 bench specs
        // executes 5.1 % fewer instructions with it, 144 M of 2,812 M.)
        if isPlainAbsolute(path) { return path }
        return normalized(path.hasPrefix("/") ? path : (cwd ?? FileManager.default.currentDirectoryPath) + "/" + path)
    }

    /// An absolute `full` path split at `/` and joined again without empty
    /// and `.` components, each `..` taking the one before it away: what
    /// `absolute` returns for any path that is not already plain.
    static func normalized(_ full: String) -> String {
        var parts: [Substring] = []
        for component in full.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is ASCII, starts with `/`, and has no empty, `.` or
    /// `..` component and no trailing slash (`/` alone is plain): then it is
    /// its own `absolute` form. ASCII, because a `/` followed by a combining
    /// mark is one `Character`, which `split(separator: "/")` keeps whole.
    static func isPlainAbsolute(_ path: String) -> Bool {
        // Read where the bytes are stored (a native string's always are):
        // through `String.UTF8View`'s iterator a byte cost about thirty instructions.
        path.utf8.withContiguousStorageIfAvailable(isPlainAbsolute) ?? isPlainAbsolute(path.utf8)
    }

    private static func isPlainAbsolute<Bytes: Collection<UInt8>>(_ utf8: Bytes) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard utf8.first == slash else { return false }
        if utf8.count == 1 { return true }
        // Length of the component being read (-1 before the first slash),
        // and whether it is all dots.
        var length = -1, dots = true
        for byte in utf8 {
            if byte >= 0x80 { return false }
            if byte == slash {
                if length == 0 || (length > 0 && length <= 2 && dots) { return false }
                length = 0
                dots = true
            } else {
                length += 1
                dots = dots && byte == dot
            }
        }
        return !(length == 0 || (length <= 2 && dots))
    }

    /// `path.lastIndex(of: "/")`, found on bytes when the path is ASCII
    /// (then each byte is a character): the search by characters cost 4,000
    /// instructions per path, twice per spec, in the serial parts of a run.
    /// (Still pays, callgrind 2026-11-24: 3.5 % of a no-op rebuild of 1,000
    /// bench specs, 0.8 % of their `check`.)
    public static func lastSlash(in path: String) -> String.Index? {
        guard let offset = asciiBytes(of: path, { bytes in bytes.lastIndex(of: UInt8(ascii: "/")) }) else { return path.lastIndex(of: "/") }
        return offset.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }

    /// `body` over the bytes of an ASCII `text`, whose characters are its
    /// bytes; nil for any other text (its characters need `Character`s).
    /// One pass over contiguous bytes: the same test through `String.UTF8View`
    /// iterators cost about 30 instructions a byte, on every path asked.
    static func asciiBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let answer: Result?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            return high < 0x80 ? body(bytes) : nil
        }
        return answer ?? nil
    }

    /// Byte-wise order of UTF-8 (`a.utf8.lexicographicallyPrecedes(b.utf8)`)
    /// by `memcmp`: sorting 10,000 discovered paths byte by byte through
    /// the generic algorithm was half of discovery, which runs on one core.
    /// (Still pays, callgrind 2026-11-24: 5.2 % of a no-op rebuild of 1,000
    /// bench specs, 7.7 M of 149 M instructions.)
    public static func bytewiseLess(_ a: String, _ b: String) -> Bool {
        String.withUTF8(a, b, bytewiseLess)
    }

    private static func bytewiseLess(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = min(x.count, y.count)
        if n > 0, let p = x.baseAddress, let q = y.baseAddress {
            let order = memcmp(p, q, n)
            if order != 0 { return order < 0 }
        }
        return x.count < y.count
    }

    /// Whether `path` has two slashes in a row (an empty component), found
    /// without Foundation's `contains`, which bridged to NSString and cost
    /// 15,000 instructions twice per spec.
    static func hasDoubleSlash(_ path: String) -> Bool {
        func scan(_ bytes: some Sequence<UInt8>) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "/"), previous == byte { return true }
                previous = byte
            }
            return false
        }
        return path.utf8.withContiguousStorageIfAvailable(scan) ?? scan(path.utf8)
    }

    /// `(path as NSString).deletingLastPathComponent`, without bridging to
    /// NSString for a path with no empty component and no trailing slash
    /// (every path discovery makes, absolute or as displayed): that cost
    /// more than a YAML key per spec. Any other path goes to Foundation.
    /// (Still pays, callgrind 2026-11-24: 1.8 % of `check` of 1,000 bench
    /// specs; relative paths went to Foundation until 2026-11-28, 1.1 % of a
    /// check of 10,000 in `displayJoin`.)
    public static func folder(of path: String) -> String {
        guard !path.isEmpty, !path.hasSuffix("/"), !hasDoubleSlash(path) else {
            return (path as NSString).deletingLastPathComponent
        }
        guard let slash = lastSlash(in: path) else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `(path as NSString).lastPathComponent`, without bridging when the path
    /// does not end in a slash (then it is what follows the last slash).
    public static func lastComponent(of path: String) -> String {
        guard !path.isEmpty, !path.hasSuffix("/") else { return (path as NSString).lastPathComponent }
        return lastSlash(in: path).map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `realpath(3)`: absolute, no `.`/`..`, no symbolic links; nil when missing.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Joins a display path's folder with a relative path and removes `.` and
    /// `..` without touching the file system: how a partial is named in
    /// diagnostics (`Specs/team/../_base.yaml` → `Specs/_base.yaml`).
    public static func displayJoin(_ displayFile: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        let folder = folder(of: displayFile)
        // One plain name (`_person.yaml`, what most specs extend): the
        // folder and the name, as the loop below would join them, without
        // splitting the folder into components and joining them again.
        if !relative.isEmpty, relative != ".", relative != "..", !relative.utf8.contains(UInt8(ascii: "/")) {
            return folder.isEmpty ? relative : folder + "/" + relative
        }
        var parts: [String] = folder.isEmpty ? [] : folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let absolute = displayFile.hasPrefix("/")
        for component in relative.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                if let last = parts.last, last != "..", !(last.isEmpty && absolute && parts.count == 1) { parts.removeLast() } else if !absolute { parts.append("..") }
            default: parts.append(String(component))
            }
        }
        let joined = parts.joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }
}
