import Foundation
import LogocFrontend

extension Discovery {
    /// The spec files of a command line's paths, handed out a few at a
    /// time in exactly `inputs`' order, without listing them all first: a
    /// `check` of a million specs keeps one folder's names at a time, not
    /// a million `SpecInput`s (issue 21).
    public struct Stream: Sendable {
        private var paths: ArraySlice<String>
        private var walk: Walk?
        /// The current folder argument: how its files are named.
        private var prefix = "", joiner = ""
        /// Absolute paths handed out, to hand each once: kept only when
        /// several paths were given (one folder lists each file once).
        private var seen: Set<String>?
        private let cwd = FileManager.default.currentDirectoryPath

        /// Checks that every path exists before anything is read, as `inputs` does.
        public init(_ paths: [String]) throws(MissingPath) {
            for path in paths where !FileManager.default.fileExists(atPath: path) {
                if let raw = rawArgument(repairedAs: path) { throw MissingPath(path: escaped(raw), reason: notUTF8) }
                throw MissingPath(path: path)
            }
            self.paths = paths[...]
            seen = paths.count > 1 ? [] : nil
        }

        /// Up to `count` more spec files; empty at the end. Throws for a
        /// name that is not UTF-8, met where the walk reaches it.
        public mutating func next(upTo count: Int) throws(MissingPath) -> [SpecInput] {
            var out: [SpecInput] = []
            while out.count < count {
                if walk != nil {
                    guard let found = try walk?.next() else {
                        walk = nil
                        continue
                    }
                    let relative = found.relative
                    let display = prefix == "." ? relative : prefix + "/" + relative
                    let folder = PathResolver.lastSlash(in: relative).map { String(relative[..<$0]) } ?? ""
                    var input = SpecInput(path: joiner + "/" + relative, displayPath: display, outputFolder: folder)
                    input.problem = found.problem
                    if seen?.insert(input.path).inserted ?? true { out.append(input) }
                    continue
                }
                guard let path = paths.popFirst() else { break }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    if let raw = rawArgument(repairedAs: path) { throw MissingPath(path: escaped(raw), reason: notUTF8) }
                    throw MissingPath(path: path)
                }
                if !isDirectory.boolValue {
                    let input = SpecInput(path: PathResolver.absolute(path, from: cwd), displayPath: path, outputFolder: "")
                    if seen?.insert(input.path).inserted ?? true { out.append(input) }
                    continue
                }
                prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
                // Names from readdir have no `.` or `..`: join them to the folder's absolute path once made.
                let base = PathResolver.absolute(prefix, from: cwd)
                joiner = base == "/" ? "" : base
                walk = Walk(path)
            }
            return out
        }
    }

    /// The spec files below a folder in byte order of their relative
    /// paths, one folder listed at a time: a depth-first walk that visits
    /// each folder's entries sorted by name, a folder's as `name/` (what
    /// its files' paths continue with) and a file's — or a folder that is
    /// only reported, too deep or too long — as `name`, which is the byte
    /// order of the whole paths. Linear in the folders: each is opened
    /// once, and a folder is known again (a link back to an enclosing one)
    /// by its device and inode, not by `realpath`.
    struct Walk: Sendable {
        private let directory: String
        /// The open folders, innermost last: each one's sorted entries and the next to take.
        private var stack: [(relative: String, depth: Int, entries: [Entry], next: Int)] = []
        private var started = false
        private var visited: Set<[UInt64]> = []
        /// The absolute length of `directory` (names from readdir have no `.` or `..`).
        private let base: Int

        /// One name in a folder, and what the walk does with it.
        private struct Entry: Sendable {
            let name: String
            /// Enter it (a folder), or report it (a spec file, or a folder too deep or too long: `problem`).
            let enters: Bool
            let problem: String?
            /// What it sorts by: `name/` for a folder entered, else `name`.
            /// Made once: made for each comparison, and compared through
            /// `withUTF8` copies, sorting a folder of 100 specs cost half a
            /// million instructions.
            let key: String

            init(name: String, enters: Bool, problem: String? = nil) {
                (self.name, self.enters, self.problem) = (name, enters, problem)
                key = enters ? name + "/" : name
            }
        }

        init(_ directory: String) {
            self.directory = directory
            base = PathResolver.absolute(directory).utf8.count
        }

        private func absoluteLength(_ relative: String) -> Int { relative.isEmpty ? base : base + 1 + relative.utf8.count }

        /// The next spec file (or reported folder), nil at the end.
        mutating func next() throws(MissingPath) -> Found? {
            if !started {
                started = true
                if absoluteLength("") > maxPathBytes { return Found(relative: "", problem: tooLong(directory, folder: true)) }
                try enter("", depth: 0)
            }
            while let top = stack.last {
                guard top.next < top.entries.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let entry = top.entries[top.next]
                let child = top.relative.isEmpty ? entry.name : top.relative + "/" + entry.name
                if entry.enters {
                    try enter(child, depth: top.depth + 1)
                } else {
                    return Found(relative: child, problem: entry.problem)
                }
            }
            return nil
        }

        /// Lists a folder and pushes its entries, sorted; nothing for a
        /// folder that cannot be read or was seen before.
        private mutating func enter(_ relative: String, depth: Int) throws(MissingPath) {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            var info = stat()
            guard stat(absolute, &info) == 0 else { return }
            // A symbolic link back to an enclosing folder must not loop.
            guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
            var notUTF8: [String] = []
            let names = entries(of: absolute, notUTF8: &notUTF8)
            if let bad = notUTF8.min() {
                throw MissingPath(path: (directory.hasSuffix("/") ? directory : directory + "/") + (relative.isEmpty ? "" : relative + "/") + bad,
                                  reason: Discovery.notUTF8)
            }
            var list: [Entry] = []
            for (name, isDirectory) in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                if isDirectory {
                    if depth + 1 > maxDepth {
                        list.append(Entry(name: name, enters: false,
                                          problem: "the folder is more than \(maxDepth) levels below '\(directory)'; logoc reads no deeper"))
                    } else if absoluteLength(child) > maxPathBytes {
                        list.append(Entry(name: name, enters: false, problem: tooLong(child, folder: true)))
                    } else {
                        list.append(Entry(name: name, enters: true))
                    }
                } else if isSpecFile(named: name) {
                    list.append(Entry(name: name, enters: false, problem: absoluteLength(child) > maxPathBytes ? tooLong(child, folder: false) : nil))
                }
            }
            // Positions sorted, not the entries: a stable sort moves what it
            // sorts many times, and an entry is three texts to retain and
            // release on each move.
            let order = list.indices.sorted { PathResolver.bytewiseLess(list[$0].key, list[$1].key) }
            stack.append((relative, depth, order.map { list[$0] }, 0))
        }
    }
}
