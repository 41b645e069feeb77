import Foundation
import LogocCore
import LogocDriver
import LogocFrontend
import Testing

/// `logoc build --data FILE.csv --template T -o DIR`: one avatar per row,
/// incremental per row, pruned per row, bad rows reported at their line
/// while the others build.
struct DataBuildTests {
    final class Folder: @unchecked Sendable {
        let root = NSTemporaryDirectory() + "logoc-data-" + UUID().uuidString
        var output: String { root + "/dist/people" }

        init(template: String = "template: true\nsize: 48\nbackground: auto\ncontrast: AA\ntext: {color: white}\n") throws {
            try write("Specs/people/avatar.yaml", template)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ path: String, _ text: String) throws {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        func build(_ csv: String) throws -> RunReport {
            try write("staff.csv", csv)
            let template = try #require(try Discovery.inputs([root + "/Specs/people/avatar.yaml"]).first)
            return DataBuildRun.run(data: root + "/staff.csv", template: template, project: Project.load(root: root),
                                    options: .init(outputDirectory: output, jobs: 2))
        }

        func manifestPaths() throws -> [String] {
            let data = try Data(contentsOf: URL(fileURLWithPath: output + "/manifest.json"))
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return ((json?["outputs"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }.sorted()
        }

        func exists(_ file: String) -> Bool { FileManager.default.fileExists(atPath: output + "/" + file) }
    }

    static let staff = "name,file\nJane Doe,\n王芳,wang-fang\nمحمد علي,mohammed\n"

    @Test func oneAvatarPerRowWithManifestAndGallery() throws {
        let folder = try Folder()
        let report = try folder.build(Self.staff)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.builtCount == 3)
        let files = ["jane-doe.png", "jane-doe.svg", "mohammed.png", "mohammed.svg", "wang-fang.png", "wang-fang.svg"]
        #expect(report.written == files)
        #expect(try folder.manifestPaths() == files)
        #expect(folder.exists("index.html"))
        // No file of the template itself.
        #expect(!folder.exists("avatar.png"))
        // The same bytes as a spec of that name drawn from the same look.
        try folder.write("Specs/people/jane.yaml", "name: jane-doe\nsize: 48\nbackground: auto\ncontrast: AA\ntext: {color: white, initials: Jane Doe}\n")
        let spec = BuildRun.run(try Discovery.inputs([folder.root + "/Specs/people/jane.yaml"]), project: Project.load(root: folder.root),
                                options: .init(outputDirectory: folder.root + "/plain", jobs: 1))
        #expect(spec.written == ["jane-doe.png", "jane-doe.svg"])
        #expect(FileManager.default.contents(atPath: folder.root + "/plain/jane-doe.png") == FileManager.default.contents(atPath: folder.output + "/jane-doe.png"))
    }

    @Test func aRerunWithOneRowChangedDrawsOneAndARemovedRowIsPruned() throws {
        let folder = try Folder()
        _ = try folder.build(Self.staff)
        let again = try folder.build(Self.staff)
        #expect(again.builtCount == 0)
        #expect(again.written.isEmpty)
        #expect(again.unchangedCount == 3)
        // Another person in the row of file `wang-fang`: only that avatar is drawn.
        let changed = try folder.build("name,file\nJane Doe,\n王小明,wang-fang\nمحمد علي,mohammed\n")
        #expect(changed.builtCount == 1)
        #expect(changed.written == ["wang-fang.png", "wang-fang.svg"])
        #expect(changed.explanations.count == 1)
        // A row removed: its files go, and leave the manifest.
        let removed = try folder.build("name,file\nJane Doe,\nمحمد علي,mohammed\n")
        #expect(removed.builtCount == 0)
        #expect(removed.removed == ["wang-fang.png", "wang-fang.svg"])
        #expect(!folder.exists("wang-fang.png"))
        #expect(try folder.manifestPaths() == ["jane-doe.png", "jane-doe.svg", "mohammed.png", "mohammed.svg"])
    }

    @Test func badRowsAreDiagnosticsAtTheirLinesAndTheOthersBuild() throws {
        let folder = try Folder()
        let report = try folder.build("name,file\nJane Doe,\n\"Unclosed,x\nAda,ada\n,nobody\nBob,../up\nZed,ada\n")
        #expect(report.diagnostics.map { "\($0.code.rawValue)@\($0.span?.file ?? ""):\($0.span?.start.line ?? 0):\($0.span?.start.column ?? 0)" }
                == ["E001@\(folder.root)/staff.csv:3:1", "E004@\(folder.root)/staff.csv:5:1", "E003@\(folder.root)/staff.csv:6:5",
                    "E014@\(folder.root)/staff.csv:7:1"])
        // E014 names both rows: the second here, the first in its note.
        #expect(report.diagnostics.last?.notes.first?.span?.start.line == 4)
        #expect(report.written == ["ada.png", "ada.svg", "jane-doe.png", "jane-doe.svg"])
        #expect(report.errorCount == 4)
    }

    @Test func aSpecThatIsNotATemplateIsRefusedAndABrokenTemplateDrawsNothing() throws {
        let plain = try Folder(template: "text: {initials: Jane Doe}\n")
        let report = try plain.build(Self.staff)
        #expect(report.failures.first?.contains("is not a template") == true)
        #expect(!plain.exists("jane-doe.png"))
        let broken = try Folder(template: "template: true\nbackground: auto\ncontrast: AA\ntext: {color: \"#FFFFFF99\"}\n")
        let refused = try broken.build(Self.staff)
        #expect(refused.diagnostics.map(\.code) == [.E011])
        #expect(refused.written.isEmpty)
        #expect(!broken.exists("jane-doe.png"))
    }
}
