import Foundation
import LogocFrontend

/// The spec files of `logoc watch`'s paths, found once and then kept up to
/// date from the paths the loop saw change, so that a save does not walk
/// every folder of the project again (issue 21 part 5).
///
/// The list is what `Discovery.inputs` gives for the same paths, in the
/// same order. An editor's save, a new spec and a deleted one change the
/// entries of the spec's folder, and so that folder's stamp: the loop sees
/// the folder change, and the folder alone is listed again. A new folder
/// (or one moved in) is a new path of the loop's snapshot, and so is every
/// folder below it. Whatever this cannot follow exactly (a path given as a
/// file, paths that overlap, links, folders too deep or paths too long,
/// problems `Discovery` reports) makes `update` refuse, and the caller
/// walks everything again.
struct WatchInputs {
    /// One command-line path and the spec files below it, in `Discovery`'s order.
    private struct Block {
        /// As given: the prefix of display paths.
        let argument: String
        /// Absolute, without a trailing slash.
        let base: String
        let isFolder: Bool
        var inputs: [SpecInput]
    }

    private var blocks: [Block]
    /// How many folders `update` listed again (for tests and the watch's counters).
    private(set) var foldersListed = 0
    /// How many times the list changed: what is worked out from it is kept while this stays.
    private(set) var generation = 0

    /// Walks `paths` as `Discovery.inputs` does.
    static func discover(_ paths: [String]) throws(Discovery.MissingPath) -> WatchInputs {
        let cwd = FileManager.default.currentDirectoryPath
        var blocks: [Block] = []
        for path in paths {
            let inputs = try Discovery.inputs([path])
            var isDirectory: ObjCBool = false
            let isFolder = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            blocks.append(Block(argument: trimmed, base: PathResolver.absolute(trimmed, from: cwd), isFolder: isFolder, inputs: inputs))
        }
        return WatchInputs(blocks: blocks)
    }

    /// Every spec file, each once, as `Discovery.inputs` lists them.
    var inputs: [SpecInput] {
        var seen: Set<String> = []
        var all: [SpecInput] = []
        all.reserveCapacity(blocks.reduce(0) { $0 + $1.inputs.count })
        for block in blocks {
            for input in block.inputs where blocks.count == 1 || seen.insert(input.path).inserted { all.append(input) }
        }
        return all
    }

    /// Brings the list up to date with `changed` (absolute paths, as
    /// `PathResolver.absolute` makes them from the loop's snapshot keys).
    /// False when it cannot be done exactly: walk again.
    mutating func update(_ changed: Set<String>) -> Bool {
        foldersListed = 0
        // Paths that overlap, or a file given by name: the walk decides.
        for (i, a) in blocks.enumerated() {
            if !a.isFolder, changed.contains(a.base) { return false }
            for b in blocks[(i + 1)...] where a.base == b.base || a.base.hasPrefix(b.base + "/") || b.base.hasPrefix(a.base + "/") { return false }
            if a.isFolder, a.inputs.contains(where: { $0.problem != nil }) { return false }
        }
        var listed = 0
        for index in blocks.indices where blocks[index].isFolder {
            let before = blocks[index].inputs
            guard Self.update(&blocks[index], changed, foldersListed: &listed) else { return false }
            // A save lists its folder again, and usually finds the same names.
            if blocks[index].inputs != before { generation += 1 }
        }
        foldersListed = listed
        return true
    }

    private static func update(_ block: inout Block, _ changed: Set<String>, foldersListed: inout Int) -> Bool {
        let base = block.base
        var folders: Set<String> = []
        var gone: [String] = []
        for path in changed where path == base || path.hasPrefix(base + "/") {
            let relative = path == base ? "" : String(path.dropFirst(base.count + 1))
            let components = relative.split(separator: "/")
            // Hidden entries (an editor's temporary file) are not the walk's.
            if components.contains(where: { $0.hasPrefix(".") }) { continue }
            guard components.count <= Discovery.maxDepth, path.utf8.count <= Discovery.maxPathBytes else { return false }
            var info = stat()
            guard lstat(path, &info) == 0 else {
                gone.append(relative)
                continue
            }
            // A link may make a folder reachable twice: the walk knows which path it takes.
            if (info.st_mode & S_IFMT) == S_IFLNK { return false }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders.insert(relative)
            } else if let name = components.last, Discovery.isSpecFile(named: String(name)),
                      !block.inputs.contains(where: { $0.path == path }) {
                folders.insert(components.dropLast().joined(separator: "/"))
            }
        }
        guard !folders.isEmpty || !gone.isEmpty else { return true }
        // The folder itself gone: the walk reports it missing.
        if gone.contains("") { return false }
        // Only real paths below the base: a link on the way and the walk may name them otherwise.
        if PathResolver.realPath(base) != base { return false }
        // A name in a folder this deep could pass the longest path (the walk reports it; `specFiles` leaves it out).
        if folders.contains(where: { base.utf8.count + $0.utf8.count + 2 + Int(NAME_MAX) > Discovery.maxPathBytes }) { return false }
        let goneFiles = Set(gone.map { base + "/" + $0 })
        let goneFolders = gone.map { base + "/" + $0 + "/" }
        // What stays keeps its order; what the folders hold now is merged in.
        let kept = block.inputs.filter { input in
            !folders.contains(input.outputFolder) && !goneFiles.contains(input.path) && !goneFolders.contains { input.path.hasPrefix($0) }
        }
        var listed: [(relative: String, input: SpecInput)] = []
        for folder in folders {
            foldersListed += 1
            for name in Discovery.specFiles(in: folder, below: base) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let display = block.argument == "." ? relative : block.argument + "/" + relative
                listed.append((relative, SpecInput(path: (base == "/" ? "" : base) + "/" + relative, displayPath: display, outputFolder: folder)))
            }
        }
        listed.sort { PathResolver.bytewiseLess($0.relative, $1.relative) }
        var inputs: [SpecInput] = []
        inputs.reserveCapacity(kept.count + listed.count)
        var next = 0
        for input in kept {
            let relative = String(Substring(input.path.utf8.dropFirst(base.utf8.count + 1)))
            while next < listed.count, PathResolver.bytewiseLess(listed[next].relative, relative) {
                inputs.append(listed[next].input)
                next += 1
            }
            inputs.append(input)
        }
        inputs += listed[next...].map(\.input)
        block.inputs = inputs
        return true
    }
}
