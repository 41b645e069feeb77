import Foundation
import Testing

/// `logoc build --data … --template …` and templates on the command line.
struct DataCLITests {
    final class Folder {
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "logoc-data-cli-" + UUID().uuidString)
        init() throws {
            try FileManager.default.createDirectory(at: url.appendingPathComponent("Specs"), withIntermediateDirectories: true)
            try "template: true\nsize: 32\nbackground: auto\ntext: {color: white}\n".write(to: url.appendingPathComponent("Specs/avatar.yaml"), atomically: true, encoding: .utf8)
            try "text: {initials: Ada Lovelace}\nsize: 32\n".write(to: url.appendingPathComponent("Specs/ada.yaml"), atomically: true, encoding: .utf8)
            try "name\nJane Doe\n,\n".write(to: url.appendingPathComponent("staff.csv"), atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func dataAndTemplateGoTogether() throws {
        let folder = try Folder()
        for arguments in [["build", "--data", "staff.csv"], ["build", "--template", "Specs/avatar.yaml"],
                          ["build", "Specs", "--data", "staff.csv", "--template", "Specs/avatar.yaml"]] {
            let run = try CLITests.run(arguments, in: folder.url)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("--data") || run.stderr.contains("--template"), "\(run.stderr)")
        }
        let missing = try CLITests.run(["build", "--data", "nobody.csv", "--template", "Specs/avatar.yaml"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nobody.csv"))
    }

    @Test func aTemplateThatIsNotOneIsAClearError() throws {
        let folder = try Folder()
        let run = try CLITests.run(["build", "--data", "staff.csv", "--template", "Specs/ada.yaml", "-o", "out"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "error: 'Specs/ada.yaml' is not a template: write 'template: true' in it to draw it once per row of --data\n")
    }

    @Test func aBadRowFailsTheBuildAndTheOthersAreWritten() throws {
        let folder = try Folder()
        let run = try CLITests.run(["build", "--data", "staff.csv", "--template", "Specs/avatar.yaml", "-o", "out"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("staff.csv:3:1: error[E004]: the row on line 3 has no name"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/jane-doe.png").path))
    }

    @Test func aBuildOfSpecsWritesNothingForATemplate() throws {
        let folder = try Folder()
        let run = try CLITests.run(["build", "Specs", "-o", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out").path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ["ada.png", "ada.svg", "index.html", "manifest.json"])
        let manifest = try String(contentsOf: folder.url.appendingPathComponent("out/manifest.json"), encoding: .utf8)
        #expect(!manifest.contains("avatar"))
        let check = try CLITests.run(["check", "Specs"], in: folder.url)
        #expect(check.status == 0, "\(check.stderr)")
    }
}
