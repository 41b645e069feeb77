import Foundation
import LogocFrontend

/// What `logoc watch` keeps from one build to the next, so that the build
/// after a save does work in proportion to the change (issue 21 part 5):
/// the files the loop saw change since the last build, and the build cache
/// as that build left it, indexed (its groups stay in the file).
///
/// With them a build does not stat every input and output of every spec
/// to find the one that changed (`Freshness.verdict` with `changes`), and
/// does not read the cache again before it draws. What the loop saw is
/// trusted only after a build that finished writing its cache, and only
/// while the cache file is the one that build wrote: anything else (the
/// first build, a failed one, another `logoc build` into the same folder)
/// makes the next build look at every file, as `logoc build` does.
public final class WatchSession: @unchecked Sendable {
    // @unchecked: used by the watch loop's thread only, one build at a time.
    /// Absolute paths of the files the loop saw change since the last build
    /// that finished (gathered over builds that did not), and whether they
    /// are all of them.
    private var changes: Set<String> = []
    private var trusted = false
    /// The cache as the last build left it, and its file's stamp then.
    private var kept: (directory: String, cache: BuildCache, stamp: (size: Int64, mtime: Int64, inode: UInt64)?)?

    public init() {}

    /// What the loop saw change before this build (paths as its snapshot
    /// names them: relative to the working folder, or absolute); nil when
    /// it does not know (the first build).
    public func saw(_ paths: Set<String>?) {
        guard let paths else {
            trusted = false
            return
        }
        let cwd = FileManager.default.currentDirectoryPath
        var absolute: Set<String> = []
        for path in paths {
            let full = PathResolver.absolute(path, from: cwd)
            absolute.insert(full)
            // A spec may name a file through a link: its real path too (of its folder, for a file that went).
            if let real = PathResolver.realPath(full) {
                absolute.insert(real)
            } else if let slash = full.lastIndex(of: "/"), let folder = PathResolver.realPath(String(full[..<slash])) {
                absolute.insert(folder + full[slash...])
            }
        }
        changes.formUnion(absolute)
    }

    /// The changes a build into `directory` may trust instead of looking at every file.
    func trustedChanges(in directory: String) -> Set<String>? {
        guard trusted, let kept, kept.directory == directory, Self.stamp(directory).map({ s in kept.stamp.map { $0 == s } ?? false }) == true else {
            return nil
        }
        return changes
    }

    /// The cache of `directory`: the one kept when its file is as the last build left it, else read now.
    func cache(in directory: String) -> BuildCache {
        if let kept, kept.directory == directory, let now = Self.stamp(directory), kept.stamp.map({ $0 == now }) == true {
            return kept.cache
        }
        return BuildCache.load(from: directory)
    }

    /// After a build into `directory`: the cache it left, indexed now
    /// (after its files are written: the next save does not wait for it).
    /// `finished`: it wrote its manifest and cache.
    func built(in directory: String, finished: Bool) {
        trusted = finished
        changes = []
        let stamp = Self.stamp(directory)
        kept = (directory, BuildCache.load(from: directory), stamp)
        // Written between the stamp and the load: not the file indexed.
        if Self.stamp(directory).map({ s in stamp.map { $0 == s } ?? false }) != true { trusted = false }
    }

    /// Every file a spec of the last build used, for the loop to watch; nil before any build.
    public func recordedInputs() -> [String]? {
        kept.map { $0.cache.allDependencies.sorted() }
    }

    private static func stamp(_ directory: String) -> (size: Int64, mtime: Int64, inode: UInt64)? {
        FileStamp.current((directory as NSString).appendingPathComponent(BuildCache.fileName))
    }
}
