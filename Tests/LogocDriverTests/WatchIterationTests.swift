import Foundation
import LogocCore
import LogocFrontend
import Testing
@testable import LogocDriver

/// `logoc watch`'s builds through `WatchSession.build`, which keeps the
/// spec files, the project, the renderers and the cache's index between
/// saves (issue 21 part 5): after every kind of save they leave what
/// `logoc build` leaves and print what it prints, and a save of one spec
/// looks at that spec alone, without walking, loading or decoding the rest.
struct WatchIterationTests {
    /// A project of five specs, two of which extend one partial.
    final class Project_: @unchecked Sendable {
        let root = NSTemporaryDirectory() + "logoc-watch-iteration-" + UUID().uuidString
        var specs: String { root + "/Specs" }

        init() throws {
            try write("Specs/_base.yaml", "shape: circle\ntext: {font: {weight: 400}}\n")
            try write("Specs/ada.yaml", "extends: _base.yaml\nbackground: \"#6A1B9A\"\ntext: {initials: Ada Lovelace}\n")
            try write("Specs/alan.yaml", "extends: _base.yaml\nbackground: \"#2E7D32\"\ntext: {initials: Alan Turing}\n")
            try write("Specs/solo.yaml", "shape: square\nbackground: \"#E65100\"\ntext: \"S\"\n")
            try write("Specs/team/grace.yaml", "shape: roundRect\nbackground: \"#00838F\"\ntext: {initials: Grace Hopper}\n")
            try write("Specs/team/linus.yaml", "background: \"#4E342E\"\ntext: {content: LT}\n")
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Writes as editors that save atomically do (a new file renamed over the old).
        func write(_ path: String, _ text: String) throws {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        func remove(_ path: String) throws {
            try FileManager.default.removeItem(atPath: root + "/" + path)
        }

        /// `logoc build Specs -o FOLDER` as a new process runs it.
        func build(into folder: String) throws -> RunReport {
            BuildRun.run(try Discovery.inputs([specs]), project: Project.load(root: root), options: .init(outputDirectory: root + "/" + folder, jobs: 2))
        }
    }

    /// What a run printed: its diagnostics as `logoc` prints them.
    static func printed(_ report: RunReport) -> String {
        DiagnosticRenderer(sources: report.sources).human(report.diagnostics)
    }

    /// The loop's part, scripted: what its snapshots see change between two builds.
    final class Loop {
        let folders: [String]
        let session = WatchSession()
        var last: [String: [Int64]] = [:]
        init(folders: [String]) { self.folders = folders }

        func build(_ p: Project_, first: Bool = false) throws -> RunReport {
            let watched = session.recordedInputs() ?? []
            let now = WatchLoop.snapshot(folders: folders, files: watched)
            session.saw(first ? nil : WatchLoop.changes(from: last, to: now))
            let report = try session.build(folders, root: p.root, configPath: nil, options: .init(outputDirectory: p.root + "/dist", jobs: 2))
            last = WatchLoop.baseline(now, folders: folders, watched: session.recordedInputs() ?? [])
            return report
        }
    }

    /// Scripted saves of every kind: after each, the watch's build and a
    /// `logoc build` of the same specs into a folder of its own (as the
    /// same save would be built without the watch) print the same
    /// diagnostics and leave the same files, byte for byte; and at the
    /// end the watched folder is what a fresh build of the specs makes.
    @Test func scriptedSavesPrintAndLeaveWhatBuildDoes() throws {
        let p = try Project_()
        let loop = Loop(folders: [p.specs])
        let first = try loop.build(p, first: true)
        #expect(first.builtCount == 5 && first.failures.isEmpty, "\(first.failures)")
        _ = try p.build(into: "plain")
        let saves: [(name: String, change: () throws -> Void, lookedAt: Int, diagnostics: [DiagnosticCode])] = [
            ("a colour", { try p.write("Specs/solo.yaml", "shape: square\nbackground: \"#BF360C\"\ntext: \"S\"\n") }, 1, []),
            ("a new spec", { try p.write("Specs/team/new.yaml", "background: \"#004D40\"\ntext: NW\n") }, 1, []),
            ("a deleted spec", { try p.remove("Specs/team/linus.yaml") }, 0, []),
            ("the partial two specs extend", { try p.write("Specs/_base.yaml", "shape: square\ntext: {font: {weight: 700}}\n") }, 2, []),
            ("an error", { try p.write("Specs/ada.yaml", "extends: _base.yaml\nbackground: \"#6A1B9G\"\ntext: {initials: Ada Lovelace}\n") }, 1, [.E005]),
            ("its fix", { try p.write("Specs/ada.yaml", "extends: _base.yaml\nbackground: \"#AD1457\"\ntext: {initials: Ada Lovelace}\n") }, 1, []),
            ("an output clash", { try p.write("Specs/team/zz.yaml", "name: grace\nbackground: \"#1A237E\"\ntext: ZZ\n") }, 1, [.E014]),
            ("the clash gone", { try p.remove("Specs/team/zz.yaml") }, 0, []),
            ("a new folder", { try p.write("Specs/more/deep/kay.yaml", "background: \"#33691E\"\ntext: {initials: Kay Ray}\n") }, 1, []),
        ]
        for save in saves {
            try save.change()
            let watched = try loop.build(p)
            let plain = try p.build(into: "plain")
            #expect(watched.failures.isEmpty && plain.failures.isEmpty, "\(save.name): \(watched.failures) \(plain.failures)")
            #expect(loop.session.work.specsLookedAt == save.lookedAt, "\(save.name): \(loop.session.work)")
            #expect(watched.diagnostics.map(\.code) == save.diagnostics, "\(save.name): \(Self.printed(watched))")
            #expect(Self.printed(watched) == Self.printed(plain), "\(save.name): the watch printed otherwise than build")
            #expect((watched.builtCount, watched.failedCount, watched.written, watched.removed) == (plain.builtCount, plain.failedCount, plain.written, plain.removed),
                    "\(save.name)")
            #expect(WatchSessionTests.tree(p.root + "/dist") == WatchSessionTests.tree(p.root + "/plain"), "\(save.name): the folders differ")
        }
        // The E014 diagnostic points where build points: line 1, column 7 of the new spec (its name).
        _ = try p.build(into: "fresh")
        #expect(WatchSessionTests.tree(p.root + "/dist") == WatchSessionTests.tree(p.root + "/fresh"))
    }

