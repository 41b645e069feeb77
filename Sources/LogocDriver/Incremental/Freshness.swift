import Foundation
import LogocFrontend

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

    /// The spec file's outputs when it can be skipped, else why it must be
    /// looked at again. Reads only paths and stamps from the group's lines:
    /// this runs for every spec of every rebuild, so the reason is worked
    /// out only for a spec that is dirty.
    ///
    /// `changes`: when the caller saw every file that changed since the
    /// build that wrote the cache (`logoc watch`, `BuildRun.Options.knownChanges`),
    /// their absolute paths: a spec file is then dirty when a file it used
    /// is among them, and nothing is stat'ed (its outputs are taken as the
    /// cache recorded them: the watch does not look into the output folder).
    mutating func verdict(_ spec: String, changes: Set<String>? = nil) -> BuildPlan.Verdict {
        guard cache.toolchain == toolchain else { return .dirty(.toolchainChanged) }
        guard let group = cache.groups[spec] else { return .dirty(.notInCache) }
        guard group.fresh else { return .dirty(.failedLastTime) }
        var outputs: [String] = []
        var reason: BuildPlan.Reason?
        BuildCache.forEachStamp(in: group.lines) { kind, path, stamp in
            switch kind {
            case .dependency:
                if let changes {
                    if changes.contains(path) { reason = .inputChanged(path) }
                    break
                }
                let ok = current(path).map { stamp.size >= 0 && stamp == $0 } ?? (stamp.size == -1)
                if !ok { reason = .inputChanged(path) }
            case .output:
                outputs.append(path)
                if changes == nil, FileStamp.current(directory + "/" + path).map({ $0 == stamp }) != true, !Self.sharedUnchanged(directory + "/" + path, path: path) {
                    reason = .outputChanged(path)
                }
            case .damaged:
                reason = .damagedRecord
            }
            return reason == nil
        }
        return reason.map { .dirty($0) } ?? .fresh(outputs: outputs)
    }

    /// A file several specs write with the same bytes (`TargetCatalog.isShared`:
    /// an asset catalog folder's `Contents.json`) is written by whichever
    /// spec builds: its stamp may be another spec's, so its bytes decide
    /// (a few dozen, read only when the stamp differs).
    private static func sharedUnchanged(_ file: String, path: String) -> Bool {
        guard TargetCatalog.isShared(path), case .success(let bytes) = FileReader.read(file, limit: 1 << 16) else { return false }
        return bytes == AssetCatalogJSON.folder
    }

    /// Files looked at once are mostly the spec files themselves: the
    /// memory of stamps is emptied when it holds this many, so that it keeps
    /// the shared files of the specs around, not every path of the project
    /// (it held every spec file's absolute path until the plan was made:
    /// about 150 bytes a spec file at the peak of a no-op rebuild, issue 21).
    static let stampsKept = 4_096

    private mutating func current(_ path: String) -> (size: Int64, mtime: Int64, inode: UInt64)? {
        if let known = stamps[path] { return known }
        let now = FileStamp.current(path)
        if stamps.count >= Self.stampsKept { stamps.removeAll(keepingCapacity: true) }
        stamps[path] = now
        return now
    }
}
