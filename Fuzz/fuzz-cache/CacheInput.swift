import LogocCore
import LogocDriver
import FuzzSupport

/// What one input of `fuzz-cache` asks for: which run (`build` or `clean`),
/// in which state of the output folder, over which bytes of `.logoc-cache`,
/// `manifest.json` and `.logoc-intent`.
///
/// Byte 0 holds the flags; then either (*raw*) the three files' bytes as
/// they are, separated by `separator` (the seeds are real files), or
/// (*edits*) up to 16 edits of the process's own baseline files. Edits keep
/// what raw bytes cannot: stamps (size, time, inode) that match the files in
/// `dist/`, so the skip test and pruning run on mostly right records. An
/// edit may also inject an entry naming one of `CacheWorld.dangerousPaths`
/// with the right checksum.
struct CacheInput {
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// `logoc clean` instead of `logoc build`.
        static let clean = Flags(rawValue: 1)
        /// Recompute each cache group's CRC-32 after the edits.
        static let reseal = Flags(rawValue: 2)
        /// The last build was killed: marker and temporary file left.
        static let interrupted = Flags(rawValue: 4)
        /// The three files as the input's bytes.
        static let raw = Flags(rawValue: 8)
        /// No cache: pruning goes by the manifest alone.
        static let noCache = Flags(rawValue: 16)
        /// Build only `Specs/a.yaml` (a build of other paths into the folder).
        static let partialBuild = Flags(rawValue: 32)
    }

    static let separator = Array("\n#logoc-fuzz-next-file#\n".utf8)
    static let maxEdits = 16

    var flags: Flags
    var cache: [UInt8]?
    var manifest: [UInt8]?
    var intent: [UInt8]?

    init(_ input: [UInt8], world: CacheWorld) {
        var bytes = FuzzBytes(input)
        flags = Flags(rawValue: bytes.byte())
        if flags.contains(.raw) {
            let parts = Self.split(bytes.rest())
            cache = parts.first ?? world.cache
            manifest = parts.count > 1 ? parts[1] : world.manifest
            intent = parts.count > 2 ? parts[2] : nil
        } else {
            var files: [[UInt8]] = [world.cache, world.manifest, []]
            for _ in 0..<Self.maxEdits where !bytes.isAtEnd {
                let op = bytes.byte()
                let file = Int(op / 6) % 3
                Self.edit(&files[file], kind: Int(op % 6), file: file, bytes: &bytes, world: world)
            }
            (cache, manifest, intent) = (files[0], files[1], files[2].isEmpty ? nil : files[2])
        }
        if flags.contains(.reseal), let bytes = cache { cache = BuildCacheResealing.resealed(bytes) }
        if flags.contains(.noCache) { cache = nil }
    }

    /// One edit of `target` (0 cache, 1 manifest, 2 intent log).
    static func edit(_ target: inout [UInt8], kind: Int, file: Int, bytes: inout FuzzBytes, world: CacheWorld) {
        switch kind {
        case 0:   // overwrite
            let at = bytes.position(in: target.count)
            let new = bytes.take(1 + bytes.pick(4))
            target.replaceSubrange(at..<min(target.count, at + new.count), with: new)
        case 1:   // insert
            let at = bytes.position(in: target.count)
            target.insert(contentsOf: bytes.take(1 + bytes.pick(8)), at: at)
        case 2:   // delete
            let at = bytes.position(in: target.count)
            target.removeSubrange(at..<min(target.count, at + 1 + bytes.pick(64)))
        case 3:   // cut short
            target.removeSubrange(bytes.position(in: target.count)...)
        case 4:   // an entry naming a dangerous path, with the right checksum
            let paths = world.dangerousPaths
            let path = paths[bytes.pick(paths.count)]
            let spec = ["Specs/gone.yaml", "Specs/a.yaml", "Specs/team/b.yaml"][bytes.pick(3)]
            inject(path, spec: spec, sha256: world.victimSHA, into: &target, file: file, fresh: bytes.byte() & 1 == 0)
        default:  // a part copied elsewhere (a group, a line twice)
            let from = bytes.position(in: target.count)
            let part = Array(target[from..<min(target.count, from + 1 + bytes.uint16() % 2048)])
            target.insert(contentsOf: part, at: bytes.position(in: target.count))
        }
    }

    /// Adds an entry for `path`: a manifest line at the top of `outputs`, a
    /// cache group appended (it replaces `spec`'s), or an intent line.
    static func inject(_ path: String, spec: String, sha256: String, into target: inout [UInt8], file: Int, fresh: Bool) {
        switch file {
        case 0:
            let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            let line = Array("out\t\(escaped)\tkey\ttree\t-1\t0\t0\t\(sha256)\t-\ta\tpng\t1\tlight\t32\t32\t\t-\n".utf8)
            let header = "spec\t\(spec)\t\(fresh ? "fresh" : "stale")\t1\t\(line.count)\t0\t0\t\t0\n"
            target += Array(header.utf8) + line
        case 1:
            let entry = "\n    {\"path\": \(JSON.quote(path)), \"spec\": \(JSON.quote(spec)), \"name\": \"a\", \"format\": \"png\", \"scale\": 1, "
                + "\"variant\": \"light\", \"width\": 32, \"height\": 32, \"sha256\": \"\(sha256)\", \"contrast\": null, \"warnings\": [], \"fingerprint\": null},"
            let key = Array("\"outputs\" : [".utf8)
            let at = target.firstRange(of: key)?.upperBound ?? 0
            target.insert(contentsOf: Array(entry.utf8), at: at)
        default:
            target += Array("\(sha256)\t\(path)\n".utf8)
        }
    }

    /// The raw part's files, at `separator`.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var rest = bytes[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(Array(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return parts + [Array(rest)]
    }

    /// The input that stands for these files in raw mode (a seed).
    static func raw(flags: Flags, cache: [UInt8], manifest: [UInt8], intent: [UInt8]) -> [UInt8] {
        [flags.union(.raw).rawValue] + cache + separator + manifest + separator + intent
    }
}