    /// Where the clash of a watched save is reported: the code, file, line
    /// and column `build` gives, against a spec the save did not touch.
    @Test func aClashWithAnUntouchedSpecIsFound() throws {
        let p = try Project_()
        let loop = Loop(folders: [p.specs])
        _ = try loop.build(p, first: true)
        try p.write("Specs/team/zz.yaml", "background: \"#1A237E\"\nname: grace\ntext: ZZ\n")
        let report = try loop.build(p)
        let clash = report.diagnostics.first { $0.code == .E014 }
        #expect(clash?.span?.file == p.specs + "/team/zz.yaml")
        #expect(clash?.span?.start.line == 2 && clash?.span?.start.column == 7, "\(String(describing: clash?.span))")
        #expect(loop.session.work.specsLookedAt == 1)
    }

    /// The work of a save of one spec: that spec checked and drawn, its
    /// folder listed again (an atomic save changes it), and nothing else
    /// walked, loaded, made or decoded. Before the session kept them,
    /// every save walked every folder, loaded the project, made new
    /// renderers (fonts), and decoded every group of the cache.
    @Test func aSaveOfOneSpecDoesWorkForThatSpecAlone() throws {
        let p = try Project_()
        let loop = Loop(folders: [p.specs])
        _ = try loop.build(p, first: true)
        #expect(loop.session.work.walks == 1 && loop.session.work.projectLoads == 1 && loop.session.work.renderersMade >= 1)
        try p.write("Specs/team/grace.yaml", "shape: roundRect\nbackground: \"#006064\"\ntext: {initials: Grace Hopper}\n")
        let report = try loop.build(p)
        #expect(report.builtCount == 1 && report.written == ["team/grace.png", "team/grace.svg"], "\(report.written)")
        var expected = WatchSession.Work()
        expected.foldersListed = 1
        expected.specsLookedAt = 1
        expected.groupsRead = 1
        // The cache's index is read again after a build that appended to it (docs/build-engine.md#logoc-watch).
        expected.cacheReads = 1
        #expect(loop.session.work == expected)
        // A picture changed: the renderers (which keep decoded pictures) are made again, nothing else.
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: p.specs + "/team/unused.png"))
        _ = try loop.build(p)
        #expect(loop.session.work.projectLoads == 0 && loop.session.work.walks == 0 && loop.session.work.specsLookedAt == 0)
        // logoc.yaml changed: the project is loaded again and every spec looked at.
        try p.write("logoc.yaml", "lookAlike: off\n")
        _ = try loop.build(p)
        #expect(loop.session.work.projectLoads == 1 && loop.session.work.specsLookedAt == 5)
    }

    /// The loop's look after events: the entries the events named are
    /// stat'ed (a folder new to it walked), and the result is what a look
    /// at every file gives — after saves, a new spec, a deleted one and a
    /// new folder with specs in it. Linux only (inotify).
    @Test(.enabled(if: ChangeSignal().isLive)) func aLookAtWhatEventsNamedEqualsALookAtEverything() throws {
        let p = try Project_()
        let signal = ChangeSignal()
        let folders = [p.specs]
        let last = WatchLoop.snapshot(folders: folders, files: [], signal: signal)
        try p.write("Specs/solo.yaml", "shape: square\nbackground: \"#BF360C\"\ntext: \"S\"\n")
        try p.write("Specs/team/new.yaml", "text: NW\n")
        try p.remove("Specs/team/linus.yaml")
        try p.write("Specs/more/deep/kay.yaml", "text: KR\n")
        try p.write("Specs/.hidden.yaml", "text: H\n")
        #expect(signal.wait(0))
        let named = try #require(signal.take())
        #expect(named.contains(p.specs + "/solo.yaml") && named.contains(p.specs + "/more") && !named.contains(p.specs + "/.hidden.yaml"), "\(named)")
        let updated = WatchLoop.updated(last, named: named, folders: folders, files: [], signal: signal)
        #expect(updated == WatchLoop.snapshot(folders: folders, files: []))
        #expect(updated[p.specs + "/more/deep/kay.yaml"] != nil && updated[p.specs + "/team/linus.yaml"] == nil)
        // The new folders are watched: a save in one is named.
        try p.write("Specs/more/deep/kay.yaml", "text: KA\n")
        #expect(signal.wait(0))
        #expect(signal.take()?.contains(p.specs + "/more/deep/kay.yaml") == true)
    }
}
