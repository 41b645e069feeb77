import Foundation

/// The skip test of a rebuild: a spec file that built cleanly last time can
/// be skipped unread when it, every file it used and every output it wrote
/// still have the stamps the cache recorded. No file is read, only stat'ed;
/// files many specs share (a partial, `logoc.yaml`) are stat'ed once.
struct Freshness {
    let cache: BuildCache
    let toolchain: String
    let directory: String
    private var stamps: [String: (size: Int64, mtime: Int64, inode: UInt64)?] = [:]

    init(cache: BuildCache, toolchain: String, directory: String) {
        self.cache = cache
        self.toolchain = toolchain
        self.directory = directory
    }

    /// The spec file's outputs when it can be skipped; nil when it must be
    /// looked at again. Reads only paths and stamps from the group's lines:
    /// this runs for every spec of every rebuild.
    mutating func outputs(ifFresh spec: String) -> [String]? {
        guard cache.toolchain == toolchain, let group = cache.groups[spec], group.fresh else { return nil }
        var outputs: [String] = []
        var ok = true
        BuildCache.forEachStamp(in: group.lines) { kind, path, stamp in
            switch kind {
            case .dependency:
                if let now = current(path) { ok = stamp.size >= 0 && stamp == now } else { ok = stamp.size == -1 }
            case .output:
                outputs.append(path)
                ok = FileStamp.current(directory + "/" + path).map { $0 == stamp } ?? false
            case .damaged:
                ok = false
            }
            return ok
        }
        return ok ? outputs : nil
    }

    private mutating func current(_ path: String) -> (size: Int64, mtime: Int64, inode: UInt64)? {
        if let known = stamps[path] { return known }
        let now = FileStamp.current(path)
        stamps[path] = now
        return now
    }
}
