import Foundation
import Testing
import LogocCore
@testable import LogocDriver
import LogocFrontend

/// `check SPEC…` reads the project's other specs only where a clash is
/// possible (`ProjectSpecs`, `OutputClashFilter`), and finds every `E014`
/// a read of the whole project finds.
struct ProjectSpecsTests {
    /// The names whose outputs meet those of a spec named `name`: itself,
    /// its dark variant's, the spec whose dark variant it would be, and
    /// names of the same Android resource name (`android` targets).
    static func clashingNames(_ name: String) -> [String] {
        [name, name + "-dark", name.uppercased(), name.replacingOccurrences(of: "-", with: "."), AndroidResourceName.make(name)]
            + (name.hasSuffix("-dark") && name.count > 5 ? [String(name.dropLast(5))] : [])
    }

    /// Every spec file of a folder, with the specs the front end reads from
    /// it as `check FILES` reads the project (no validation).
    static func frontEndSpecs(below folder: String, root: String) throws -> [(file: String, names: [String])] {
        let project = Project.load(root: root)
        var checker = SpecChecker(project: project)
        checker.validates = false
        return try Discovery.inputs([folder]).filter { $0.problem == nil }.map { input in
            (input.path, checker.check(input).specs.map(\.name))
        }
    }

    /// The filter never rules out a file the front end reads a spec from
    /// whose outputs meet those of the name asked for: over the showcase
    /// and the conformance and hostile fixtures, each spec's file passes
    /// for every name it could clash with. And it does rule files out.
    @Test func theFilterAgreesWithTheFrontEndOverSpecsAndTheConformanceFixtures() throws {
        let repository = CLITests.repository.path
        let fixtures = repository + "/Tests/Fixtures/conformance"
        let hostile = repository + "/Tests/Fixtures/hostile"
        let files = try Self.frontEndSpecs(below: repository + "/Specs", root: repository)
            + Self.frontEndSpecs(below: fixtures + "/valid", root: fixtures + "/valid")
            + Self.frontEndSpecs(below: fixtures + "/invalid", root: fixtures + "/invalid")
            + Self.frontEndSpecs(below: hostile, root: hostile)
        #expect(files.count > 90)
        #expect(files.reduce(0) { $0 + $1.names.count } > 70, "the front end reads specs from most files")
        var ruledOut = 0, escaped = 0
        for (file, names) in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            let fileName = PathResolver.lastComponent(of: file)
            func passes(_ name: String) -> Bool {
                let needles = [OutputClashFilter.needle(for: name)]
                return OutputClashFilter.fileNameMayClash(fileName, needles: needles) || OutputClashFilter.bytesMayClash(bytes, needles: needles)
            }
            for name in names {
                for asked in Self.clashingNames(name) { #expect(passes(asked), "\(file): '\(name)' asked as '\(asked)'") }
            }
            if !passes("zz-no-such-spec") { ruledOut += 1 }
            if bytes.contains(UInt8(ascii: "\\")) { escaped += 1 }
        }
        #expect(ruledOut == files.count - escaped, "only a file with a backslash passes for every name")
    }

    /// The needle is the part every clashing name holds.
    @Test func needles() {
        #expect(OutputClashFilter.needle(for: "ana") == Array("ana".utf8))
        #expect(OutputClashFilter.needle(for: "ana-dark") == Array("ana".utf8))
        #expect(OutputClashFilter.needle(for: "a-dark-dark") == Array("a_dark".utf8))
        #expect(OutputClashFilter.needle(for: "x-darkroom") == Array("x_darkroom".utf8))
        // Folded as Android resource names are (`android: image` writes `jane_doe.png` for both).
        #expect(OutputClashFilter.needle(for: "Jane.Doe") == Array("jane_doe".utf8))
        #expect(OutputClashFilter.needle(for: "ic_3d") == Array("3d".utf8))
        #expect(OutputClashFilter.needle(for: "class_") == Array("class".utf8))
        #expect(OutputClashFilter.bytesMayClash(Array("name: Jane-Doe\n".utf8), needles: [OutputClashFilter.needle(for: "jane_doe")]))
        #expect(OutputClashFilter.fileNameMayClash("3d.yaml", needles: [OutputClashFilter.needle(for: "ic_3d")]))
        #expect(OutputClashFilter.bytesMayClash(Array("name: \"\\x61na\"\n".utf8), needles: [Array("zzz".utf8)]), "an escape may spell any name")
        #expect(!OutputClashFilter.bytesMayClash(Array("name: an\n".utf8), needles: [Array("ana".utf8)]))
        #expect(OutputClashFilter.bytesMayClash(Array("name: xana".utf8), needles: [Array("ana".utf8)]))
    }

