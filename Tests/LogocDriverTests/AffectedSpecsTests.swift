import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend
import PhotoFixtures

/// `logoc check FILES` checks what the files affect (issue 16): the specs
/// that use a named partial, image, font file or `logoc.yaml`, output
/// clashes against the whole project, `via` notes naming the specs through
/// which a partial's diagnostic was found, and `--require-tracked` (E019).
struct AffectedSpecsTests {
    /// One diagnostic of `check --format json`, as the tests compare it.
    struct Found: Equatable, CustomStringConvertible {
        var place: String
        var code: String
        var notes: [String]
        var description: String { "\(place) \(code) \(notes)" }
    }

    /// A project in a fresh temporary folder; the caller removes it.
    static func project(_ files: [String: String]) throws -> URL {
        let dir = try TeamWorkflowTests.folder()
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// `logoc check --format json ARGUMENTS` in `dir`: its exit status and diagnostics.
    static func check(_ arguments: [String], in dir: URL) throws -> (status: Int32, found: [Found]) {
        let run = try CLITests.run(["check", "--format", "json"] + arguments, in: dir)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout)\(run.stderr)")
        let found = objects.map { o in
            Found(place: "\(o["file"] as? String ?? ""):\(o["line"] as? Int ?? 0):\(o["column"] as? Int ?? 0)", code: o["code"] as? String ?? "",
                  notes: (o["notes"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String })
        }
        return (run.status, found)
    }

    /// A team of avatars: a partial with white text, two specs of `people/`
    /// extending it, and a broken spec elsewhere that uses nothing of it.
    static let team: [String: String] = [
        "logoc.yaml": "palette:\n  brand: \"#1565C0\"\n",
        "Specs/people/_person.yaml": "shape: circle\nbackground: $brand\ntext:\n  color: white\n",
        "Specs/people/jose-garcia.yaml": "extends: _person.yaml\nname: jose\ntext: {initials: Jose Garcia}\n",
        "Specs/people/ana.yaml": "extends: _person.yaml\ntext: {initials: Ana Li}\n",
        "Specs/brand/broken.yaml": "shape: oval\ntext: AB\n",
    ]

    /// The partial turned amber: white text fails on it.
    static let amberPerson = "shape: circle\nbackground: \"#FFC107\"\ntext:\n  color: white\n"

    /// Before: the partial was checked alone, as a partial, and passed.
    @Test func aPartialIsCheckedThroughEverySpecThatExtendsItOncePerPlace() throws {
        let dir = try Self.project(Self.team.merging(["Specs/people/_person.yaml": Self.amberPerson]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.check(["Specs/people/_person.yaml"], in: dir)
        #expect(run.status == 1)
        #expect(run.found == [Found(place: "Specs/people/_person.yaml:4:10", code: "E011", notes: [
            "via 'people/ana' (Specs/people/ana.yaml)", "via 'people/jose' (Specs/people/jose-garcia.yaml)",
        ])], "the broken spec of brand/ uses nothing named, and is not checked")
    }

    /// A spec named with its partial: the partial's error once, with one note per spec.
    @Test func aSpecNamedWithItsPartialGivesOneDiagnosticWithBothSpecs() throws {
        let dir = try Self.project(Self.team.merging(["Specs/people/_person.yaml": Self.amberPerson]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.check(["Specs/people/jose-garcia.yaml", "Specs/people/_person.yaml"], in: dir)
        #expect(run.found.map(\.place) == ["Specs/people/_person.yaml:4:10"])
        #expect(run.found.first?.notes == ["via 'people/ana' (Specs/people/ana.yaml)", "via 'people/jose' (Specs/people/jose-garcia.yaml)"])
    }

    /// A partial a dozen specs extend names nine of them and counts the rest.
    @Test func viaNotesAreCapped() throws {
        var files = Self.team.merging(["Specs/people/_person.yaml": Self.amberPerson]) { $1 }
        for i in 10..<20 { files["Specs/people/p\(i).yaml"] = "extends: _person.yaml\ntext: {initials: P \(i)}\n" }
        let dir = try Self.project(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let notes = try Self.check(["Specs/people/_person.yaml"], in: dir).found.first?.notes ?? []
        #expect(notes.count == Diagnostic.maxViaNotes)
        #expect(notes.first == "via 'people/ana' (Specs/people/ana.yaml)")
        #expect(notes.last == "and 3 more specs through which it is reached")
    }

    /// Before: `logoc.yaml` passed alone was read as a spec.
    @Test func logocYamlChecksEverySpec() throws {
        let dir = try Self.project(Self.team.merging(["logoc.yaml": "palette:\n  brand: \"#FFC107\"\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.check(["logoc.yaml"], in: dir)
        #expect(run.status == 1)
        #expect(run.found.map(\.place) == ["Specs/brand/broken.yaml:1:8", "Specs/people/_person.yaml:4:10"])
        #expect(run.found.map(\.code) == ["E003", "E011"])
    }

    /// Before: a new spec reusing another's name was E014 only in a full check.
    @Test func aNamedSpecClashesWithTheProjectsOtherSpecs() throws {
        let dir = try Self.project(Self.team.merging(["Specs/people/jose.yaml": "name: ana\nbackground: \"#1565C0\"\ntext: AB\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.check(["Specs/people/jose.yaml"], in: dir)
        #expect(run.status == 1)
        #expect(run.found == [Found(place: "Specs/people/jose.yaml:1:7", code: "E014", notes: ["'ana' is defined here"])])
    }

    /// Before: two specs of different folders named together were both
    /// given outputs at the top (`x.png`), a false E014.
    @Test func specsOfDifferentFoldersWithOneNameDoNotClash() throws {
        let dir = try Self.project([
            "Specs/a/x.yaml": "background: \"#1565C0\"\ntext: AB\n",
            "Specs/b/x.yaml": "background: \"#1565C0\"\ntext: CD\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.check(["Specs/a/x.yaml", "Specs/b/x.yaml"], in: dir)
        #expect(run.status == 0 && run.found.isEmpty, "\(run.found)")
    }

    /// Before: an image or font passed alone was read as YAML (E001).
    @Test func anImageOrFontFileChecksTheSpecsThatUseIt() throws {
        let dir = try Self.project([
            "Specs/team/pat.yaml": "background: {image: photos/pat.png}\n",
            "Specs/team/kim.yaml": "background: \"#1565C0\"\ntext:\n  content: KL\n  font: {file: ../fonts/brand.ttf}\n",
            "Specs/team/photos/pat.png": "not a picture",
            "Specs/fonts/brand.ttf": "not a font",
            "Specs/team/other.yaml": "shape: oval\ntext: AB\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try Self.check(["Specs/team/photos/pat.png"], in: dir)
        #expect(image.found.map(\.description) == [Found(place: "Specs/team/pat.yaml:1:21", code: "E012", notes: []).description])
        let font = try Self.check(["Specs/fonts/brand.ttf"], in: dir)
        #expect(font.found.map(\.place) == ["Specs/team/kim.yaml:4:16"])
        #expect(font.found.map(\.code) == ["E012"])
        // A file nothing uses checks nothing.
        try Data([0x89]).write(to: dir.appendingPathComponent("Specs/unused.png"))
        let unused = try Self.check(["Specs/unused.png"], in: dir)
        #expect(unused.status == 0 && unused.found.isEmpty)
    }

    /// The dependents, as the driver computes them: the named files kept
    /// (a spec's outputs named below `Specs`), then the specs that use them.
    @Test func dependentsOfEachKindOfFile() throws {
        let dir = try Self.project(Self.team.merging([
            "Specs/team/pat.yaml": "background: {image: photos/pat.png}\n",
            "Specs/team/photos/pat.png": "",
            "Specs/team/deep/kim.yaml": "extends: ../../people/_person.yaml\ntext: KL\n",
        ]) { $1 })
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = Project.load(root: dir.path)
        func affected(_ paths: [String]) throws -> [String] {
            let named = try Discovery.inputs(paths.map { dir.appendingPathComponent($0).path })
            let found = AffectedSpecs.find(named, project: project, rootArgument: dir.path, jobs: 2)
            return found.inputs.map { "\($0.outputFolder)|" + PathResolver.lastComponent(of: $0.path) }
        }
        #expect(try affected(["Specs/people/_person.yaml"]) == ["|_person.yaml", "people|ana.yaml", "people|jose-garcia.yaml", "team/deep|kim.yaml"])
        #expect(try affected(["Specs/team/photos/pat.png"]) == ["team|pat.yaml"])
        #expect(try affected(["logoc.yaml"]).count == 5)
        #expect(try affected(["Specs/team/deep/kim.yaml"]) == ["team/deep|kim.yaml"])
    }

    /// E019's examples of `logoc explain`, in a git repository.
    @Test func requireTrackedRefusesAnUntrackedPhoto() throws {
        let entry = DiagnosticCode.E019.explanation
        let spec = "Specs/team/jane.yaml"
        let dir = try Self.project([spec: entry.failing])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Specs/team/photos"), withIntermediateDirectories: true)
        try Data(Self.photo).write(to: dir.appendingPathComponent("Specs/team/photos/jane.jpg"))
        #expect(try Self.git(["init", "-q"], in: dir) == 0)
        let failing = try Self.check(["--require-tracked", spec], in: dir)
        #expect(failing.status == 1)
        #expect(failing.found == [Found(place: "Specs/team/jane.yaml:4:10", code: "E019", notes: [])])
        // Without the flag git is not asked.
        #expect(try Self.check([spec], in: dir).found.isEmpty)
        #expect(try Self.git(["add", "Specs/team/photos/jane.jpg"], in: dir) == 0)
        try entry.fixed.write(to: dir.appendingPathComponent(spec), atomically: true, encoding: .utf8)
        let fixed = try Self.check(["--require-tracked", spec], in: dir)
        #expect(fixed.status == 0 && fixed.found.isEmpty, "\(fixed.found)")
    }

    /// A font found by family in the project's `fonts` folder reaches the
    /// outputs as a `file:` does: untracked, it is E019 at the family.
    @Test func requireTrackedRefusesAnUntrackedFontFoundByFamily() throws {
        let spec = "Specs/team/jane.yaml"
        let dir = try Self.project([
            "logoc.yaml": "fonts: [fonts]\n",
            spec: "background: \"#1565C0\"\ntext:\n  content: JD\n  font: {family: Noto Sans}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
                                         toPath: dir.appendingPathComponent("fonts/Brand.ttf").path)
        #expect(try Self.git(["init", "-q"], in: dir) == 0)
        let failing = try Self.check(["--require-tracked", spec], in: dir)
        #expect(failing.found.map(\.code) == ["E019"] && failing.found.first?.place == "Specs/team/jane.yaml:4:18", "\(failing.found)")
        #expect(try Self.git(["add", "fonts/Brand.ttf"], in: dir) == 0)
        let fixed = try Self.check(["--require-tracked", spec], in: dir)
        #expect(fixed.found.isEmpty, "\(fixed.found)")
    }

    /// Outside a git repository `--require-tracked` cannot be answered: exit 2.
    @Test func requireTrackedOutsideGitIsAFailureOfTheRun() throws {
        let dir = try Self.project(["Specs/pat.yaml": "background: {image: pat.jpg}\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.photo).write(to: dir.appendingPathComponent("Specs/pat.jpg"))
        let run = try CLITests.run(["check", "--require-tracked", "Specs/pat.yaml"], in: dir, environment: ["GIT_CEILING_DIRECTORIES": dir.deletingLastPathComponent().path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--require-tracked asks git which files are tracked"), "\(run.stderr)")
    }

    /// A small grey JPEG.
    static let photo = PhotoFixtures.jpeg(width: 8, height: 8) { _, _ in (128, 128, 128) }

    static func git(_ arguments: [String], in dir: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
