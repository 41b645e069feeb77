import Foundation

/// `DIR/.logoc-cache.json`'s successor, `DIR/.logoc-cache`: what each output
/// and each spec file was built from. With it, a rebuild skips a spec file
/// without even parsing it when the file and everything it used are
/// unchanged, skips drawing an output whose inputs hash the same, and says
/// why others changed. Private to logoc (a compact tab-separated text that
/// reads fast); `manifest.json` is the public record.
struct BuildCache: Equatable, Sendable {
    /// Identity of logoc, its libraries and the fonts.
    var toolchain = ""
    /// Per output path.
    var outputs: [String: OutputRecord] = [:]
    /// Per spec file (project-relative).
    var specs: [String: SpecRecord] = [:]
    /// The manifest's entries, per output path.
    var entries: [String: Manifest.Entry] = [:]

    static let fileName = ".logoc-cache"
    static let header = "logoc-cache\t4"

    struct OutputRecord: Equatable, Sendable {
        /// SHA-256 over everything that can change the output's bytes.
        var key: String
        /// Hash of the render tree it was drawn from.
        var tree: String
        /// The written file's stamp: a file that still has it is not re-read.
        var stamp: FileStamp
    }

    /// A spec file that built cleanly: the files it used and the outputs it wrote.
    struct SpecRecord: Equatable, Sendable {
        /// Absolute path → stamp and content hash when it was read; size -1
        /// for a file that did not exist (a `logoc.yaml` that may appear).
        var dependencies: [String: FileStamp] = [:]
        var outputs: [String] = []
    }

    /// Every dependency's stamp, for reusing content hashes.
    var fileStamps: [String: FileStamp] {
        var all: [String: FileStamp] = [:]
        for record in specs.values { all.merge(record.dependencies) { a, _ in a } }
        return all
    }

    // MARK: Reading and writing

    static func load(from directory: String) -> BuildCache {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else { return BuildCache() }
        return decode(Array(data)) ?? BuildCache()
    }

    static func decode(_ text: String) -> BuildCache? { decode(Array(text.utf8)) }

