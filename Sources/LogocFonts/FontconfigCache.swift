import CFontconfig

/// fontconfig's own cache files for the folders of the bundled fonts,
/// written by `fc-cache` when Debian installs a font package. Reading a
/// font's character map with FreeType takes about 40 ms for the CJK
/// collection, every time a process starts; the cache has it ready. A
/// folder whose cache is missing or out of date (fontconfig checks the
/// folder's time) is simply not used, and its fonts are read from the files.
///
/// The caches stay mapped for the life of the process: their patterns and
/// character sets are shared, read-only, by every `FontFace` and session.
public final class FontconfigCache: @unchecked Sendable {
    // @unchecked: built once in `init`, then only read; fontconfig's cache
    // objects are immutable.

    /// The one per process, loaded on first use.
    public static let shared = FontconfigCache(folders: Set(FontCatalog.bundled.flatMap(\.files).map(folder(of:))).sorted())

    /// Folders with a valid cache, in which every bundled file was found.
    public let folders: [String]
    /// Each cached face pattern by file, in face-index order.
    private let patterns: [String: [(index: Int32, pattern: OpaquePointer)]]
    /// The loaded cache files, kept until exit (`releaseAtExit`).
    private let caches: [OpaquePointer]

    /// Where Debian's and the user's caches live.
    public static let cacheDirectoriesXML = """
        <cachedir>/var/cache/fontconfig</cachedir><cachedir prefix="xdg">fontconfig</cachedir>
        """

    private init(folders candidates: [String]) {
        var folders: [String] = []
        var patterns: [String: [(index: Int32, pattern: OpaquePointer)]] = [:]
        var caches: [OpaquePointer] = []
        let wanted = Set(FontCatalog.bundled.flatMap(\.files))
        if let config = FcConfigCreate() {
            let xml = "<?xml version=\"1.0\"?><fontconfig>\(Self.cacheDirectoriesXML)</fontconfig>"
            _ = xml.withCString { text in
                text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) { FcConfigParseAndLoadFromMemory(config, $0, FcTrue) }
            }
            for folder in candidates {
                guard let cache = FcDirCacheLoad(folder, config, nil) else { continue }
                caches.append(cache)
                guard let set = FcCacheCopySet(cache) else { continue }
                var found: [String: [(Int32, OpaquePointer)]] = [:]
                for i in 0..<Int(set.pointee.nfont) {
                    guard let pattern = set.pointee.fonts[i] else { continue }
                    var file: UnsafeMutablePointer<FcChar8>?
                    var index: Int32 = 0
                    guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
                          FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch else { continue }
                    let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
                    guard wanted.contains(path) else { continue }
                    FcPatternReference(pattern)
                    found[path, default: []].append((index, pattern))
                }
                FcFontSetDestroy(set)
                // A folder is used only when the cache knows every bundled file in it.
                let expected = wanted.filter { Self.folder(of: $0) == folder }
                guard expected.allSatisfy({ found[$0] != nil }) else {
                    for list in found.values { for (_, p) in list { FcPatternDestroy(p) } }
                    continue
                }
                folders.append(folder)
                for (path, list) in found { patterns[path] = list.sorted { $0.0 < $1.0 } }
                // The cache stays loaded: the patterns point into it.
            }
            FcConfigDestroy(config)
        }
        self.folders = folders
        self.patterns = patterns
        self.caches = caches
    }

    /// Gives back the patterns and cache files, so that `FcFini` (which
    /// asserts that no cache is loaded) can run before a leak check. Only
    /// at exit: nothing may use the shared cache afterwards.
    public func releaseAtExit() {
        for list in patterns.values { for (_, pattern) in list { FcPatternDestroy(pattern) } }
        for cache in caches { FcDirCacheUnload(cache) }
    }

    /// The cached faces of a bundled file; nil when it is not cached.
    public func faces(ofFile path: String) -> [(index: Int32, pattern: OpaquePointer)]? { patterns[path] }

    /// Searched in the UTF-8 bytes: `lastIndex(of:)` over characters, for
    /// each of the 31 bundled files in each folder, was 0.8 M instructions
    /// of every process's first font use (`/` is ASCII, so the result is
    /// the same for these paths). (Still pays, callgrind 2026-11-24: 0.66 M
    /// of a one-spec `check`'s 63.7 M instructions, 1.0 %.)
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return String(path[..<slash])
    }
}
