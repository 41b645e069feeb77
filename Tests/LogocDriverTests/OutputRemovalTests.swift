import Foundation
import Testing
import LogocCore
import LogocFrontend
@testable import LogocDriver

/// A manifest (or a cache) is data anyone can edit, commit or leave behind:
/// `clean` and pruning never delete through it a path outside the output
/// folder, through a symbolic link, a folder, or a file the user changed,
/// and never touch a `manifest.json` or `index.html` that is not logoc's.
@Suite struct OutputRemovalTests {
    typealias Project_ = IncrementalTests.Project_

    /// The user's own file beside the output folder, which no entry may reach.
    static let precious = "keep me\n"

    /// Writes `important.txt` in the project root (beside `dist/`).
    static func important(_ p: Project_) throws -> String {
        let path = p.root + "/important.txt"
        try precious.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Adds a copy of the manifest's `ada.png` line whose `path` is `path`,
    /// right after it; returns the 1-based line and column of the new path's
    /// opening quote.
    @discardableResult
    static func addEntry(_ path: String, to p: Project_, spec: String? = nil) throws -> (line: Int, column: Int) {
        let file = p.output + "/manifest.json"
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("\"path\": \"ada.png\"") })
        var copy = lines[index].replacingOccurrences(of: "\"path\": \"ada.png\"", with: "\"path\": \(JSON.quote(path))")
        if let spec { copy = copy.replacingOccurrences(of: "\"spec\": \"Specs/ada.yaml\"", with: "\"spec\": \(JSON.quote(spec))") }
        if !copy.hasSuffix(",") { copy += "," }
        lines.insert(copy, at: index + 1)
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let column = try #require(copy.range(of: JSON.quote(path))).lowerBound.utf16Offset(in: copy) + 1
        return (index + 2, column)
    }

    static func sha256(_ path: String) throws -> String {
        SHA256.hex(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    // MARK: The rules, one by one

    @Test(arguments: ["../important.txt", "/etc/passwd", "a/../../important.txt", "./ada.png", "a//b.png", "", ".", "..", "x\u{0}.png"])
    func aPathThatIsNotPlainIsRefused(_ path: String) {
        #expect(OutputRemoval.refusal(path, in: "/nonexistent").refusal == .notRelative)
    }

    @Test(arguments: ["manifest.json", ".logoc-cache", "index.html", ".logoc.lock", ".logoc-building"])
    func logocsOwnFilesAreNeverAnEntry(_ path: String) {
        #expect(OutputRemoval.refusal(path, in: "/nonexistent").refusal == .bookkeeping)
    }

    @Test func cleanKeepsAnEntryOutsideTheFolderAndSaysWhere() throws {
        let p = try Project_()
        _ = try p.build()
        let important = try Self.important(p)
        // The issue's case: a copy of an output's entry, pointing outside.
        let place = try Self.addEntry("../important.txt", to: p)
        let result = try CleanRun.run(directory: p.output)
        #expect(try String(contentsOfFile: important, encoding: .utf8) == Self.precious)
        #expect(result.removed.contains("ada.png") && !result.removed.contains("../important.txt"))
        let warning = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(warning.code == .W008 && warning.message.contains("'../important.txt'"))
        #expect(warning.span?.file == p.output + "/manifest.json")
        #expect(warning.span?.start == SourcePosition(line: place.line, column: place.column))
        #expect(result.sources[p.output + "/manifest.json"] != nil, "the excerpt can be shown")
    }

    @Test func cleanKeepsAnAbsoluteEntry() throws {
        let p = try Project_()
        _ = try p.build()
        let important = try Self.important(p)
        try Self.addEntry(important, to: p)
        let result = try CleanRun.run(directory: p.output)
        #expect(FileManager.default.fileExists(atPath: important))
        #expect(result.diagnostics.map(\.code) == [.W008])
    }

    @Test func cleanNeverFollowsASymbolicLink() throws {
        let p = try Project_()
        _ = try p.build()
        // dist/elsewhere → ../outside, and outside/ada.png is a byte-exact copy:
        // even the hash would agree, but the file is not in the output folder.
        try FileManager.default.createDirectory(atPath: p.root + "/outside", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: p.output + "/ada.png", toPath: p.root + "/outside/ada.png")
        try FileManager.default.createSymbolicLink(atPath: p.output + "/elsewhere", withDestinationPath: "../outside")
        try FileManager.default.createSymbolicLink(atPath: p.output + "/link.png", withDestinationPath: "../outside/ada.png")
        try Self.addEntry("elsewhere/ada.png", to: p)
        try Self.addEntry("link.png", to: p)
        let result = try CleanRun.run(directory: p.output)
        #expect(FileManager.default.fileExists(atPath: p.root + "/outside/ada.png"))
        #expect(result.diagnostics.count == 2 && result.diagnostics.allSatisfy { $0.code == .W008 && $0.message.contains("symbolic link") })
    }

    @Test func cleanNeverRemovesAFolder() throws {
        let p = try Project_()
        _ = try p.build()
        // `../dist` wiped the whole output folder; a folder entry inside it
        // took the user's files with it.
        try FileManager.default.createDirectory(atPath: p.output + "/mine", withIntermediateDirectories: true)
        try Self.precious.write(toFile: p.output + "/mine/notes.txt", atomically: true, encoding: .utf8)
        try Self.precious.write(toFile: p.output + "/notes.txt", atomically: true, encoding: .utf8)
        try Self.addEntry("../dist", to: p)
        try Self.addEntry("mine", to: p)
        let result = try CleanRun.run(directory: p.output)
        #expect(FileManager.default.fileExists(atPath: p.output + "/mine/notes.txt"))
        #expect(FileManager.default.fileExists(atPath: p.output + "/notes.txt"))
        #expect(result.diagnostics.count == 2 && result.diagnostics.allSatisfy { $0.code == .W008 })
        #expect(result.diagnostics.contains { $0.message.contains("'mine'") && $0.message.contains("folder") })
    }

    @Test func cleanKeepsAnOutputTheUserChanged() throws {
        let p = try Project_()
        _ = try p.build()
        try "edited by hand".write(toFile: p.output + "/ada.svg", atomically: true, encoding: .utf8)
        let result = try CleanRun.run(directory: p.output)
        #expect(try String(contentsOfFile: p.output + "/ada.svg", encoding: .utf8) == "edited by hand")
        #expect(!result.removed.contains("ada.svg") && result.removed.contains("ada.png"))
        #expect(result.diagnostics.map(\.code) == [.W008])
        #expect(result.diagnostics.first?.message.contains("SHA-256") == true)
    }

    // MARK: A manifest that is not logoc's

    /// A web app's `public/` used as the output folder: its `manifest.json`
    /// and `index.html` are the app's.
    static func webApp(_ p: Project_) throws -> (manifest: String, page: String) {
        let manifest = #"{"name": "My App", "icons": [{"src": "../important.txt", "sizes": "192x192"}]}"#
        let page = "<!doctype html><title>My App</title>\n"
        try FileManager.default.createDirectory(atPath: p.root + "/public", withIntermediateDirectories: true)
        try manifest.write(toFile: p.root + "/public/manifest.json", atomically: true, encoding: .utf8)
        try page.write(toFile: p.root + "/public/index.html", atomically: true, encoding: .utf8)
        return (manifest, page)
    }

    @Test func cleanLeavesAWebAppsManifestAndPageAlone() throws {
        let p = try Project_()
        let app = try Self.webApp(p)
        let important = try Self.important(p)
        let result = try CleanRun.run(directory: p.root + "/public")
        #expect(result.removed.allSatisfy { $0.hasPrefix(".logoc") }, "removed \(result.removed)")
        #expect(try String(contentsOfFile: p.root + "/public/manifest.json", encoding: .utf8) == app.manifest)
        #expect(try String(contentsOfFile: p.root + "/public/index.html", encoding: .utf8) == app.page)
        #expect(FileManager.default.fileExists(atPath: important))
    }

    @Test func buildRefusesToReplaceAWebAppsManifest() throws {
        let p = try Project_()
        let app = try Self.webApp(p)
        let inputs = try Discovery.inputs([p.root + "/Specs"])
        let report = BuildRun.run(inputs, project: Project.load(root: p.root), options: .init(outputDirectory: p.root + "/public", jobs: 1))
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.contains("manifest.json") == true && report.failures.first?.contains("index.html") == true)
        #expect(try String(contentsOfFile: p.root + "/public/manifest.json", encoding: .utf8) == app.manifest)
        #expect(try String(contentsOfFile: p.root + "/public/index.html", encoding: .utf8) == app.page)
        #expect(!FileManager.default.fileExists(atPath: p.root + "/public/ada.png"), "nothing is written")
        // Without the gallery, index.html is no obstacle, the manifest still is.
        var options = BuildRun.Options(outputDirectory: p.root + "/public", jobs: 1)
        options.gallery = false
        let second = BuildRun.run(inputs, project: Project.load(root: p.root), options: options)
        #expect(second.failures.count == 1 && second.failures.first?.contains("index.html") == false)
    }

    // MARK: Pruning

    @Test func pruningWithoutTheCacheKeepsWhatTheManifestCannotOwn() throws {
        let p = try Project_()
        _ = try p.build()
        let important = try Self.important(p)
        try FileManager.default.createDirectory(atPath: p.output + "/mine", withIntermediateDirectories: true)
        try Self.precious.write(toFile: p.output + "/mine/notes.txt", atomically: true, encoding: .utf8)
        // Entries of a spec that no longer exists: pruning removes its outputs.
        try Self.addEntry("../dist", to: p, spec: "Specs/gone.yaml")
        try Self.addEntry("mine", to: p, spec: "Specs/gone.yaml")
        let place = try Self.addEntry("../important.txt", to: p, spec: "Specs/gone.yaml")
        try FileManager.default.removeItem(atPath: p.output + "/.logoc-cache")
        let report = try p.build()
        #expect(report.failures.isEmpty)
        #expect(try String(contentsOfFile: important, encoding: .utf8) == Self.precious)
        #expect(FileManager.default.fileExists(atPath: p.output + "/mine/notes.txt"))
        #expect(FileManager.default.fileExists(atPath: p.output + "/ada.png"))
        let warnings = report.diagnostics.filter { $0.code == .W008 }
        #expect(warnings.count == 3)
        let first = try #require(warnings.first { $0.message.contains("'../important.txt'") })
        #expect(first.span?.file == p.output + "/manifest.json")
        #expect(first.span?.start == SourcePosition(line: place.line, column: place.column))
        // They are no longer listed: the next build is quiet.
        let manifest = Manifest.load(from: p.output)
        #expect(!manifest.outputs.contains { $0.spec == "Specs/gone.yaml" })
        #expect(try p.build().diagnostics.filter { $0.code == .W008 }.isEmpty)
    }

    @Test func pruningWithTheCacheKeepsAnOutputTheUserChangedOrReplaced() throws {
        let p = try Project_()
        _ = try p.build()
        // The user edited one output of a spec, and put a folder of their own
        // where the other was; then the spec is deleted.
        try "edited".write(toFile: p.output + "/alan.svg", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: p.output + "/alan.png")
        try FileManager.default.createDirectory(atPath: p.output + "/alan.png", withIntermediateDirectories: true)
        try Self.precious.write(toFile: p.output + "/alan.png/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: p.root + "/Specs/alan.yaml")
        let report = try p.build()
        #expect(try String(contentsOfFile: p.output + "/alan.svg", encoding: .utf8) == "edited")
        #expect(FileManager.default.fileExists(atPath: p.output + "/alan.png/notes.txt"))
        let warnings = report.diagnostics.filter { $0.code == .W008 }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.span?.file == p.output + "/manifest.json" })
        #expect(!Manifest.load(from: p.output).outputs.contains { $0.spec.hasSuffix("alan.yaml") })
    }

    @Test func pruningWithTheCacheNeverLeavesTheFolder() throws {
        let p = try Project_()
        try p.write("Specs/abcdefghij.yaml", "background: \"#1565C0\"\ntext: AB\n")
        _ = try p.build()
        // A cache record whose path was edited to point outside (same length,
        // so the record still parses): the spec is then deleted.
        try Self.precious.write(toFile: p.root + "/secrets.png", atomically: true, encoding: .utf8)
        let cachePath = p.output + "/.logoc-cache"
        let cache = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        let edited = try #require(String(data: cache, encoding: .utf8)).replacingOccurrences(of: "\tabcdefghij.png\t", with: "\t../secrets.png\t")
        #expect(edited.utf8.count == cache.count && edited.utf8.count > 0)
        try edited.write(toFile: cachePath, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: p.root + "/Specs/abcdefghij.yaml")
        let report = try p.build()
        #expect(report.failures.isEmpty)
        #expect(try String(contentsOfFile: p.root + "/secrets.png", encoding: .utf8) == Self.precious)
        #expect(!Manifest.load(from: p.output).outputs.contains { $0.path.contains("secrets") })
    }

    @Test func aCacheRecordWithAPathThatIsNotPlainIsDamaged() {
        // Even with a right checksum, a record naming '../x' is not logoc's.
        let lines = "out\t../x.png\tk\tt\t1\t2\t3\tsha\t-\tx\tpng\t1\tlight\t8\t8\t\t-\n"
        #expect(BuildCache.decode(lines: Array(lines.utf8)[...], spec: "Specs/x.yaml") == nil)
        let plain = lines.replacingOccurrences(of: "../x.png", with: "x.png")
        #expect(BuildCache.decode(lines: Array(plain.utf8)[...], spec: "Specs/x.yaml")?.outputs["x.png"] != nil)
    }

    /// A damaged byte inside a cache record was copied into `manifest.json`
    /// for good (issue 15, item 4): every group is checked when read.
    @Test(arguments: [0, 1, 2])
    func aDamagedCacheRecordNeverReachesTheManifest(_ which: Int) throws {
        let p = try Project_()
        _ = try p.build()
        let clean = try Data(contentsOf: URL(fileURLWithPath: p.output + "/manifest.json"))
        let cachePath = p.output + "/.logoc-cache"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cachePath)))
        // One byte of ada's manifest line, of its gallery card, or of its `out` line.
        let needles = ["\"name\": \"ada\"", "alt=\"Ada Lovelace, light\"", "\tada\tpng"]
        let text = String(decoding: bytes, as: UTF8.self)
        let at = try #require(text.range(of: needles[which])).upperBound.utf16Offset(in: text) - 2
        bytes[at] = bytes[at] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        try Data(bytes).write(to: URL(fileURLWithPath: cachePath))
        let report = try p.build()
        #expect(report.failures.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: p.output + "/manifest.json")) == clean)
        #expect(!(try String(contentsOfFile: p.output + "/index.html", encoding: .utf8)).contains("Ada Lovelace, ligha"))
        #expect(try p.build().builtCount == 0, "the cache is whole again")
    }

    /// `fuzz-cache` reseals the checksums of a cache it mutated, so that its
    /// edits reach the checks behind the CRC: a record the CRC dropped loads
    /// again, and a record that is whole is left byte for byte as it was.
    @Test func resealingMakesADamagedRecordLoadAgainAndKeepsAWholeOne() throws {
        let p = try Project_()
        _ = try p.build()
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: p.output + "/.logoc-cache")))
        #expect(BuildCacheResealing.resealed(whole) == whole)
        var damaged = whole
        let at = try #require(damaged.firstRange(of: Array("alt=\"Ada Lovelace, light\"".utf8))).upperBound - 2
        damaged[at] = UInt8(ascii: "b")
        let before = try #require(BuildCache.decode(damaged))
        #expect(before.groups["Specs/ada.yaml"] == nil && before.groups.count == 3, "the CRC drops ada's record")
        let after = try #require(BuildCache.decode(BuildCacheResealing.resealed(damaged)))
        #expect(Array(after.order) == ["Specs/ada.yaml", "Specs/alan.yaml", "Specs/photo.yaml", "Specs/solo.yaml"])
        let gallery = try #require(after.groups["Specs/ada.yaml"]?.gallery)
        #expect(gallery.firstRange(of: Array("alt=\"Ada Lovelace, lighb\"".utf8)) != nil, "with the damaged byte, now sealed")
    }

    @Test func theCLIPrintsTheWarningAndExitsZero() throws {
        let p = try Project_()
        _ = try p.build()
        let important = try Self.important(p)
        try Self.addEntry("../important.txt", to: p)
        let run = try CLITests.run(["clean", "-o", "dist"], in: URL(fileURLWithPath: p.root))
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning[W008]") && run.stderr.contains("../important.txt"))
        #expect(FileManager.default.fileExists(atPath: important))
    }

    /// A manifest path `.` left a raw NSCocoaError and the `.logoc-building`
    /// marker behind (issue 15, item 5).
    @Test func aDotEntryIsReportedAndCleanFinishes() throws {
        let p = try Project_()
        _ = try p.build()
        try Self.addEntry(".", to: p)
        let run = try CLITests.run(["clean", "-o", "dist"], in: URL(fileURLWithPath: p.root))
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning[W008]") && !run.stderr.contains("NSCocoaError"))
        #expect(!FileManager.default.fileExists(atPath: p.output), "everything logoc wrote is gone, and the folder with it")
    }
}
