import Foundation
import LogocCore
import LogocFrontend

/// What `logoc watch` keeps from one build to the next, so that the build
/// after a save does work in proportion to the change (issue 21 part 5):
///
/// - the files the loop saw change since the last build;
/// - the spec files of the watched paths (`WatchInputs`), brought up to
///   date from those changes instead of walking every folder again;
/// - the project (`logoc.yaml`, its palettes and fonts), the toolchain's
///   identity and the renderers with their font sessions, made once;
/// - the build cache as the last build left it, indexed (its groups stay
///   in the file), and decoded as far as the skip test needs
///   (`WatchIndex`), so a save's build reads no group but those it builds.
///
/// With them a build does not walk, load, stat or decode anything for the
/// 9,999 specs a save did not touch. What the loop saw is trusted only
/// after a build that finished writing its cache, and only while the cache
/// file is the one that build wrote: anything else (the first build, a
/// failed one, another `logoc build` into the same folder) makes the next
/// build look at every file, as `logoc build` does. Whatever the session
/// cannot prove unchanged is made again: `logoc.yaml` or a font changed,
/// many files at once (a `git checkout`), or the first build — the project
/// is loaded and every folder walked as `logoc build` does; a picture
/// changed — the renderers, which keep decoded pictures, are made again.
public final class WatchSession: @unchecked Sendable {
    // @unchecked: used by the watch loop's thread only, one build at a time
    // (the build's workers only read `renderers`, a thread-safe pool).

    /// What the last build did, counted: what a save costs, for tests.
    public struct Work: Sendable, Equatable {
        /// Walks of every watched folder (the first build, or a change the kept list could not follow).
        public var walks = 0
        /// Folders listed again to follow a save.
        public var foldersListed = 0
        /// `logoc.yaml` read and the fonts catalogued.
        public var projectLoads = 0
        /// Renderers made (each with its font session).
        public var renderersMade = 0
        /// Spec files looked at (checked, and drawn where stale).
        public var specsLookedAt = 0
        /// Whole cache files read and indexed.
        public var cacheReads = 0
        /// Groups of the cache decoded for the index.
        public var groupsRead = 0
        public init() {}
    }

    /// A save of more files than this at once is built as `logoc build`
    /// would (a `git checkout`, a generator writing a folder): nothing kept
    /// is trusted to follow it.
    public static let manyChanges = 200

    /// Font files, told by their extension: one changed anywhere and the project and renderers are made again.
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

    /// Absolute paths of the files the loop saw change since the last build
    /// that finished (gathered over builds that did not), and whether they
    /// are all of them.
    private var changes: Set<String> = []
    private var trusted = false
    /// The cache as the last build left it, and its file's stamp then.
    private var kept: (directory: String, cache: BuildCache, stamp: (size: Int64, mtime: Int64, inode: UInt64)?)?
    /// The kept cache decoded, for `kept`'s cache.
    private var index: WatchIndex?
    /// The spec files of the watched paths, and the changes (absolute,
    /// as named) they have not followed yet.
    private var inputs: (paths: [String], list: WatchInputs, packed: (generation: Int, files: SpecFileList))?
    private var unfollowed: Set<String> = []
    /// The project as loaded for `root` and `config`, its toolchain's identity and its renderers.
    private var project: (root: String, config: String?, project: Project, toolchain: String?)?
    private var renderers: (project: Project, pool: RendererPool)?
    public private(set) var work = Work()

    public init() {}

    /// What the loop saw change before this build (paths as its snapshot
    /// names them: relative to the working folder, or absolute); nil when
    /// it does not know (the first build).
    public func saw(_ paths: Set<String>?) {
        guard let paths else {
            trusted = false
            forgetAll()
            return
        }
        let cwd = FileManager.default.currentDirectoryPath
        var absolute: Set<String> = []
        for path in paths {
            let full = PathResolver.absolute(path, from: cwd)
            absolute.insert(full)
            unfollowed.insert(full)
            // A spec may name a file through a link: its real path too (of its folder, for a file that went).
            if let real = PathResolver.realPath(full) {
                absolute.insert(real)
            } else if let slash = full.lastIndex(of: "/"), let folder = PathResolver.realPath(String(full[..<slash])) {
                absolute.insert(folder + full[slash...])
            }
        }
        changes.formUnion(absolute)
        if paths.count > Self.manyChanges { forgetAll() } else { forgetWhatChanged(absolute) }
    }

