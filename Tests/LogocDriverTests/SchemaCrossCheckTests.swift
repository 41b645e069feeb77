import Foundation
import Testing

/// The editor's view of a spec, cross-checked: `docs/logo-spec.schema.json`,
/// read by an independent validator (`check-jsonschema`, from PyPI, as YAML
/// editors read it through a generic YAML parser), must accept every showcase
/// spec and refuse the mistakes a schema can see.
struct SchemaCrossCheckTests {
    static let schema = CLITests.repository.appendingPathComponent("docs/logo-spec.schema.json").path

    /// Every spec file below `Specs/` (`*.yaml`, `*.yml`), partials (`_*`) left out.
    static func showcaseSpecs() -> [String] {
        let root = CLITests.repository.appendingPathComponent("Specs").path
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            guard path.hasSuffix(".yaml") || path.hasSuffix(".yml"), !name.hasPrefix("_") else { continue }
            files.append("Specs/" + path)
        }
        return files.sorted()
    }

    /// The documents of a YAML stream, split at `---` lines (the validator
    /// reads one document per file). Documents of nothing but comments go.
    static func documents(_ text: String) -> [String] {
        var documents: [[Substring]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "---" || line.hasPrefix("--- ") || line.hasPrefix("---\t") {
                documents.append([])
                let rest = line.dropFirst(3).drop { $0 == " " || $0 == "\t" }
                if !rest.isEmpty && !rest.hasPrefix("#") { documents[documents.count - 1].append(rest) }
            } else if line == "..." {
                continue
            } else {
                documents[documents.count - 1].append(line)
            }
        }
        return documents.map { lines in
            var lines = lines
            while lines.last?.allSatisfy({ $0 == " " }) == true { lines.removeLast() }
            return lines.joined(separator: "\n") + "\n"
        }.filter { text in
            text.split(separator: "\n").contains { line in
                let trimmed = line.drop { $0 == " " }
                return !trimmed.isEmpty && !trimmed.hasPrefix("#")
            }
        }
    }

    @Test func documentsAreSplitAtDocumentMarkers() {
        #expect(Self.documents("# c\nname: a\n---\nname: b\n--- # x\n# only a comment\n---\nname: c\n...\n")
            == ["# c\nname: a\n", "name: b\n", "name: c\n"])
        #expect(Self.documents("---\na: 1\n") == ["a: 1\n"])
    }

    @Test func showcaseSpecsValidateAgainstTheEditorSchema() throws {
        let specs = Self.showcaseSpecs()
        try #require(!specs.isEmpty, "no showcase specs under Specs/")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-schema-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for spec in specs {
            let text = try String(contentsOf: CLITests.repository.appendingPathComponent(spec), encoding: .utf8)
            let documents = Self.documents(text)
            if documents.count == 1 {
                files.append(spec)
                continue
            }
            // One file per document, named after the file and the document's number.
            for (i, document) in documents.enumerated() {
                let url = directory.appendingPathComponent(spec.replacingOccurrences(of: ".y", with: "#\(i + 1).y"))
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try document.write(to: url, atomically: true, encoding: .utf8)
                files.append(url.path)
            }
        }
        let result = try PythonTools.checkJSONSchema(schema: Self.schema, files)
        #expect(result.status == 0, """
            logoc accepts these specs, but an editor reading docs/logo-spec.schema.json flags them \
            (fix the spec, or the schema writer in Sources/LogocFrontend/Schema):
            \(result.output)
            """)
        // The whole showcase is valid for logoc too.
        let check = try CLITests.run(["check", "Specs"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func validFixturesValidate() throws {
        let folder = "Tests/Fixtures/conformance/valid"
        let files = try FileManager.default.contentsOfDirectory(atPath: CLITests.repository.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
        try #require(!files.isEmpty)
        let result = try PythonTools.checkJSONSchema(schema: Self.schema, files)
        #expect(result.status == 0, "\(result.output)")
    }

    /// The fixtures' mistakes that a schema can see, each with where the
    /// validator must point; logoc refuses the same files.
    @Test(arguments: [
        ("bad-enum.yaml", "$.shape", "is not one of"),
        ("range.yaml", "$.size", "less than the minimum of 16"),
        ("unknown-key.yaml", "$", "'colour' was unexpected"),
        ("bad-colour.yaml", "$.text.color", "does not match"),
    ])
    func schemaDetectableMistakesFail(file: String, path: String, message: String) throws {
        let spec = "Tests/Fixtures/conformance/invalid/" + file
        let result = try PythonTools.checkJSONSchema(schema: Self.schema, [spec], extra: ["--verbose"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("\(spec)::$"), "\(result.output)")
        #expect(result.output.contains("\(path): "), "\(result.output)")
        #expect(result.output.contains(message), "\(result.output)")
        #expect(try CLITests.run(["check", spec]).status == 1)
    }

    /// Issue #16, item 10: values `check` refuses that the editor let pass.
    /// Each must now fail the schema where `check` fails it, and `check` still
    /// refuses it.
    @Test(arguments: [
        ("text: {initials: \"\"}\n", "$.text.initials: '' should be non-empty"),
        ("output: {formats: [png, png]}\n", "$.output.formats: ['png', 'png'] has non-unique elements"),
        ("output: {scales: [2, 2]}\n", "$.output.scales: [2, 2] has non-unique elements"),
        ("border: {width: 4}\n", "$.border: 'color' is a required property"),
        ("text: {color: white}\n", "$.text: 'content' is a required property"),
        ("background: {gradient: {angle: 90}}\n", "$.background.gradient: 'colors' is a required property"),
    ])
    func schemaSaysWhatCheckSays(spec: String, message: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-schema-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("spec.yaml")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        let result = try PythonTools.checkJSONSchema(schema: Self.schema, [file.path], extra: ["--verbose"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains(message), "\(result.output)")
        #expect(try CLITests.run(["check", file.path]).status == 1)
    }

    /// With `extends`, a partial may give what the file lacks: the editor
    /// cannot know, so it does not require it (and `check` accepts it).
    @Test func aSpecThatExtendsIsNotRequiredToBeComplete() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-schema-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "border: {color: white}\ntext: {initials: Jane Doe}\n".write(to: directory.appendingPathComponent("_look.yaml"), atomically: true, encoding: .utf8)
        let spec = directory.appendingPathComponent("spec.yaml")
        try "extends: _look.yaml\nborder: {width: 4}\ntext: {color: black}\n".write(to: spec, atomically: true, encoding: .utf8)
        let result = try PythonTools.checkJSONSchema(schema: Self.schema, [spec.path])
        #expect(result.status == 0, "\(result.output)")
        let check = try CLITests.run(["check", "spec.yaml"], in: directory)
        #expect(check.status == 0, "\(check.stderr)")
    }
}
