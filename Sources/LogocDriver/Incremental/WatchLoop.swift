import Foundation
import LogocCore

/// The file watching behind `logoc watch`: polls the size and modification
/// time of every file under the watched folders (and of the inputs the last
/// build used elsewhere), waits until changes settle, then calls `rebuild`.
/// One build at a time: the loop itself runs the build. Polling needs no
/// platform API and sees every kind of change (editors that replace files,
/// renames, deleted folders) the same way.
public final class WatchLoop: @unchecked Sendable {
    // @unchecked: `signalSources`, `interval` and `settle` are set before
    // the loop runs, on its thread; `stopped` is in a lock box.
    private let stopped = Locked(false)
    private var signalSources: [DispatchSourceSignal] = []

    /// How often files are looked at, and how long they must stay unchanged.
    public var interval: TimeInterval = 0.25
    public var settle: TimeInterval = 0.2

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
        var last = Self.snapshot(folders: folders, files: files())
        if buildFirst {
            // As after every build below: the baseline is what the first build
            // read, so a save made while it ran (or just after) is not missed.
            rebuild()
            last = Self.baseline(last, folders: folders, watched: files())
        }
        while !isStopped {
            Thread.sleep(forTimeInterval: interval)
            var current = Self.snapshot(folders: folders, files: files())
            guard current != last else { continue }
            // Wait for the burst of writes to end (an editor saving, git checking out).
            while !isStopped {
                Thread.sleep(forTimeInterval: settle)
                let again = Self.snapshot(folders: folders, files: files())
                if again == current { break }
                current = again
            }
            if isStopped { break }
            rebuild()
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

    /// Whether `path` is a key the folder part of `snapshot` makes.
    private static func isInside(_ path: String, _ folders: [String]) -> Bool {
        folders.contains { folder in path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
    }

    /// Size and modification time of every regular file below `folders`
    /// (hidden entries skipped) and of each of `files`.
    public static func snapshot(folders: [String], files: [String]) -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        func record(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            result[path] = [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ino)]
        }
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else { record(folder); continue }
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                record((folder as NSString).appendingPathComponent(relative))
            }
        }
        for file in files { record(file) }
        return result
    }

    /// The input files a build in `directory` used, from its cache.
    public static func recordedInputs(in directory: String) -> [String] {
        BuildCache.load(from: directory).allDependencies.sorted()
    }
}
