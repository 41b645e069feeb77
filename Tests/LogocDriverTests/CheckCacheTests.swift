import Foundation
import LogocCore
@testable import LogocDriver
import LogocFrontend
import Testing

/// `check`'s cache (docs/check.md): a repeat check reports unchanged spec
/// files from it, byte for byte as a full check, and checks again exactly
/// what changed.
@Suite("Check cache")
struct CheckCacheTests {
    /// A project with something of everything the cache must get right: a
    /// partial (with a warning of its own, reported via each spec), a
    /// palette, an error found by measuring (white on a light gradient), a
    /// warning found by measuring (text too small), an output clash and a
    /// file the front end refuses.
    static let files: [String: String] = [
        "logoc.yaml": "palette:\n  brand: \"#1565C0\"\nfonts: [fonts]\n",
        "Specs/_person.yaml": "name: ignored\nsize: 128\ntext:\n  color: white\n",
        "Specs/team/jane.yaml": "extends: ../_person.yaml\nbackground: $brand\ntext:\n  initials: Jane Doe\n",
        "Specs/team/light.yaml": "background:\n  gradient:\n    colors: [\"#FFF59D\", \"#FFEB3B\"]\ntext: {content: AB, color: white}\n",
        "Specs/team/tiny.yaml": "size: 16\nbackground: \"#000000\"\ntext: {content: ABCDEFGHIJKL, color: white}\n",
        "Specs/team/twin.yaml": "name: jane\nbackground: \"#000000\"\ntext: {content: X, color: white}\n",
        "Specs/broken.yaml": "text: [unclosed\n",
        "fonts/.keep": "",
    ]

    /// The project in a fresh folder, removed when the value goes away.
    final class Project: @unchecked Sendable {
        let root: String

