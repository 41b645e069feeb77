import Foundation
import LogocCore
import LogocFrontend

/// The specs of the project's `Specs/` folder that `check SPEC…` compares
/// its specs' outputs with (`E014`), read on demand and only where a clash
/// is possible: the folder of a checked spec (a name has no `/`), and there
/// only the files `OutputClashFilter` cannot rule out, which the front end
/// then reads as it always did (`SpecChecker.validates` off). A one-spec
/// check of a 10,000-spec project so reads one folder's names and a few
/// files, not every spec.
final class ProjectSpecs: Sendable {

    /// A checked spec whose outputs are compared: its output folder (below
    /// `Specs`) and name.
    struct Request: Hashable {
        var folder: String
        var name: String
    }

    /// A spec's place in the project's order (the order of `check Specs`):
    /// when several other specs write one path, the first is named. Only
    /// specs of one folder share a path, and there files come byte-wise by
    /// name, documents in file order.
    struct Rank: Comparable {
        /// The spec file's name in its folder.
        var file: String
        var document: Int
        static func < (a: Rank, b: Rank) -> Bool {
            a.file == b.file ? a.document < b.document : PathResolver.bytewiseLess(a.file, b.file)
        }
    }

    private let project: Project
    /// `Specs` as the user names it (`Specs`, or `ROOT/Specs`): spec files
    /// are named below it as a walk of the folder names them.
    private let display: String
    /// Its absolute path, as `Discovery` makes it.
    private let absolute: String
    /// Real paths of the files named on the command line: checked, not compared with.
    private let named: Set<String>
    private let jobs: Int

    /// What the lookups so far found and read.
    private struct State {
        /// Each folder's spec file names, in the folder's order, and which
        /// of them were read already.
        var folders: [String: (names: [String], read: [Bool])] = [:]
        var asked: Set<Request> = []
        var read = 0
        var allFolders: [String]?
    }

    /// Held for a whole lookup, so two lookups never read one file twice.
    private let state = Locked(State())
    /// How many files the front end read, for tests: the point of the type.
    var filesRead: Int { state.withLock { $0.read } }

    init(project: Project, display: String, named: Set<String>, jobs: Int) {
        self.project = project
        self.display = display
        absolute = PathResolver.absolute(display)
        self.named = named
        self.jobs = max(1, jobs)
    }

    /// Every folder of `Specs` that holds a spec file (relative, "" for the
    /// top), walked once: where a spec whose name is one across folders
    /// (an iOS imageset's or app icon's, `TargetCatalog.claims`) may clash.
    func allFolders() -> [String] {
        state.withLock { state in
            if let known = state.allFolders { return known }
            let found = (try? Discovery.walk(absolute)) ?? []
            let folders = Set(found.filter { $0.problem == nil }.map { ($0.relative as NSString).deletingLastPathComponent }).sorted()
            state.allFolders = folders
            return folders
        }
    }

    /// The specs, with their rank, that may write an output of a spec of
    /// `requests` and were not returned before; every other spec of the
    /// project writes none of those outputs.
    func specs(mayClashWith requests: [Request]) -> [(rank: Rank, spec: CheckedSpec)] {
        state.withLock { state in lookUp(requests, in: &state) }
    }

    private func lookUp(_ requests: [Request], in state: inout State) -> [(rank: Rank, spec: CheckedSpec)] {
        let new = requests.filter { state.asked.insert($0).inserted }
        guard !new.isEmpty else { return [] }
        var inputs: [SpecInput] = []
        var names: [String] = []
        for folder in Set(new.map(\.folder)).sorted() {
            let needles = Set(new.filter { $0.folder == folder }.map { OutputClashFilter.needle(for: $0.name) }).sorted { $0.lexicographicallyPrecedes($1) }
            var listing = state.folders[folder] ?? { () -> (names: [String], read: [Bool]) in
                let names = Discovery.specFiles(in: folder, below: absolute)
                return (names, Array(repeating: false, count: names.count))
            }()
            let unread = listing.names.indices.filter { !listing.read[$0] }
            let path = absolute + "/" + (folder.isEmpty ? "" : folder + "/")
            let shown = display + "/" + (folder.isEmpty ? "" : folder + "/")
            let hits = candidates(in: path, unread.map { listing.names[$0] }, needles: needles)
            var found: [String] = []
            for (i, hit) in zip(unread, hits) where hit {
                listing.read[i] = true
                found.append(listing.names[i])
            }
            state.folders[folder] = listing
            for name in found.sorted(by: PathResolver.bytewiseLess) {
                let input = SpecInput(path: path + name, displayPath: shown + name, outputFolder: folder)
                if named.contains(project.paths.realFile(input.path) ?? input.path) { continue }
                inputs.append(input)
                names.append(name)
            }
        }
        state.read += inputs.count
        var result: [(rank: Rank, spec: CheckedSpec)] = []
        for (file, specs) in zip(names, AffectedSpecs.scan(inputs, project: project, jobs: jobs)) {
            for (document, spec) in specs.enumerated() { result.append((Rank(file: file, document: document), spec)) }
        }
        return result
    }

    /// Which of `files` (names in `folder`) may hold a clashing spec: the name
    /// says so, or the bytes (`OutputClashFilter`). A file that cannot be
    /// peeked at (a link, too large, unreadable) is left to the front end,
    /// which reports what it reports for it in a whole check.
    private func candidates(in folder: String, _ files: [String], needles: [[UInt8]]) -> [Bool] {
        // Small folders are peeked at on this thread: handing out work costs more.
        let workers = min(jobs, files.count / 64)
        guard workers > 1 else { return files.map { Self.mayClash(folder, $0, needles: needles) } }
        // One run of files per worker: a lock per file cost more than a peek.
        let results = ResultSlots<[Bool]>(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let run = files.count * worker / workers..<files.count * (worker + 1) / workers
            results.set(worker, files[run].map { Self.mayClash(folder, $0, needles: needles) })
        }
        return results.values().flatMap { $0 }
    }

    /// One file of `candidates`: `name` in `folder` (which ends in `/`).
    private static func mayClash(_ folder: String, _ name: String, needles: [[UInt8]]) -> Bool {
        if OutputClashFilter.fileNameMayClash(name, needles: needles) { return true }
        let limit = YAMLReader().maxFileBytes
        guard case .success(let read) = FileReader.readStamped(folder + name, limit: limit, followingLinks: false),
              read.bytes.count <= limit else { return true }
        return OutputClashFilter.bytesMayClash(read.bytes, needles: needles)
    }
}
