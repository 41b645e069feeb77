import Foundation
import LogocFrontend

/// Finds the spec files under the paths of a command line, in a stable order.
public enum Discovery {
    /// A path on the command line that does not exist, or a name logoc
    /// cannot read (not UTF-8): a usage error.
    public struct MissingPath: Error, Equatable {
        public let path: String
        /// What is wrong, after the path: "does not exist".
        public var reason = "does not exist"
        /// The line the CLI prints after `error: `.
        public var message: String { "'\(path)' \(reason)" }
    }

    /// Why a name that is not UTF-8 is refused, not skipped: Swift's strings
    /// repair such a name, so the file would "not exist" or be left out in
    /// silence.
    static let notUTF8 = "is not a UTF-8 name; logoc reads only UTF-8 file and folder names: rename it"

    /// Every `*.yaml`/`*.yml` below each directory (partials, `logoc.yaml` and
    /// hidden folders skipped), and each file named directly (a partial named
    /// directly is checked as a partial).
    public static func inputs(_ paths: [String]) throws(MissingPath) -> [SpecInput] {
        var inputs: [SpecInput] = []
        try forEachBatch(of: paths) { inputs += $0 }
        return inputs
    }

    /// `inputs(paths)`, packed as it is found: the list of a build of a
    /// million specs is never a million `SpecInput`s (issue 21).
    public static func specFiles(_ paths: [String]) throws(MissingPath) -> SpecFileList {
        var list = SpecFileList()
        try forEachBatch(of: paths) { list.append(contentsOf: $0) }
        return list
    }

    /// The spec files of `paths`, a few thousand at a time.
    private static func forEachBatch(of paths: [String], _ body: ([SpecInput]) -> Void) throws(MissingPath) {
        var stream = try Stream(paths)
        while true {
            let some = try stream.next(upTo: 4096)
            if some.isEmpty { return }
            body(some)
        }
    }

    /// Names in a folder and whether each is a folder (following links), from
    /// `readdir`'s type where it gives one, so most entries need no `stat`.
    /// Names that are not UTF-8 come back escaped (`escaped`) in `notUTF8`.
    static func entries(of folder: String, notUTF8: inout [String]) -> [(String, Bool)] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var result: [(String, Bool)] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(raw.baseAddress.map { strnlen($0.assumingMemoryBound(to: CChar.self), raw.count) } ?? 0))
            }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                // Reported where discovery would have looked: a folder, or a spec file.
                var info = stat()
                let isFolder = entry.pointee.d_type == UInt8(DT_DIR) || (entry.pointee.d_type != UInt8(DT_REG)
                    && fstatat(dirfd(dir), bytes.map { CChar(bitPattern: $0) } + [0], &info, 0) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
                let text = escaped(bytes)
                let isSpec = (text.hasSuffix(".yaml") || text.hasSuffix(".yml")) && !text.hasPrefix("_")
                if !text.hasPrefix("."), isFolder || isSpec { notUTF8.append(text) }
                continue
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                result.append((name, true))
            } else if type == UInt8(DT_REG) {
                result.append((name, false))
            } else {
                var info = stat()
                let isDirectory = stat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                result.append((name, isDirectory))
            }
        }
        return result
    }

    /// Most folder levels below a folder named on the command line: a spec
    /// repository needs a few. A folder deeper is reported (`E012`) instead of
    /// read: a 1,500-deep chain took 31 s to check, and paths past
    /// `maxPathBytes` cannot be opened at all.
    public static let maxDepth = 64
    /// Longest absolute path the system opens (Linux `PATH_MAX`, 4,096 with
    /// the terminating NUL). A spec or folder past it is reported, never
    /// skipped in silence.
    public static let maxPathBytes = Int(PATH_MAX) - 1

    /// A spec file found by `walk`, or a folder or file it could not read.
    struct Found: Equatable {
        var relative: String
        /// Why it cannot be read (becomes `E012` at it), or nil.
        var problem: String?
    }

    /// Relative paths of spec files below `directory`, sorted byte-wise, and
    /// the folders and files that are too deep or whose path is too long.
    /// Throws for a name that is not UTF-8 (a folder, or a file that looks
    /// like a spec), naming it with its bytes escaped. (`Walk`, all at once.)
    static func walk(_ directory: String) throws(MissingPath) -> [Found] {
        var walk = Walk(directory)
        var found: [Found] = []
        while let next = try walk.next() { found.append(next) }
        return found
    }

    /// Whether `walk` takes a file of this name (not hidden, not a folder)
    /// as a spec: `*.yaml` or `*.yml`, not a partial, not `logoc.yaml`.
    static func isSpecFile(named name: String) -> Bool {
        // (Plain string tests: the ASCII byte test that was here saved 0.06 %
        // of `check` of 1,000 specs and 0.56 % of their no-op rebuild,
        // callgrind, 2026-11-24; docs/performance.md, "Issue 17: micro-tricks".)
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasPrefix("_") && name != "logoc.yaml"
    }

    /// Whether `walk` takes a file of this name in a folder it enters as a
    /// spec: not hidden, and `isSpecFile(named:)`.
    static func isVisibleSpecFile(named name: String) -> Bool {
        !name.hasPrefix(".") && isSpecFile(named: name)
    }

    /// The names of the spec files directly in `relative`, a folder below
    /// `directory`, in the folder's order (not sorted: a caller that reads
    /// few of them sorts those): what `walk(directory)` finds in that
    /// folder, without walking the rest. Empty for a folder `walk` does not
    /// enter (hidden, or deeper than `maxDepth`); a file whose path is too
    /// long and a name that is not UTF-8 are left out (`walk` reports them).
    static func specFiles(in relative: String, below directory: String) -> [String] {
        let components = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count <= maxDepth, !components.contains(where: { $0.hasPrefix(".") }) else { return [] }
        let base = PathResolver.absolute(directory).utf8.count
        var notUTF8: [String] = []
        return entries(of: relative.isEmpty ? directory : directory + "/" + relative, notUTF8: &notUTF8)
            .filter { name, isFolder in
                !isFolder && isVisibleSpecFile(named: name)
                    && base + 1 + (relative.isEmpty ? 0 : relative.utf8.count + 1) + name.utf8.count <= maxPathBytes
            }
            .map(\.0)
    }

    static func tooLong(_ path: String, folder: Bool) -> String {
        "the \(folder ? "folder's" : "spec's") absolute path is longer than \(maxPathBytes) bytes, the most the system opens"
    }
}

extension Discovery {
    /// A name's bytes as text: UTF-8 where they are, `\xFF` for each byte
    /// that is not, so a message can name a file whose name is not UTF-8.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var i = 0
        outer: while i < bytes.count {
            for length in 1...4 where i + length <= bytes.count {
                if let piece = String(validating: bytes[i..<(i + length)], as: UTF8.self) {
                    text += piece == "\\" ? "\\\\" : piece
                    i += length
                    continue outer
                }
            }
            text += String(format: "\\x%02X", bytes[i])
            i += 1
        }
        return text
    }

    /// The command-line argument that Swift repaired into `path` (invalid
    /// UTF-8 replaced by U+FFFD), as its bytes; nil when no argument was.
    static func rawArgument(repairedAs path: String) -> [UInt8]? {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return nil }
        for i in 0..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[i] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
            if String(validating: bytes, as: UTF8.self) == nil, String(decoding: bytes, as: UTF8.self) == path { return bytes }
        }
        return nil
    }
}
