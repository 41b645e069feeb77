import Foundation
import Testing

/// The `logoc` binary as a user runs it: exit codes, streams and formats.
struct CLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `logoc` built beside the test bundle.
    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent(), repository.appendingPathComponent(".build/debug")] {
            let url = candidate.appendingPathComponent("logoc")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return repository.appendingPathComponent(".build/debug/logoc")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL = repository, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func showcaseChecksClean() throws {
        let run = try Self.run(["check", "Specs"])
        #expect(run.status == 0, "\(run.stderr)")
        // Not on a terminal: nothing but diagnostics, and there are none.
        #expect(run.stderr.isEmpty)
        let verbose = try Self.run(["check", "--verbose", "Specs"])
        #expect(verbose.stderr.contains("0 errors, 0 warnings"))
    }

    /// `make run`: the showcase builds (exit 0) with its one deliberate
    /// warning, the look-alike pair of team/john-doe and team/jane-doe.
    @Test func showcaseBuildWarnsOfItsLookAlikePairOnly() throws {
        let output = NSTemporaryDirectory() + "logoc-cli-showcase-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try Self.run(["build", "Specs", "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == """
            Specs/team/john-doe.yaml:1:1: warning[W003]: 'team/john-doe' looks almost the same as 'team/jane-doe' (fingerprints 0 bits apart of 64; lookAlike is 6)
              note: 'team/jane-doe' is drawn from this spec (Specs/team/jane-doe.yaml:1:1)
              help: give one of them another background (background: auto gives each name its own colour), text or shape

            """)
    }

    @Test func invalidSpecExitsOneWithTheContractFirstLine() throws {
        let run = try Self.run(["check", "Tests/Fixtures/conformance/invalid/bad-enum.yaml"])
        #expect(run.status == 1)
        let first = run.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "Tests/Fixtures/conformance/invalid/bad-enum.yaml:3:8: error[E003]: unknown shape 'oval'; expected 'circle', 'square' or 'roundRect'")
        #expect(!run.stderr.contains("\u{1B}["), "no colour when not on a terminal")
    }

    @Test func jsonGoesToStandardOutputAsOneArray() throws {
        let run = try Self.run(["check", "--format", "json", "Tests/Fixtures/conformance/invalid"])
        #expect(run.status == 1)
        let array = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        let codes = Set(array?.compactMap { $0["code"] as? String } ?? [])
        #expect(codes == ["E002", "E003", "E005", "E006", "E007", "E010", "E011"])
        for object in array ?? [] {
            for key in ["file", "line", "column", "severity", "code", "message"] {
                #expect(object[key] != nil, "missing \(key)")
            }
        }
    }

    @Test func strictTurnsWarningsIntoFailure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "shape: circle\ncornerRadius: 10%\ntext: AB\n".write(to: directory.appendingPathComponent("w.yaml"), atomically: true, encoding: .utf8)
        #expect(try Self.run(["check", "w.yaml"], in: directory).status == 0)
        #expect(try Self.run(["check", "--strict", "w.yaml"], in: directory).status == 1)
    }

    @Test func missingPathIsAUsageError() throws {
        let run = try Self.run(["check", "no/such/folder"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("'no/such/folder' does not exist"))
    }

    /// Every usage error exits 2, as the README says (ArgumentParser's own
    /// status for them is 64), with ArgumentParser's message and usage.
    @Test(arguments: [
        (["check", "--bogus"], "Unknown option '--bogus'"),
        (["frobnicate"], "Unexpected argument 'frobnicate'"),
        (["check", "--jobs"], "Missing value for '--jobs"),
        (["check", "--jobs", "many"], "The value 'many' is invalid for '--jobs"),
        (["check", "--format", "xml"], "The value 'xml' is invalid for '--format"),
        (["check", "--jobs", "0"], "--jobs must be from 1 to 256"),
        (["inspect", "--count", "99", "x.png"], "--count must be from 1 to 16"),
        (["explain", "E999"], "unknown code 'E999'"),
    ])
    func usageErrorsExit2(_ arguments: [String], _ message: String) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 2, "\(arguments): exit \(run.status)\n\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: logoc"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: [["--help"], ["check", "--help"], ["help", "build"], ["--version"]])
    func helpAndVersionExit0(_ arguments: [String]) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 0, "\(arguments): exit \(run.status)\n\(run.stderr)")
        #expect(!run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
    }

    @Test func explainPrintsEveryCode() throws {
        for code in ["E001", "E002", "E003", "E004", "E005", "E006", "E007", "E010", "E011", "E012", "E013", "E014", "E015", "E016", "W001", "W002", "W007"] {
            let run = try Self.run(["explain", code.lowercased()])
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix(code))
            #expect(run.stdout.contains("Failing:") && run.stdout.contains("Fixed:"))
        }
        #expect(try Self.run(["explain", "E999"]).status == 2)
    }

    @Test func schemaPrintsJSON() throws {
        let run = try Self.run(["schema"])
        #expect(run.status == 0)
        #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil)
    }

    /// The subcommands keep the names users type, now that each is spelled
    /// out in its configuration instead of derived from the type's name.
    @Test func subcommandNamesAreTheDocumentedOnes() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        for name in ["build", "check", "watch", "clean", "verify", "init", "explain", "schema", "inspect", "serve"] {
            #expect(help.stdout.contains("\n  \(name) "), "\(name) is missing from logoc --help")
            let run = try Self.run([name, "--help"])
            #expect(run.status == 0, "\(name) --help: \(run.stderr)")
            #expect(run.stdout.contains("USAGE: logoc \(name)"), "\(run.stdout)")
        }
    }

    /// The benchmark's floor is a program of its own (bench/floor,
    /// `logoc-bench-floor`): `logoc bench-floor` is an unknown command, and
    /// neither the command's name nor the floor's type (`Floor`, whose
    /// mangled name holds `5Floor`) is anywhere in logoc's binary.
    @Test func theBenchmarkFloorIsNotPartOfLogoc() throws {
        let run = try Self.run(["bench-floor"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Unexpected argument 'bench-floor'"), "\(run.stderr)")
        let binary = try Data(contentsOf: Self.binary, options: .alwaysMapped)
        for needle in ["bench-floor", "LogocRender5Floor", "5logoc10BenchFloor", "17logoc_bench_floor5Floor"] {
            #expect(binary.range(of: Data(needle.utf8)) == nil, "logoc's binary contains '\(needle)'")
        }
    }
}
