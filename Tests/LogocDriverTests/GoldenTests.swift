import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend
import LogocImageIO

/// The showcase in Specs/ against Golden/: the render-tree dump and the SVG
/// byte for byte, the PNG pixel by pixel within `ImageComparison`'s
/// tolerance (2 levels per channel, at most 0.05% of pixels beyond it).
/// `LOGOC_RECORD_GOLDEN=1 make test` re-records; a missing golden fails.
/// On a mismatch, expected|diff|actual lands in .build/golden-diff/.
struct GoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let golden = repository + "/Golden"
    static let diffs = repository + "/.build/golden-diff"
    static let recording = ProcessInfo.processInfo.environment["LOGOC_RECORD_GOLDEN"] == "1"

    /// Where the showcase's `build --data` writes, below the showcase's output.
    static let staffFolder = "staff"
    /// The people of Specs/people/staff.csv kept as goldens: Latin, Chinese, Arabic.
    static let staffGoldens = ["jane-doe.png", "zhang-wei.png", "mohammed-ali.png"]

    /// Specs/ built once for every test here.
    struct Showcase: Sendable {
        let output: String
        let report: RunReport
        /// Relative path of each spec's dump file → its text.
        let dumps: [String: String]
    }

    static let showcase: Showcase = {
        let output = NSTemporaryDirectory() + "logoc-golden-" + UUID().uuidString
        // Suites running in parallel read it up to the end, so no test can
        // remove it: it goes at exit. (Diff images go to .build/golden-diff/
        // and stay there for a person to look at.)
        atexit { try? FileManager.default.removeItem(atPath: GoldenTests.showcase.output) }
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(repository)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let inputs = (try? Discovery.inputs(["Specs"])) ?? []
        let project = Project.load(root: repository)
        let report = BuildRun.run(inputs, project: project, options: .init(outputDirectory: output, jobs: 2))
        // `make run`'s second command: the template drawn for each person of staff.csv, into `staff/` here.
        if let template = try? Discovery.inputs(["Specs/people/avatar.yaml"]).first {
            _ = DataBuildRun.run(data: "Specs/people/staff.csv", template: template, project: project,
                                 options: .init(outputDirectory: output + "/" + staffFolder, jobs: 2))
        }
        var dumps: [String: String] = [:]
        let resolver = Resolver(project: project)
        // A template draws nothing of its own: its people's pictures are the goldens.
        for spec in CheckRun.run(inputs, project: project).specs where !spec.isTemplate {
            let trees = resolver.resolve(spec)
            let base = (spec.input.outputFolder.isEmpty ? "" : spec.input.outputFolder + "/") + spec.name
            dumps[base + ".tree.txt"] = trees.light.dump() + (trees.dark.map { "dark:\n" + $0.dump() } ?? "")
                + (trees.smallLight.map { "small (at most \(trees.maxSize ?? 0) px):\n" + $0.dump() } ?? "")
                + (trees.smallDark.map { "small dark:\n" + $0.dump() } ?? "")
        }
        return Showcase(output: output, report: report, dumps: dumps)
    }()

    /// Golden files: every scale-1 PNG, every SVG, every file a target
    /// writes and every tree dump (the other formats are compared with the
    /// PNG in FormatOutputTests).
    static func expectedFiles() -> [String] {
        var files = showcase.report.written.filter {
            $0.hasPrefix("web/") || $0.hasPrefix("android/") || $0.hasPrefix("ios/") || (!$0.contains("@") && ($0.hasSuffix(".png") || $0.hasSuffix(".svg")))
        }
        files += showcase.dumps.keys
        files += staffGoldens.map { staffFolder + "/" + $0 }
        return files.sorted()
    }

    /// The showcase builds with one diagnostic only, the look-alike pair it
    /// shows on purpose (Specs/team/john-doe.yaml, copied from jane-doe.yaml).
    @Test func showcaseBuildsCleanButForItsLookAlikePair() throws {
        let diagnostics = Self.showcase.report.diagnostics
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let warning = try #require(diagnostics.first)
        #expect(warning.code == .W003)
        let span = try #require(warning.span)
        #expect(span.file.hasSuffix("Specs/team/john-doe.yaml"))
        #expect(span.start.line == 1 && span.start.column == 1)
        #expect(warning.message == "'team/john-doe' looks almost the same as 'team/jane-doe' (fingerprints 0 bits apart of 64; lookAlike is 6)")
        #expect(Self.showcase.report.failures.isEmpty)
        #expect(Self.showcase.report.specCount >= 9)
    }

    @Test(arguments: expectedFiles())
    func matchesGolden(_ path: String) throws {
        let goldenPath = Self.golden + "/" + path
        let actual: [UInt8]
        if let dump = Self.showcase.dumps[path] {
            actual = Array(dump.utf8)
        } else {
            actual = Array(try Data(contentsOf: URL(fileURLWithPath: Self.showcase.output + "/" + path)))
        }
        if Self.recording {
            try FileManager.default.createDirectory(atPath: (goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(actual).write(to: URL(fileURLWithPath: goldenPath))
            return
        }
        guard let expected = FileManager.default.contents(atPath: goldenPath).map(Array.init) else {
            Issue.record("no golden for \(path): run LOGOC_RECORD_GOLDEN=1 make test, look at the new files, commit them")
            return
        }
        guard path.hasSuffix(".png") else {
            // A Bool, not the arrays: Swift Testing would diff 400 KB of bytes.
            let same = expected == actual
            #expect(same, "\(path) differs from Golden/\(path) (\(expected.count) → \(actual.count) bytes)")
            return
        }
        let comparison = ImageComparison()
        let e = try ImageDecoder.decode(bytes: expected), a = try ImageDecoder.decode(bytes: actual)
        let result = comparison.compare(e, a)
        if !result.matches {
            let diffPath = Self.diffs + "/" + path
            try FileManager.default.createDirectory(atPath: (diffPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(PNGEncoder.encode(comparison.sheet(e, a))).write(to: URL(fileURLWithPath: diffPath))
            Issue.record("\(path): \(result.differing) of \(result.total) pixels differ (max channel delta \(result.maxDelta)); see \(diffPath)")
        }
    }

    @Test func noStaleGoldens() throws {
        let expected = Set(Self.expectedFiles())
        let enumerator = FileManager.default.enumerator(atPath: Self.golden)
        var stale: [String] = []
        while let file = enumerator?.nextObject() as? String {
            if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { continue }
            guard file.hasPrefix("web/") || file.hasPrefix("android/") || file.hasPrefix("ios/") || file.hasSuffix(".png") || file.hasSuffix(".svg") || file.hasSuffix(".tree.txt") else { continue }
            if !expected.contains(file) { stale.append(file) }
        }
        if Self.recording {
            for file in stale { try FileManager.default.removeItem(atPath: Self.golden + "/" + file) }
            return
        }
        #expect(stale.isEmpty, "goldens with no showcase output: \(stale.sorted())")
    }
}
