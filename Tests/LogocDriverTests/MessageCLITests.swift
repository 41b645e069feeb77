import Foundation
import Testing

/// Messages as the command line prints them (issue #16, items 4 and 9).
struct MessageCLITests {
    static func project(_ files: [String: String]) throws -> URL {
        try AffectedSpecsTests.project(files)
    }

    /// Contrast over a gradient is measured on pixels after the front end;
    /// its E011 was printed without the source line and caret.
    @Test func gradientContrastErrorQuotesTheSource() throws {
        let dir = try Self.project(["Specs/g.yaml": """
            background:
              gradient:
                colors: ["#FFFFFF", "#EEEEEE"]
            text:
              initials: Jane Doe
              color: "#DDDDDD"
            """])
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in [["check", "Specs"], ["build", "Specs", "-o", "dist"]] {
            let run = try CLITests.run(command, in: dir)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("Specs/g.yaml:6:10: error[E011]: contrast 1.23:1 between text #DDDDDD"), "\(command[0]): \(run.stderr)")
            #expect(run.stderr.contains("6 |   color: \"#DDDDDD\"\n  |          ^^^^^^^^^"), "\(command[0]): \(run.stderr)")
        }
    }

    /// E014 in `check` read "'same' would write 'same.png', which 'same' also writes".
    @Test func outputClashNamesTheTwoFiles() throws {
        let dir = try Self.project(["Specs/a.yaml": "name: same\n", "Specs/b.yaml": "name: same\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try CLITests.run(["check", "Specs"], in: dir)
        #expect(check.stderr.hasPrefix("Specs/b.yaml:1:7: error[E014]: 'Specs/b.yaml' would write 'same.png', which 'Specs/a.yaml' also writes"), "\(check.stderr)")
        let build = try CLITests.run(["build", "Specs", "-o", "dist"], in: dir)
        #expect(build.stderr.hasPrefix("Specs/b.yaml:1:7: error[E014]: 'Specs/b.yaml' would write 'same.png', which 'Specs/a.yaml' also writes"), "\(build.stderr)")
    }

    /// Two documents of one file with one name.
    @Test func outputClashInOneFileSaysSo() throws {
        let dir = try Self.project(["Specs/a.yaml": "name: same\n---\nname: same\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try CLITests.run(["check", "Specs"], in: dir)
        #expect(check.stderr.hasPrefix("Specs/a.yaml:3:7: error[E014]: this document of 'Specs/a.yaml' would write 'same.png', which an earlier one also writes"), "\(check.stderr)")
    }

    /// `explain E11` and `explain e11` exited 64.
    @Test(arguments: ["E011", "e011", "E11", "e11"])
    func explainTakesAnyCaseAndTheShortForm(_ code: String) throws {
        let run = try CLITests.run(["explain", code])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("E011 (error): contrast below the minimum"), "\(run.stdout)")
    }

    @Test func explainShortWarningAndUnknownCodes() throws {
        #expect(try CLITests.run(["explain", "w2"]).stdout.hasPrefix("W002 (warning)"))
        for wrong in ["E1234", "E9", "X11", "11", "E"] {
            let run = try CLITests.run(["explain", wrong])
            #expect(run.status == 2 && run.stderr.contains("unknown code '\(wrong)'"), "\(wrong): \(run.stderr)")
        }
    }
}