    /// Parses the bytes directly (splitting Swift strings by character was
    /// most of a no-op rebuild's time).
    static func decode(_ bytes: [UInt8]) -> BuildCache? {
        var cache = BuildCache()
        var lineStart = 0
        var sawHeader = false
        var fields: [String] = []
        fields.reserveCapacity(12)
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for i in lineStart...lineEnd where i == lineEnd || bytes[i] == 0x09 {
                fields.append(unescape(bytes[fieldStart..<i]))
                fieldStart = i + 1
            }
            if !sawHeader {
                guard fields == ["logoc-cache", "4"] else { return nil }
                sawHeader = true
                continue
            }
            guard apply(fields, to: &cache) else { return nil }
        }
        return sawHeader ? cache : nil
    }

    private static func apply(_ f: [String], to cache: inout BuildCache) -> Bool {
        switch (f.first, f.count) {
        case ("toolchain", 2):
            cache.toolchain = f[1]
        case ("output", 8):
            guard let size = Int64(f[4]), let mtime = Int64(f[5]), let inode = UInt64(f[6]) else { return false }
            cache.outputs[f[1]] = OutputRecord(key: f[2], tree: f[3], stamp: FileStamp(size: size, mtime: mtime, inode: inode, sha256: f[7]))
        case ("spec", 3):
            cache.specs[f[1]] = SpecRecord(dependencies: [:], outputs: f[2].isEmpty ? [] : f[2].split(separator: "\u{1F}").map(String.init))
        case ("dep", 7):
            guard let size = Int64(f[3]), let mtime = Int64(f[4]), let inode = UInt64(f[5]) else { return false }
            cache.specs[f[1]]?.dependencies[f[2]] = FileStamp(size: size, mtime: mtime, inode: inode, sha256: f[6])
        case ("entry", 13):
            guard let scale = Int(f[5]), let width = Int(f[7]), let height = Int(f[8]) else { return false }
            cache.entries[f[1]] = Manifest.Entry(
                path: f[1], spec: f[2], name: f[3], format: f[4], scale: scale, variant: f[6], width: width, height: height,
                sha256: f[9], contrast: Double(f[10]), warnings: f[11].isEmpty ? [] : f[11].split(separator: "\u{1F}").map(String.init),
                fingerprint: f[12] == "-" ? nil : f[12])
        default:
            return false
        }
        return true
    }

    /// The cache as text, in no particular order (it is private, and
    /// sorting tens of thousands of keys cost more than writing them).
    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 * (outputs.count + specs.count + 1))
        func line(_ fields: String...) {
            for (i, field) in fields.enumerated() {
                if i > 0 { out.append(0x09) }
                for byte in field.utf8 {
                    switch byte {
                    case 0x5C: out += [0x5C, 0x5C]
                    case 0x09: out += [0x5C, 0x74]
                    case 0x0A: out += [0x5C, 0x6E]
                    case 0x0D: out += [0x5C, 0x72]
                    default: out.append(byte)
                    }
                }
            }
            out.append(0x0A)
        }
        line("logoc-cache", "4")
        line("toolchain", toolchain)
        for (path, r) in outputs {
            line("output", path, r.key, r.tree, String(r.stamp.size), String(r.stamp.mtime), String(r.stamp.inode), r.stamp.sha256)
        }
        for (spec, r) in specs {
            line("spec", spec, r.outputs.joined(separator: "\u{1F}"))
            for (dep, s) in r.dependencies {
                line("dep", spec, dep, String(s.size), String(s.mtime), String(s.inode), s.sha256)
            }
        }
        for (path, e) in entries {
            line("entry", path, e.spec, e.name, e.format, String(e.scale), e.variant, String(e.width), String(e.height), e.sha256,
                 e.contrast.map { String($0) } ?? "-", e.warnings.joined(separator: "\u{1F}"), e.fingerprint ?? "-")
        }
        return out
    }

    private static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var escaped = false
        for b in bytes {
            if escaped {
                out.append(b == 0x74 ? 0x09 : b == 0x6E ? 0x0A : b == 0x72 ? 0x0D : b)
                escaped = false
            } else if b == 0x5C {
                escaped = true
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A file's size, modification time (ns), inode and content hash.
struct FileStamp: Equatable, Sendable {
    var size: Int64
    var mtime: Int64
    var inode: UInt64
    var sha256: String

    /// Size, time and inode of `path`, without the hash; nil when missing.
    static func current(_ path: String) -> (size: Int64, mtime: Int64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), UInt64(info.st_ino))
    }

    func matches(_ s: (size: Int64, mtime: Int64, inode: UInt64)) -> Bool {
        size == s.size && mtime == s.mtime && inode == s.inode
    }

    /// Whether the file at `path` is as this stamp saw it (still missing,
    /// for a stamp of a missing file).
    func isCurrent(_ path: String) -> Bool {
        guard let now = FileStamp.current(path) else { return size == -1 }
        return matches(now)
    }
}

/// Content hashes of files, reusing the previous build's when a file's
/// stamp is unchanged (as git's index does), each file hashed once per run.
final class FileHasher: @unchecked Sendable {
    // @unchecked: `current` and `loaded` are only touched under `lock`.
    private let load: @Sendable () -> [String: FileStamp]
    private var loaded: [String: FileStamp]?
    private var current: [String: FileStamp] = [:]
    private let lock = NSLock()

    /// `previous` is called once, on first need: a run that reads no
    /// file's contents never gathers the old stamps.
    init(previous: @escaping @Sendable () -> [String: FileStamp]) {
        self.load = previous
    }

    private func previous(_ path: String) -> FileStamp? {
        lock.lock()
        defer { lock.unlock() }
        if loaded == nil { loaded = load() }
        return loaded?[path]
    }

    /// The stamp and hash used for `path` in this run; size -1 when it was missing.
    func stamp(_ path: String) -> FileStamp {
        lock.lock()
        defer { lock.unlock() }
        return current[path] ?? FileStamp(size: -1, mtime: 0, inode: 0, sha256: "")
    }

    /// The SHA-256 of the file, or nil when it cannot be read.
    func hash(_ path: String) -> String? {
        lock.lock()
        if let known = current[path] {
            lock.unlock()
            return known.sha256
        }
        lock.unlock()
        guard let s = FileStamp.current(path) else { return nil }
        let stamp: FileStamp
        if let old = previous(path), old.matches(s) {
            stamp = old
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            stamp = FileStamp(size: s.size, mtime: s.mtime, inode: s.inode, sha256: SHA256.hex(Array(data)))
        }
        lock.lock()
        current[path] = stamp
        lock.unlock()
        return stamp.sha256
    }

    /// Every stamp used in this run, for the next one.
    var stamps: [String: FileStamp] {
        lock.lock()
        defer { lock.unlock() }
        return current
    }
}
