import Foundation
import LogocCore
import LogocDriver
import LogocFrontend
import Testing

/// E014: two specs that would write the same output file, found across
/// files by `CheckRun`.
@Suite("Output clashes (E014)")
struct OutputClashTests {
    /// A throwaway project folder, removed when the value goes away.
    final class Folder {
        let root: String

        init(_ files: [String: String]) throws {
            root = (FileManager.default.temporaryDirectory.path as NSString)
                .appendingPathComponent("logoc-driver-test-\(UUID().uuidString)")
            for (path, text) in files {
                let absolute = (root as NSString).appendingPathComponent(path)
                try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: absolute))
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Inputs for `paths` (relative to the root), shown by those paths,
        /// with outputs mirroring their folders.
        func inputs(_ paths: [String]) -> [SpecInput] {
            paths.map { path in
                SpecInput(path: (root as NSString).appendingPathComponent(path), displayPath: path,
                          outputFolder: (path as NSString).deletingLastPathComponent)
            }
        }

        func run(_ paths: [String], jobs: Int = 4) -> CheckReport {
            CheckRun.run(inputs(paths), project: Project.load(root: root), jobs: jobs)
        }
    }

    static func place(_ span: SourceSpan?) -> String {
        span.map { "\($0.file):\($0.start.line):\($0.start.column)" } ?? "-"
    }

    @Test func sameNameInOneFolder() throws {
        let folder = try Folder([
            "team/a.yaml": "name: jane\ntext: JA\n",
            "team/b.yaml": "text: JB\nname: jane\n",
        ])
        let report = folder.run(["team/a.yaml", "team/b.yaml"])
        #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
        let clash = try #require(report.diagnostics.first)
        #expect(clash.code == .E014)
        #expect(clash.severity == .error)
        #expect(Self.place(clash.span) == "team/b.yaml:2:7")
        #expect(clash.message.contains("team/jane.png"), "\(clash.message)")
        #expect(clash.notes.map { Self.place($0.span) } == ["team/a.yaml:1:7"])
        // The first spec is still built; the second is not.
        #expect(report.specs.map(\.input.displayPath) == ["team/a.yaml"])
        #expect(report.errorCount == 1)
    }