    /// A team folder: the spec being checked (`new.yaml`, named `ana`),
    /// and the other files of its folder and of another folder.
    static let team: [String: String] = [
        "Specs/team/new.yaml": "name: ana\nbackground: \"#1565C0\"\ntext: AB\n",
        "Specs/team/ana.yaml": "background: \"#1565C0\"\ntext: AN\n",
        "Specs/team/bob.yaml": "name: ana-dark\nbackground: \"#1565C0\"\ntext: BO\n",
        "Specs/team/carl.yaml": "name: \"\\x61na\"\nbackground: \"#1565C0\"\ntext: CA\n",
        "Specs/team/dee.yaml": "background: \"#1565C0\"\ntext: DE\n",
        "Specs/team/_person.yaml": "shape: circle\n",
        "Specs/other/ana.yaml": "background: \"#1565C0\"\ntext: AN\n",
    ]

    /// Before: every other spec of the project was read with the front end
    /// (the whole project, 7 files here); now only the files of the spec's
    /// folder that may hold a clashing name, each once.
    @Test func onlyTheFilesThatMayClashAreRead() throws {
        let dir = try AffectedSpecsTests.project(Self.team)
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = Project.load(root: dir.path)
        let named = Set([project.paths.realFile(dir.appendingPathComponent("Specs/team/new.yaml").path) ?? ""])
        let specs = ProjectSpecs(project: project, display: dir.path + "/Specs", named: named, jobs: 2)
        let first = specs.specs(mayClashWith: [.init(folder: "team", name: "ana")])
        #expect(first.map { "\($0.rank.file) \($0.rank.document) \($0.spec.name)" } == [
            "ana.yaml 0 ana", "bob.yaml 0 ana-dark", "carl.yaml 0 ana",
        ])
        #expect(first.first?.spec.input.displayPath == dir.path + "/Specs/team/ana.yaml")
        #expect(specs.filesRead == 3, "dee.yaml, the partial, new.yaml (named) and other/ are not read")
        #expect(specs.specs(mayClashWith: [.init(folder: "team", name: "ana")]).isEmpty, "asked once")
        let dee = specs.specs(mayClashWith: [.init(folder: "team", name: "dee")])
        #expect(dee.map(\.spec.name) == ["dee"])
        #expect(specs.filesRead == 4, "a file already read is not read again")
    }

    /// The clashes the filter must not lose, through the command line: a
    /// name spelled by an escape, and a dark variant's output.
    @Test func clashesThroughEscapesAndDarkVariantsAreFound() throws {
        let dir = try AffectedSpecsTests.project(Self.team.merging([
            "Specs/team/ana.yaml": "background: \"#1565C0\"\ntext: AN\ndark: {background: \"#0D47A1\"}\n",
            "Specs/team/bob.yaml": "name: bo\nbackground: \"#1565C0\"\ntext: BO\n",
            "Specs/team/new.yaml": "name: ana-dark\nbackground: \"#1565C0\"\ntext: AB\n",
            "Specs/team/zed.yaml": "name: \"\\x6Aose\"\nbackground: \"#1565C0\"\ntext: JO\n",
            "Specs/team/new2.yaml": "background: \"#1565C0\"\n\nname: jose\ntext: JB\n",
        ]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let dark = try AffectedSpecsTests.check(["Specs/team/new.yaml"], in: dir)
        #expect(dark.status == 1)
        // carl.yaml (`ana` spelled with an escape, no dark variant) writes
        // none of `ana-dark`'s outputs; ana.yaml's dark variant does.
        #expect(dark.found == [.init(place: "Specs/team/new.yaml:1:7", code: "E014", notes: ["'ana' is defined here"])])
        let escaped = try AffectedSpecsTests.check(["Specs/team/new2.yaml"], in: dir)
        #expect(escaped.found == [.init(place: "Specs/team/new2.yaml:3:7", code: "E014", notes: ["'jose' is defined here"])])
    }

    /// A run checks its files in parts (`BuildRun`'s chunks), and a later
    /// part may read an other spec that comes earlier in the project's
    /// order than one read before: the first in that order is still the one
    /// named, as when the whole project was read first. Here the first part
    /// (`mm`) reads b.yaml, the second (`qq-dark`) a.yaml, and both write
    /// `team/qq-dark.png`.
    @Test func theFirstOtherSpecInTheProjectsOrderIsNamedAcrossParts() throws {
        let dir = try AffectedSpecsTests.project([
            "Specs/team/a.yaml": "name: qq-dark\nbackground: \"#1565C0\"\ntext: AQ\n",
            "Specs/team/b.yaml": "# mm\nname: qq\nbackground: \"#1565C0\"\ntext: BQ\ndark: {background: \"#0D47A1\"}\n",
            "Specs/team/c1.yaml": "name: mm\nbackground: \"#1565C0\"\ntext: MM\n",
            "Specs/team/c2.yaml": "name: qq-dark\nbackground: \"#1565C0\"\ntext: QD\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = Project.load(root: dir.path)
        let named = try Discovery.inputs(["Specs/team/c1.yaml", "Specs/team/c2.yaml"].map { dir.appendingPathComponent($0).path })
        let affected = AffectedSpecs.find(named, project: project, rootArgument: dir.path, jobs: 1)
        var owners = affected.others
        let first = CheckRun.run([affected.inputs[0]], project: project, jobs: 1, clock: nil, owners: &owners, first: true)
        #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")
        let second = CheckRun.run([affected.inputs[1]], project: project, jobs: 1, clock: nil, owners: &owners, first: false)
        #expect(second.diagnostics.map(\.code) == [.E014])
        #expect(second.diagnostics.first?.span?.start == SourcePosition(line: 1, column: 7))
        #expect(second.diagnostics.first?.notes.map(\.message) == ["'qq-dark' is defined here"], "a.yaml, not b.yaml's 'qq'")
    }

    /// The byte-wise rule for ASCII names says what the rule by characters
    /// (`walk`'s before it had one) says.
    @Test func specFileNamesAreToldAsBeforeOnTheirBytes() {
        let names = ["a.yaml", "a.yml", "_a.yaml", "logoc.yaml", "xlogoc.yaml", "logoc.yml", "a.yaml.txt", ".a.yaml", "a.YAML", "yaml",
                     ".yaml", ".yml", "a.yam", "ü.yaml", "_ü.yaml", ".ü.yaml", "ü.yml.txt", "a\r\n.yaml"]
        for name in names {
            let characters = (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasPrefix("_") && name != "logoc.yaml"
            #expect(Discovery.isSpecFile(named: name) == characters, "\(name)")
            #expect(Discovery.isVisibleSpecFile(named: name) == (characters && !name.hasPrefix(".")), "\(name)")
        }
    }

    /// A large folder is peeked at by several workers (one run of files
    /// each): the one file that may clash is found, and only it is read.
    @Test func aLargeFolderIsPeekedAtInParallel() throws {
        var files: [String: String] = ["Specs/team/new.yaml": "name: ana\nbackground: \"#1565C0\"\ntext: AB\n"]
        for i in 0..<300 { files[String(format: "Specs/team/p%03d.yaml", i)] = i == 150 ? "name: ana\ntext: AN\n" : "text: P\(i)\n" }
        let dir = try AffectedSpecsTests.project(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = Project.load(root: dir.path)
        let named = Set([project.paths.realFile(dir.appendingPathComponent("Specs/team/new.yaml").path) ?? ""])
        let specs = ProjectSpecs(project: project, display: dir.path + "/Specs", named: named, jobs: 3)
        let found = specs.specs(mayClashWith: [.init(folder: "team", name: "ana")])
        #expect(found.map(\.rank.file) == ["p150.yaml"])
        #expect(specs.filesRead == 1)
    }
}