        init(_ files: [String: String] = CheckCacheTests.files) throws {
            root = (FileManager.default.temporaryDirectory.path as NSString).appendingPathComponent("logoc-check-cache-\(UUID().uuidString)")
            for (path, text) in files { try write(path, text) }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ path: String, _ text: String) throws {
            let absolute = root + "/" + path
            try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: absolute))
        }

        var cacheFolder: String { root + "/.logoc-check-cache" }
        var cacheFile: String { cacheFolder + "/check-cache" }

        /// `check Specs` in the driver, with the project's cache or none.
        func check(cache: String? = nil, useCache: Bool = true, jobs: Int = 2) throws -> RunReport {
            var options = BuildRun.Options(jobs: jobs)
            options.checkCache = useCache ? cache ?? cacheFolder : nil
            return BuildRun.run(try Discovery.inputs([root + "/Specs"]), project: LogocFrontend.Project.load(root: root), options: options)
        }

        /// `logoc check ARGS Specs` run in the project's folder.
        func cli(_ arguments: [String]) throws -> CLITests.Run {
            try CLITests.run(["check", "--cache"] + arguments + ["Specs"], in: URL(fileURLWithPath: root))
        }
    }

    /// What a report prints: its diagnostics, the texts they quote and its counts.
    static func same(_ a: RunReport, _ b: RunReport) -> Bool {
        a.diagnostics == b.diagnostics && a.sources == b.sources && a.specCount == b.specCount && a.failedCount == b.failedCount
            && a.failures == b.failures
    }

    static func codes(_ report: RunReport) -> [String] {
        report.diagnostics.map { "\($0.code.rawValue) \($0.span.map { "\(($0.file as NSString).lastPathComponent):\($0.start.line):\($0.start.column)" } ?? "-")" }
    }

    // MARK: Output

    /// Cold (no cache yet), warm (nothing changed) and `--no-cache` print the
    /// same bytes and exit the same, in every format.
    @Test func warmCheckPrintsWhatAFullCheckPrints() throws {
        let project = try Project()
        let variants: [[String]] = [[], ["--format", "json"], ["--format", "github"], ["--format", "sarif"], ["--quiet"], ["--verbose"],
                                    ["--strict", "--format", "json"]]
        for variant in variants {
            let full = try project.cli(["--no-cache"] + variant)
            try? FileManager.default.removeItem(atPath: project.cacheFolder)
            let cold = try project.cli(variant)
            #expect(FileManager.default.fileExists(atPath: project.cacheFile))
            let warm = try project.cli(variant)
            for run in [cold, warm] {
                #expect(run.status == full.status, "\(variant)")
                #expect(run.stdout == full.stdout, "\(variant)")
                #expect(run.stderr == full.stderr, "\(variant)")
            }
        }
        // The project does hold what the cache must reproduce.
        let json = try project.cli(["--format", "json"]).stdout
        for code in ["E001", "E011", "E014", "W002", "W004"] { #expect(json.contains("\"\(code)\""), "\(code) in \(json)") }
    }

    /// The warm run reports every cacheable spec file from the cache (so
    /// none of them is parsed: `CheckRun` hands a hit's entry on instead
    /// of checking the file), and gives the report a full check gives.
    @Test func unchangedSpecFilesAreReportedFromTheCache() throws {
        let project = try Project()
        let full = try project.check(useCache: false)
        let cold = try project.check()
        #expect(cold.checkCacheHits == 0)
        let warm = try project.check()
        // twin.yaml loses the clash to jane.yaml (not measured, so not
        // cached) and broken.yaml stops at the YAML error: jane, light, tiny.
        #expect(warm.checkCacheHits == 3)
        #expect(Self.same(full, cold) && Self.same(full, warm), "\(Self.codes(full))\n\(Self.codes(warm))")
        // One file edited: it alone is checked again.
        try project.write("Specs/team/tiny.yaml", "size: 16\nbackground: \"#000000\"\ntext: {content: ABCDEFGHIJKLM, color: white}\n")
        let edited = try project.check()
        #expect(edited.checkCacheHits == 2)
        #expect(Self.same(edited, try project.check(useCache: false)))
        #expect(try project.check().checkCacheHits == 3)
    }

    /// A check that found nothing new does not write the file again.
    @Test func nothingChangedWritesNothing() throws {
        let project = try Project()
        _ = try project.check()
        let before = try FileManager.default.attributesOfItem(atPath: project.cacheFile)
        let (inode, date) = (before[.systemFileNumber] as? UInt64, before[.modificationDate] as? Date)
        _ = try project.check()
        let after = try FileManager.default.attributesOfItem(atPath: project.cacheFile)
        #expect(after[.systemFileNumber] as? UInt64 == inode && after[.modificationDate] as? Date == date)
        #expect(FileManager.default.contents(atPath: project.cacheFolder + "/.gitignore").map { String(decoding: $0, as: UTF8.self) }?
            .contains("\n*\n") == true)
    }

    // MARK: Invalidation

    /// Editing a partial checks its specs again: white text on the brand
    /// blue is fine, blue text on it is not (E010). A key without the
    /// partial would report the old, clean result from the cache.
    @Test func editingAPartialChecksItsSpecsAgain() throws {
        let project = try Project()
        _ = try project.check()
        let warm = try project.check()
        #expect(warm.checkCacheHits == 3 && !Self.codes(warm).contains { $0.hasPrefix("E010") })
        try project.write("Specs/_person.yaml", "name: ignored\nsize: 128\ntext:\n  color: \"#1565C0\"\n")
        let edited = try project.check()
        let full = try project.check(useCache: false)
        #expect(Self.codes(full).contains("E010 _person.yaml:4:10"), "\(Self.codes(full))")
        #expect(Self.same(edited, full), "\(Self.codes(edited))\n\(Self.codes(full))")
    }

    /// A palette colour in `logoc.yaml` reaches the spec that uses it.
    @Test func editingTheConfigChecksItsSpecsAgain() throws {
        let project = try Project()
        _ = try project.check()
        try project.write("logoc.yaml", "palette:\n  brand: \"#FFFFFF\"\nfonts: [fonts]\n")
        let edited = try project.check()
        let full = try project.check(useCache: false)
        #expect(Self.codes(full).contains { $0.hasPrefix("E010 _person.yaml") }, "\(Self.codes(full))")
        #expect(Self.same(edited, full), "\(Self.codes(edited))\n\(Self.codes(full))")
    }

    /// A font added to the project's fonts folder may change any measured
    /// text: every spec file is checked again.
    @Test func aNewProjectFontChecksEverythingAgain() throws {
        let project = try Project()
        _ = try project.check()
        #expect(try project.check().checkCacheHits == 3)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", toPath: project.root + "/fonts/Brand.ttf")
        let after = try project.check()
        #expect(after.checkCacheHits == 0)
        #expect(Self.same(after, try project.check(useCache: false)))
    }

    /// Without `--cache` (or `--cache-dir`) `check` writes nothing at all,
    /// as the contract says, and reads no cache left by an earlier run.
    @Test func checkWritesNoCacheUnlessAsked() throws {
        let project = try Project()
        let plain = try CLITests.run(["check", "--format", "json", "Specs"], in: URL(fileURLWithPath: project.root))
        #expect(!FileManager.default.fileExists(atPath: project.cacheFolder))
        _ = try project.cli([])
        #expect(FileManager.default.fileExists(atPath: project.cacheFile))
        // A cache that lies: a default check must not believe it.
        try Data("not a cache".utf8).write(to: URL(fileURLWithPath: project.cacheFile))
        let again = try CLITests.run(["check", "--format", "json", "Specs"], in: URL(fileURLWithPath: project.root))
        #expect(again.stdout == plain.stdout && again.status == plain.status)
        #expect(try String(contentsOfFile: project.cacheFile, encoding: .utf8) == "not a cache")
    }

    /// Named another way on the command line (`Specs` from the root, or
    /// the absolute path), a spec file's diagnostics show another path:
    /// the entry does not hold.
    @Test func anotherDisplayPathIsAMiss() throws {
        let project = try Project()
        _ = try project.cli([])
        let run = try CLITests.run(["check", "--cache", "--format", "json", project.root + "/Specs"], in: URL(fileURLWithPath: project.root))
        let full = try CLITests.run(["check", "--no-cache", "--format", "json", project.root + "/Specs"], in: URL(fileURLWithPath: project.root))
        #expect(run.stdout == full.stdout && run.status == full.status)
        #expect(run.stdout.contains(project.root + "/Specs/team/light.yaml"))
    }

    // MARK: The file

    /// An entry comes back from its bytes as it was, notes, `via` and
    /// places included; bytes cut short or extended are not an entry.
    @Test func entryRoundTrip() throws {
        let span = SourceSpan(file: "Specs/_p.yaml", start: .init(line: 2, column: 3), end: .init(line: 2, column: 9))
        let via = Diagnostic.Note.via(spec: "team/jane", file: "Specs/team/jane.yaml")
        let warning = Diagnostic(.W002, "'name' in a partial has no effect", at: span, help: "name each spec in its own file",
                                 notes: [via, Diagnostic.Note("first here", at: span)])
        let error = Diagnostic(.E011, "contrast 1.20:1 ……", at: nil)
        let claim = CheckRun.Claim(name: "jane", place: span, display: "Specs/team/jane.yaml", path: "/p/Specs/team/jane.yaml",
                                   outputFolder: "team", outputs: [.init(path: "team/jane.png", target: nil),
                                                                   .init(path: "ios/Assets.xcassets/jane.imageset/jane.png", target: "ios")])
        let entry = CheckCacheEntry(
            display: "Specs/team/jane.yaml", outputFolder: "team", sha256: String(repeating: "a", count: 64),
            dependencies: [.init(path: "/p/logoc.yaml", stamp: FileStamp(size: -1, mtime: 0, inode: 0, sha256: "")),
                           .init(path: "/p/Specs/_p.yaml", stamp: FileStamp(size: 40, mtime: 1_700_000_000_123_456_789, inode: 77, sha256: "b"))],
            diagnostics: [warning], sources: [.init(display: "Specs/_p.yaml", path: "/p/Specs/_p.yaml")],
            specs: [.init(claim: claim, diagnostics: [error], used: [.init(path: "/p/img.png", written: Located("img.png", at: span))])])
        let bytes = entry.encoded()
        let decoded = try #require(CheckCacheEntry(decoding: bytes[...], path: "/p/Specs/team/jane.yaml"))
        #expect(decoded == entry)
        #expect(decoded.diagnostics.first?.notes.first?.isVia == true)
        #expect(CheckCacheEntry(decoding: bytes.dropLast(), path: "/p/Specs/team/jane.yaml") == nil)
        #expect(CheckCacheEntry(decoding: (bytes + [0])[...], path: "/p/Specs/team/jane.yaml") == nil)
        // No prefix of the bytes traps or decodes.
        for end in stride(from: 0, to: bytes.count, by: 7) { #expect(CheckCacheEntry(decoding: bytes[..<end], path: "/x") == nil) }
    }

    /// A damaged byte in an entry is a miss for that file (its CRC-32), a
    /// file cut short ends in misses, and neither changes the output.
    @Test func damagedCacheIsAMiss() throws {
        let project = try Project()
        let full = try project.check(useCache: false)
        _ = try project.check()
        var bytes = try #require(FileManager.default.contents(atPath: project.cacheFile).map { [UInt8]($0) })
        let last = bytes.count - 3
        bytes[last] ^= 0x55
        try Data(bytes).write(to: URL(fileURLWithPath: project.cacheFile))
        let damaged = try project.check()
        #expect(damaged.checkCacheHits == 2)
        #expect(Self.same(damaged, full))
        // The run wrote the file anew: all good again.
        #expect(try project.check().checkCacheHits == 3)
        bytes = try #require(FileManager.default.contents(atPath: project.cacheFile).map { [UInt8]($0) })
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: project.cacheFile))
        let cut = try project.check()
        #expect(cut.checkCacheHits < 3)
        #expect(Self.same(cut, full))
        try Data("garbage\n\u{0}\u{1}".utf8).write(to: URL(fileURLWithPath: project.cacheFile))
        let garbage = try project.check()
        #expect(garbage.checkCacheHits == 0 && Self.same(garbage, full))
    }

    /// A cache of another format version is ignored whole, then replaced.
    @Test func anotherVersionIsIgnored() throws {
        let project = try Project()
        _ = try project.check()
        let text = try String(contentsOfFile: project.cacheFile, encoding: .isoLatin1)
        try text.replacingOccurrences(of: "logoc-check-cache\t1\n", with: "logoc-check-cache\t0\n")
            .write(toFile: project.cacheFile, atomically: true, encoding: .isoLatin1)
        let other = try project.check()
        #expect(other.checkCacheHits == 0)
        #expect(Self.same(other, try project.check(useCache: false)))
        #expect(try project.check().checkCacheHits == 3)
    }

    /// Where no cache can be made (here its folder would be inside a
    /// regular file; in a read-only checkout, likewise) the check runs as
    /// without one, and says nothing about it.
    @Test func aFolderThatCannotBeWrittenIsNoCache() throws {
        let project = try Project()
        try project.write("blocker", "a file, not a folder\n")
        let full = try project.cli(["--no-cache", "--format", "json"])
        for _ in 0..<2 {
            let run = try project.cli(["--cache-dir", "blocker/cache", "--format", "json"])
            #expect(run.status == full.status && run.stdout == full.stdout && run.stderr == full.stderr)
        }
        #expect(!FileManager.default.fileExists(atPath: project.cacheFolder))
        // A folder that exists but where the file cannot be put: a folder in its place.
        try FileManager.default.createDirectory(atPath: project.cacheFile, withIntermediateDirectories: true)
        let run = try project.cli(["--format", "json"])
        #expect(run.status == full.status && run.stdout == full.stdout && run.stderr == full.stderr)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.cacheFolder).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Checks at once (two pre-commit hooks) leave a whole cache: the next
    /// check reports everything from it, as a full check would.
    @Test func concurrentChecksLeaveAWholeCache() throws {
        let project = try Project()
        let full = try project.check(useCache: false)
        let reports = Locked<[RunReport]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if let report = try? project.check(jobs: 1) { reports.withLock { $0.append(report) } }
        }
        #expect(reports.withLock { $0.count } == 4)
        #expect(reports.withLock { $0.allSatisfy { Self.same($0, full) } })
        let after = try project.check()
        #expect(after.checkCacheHits == 3 && Self.same(after, full))
    }
}
