import Foundation
import LogocFrontend
import Testing
@testable import LogocDriver

/// `logoc watch`'s builds after a save: they trust what the loop saw
/// change (`WatchSession`) instead of looking at every file, and must
/// leave what a fresh build leaves.
struct WatchSessionTests {
    /// Every file below `folder` but the cache (its stamps differ by
    /// nature), relative path → bytes.
    static func tree(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard relative != BuildCache.fileName, FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder),
                  !isFolder.boolValue else { continue }
            files[relative] = FileManager.default.contents(atPath: folder + "/" + relative)
        }
        return files
    }

    /// Saves of every kind (a spec, the partial two specs extend, a photo,
    /// a new spec, a deleted one, an error and its fix), each followed by
    /// the build the loop would run with what its snapshots saw change:
    /// each rebuilds what the save touched, and the output folder ends as
    /// a fresh build of the same specs makes it, byte for byte.
    @Test func watchedSavesLeaveWhatAFreshBuildMakes() throws {
        let p = try IncrementalTests.Project_()
        let folders = [p.root + "/Specs"]
        let session = WatchSession()
        func build(_ changed: Set<String>?, into output: String, session: WatchSession?) throws -> RunReport {
            session?.saw(changed)
            var options = BuildRun.Options(outputDirectory: output, jobs: 2)
            options.session = session
            return BuildRun.run(try Discovery.inputs(folders), project: Project.load(root: p.root), options: options)
        }
        var last = WatchLoop.snapshot(folders: folders, files: [])
        #expect(try build(nil, into: p.output, session: session).builtCount == 4)
        let ada = "extends: _base.yaml\nbackground: \"#6A1B9A\"\ntext: {initials: Ada Lovelace}\n"
        let saves: [(change: () throws -> Void, built: Int, failed: Int)] = [
            ({ try p.write("Specs/ada.yaml", ada) }, 1, 0),
            ({ try p.write("Specs/_base.yaml", "shape: square\ntext: {font: {weight: 700}}\n") }, 2, 0),
            ({ try p.photo(0x90) }, 1, 0),
            ({ try p.write("Specs/new.yaml", "background: \"#004D40\"\ntext: NW\n") }, 1, 0),
            ({ try FileManager.default.removeItem(atPath: p.root + "/Specs/solo.yaml") }, 0, 0),
            ({ try p.write("Specs/alan.yaml", "extends: _base.yaml\nbackground: \"#2E7D32\"\ntext: {initials: Alan Turing}\noutput: {scales: [1, 2]}\n") }, 1, 0),
            ({ try p.write("Specs/ada.yaml", "shape: oval\n") }, 0, 1),
            // Fixed with another colour: the outputs the failed save kept are drawn again.
            ({ try p.write("Specs/ada.yaml", ada.replacingOccurrences(of: "#6A1B9A", with: "#AD1457")) }, 1, 0),
        ]
        for (i, save) in saves.enumerated() {
            try save.change()
            let now = WatchLoop.snapshot(folders: folders, files: [])
            let report = try build(WatchLoop.changes(from: last, to: now), into: p.output, session: session)
            last = now
            #expect(report.builtCount == save.built && report.failedCount == save.failed, "save \(i): \(report.builtCount) built, \(report.failedCount) failed")
            #expect(report.failures.isEmpty, "\(report.failures)")
        }
        let fresh = p.root + "/fresh"
        #expect(try build(nil, into: fresh, session: nil).failures.isEmpty)
        let watched = Self.tree(p.output), built = Self.tree(fresh)
        #expect(watched.keys.sorted() == built.keys.sorted())
        for (path, bytes) in built { #expect(watched[path] == bytes, "\(path) differs from a fresh build's") }
        #expect(watched["manifest.json"] != nil && watched["index.html"] != nil)
    }

    /// What the loop saw is trusted only after a build that finished, and
    /// only while the cache is the file that build left: another build
    /// into the folder, or no build yet, and every file is looked at.
    @Test func changesAreTrustedOnlyOverTheCacheTheLastBuildLeft() throws {
        let p = try IncrementalTests.Project_()
        let session = WatchSession()
        session.saw(nil)
        #expect(session.trustedChanges(in: p.output) == nil)
        var options = BuildRun.Options(outputDirectory: p.output, jobs: 2)
        options.session = session
        _ = BuildRun.run(try Discovery.inputs([p.root + "/Specs"]), project: Project.load(root: p.root), options: options)
        session.saw([p.root + "/Specs/ada.yaml"])
        #expect(session.trustedChanges(in: p.output) == [p.root + "/Specs/ada.yaml"])
        // Another build (not the watch's) rewrites the cache.
        try p.write("Specs/solo.yaml", "shape: square\nbackground: \"#FFE0B2\"\ntext: \"S\"\n")
        _ = try p.build(force: true)
        #expect(session.trustedChanges(in: p.output) == nil)
    }
}