    @Test func sameNameInDifferentFoldersIsFine() throws {
        let folder = try Folder([
            "team/a.yaml": "name: jane\ntext: JA\n",
            "guests/a.yaml": "name: jane\ntext: JA\n",
        ])
        let report = folder.run(["guests/a.yaml", "team/a.yaml"])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.specs.count == 2)
    }

    @Test func fileNamesThatGiveTheSameName() throws {
        // Without 'name', jane.yaml, jane.yml and jane.logo.yaml are all 'jane'.
        let folder = try Folder([
            "jane.yaml": "text: JA\n",
            "jane.logo.yaml": "text: JB\n",
        ])
        let report = folder.run(["jane.logo.yaml", "jane.yaml"])
        #expect(report.diagnostics.map(\.code) == [.E014], "\(report.diagnostics)")
        #expect(Self.place(report.diagnostics.first?.span) == "jane.yaml:1:1")
        #expect(report.specs.count == 1)
    }

    @Test func darkVariantClashesWithASpecNamedLikeIt() throws {
        let folder = try Folder([
            "a.yaml": "name: jane\ntext: JA\ndark:\n  background: black\n",
            "b.yaml": "name: jane-dark\ntext: JB\n",
        ])
        let report = folder.run(["a.yaml", "b.yaml"])
        #expect(report.diagnostics.map(\.code) == [.E014], "\(report.diagnostics)")
        #expect(Self.place(report.diagnostics.first?.span) == "b.yaml:1:7")
        #expect(report.diagnostics.first?.message.contains("jane-dark.png") == true)
    }

    @Test func twoDocumentsOfOneFileWithTheSameName() throws {
        let folder = try Folder(["a.yaml": "name: jane\ntext: JA\n---\nname: jane\ntext: JB\n"])
        let report = folder.run(["a.yaml"])
        #expect(report.diagnostics.map(\.code) == [.E014], "\(report.diagnostics)")
        #expect(Self.place(report.diagnostics.first?.span) == "a.yaml:4:7")
        #expect(report.diagnostics.first?.notes.map { Self.place($0.span) } == ["a.yaml:1:7"])
        #expect(report.specs.count == 1)
    }

    @Test func differentScalesDoNotClash() throws {
        // Each spec's scales write files under its own name.
        let folder = try Folder([
            "a.yaml": "name: jane\ntext: JA\noutput: {scales: [1, 2]}\n",
            "b.yaml": "name: joe\ntext: JB\noutput: {scales: [1, 2]}\n",
        ])
        let report = folder.run(["a.yaml", "b.yaml"])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.specs.count == 2)
    }

    @Test func resultDoesNotDependOnJobs() throws {
        var files: [String: String] = [:]
        for i in 0..<24 { files["s\(i).yaml"] = "name: n\(i % 5)\ntext: \"\(i)\"\n" }
        let folder = try Folder(files)
        let paths = files.keys.sorted()
        let one = folder.run(paths, jobs: 1)
        for jobs in [2, 8, 24] {
            let many = folder.run(paths, jobs: jobs)
            #expect(many.diagnostics == one.diagnostics)
            #expect(many.specs.map(\.input.displayPath) == one.specs.map(\.input.displayPath))
        }
        #expect(one.diagnostics.count == 19)
        #expect(one.diagnostics.allSatisfy { $0.code == .E014 })
        #expect(one.specs.count == 5)
    }

    /// A build checks and draws its files in chunks; a clash between specs
    /// in different chunks is found all the same, on the later spec, and
    /// the run says exactly what one big chunk would.
    @Test func clashesAcrossChunksOfABuild() throws {
        var files: [String: String] = [:]
        for i in 0..<6 { files["s\(i).yaml"] = "name: n\(i)\nbackground: \"#FFF8E1\"\ntext: \"\(i)\"\n" }
        files["s4.yaml"] = "name: n0\nbackground: \"#E1F5FE\"\ntext: \"4\"\n"
        files["s5.yaml"] = "shape: oval\n"
        let folder = try Folder(files)
        let paths = (0..<6).map { "s\($0).yaml" }
        func build(chunk: Int) -> RunReport {
            var options = BuildRun.Options(jobs: 2)
            options.chunkFiles = chunk
            return BuildRun.run(folder.inputs(paths), project: Project.load(root: folder.root), options: options)
        }
        let small = build(chunk: 2), whole = build(chunk: 1024)
        let clash = small.diagnostics.filter { $0.code == .E014 }
        #expect(clash.count == 1)
        #expect(clash.first?.span?.file == "s4.yaml")
        #expect(small.diagnostics == whole.diagnostics)
        // The clashing spec and the broken one failed.
        #expect(small.specCount == 6 && small.failedCount == 2 && whole.failedCount == 2)
        #expect(Set(small.sources.keys) == Set(whole.sources.keys))
    }

    /// `logoc build A -o dist`, then `logoc build B -o dist`, where both write
    /// `x.png`: the second gave no E014, and the manifest listed `x.png` twice
    /// with a wrong SHA-256 (issue 15, item 3). The same through the lock
    /// when the two run at once: the second waits, then sees the first.
    @Test func buildsOfOtherPathsIntoOneFolderClash() throws {
        let folder = try Folder([
            "A/x.yaml": "background: \"#1565C0\"\ntext: A\n",
            "B/x.yaml": "background: \"#2E7D32\"\ntext: B\n",
        ])
        let output = folder.root + "/dist"
        func build(_ path: String) throws -> RunReport {
            BuildRun.run(try Discovery.inputs([folder.root + "/" + path]), project: Project.load(root: folder.root),
                         options: .init(outputDirectory: output, jobs: 1))
        }
        #expect(try build("A").errorCount == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: output + "/x.png"))
        let second = try build("B")
        let clash = try #require(second.diagnostics.first { $0.code == .E014 })
        #expect(clash.message.contains("A/x.yaml") && clash.span?.file.hasSuffix("B/x.yaml") == true)
        #expect(second.written.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/x.png")) == first, "A's picture stays")
        let entries = Manifest.load(from: output).outputs.filter { $0.path == "x.png" }
        #expect(entries.count == 1)
        #expect(entries.first?.spec == "A/x.yaml")
        // Once A's spec file is gone, B may take the name.
        try FileManager.default.removeItem(atPath: folder.root + "/A/x.yaml")
        let third = try build("B")
        #expect(third.errorCount == 0 && third.written.contains("x.png"))
        #expect(Manifest.load(from: output).outputs.filter { $0.path == "x.png" }.map(\.spec) == ["B/x.yaml"])
    }
}