    /// Drops what `changed` may have made wrong.
    private func forgetWhatChanged(_ changed: Set<String>) {
        if let kept = project {
            let config = PathResolver.absolute(kept.config ?? (kept.root as NSString).appendingPathComponent("logoc.yaml"))
            let configs = [config, PathResolver.realPath(config) ?? config, kept.project.configFile ?? config]
            let fontFolders = kept.project.config.fontFolders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            let isFont = { (path: String) in
                Self.fontExtensions.contains((path as NSString).pathExtension.lowercased()) || fontFolders.contains { path.hasPrefix($0) }
            }
            if changed.contains(where: { configs.contains($0) || isFont($0) }) {
                project = nil
                renderers = nil
            }
        }
        // A picture (or anything but a spec, a partial or a folder) changed: decoded pictures are kept by path.
        let isSpecOrFolder = { (path: String) in
            path.hasSuffix(".yaml") || path.hasSuffix(".yml") || Self.isFolder(path)
        }
        if !changed.allSatisfy(isSpecOrFolder) { renderers = nil }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Everything kept but the cache (which its stamp guards): the next build starts as `logoc build` does.
    private func forgetAll() {
        inputs = nil
        unfollowed = []
        project = nil
        renderers = nil
    }

    // MARK: A build of the watch

    /// One build of the watch: the spec files of `paths` (`Discovery`'s,
    /// kept and followed), the project at `root` (`Project.load`'s, kept),
    /// built into `options.outputDirectory` by `BuildRun.run` with this
    /// session. A path that does not exist throws as `Discovery.inputs` does.
    public func build(_ paths: [String], root: String, configPath: String?, options: BuildRun.Options) throws(Discovery.MissingPath) -> RunReport {
        work = Work()
        var options = options
        options.session = self
        let files = try options.clock.time(.discover) { () throws(Discovery.MissingPath) -> SpecFileList in try specFiles(paths) }
        return BuildRun.run(files, project: project(root: root, configPath: configPath), options: options)
    }

    /// The spec files of `paths`: the kept list, following the changes
    /// seen, or a new walk when it cannot; packed once per generation of
    /// the list (packing 10,000 was a few milliseconds of every save).
    private func specFiles(_ paths: [String]) throws(Discovery.MissingPath) -> SpecFileList {
        if var kept = inputs, kept.paths == paths, kept.list.update(unfollowed) {
            work.foldersListed = kept.list.foldersListed
            unfollowed = []
            if kept.packed.generation != kept.list.generation { kept.packed = (kept.list.generation, SpecFileList(kept.list.inputs)) }
            inputs = kept
            return kept.packed.files
        }
        inputs = nil
        unfollowed = []
        work.walks += 1
        let list = try WatchInputs.discover(paths)
        let files = SpecFileList(list.inputs)
        inputs = (paths, list, (list.generation, files))
        return files
    }

    /// The project at `root`: kept while neither `logoc.yaml` nor a font changed.
    private func project(root: String, configPath: String?) -> Project {
        if let kept = project, kept.root == root, kept.config == configPath { return kept.project }
        work.projectLoads += 1
        let loaded = Project.load(root: root, configPath: configPath)
        project = (root, configPath, loaded, nil)
        renderers = nil
        return loaded
    }

    /// The toolchain's identity for `project` (`BuildContext.toolchain`), worked out once per project.
    func toolchain(for project: Project) -> String {
        if let kept = self.project, kept.project === project, let known = kept.toolchain { return known }
        let made = BuildContext.toolchain(project: project)
        if let kept = self.project, kept.project === project { self.project = (kept.root, kept.config, kept.project, made) }
        return made
    }

    /// The renderers of `project`'s builds, kept between builds: fonts load once.
    func rendererPool(for project: Project) -> RendererPool {
        if let kept = renderers, kept.project === project { return kept.pool }
        let pool = RendererPool()
        renderers = (project, pool)
        return pool
    }

    /// Counts a build's work: the spec files it looks at and the renderers it made.
    func planned(lookedAt: Int) { work.specsLookedAt = lookedAt }
    func madeRenderers(_ count: Int) { work.renderersMade += count }

    // MARK: The cache

    /// The changes a build into `directory` may trust instead of looking at every file.
    func trustedChanges(in directory: String) -> Set<String>? {
        guard trusted, let kept, kept.directory == directory, Self.stamp(directory).map({ s in kept.stamp.map { $0 == s } ?? false }) == true else {
            return nil
        }
        return changes
    }

    /// The index of the cache of `directory`, with the changes it may be
    /// read with: when the changes are trusted and the cache was written
    /// with `toolchain`.
    func index(in directory: String, toolchain: String) -> WatchIndex? {
        guard trustedChanges(in: directory) != nil, let index, index.toolchain == toolchain else { return nil }
        return index
    }

    /// The cache of `directory`: the one kept when its file is as the last build left it, else read now.
    func cache(in directory: String) -> BuildCache {
        if let kept, kept.directory == directory, let now = Self.stamp(directory), kept.stamp.map({ $0 == now }) == true {
            return kept.cache
        }
        work.cacheReads += 1
        return BuildCache.load(from: directory)
    }

    /// After a build into `directory`: the cache it left, indexed now
    /// (after its files are written: the next save does not wait for it).
    /// `finished`: it wrote its manifest and cache; `cache`: the cache when
    /// the build left the file as it was (a no-op), kept without reading
    /// it again; nil after a build that wrote it: its index is read again.
    func built(in directory: String, finished: Bool, cache written: BuildCache? = nil) {
        trusted = finished
        changes = []
        let stamp = Self.stamp(directory)
        let cache: BuildCache
        if let written, finished {
            cache = written
        } else {
            work.cacheReads += 1
            cache = BuildCache.load(from: directory)
        }
        kept = (directory, cache, stamp)
        var decoded = index ?? WatchIndex()
        decoded.update(cache)
        work.groupsRead += decoded.groupsRead
        index = decoded
        // Written between the stamp and the load: not the file indexed.
        // (Held under the build's lock, a cache kept as written is the file stamped.)
        if written == nil, Self.stamp(directory).map({ s in stamp.map { $0 == s } ?? false }) != true { trusted = false }
    }

    /// Every file a spec of the last build used, for the loop to watch; nil before any build.
    public func recordedInputs() -> [String]? {
        index?.recordedInputs ?? kept.map { $0.cache.allDependencies.sorted() }
    }

    private static func stamp(_ directory: String) -> (size: Int64, mtime: Int64, inode: UInt64)? {
        FileStamp.current((directory as NSString).appendingPathComponent(BuildCache.fileName))
    }
}
