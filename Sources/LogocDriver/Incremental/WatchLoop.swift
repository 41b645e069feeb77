import Foundation
import LogocCore
import LogocFrontend

/// The file watching behind `logoc watch`: polls the size and modification
/// time of every file under the watched folders (and of the inputs the last
/// build used elsewhere), waits until changes settle, then calls `rebuild`.
/// One build at a time: the loop itself runs the build. Polling needs no
/// platform API and sees every kind of change (editors that replace files,
/// renames, deleted folders) the same way. On Linux, inotify wakes the loop
/// as soon as a watched folder changes (`ChangeSignal`) and says when the
/// writes have stopped, so a save is built within milliseconds instead of
/// at the next poll plus the settle time; the snapshots still decide.
public final class WatchLoop: @unchecked Sendable {
    // @unchecked: `signalSources`, `interval` and `settle` are set before
    // the loop runs, on its thread; `stopped` is in a lock box.
    private let stopped = Locked(false)
    private var signalSources: [DispatchSourceSignal] = []

    /// How often files are looked at, and how long they must stay unchanged.
    public var interval: TimeInterval = 0.25
    public var settle: TimeInterval = 0.2
    /// With change events: how long the watched folders must stay without
    /// one before a build (an editor's save is one burst of events).
    public var quiet: TimeInterval = 0.02

    public init() {}

    /// Stops the loop after the build in progress, if any, finishes.
    public func stop() {
        stopped.withLock { $0 = true }
    }

    private var isStopped: Bool {
        stopped.withLock { $0 }
    }

