import Foundation
import LogocCore
import LogocFrontend

/// Deletes an output on the word of `manifest.json` or the build cache.
/// Both are data that anyone can edit, commit or leave behind, so their word
/// is acted on only where it cannot reach a file logoc does not own: a plain
/// relative path (no `..`, `.` or empty part, not absolute), reached from the
/// output folder without passing a symbolic link, naming a regular file —
/// never a folder — whose bytes still hash to what was recorded (otherwise
/// the user changed it, and it is theirs now).
enum OutputRemoval {
    enum Refusal: Equatable, Sendable {
        case notRelative
        case throughSymlink(String)
        case notAFile
        case bookkeeping
        case changed
        case unreadable

        /// Why the file was kept, as the diagnostic says it.
        var reason: String {
            switch self {
            case .notRelative: "it is not a plain path inside the output folder (absolute, or with '..', '.' or an empty part)"
            case .throughSymlink(let link): "'\(Quoted.value(link))' on the way is a symbolic link, which could lead outside the output folder"
            case .notAFile: "it is a folder or another kind of file, and logoc only ever removes files it wrote"
            case .bookkeeping: "it names one of logoc's own files in the output folder"
            case .changed: "its bytes differ from the SHA-256 recorded when logoc wrote it, so it was changed since"
            case .unreadable: "it cannot be read to compare it with the SHA-256 recorded when logoc wrote it"
            }
        }
    }

    enum Result: Equatable, Sendable {
        case removed
        case absent
        case refused(Refusal)
    }

    /// A relative path that stays where it is joined: not absolute, no
    /// `..`, `.` or empty part, no NUL. (The file system may still hold a
    /// symbolic link on the way: `refusal` looks.)
    static func isPlain(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.utf8.contains(0)
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// Why `path` (relative to `directory`) must not be removed, before
    /// looking at its bytes; nil when it is safe to go on. `absent` is true
    /// when there is nothing at the path.
    static func refusal(_ path: String, in directory: String) -> (refusal: Refusal?, absent: Bool) {
        guard isPlain(path) else { return (.notRelative, false) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1, Bookkeeping.names.contains(path) { return (.bookkeeping, false) }
        switch walk(path, in: directory) {
        case .link(let link): return (.throughSymlink(link), false)
        case .missing: return (nil, true)
        case .file(let kind): return (kind == S_IFREG ? nil : .notAFile, false)
        }
    }

    enum Walk: Equatable {
        /// The part of the path (from `directory`) that is a symbolic link.
        case link(String)
        /// Nothing is there (or a part on the way is not a folder).
        case missing
        /// The path's own file type (`S_IFREG`, `S_IFDIR`, …), reached without links.
        case file(mode_t)
    }

    /// What `directory/path` (a plain path) is, each part looked at with
    /// `lstat`, so a symbolic link anywhere on the way is found, not followed.
    static func walk(_ path: String, in directory: String) -> Walk {
        let parts = path.split(separator: "/")
        var current = directory
        for (i, part) in parts.enumerated() {
            current += "/" + part
            var info = stat()
            guard lstat(current, &info) == 0 else { return .missing }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFLNK { return .link(parts[...i].joined(separator: "/")) }
            if i == parts.count - 1 { return .file(kind) }
            if kind != S_IFDIR { return .missing }
        }
        return .missing
    }

    /// Removes the file at `path` if it is logoc's: see the type's comment.
    /// `stamp` is the one the cache recorded (size -1 when only the hash is
    /// known): a file that still has it is not read again.
    static func remove(_ path: String, in directory: String, sha256: String, stamp: FileStamp? = nil) -> Result {
        let (refusal, absent) = refusal(path, in: directory)
        if let refusal { return .refused(refusal) }
        if absent { return .absent }
        let full = directory + "/" + path
        if let stamp, stamp.size >= 0, let now = FileStamp.current(full), stamp.matches(now) {
            // Written by logoc and untouched since: no need to hash it.
        } else {
            guard case .success(let bytes) = FileReader.read(full, limit: Int.max - 1) else { return .refused(.unreadable) }
            guard SHA256.hex(bytes) == sha256 else { return .refused(.changed) }
        }
        guard unlink(full) == 0 else { return errno == ENOENT ? .absent : .refused(.unreadable) }
        removeEmptyFolders(above: path, in: directory)
        return .removed
    }

    /// Removes the folders of `path` that are left empty, deepest first, never
    /// the output folder itself. `rmdir` removes only an empty folder, so a
    /// folder that holds anything (the user's files too) stays.
    static func removeEmptyFolders(above path: String, in directory: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty, rmdir(directory + "/" + parts.joined(separator: "/")) == 0 {
            parts = parts.dropLast()
        }
    }

    /// The warning for an entry that was kept. `source` is the file that
    /// named it (`manifest.json` or the cache); the span is where its text
    /// names the path, or the file's start when it cannot be found.
    static func diagnostic(_ path: String, refusal: Refusal, source: SourceFile) -> Diagnostic {
        Diagnostic(.W008, "logoc did not remove '\(Quoted.value(path))', which \((source.path as NSString).lastPathComponent) lists: \(refusal.reason)",
                   at: span(of: path, in: source),
                   help: refusal == .changed
                       ? "it was edited since it was built: keep it, or delete it yourself; logoc no longer lists it"
                       : "remove this entry (it was not written by logoc), or delete the file yourself if it is really unwanted")
    }

    /// Where the text of `source` names `path`: a JSON string `"path": "…"`
    /// in a manifest, or a tab-separated field in the cache.
    static func span(of path: String, in source: SourceFile) -> SourceSpan {
        let text = source.text
        for needle in [JSON.quote(path), "\t" + path + "\t"] {
            var searchFrom = text.startIndex
            while let found = text.range(of: needle, range: searchFrom..<text.endIndex) {
                let before = text[..<found.lowerBound].reversed().drop { $0 == " " || $0 == "\t" }
                if needle.hasPrefix("\t") || before.first == ":" && String(before.dropFirst().drop { $0 == " " }.prefix(6).reversed()) == "\"path\"" {
                    let valueStart = needle.hasPrefix("\t") ? text.index(after: found.lowerBound) : found.lowerBound
                    let valueEnd = needle.hasPrefix("\t") ? text.index(before: found.upperBound) : found.upperBound
                    return SourceSpan(file: source.path, start: position(of: valueStart, in: text), end: position(of: valueEnd, in: text))
                }
                searchFrom = found.upperBound
            }
        }
        return .startOf(source.path)
    }

    /// Line and column (in scalars) of `index`; JSON and the cache break
    /// lines with LF only.
    private static func position(of index: String.Index, in text: String) -> SourcePosition {
        let before = text.unicodeScalars[..<index]
        let lineStart = before.lastIndex(of: "\n").map { text.unicodeScalars.index(after: $0) } ?? text.startIndex
        return SourcePosition(line: before.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }, column: text.unicodeScalars[lineStart..<index].count + 1)
    }
}
