import Foundation
import LogocCore
import LogocFrontend
import Testing

/// The public examples of SPEC.md in `Tests/Fixtures/conformance`: every
/// `invalid/` file reports the diagnostic its first line names and fails;
/// every `valid/` file checks clean.
@Suite("Conformance")
struct ConformanceTests {
    static let folder = TestFixtures.root.appendingPathComponent("conformance")

    static func files(_ kind: String) -> [String] {
        let directory = folder.appendingPathComponent(kind).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }

    /// `# expect: E005 4:10` → the code and position.
    static func expectation(in text: String) -> (code: DiagnosticCode, position: SourcePosition)? {
        guard let first = text.split(separator: "\n", omittingEmptySubsequences: false).first else { return nil }
        let words = first.split(separator: " ")
        guard words.count == 4, words[0] == "#", words[1] == "expect:", let code = DiagnosticCode(rawValue: String(words[2])) else { return nil }
        let place = words[3].split(separator: ":")
        guard place.count == 2, let line = Int(place[0]), let column = Int(place[1]) else { return nil }
        return (code, SourcePosition(line: line, column: column))
    }

    /// Checks a fixture with its own folder as the project root.
    static func check(_ kind: String, _ name: String) -> FileCheck {
        let directory = folder.appendingPathComponent(kind).path
        let project = Project.load(root: directory)
        let input = SpecInput(path: (directory as NSString).appendingPathComponent(name), displayPath: name, outputFolder: "")
        return SpecChecker(project: project).check(input)
    }

    @Test func fixturesArePresent() {
        #expect(!Self.files("invalid").isEmpty)
        #expect(!Self.files("valid").isEmpty)
    }

    @Test(arguments: ConformanceTests.files("invalid"))
    func invalid(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("invalid").appendingPathComponent(name), encoding: .utf8)
        let expected = try #require(Self.expectation(in: text), "\(name) does not start with '# expect: CODE LINE:COLUMN'")
        let check = Self.check("invalid", name)
        let found = check.diagnostics.contains { d in
            d.code == expected.code && d.span?.file == name && d.span?.start == expected.position
        }
        #expect(found, "\(name): expected \(expected.code.rawValue) at \(expected.position.line):\(expected.position.column), got:\n\(listDiagnostics(check.diagnostics))")
        #expect(check.diagnostics.hasErrors, "\(name) must fail")
        #expect(check.specs.isEmpty, "\(name) must not produce a spec")
        #expect(check.failedDocuments >= 1)
    }

    /// Every invalid input the tests keep: the conformance examples and the
    /// hostile corpus (checked with their own folder as the root).
    static let invalidInputs: [String] = files("invalid").map { "invalid/" + $0 }
        + (((try? FileManager.default.contentsOfDirectory(atPath: TestFixtures.root.appendingPathComponent("hostile").path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "hostile/" + $0 })

    /// One diagnostic per mistake: no two share a code and a place (the
    /// dark variant reported an unknown key under `dark` twice, once by
    /// the spec's schema and once by dark's).
    @Test(arguments: ConformanceTests.invalidInputs)
    func oneDiagnosticPerMistake(_ path: String) {
        let parts = path.split(separator: "/").map(String.init)
        let directory = TestFixtures.root.appendingPathComponent(parts[0] == "invalid" ? "conformance/invalid" : parts[0]).path
        let input = SpecInput(path: (directory as NSString).appendingPathComponent(parts[1]), displayPath: parts[1], outputFolder: "")
        let check = SpecChecker(project: Project.load(root: directory)).check(input)
        var seen: Set<String> = []
        for d in check.diagnostics {
            let key = "\(d.code.rawValue) \(d.span.map { "\($0.file):\($0.start.line):\($0.start.column)-\($0.end.line):\($0.end.column)" } ?? "-")"
            #expect(seen.insert(key).inserted, "\(path): two diagnostics \(key):\n\(listDiagnostics(check.diagnostics))")
        }
    }

    @Test(arguments: ConformanceTests.files("valid"))
    func valid(_ name: String) {
        let check = Self.check("valid", name)
        #expect(check.diagnostics.isEmpty, "\(name) must check clean, got:\n\(listDiagnostics(check.diagnostics))")
        #expect(check.specs.count == 1)
        #expect(check.failedDocuments == 0)
    }
}