    /// Ctrl-C (SIGINT) and SIGTERM stop the loop instead of killing the process.
    public func stopOnInterrupt() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in self?.stop() }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Runs until stopped. `files` lists what to watch (called again after
    /// each build, as the set of inputs may change); `rebuild` builds.
    public func run(files: () -> [String], folders: [String], buildFirst: Bool = false, rebuild: () -> Void) {
        run(files: files, folders: folders, buildFirst: buildFirst, build: { _ in rebuild() })
    }

    /// `run`, telling each build (`build`) what changed: the paths (as the snapshot
    /// names them: below `folders` as given, or as `files` gives them) whose
    /// size, time or inode differ from what the last build read, or that
    /// came or went; nil for the first build.
    public func run(files: () -> [String], folders: [String], buildFirst: Bool = false, build rebuild: (Set<String>?) -> Void) {
        let signal = ChangeSignal()
        var last = Self.snapshot(folders: folders, files: files(), signal: signal)
        if buildFirst {
            // As after every build below: the baseline is what the first build
            // read, so a save made while it ran (or just after) is not missed.
            rebuild(nil)
            last = Self.baseline(last, folders: folders, watched: files())
        }
        while !isStopped {
            // Events that came during the build wake this at once.
            let woken = signal.wait(interval)
            // The burst of writes is over once the folders stay quiet.
            if woken { signal.waitForQuiet(quiet, limit: max(settle, 2)) }
            // Woken by events that name every entry that changed: those are
            // looked at (and the files outside the folders); else everything.
            var current: [String: [Int64]]
            if woken, let named = signal.take() {
                current = Self.updated(last, named: named, folders: folders, files: files(), signal: signal)
            } else {
                _ = signal.take()
                current = Self.snapshot(folders: folders, files: files(), signal: signal)
            }
            guard current != last else { continue }
            // Seen by polling alone (no events, or a file outside the watched
            // folders): wait for the burst of writes to end (an editor saving,
            // git checking out) by looking again.
            while !woken, !isStopped {
                Thread.sleep(forTimeInterval: settle)
                let again = Self.snapshot(folders: folders, files: files(), signal: signal)
                if again == current { break }
                current = again
            }
            if isStopped { break }
            rebuild(Self.changes(from: last, to: current))
            last = Self.baseline(current, folders: folders, watched: files())
        }
    }

    /// The snapshot the next look is compared with after a build that began
    /// with `before`. It is what the build read, not what is there after it:
    /// a file saved while the build ran must trigger the next one. Only
    /// inputs the build newly recorded (a partial now extended, say) are
    /// stamped afterwards; inputs it no longer records (those of a spec that
    /// now fails) leave the watch. Kept, they were missing from the next
    /// look, which took that for a change and built again: one save printed
    /// its error twice.
    static func baseline(_ before: [String: [Int64]], folders: [String], watched: [String]) -> [String: [Int64]] {
        let kept = Set(watched)
        var result = before.filter { path, _ in kept.contains(path) || isInside(path, folders) }
        let added = watched.filter { result[$0] == nil }
        result.merge(snapshot(folders: [], files: added)) { old, _ in old }
        return result
    }

    /// The paths whose entry differs between two snapshots, or is in one only.
    static func changes(from before: [String: [Int64]], to after: [String: [Int64]]) -> Set<String> {
        var changed = Set(after.filter { before[$0.key] != $0.value }.keys)
        for path in before.keys where after[path] == nil { changed.insert(path) }
        return changed
    }

    /// Whether `path` is a key the folder part of `snapshot` makes.
    private static func isInside(_ path: String, _ folders: [String]) -> Bool {
        folders.contains { folder in path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
    }

    /// Size, modification time and inode of every entry below `folders`
    /// (files and folders; hidden entries skipped) and of each of `files`.
    /// Each folder is listed with `readdir` (`Discovery.entries`: its type
    /// needs no `stat`) and handed to `signal` to watch; a folder reached
    /// again through a link is not listed twice. 10,000 specs took 3–4
    /// times as long through `FileManager`'s enumerator.
    /// `snapshot` without a change signal: what `logoc serve` compares to
    /// know that its project changed.
    public static func snapshot(folders: [String], files: [String]) -> [String: [Int64]] {
        snapshot(folders: folders, files: files, signal: nil)
    }

    static func snapshot(folders: [String], files: [String], signal: ChangeSignal?) -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        var info = stat()
        var visited: Set<[UInt64]> = []
        for folder in folders {
            guard stat(folder, &info) == 0 else { continue }
            guard (info.st_mode & S_IFMT) == S_IFDIR else { _ = record(folder, into: &result); continue }
            walk(trimmed(folder), depth: 0, into: &result, visited: &visited, signal: signal)
        }
        for file in files { _ = record(file, into: &result) }
        return result
    }

    /// `last` brought up to date with the entries the change events named
    /// (`named`, as the snapshot names them) and with `files`: what
    /// `snapshot` gives when the events named every entry that changed,
    /// for a few stats instead of one per file of the project. A folder
    /// new to it is walked (and watched) as `snapshot` walks one; an entry
    /// gone takes what was below it along.
    static func updated(_ last: [String: [Int64]], named: Set<String>, folders: [String], files: [String], signal: ChangeSignal) -> [String: [Int64]] {
        var result = last
        var info = stat()
        var visited: Set<[UInt64]> = []
        let tops = folders.map(trimmed)
        // An entry that came or went changed its folder's stamp too, and no
        // event names that: the folder of each named entry is looked at
        // (but not a watched folder itself, which the snapshot does not record).
        var paths = named
        for path in named {
            guard let slash = path.lastIndex(of: "/"), slash > path.startIndex else { continue }
            let folder = String(path[..<slash])
            if !tops.contains(folder) { paths.insert(folder) }
        }
        // Parents before children: a new folder's walk records what is below it once.
        for path in paths.sorted() {
            guard stat(path, &info) == 0 else {
                result[path] = nil
                let below = path + "/"
                for key in result.keys.filter({ $0.hasPrefix(below) }) { result[key] = nil }
                continue
            }
            let isNew = result[path] == nil
            _ = record(path, into: &result)
            guard isNew, (info.st_mode & S_IFMT) == S_IFDIR,
                  let top = tops.first(where: { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else { continue }
            let depth = path.dropFirst(top.count).split(separator: "/").count
            if depth <= Discovery.maxDepth { walk(path, depth: depth, into: &result, visited: &visited, signal: signal) }
        }
        // Files outside the folders, and a path given as a file: no event names them.
        for file in files + tops.filter({ last[$0] != nil }) where !record(file, into: &result) { result[file] = nil }
        return result
    }

    /// A folder as the snapshot names it: without a trailing slash.
    private static func trimmed(_ folder: String) -> String {
        folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }

    /// Records `path`'s size, modification time and inode; false when it cannot be stat'ed.
    private static func record(_ path: String, into result: inout [String: [Int64]]) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        result[path] = [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ino)]
        return true
    }

    /// Records every entry below `folder` (at `depth` below a watched
    /// folder), hidden ones skipped, and watches each folder.
    private static func walk(_ folder: String, depth: Int, into result: inout [String: [Int64]], visited: inout Set<[UInt64]>,
                             signal: ChangeSignal?) {
        var info = stat()
        var pending = [(folder, depth)]
        while let (path, depth) = pending.popLast() {
            guard stat(path, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
            signal?.watch(folder: path)
            var notUTF8: [String] = []
            for (name, isDirectory) in Discovery.entries(of: path, notUTF8: &notUTF8) where !name.hasPrefix(".") {
                let child = path == "/" ? "/" + name : path + "/" + name
                guard record(child, into: &result) else { continue }
                if isDirectory, depth < Discovery.maxDepth { pending.append((child, depth + 1)) }
            }
        }
    }

    /// `files` without those a look at `folders` sees anyway (below one of
    /// them, neither hidden nor too deep): each is stat'ed once a look, not
    /// twice. The files of a watched project are mostly its spec files,
    /// which the folders hold: 10,000 of them were 10,000 more stats a look.
    public static func outside(_ files: [String], folders: [String]) -> [String] {
        let roots = Set(folders.flatMap { folder -> [String] in
            let absolute = PathResolver.absolute(folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
            return [absolute, PathResolver.realPath(absolute) ?? absolute].map { $0 == "/" ? "/" : $0 + "/" }
        })
        return files.filter { file in
            !roots.contains { root in
                guard file.hasPrefix(root) else { return false }
                let below = file.dropFirst(root.count).split(separator: "/")
                return below.count <= Discovery.maxDepth && !below.contains { $0.hasPrefix(".") }
            }
        }
    }

    /// The input files a build in `directory` used, from its cache.
    public static func recordedInputs(in directory: String) -> [String] {
        BuildCache.load(from: directory).allDependencies.sorted()
    }
}
