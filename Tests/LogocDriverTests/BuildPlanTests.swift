import Foundation
import LogocCore
import LogocFrontend
import Testing
@testable import LogocDriver
@testable import LogocRender

/// The plan of a build (`BuildPlan`): which spec files are fresh or dirty,
/// and why, and who owns the outputs the run does not look at. Made from a
/// cache, the inputs and the files' stamps: no Cairo, no rendering.
@Suite("Build plan")
struct BuildPlanTests {
    /// A project with `Specs/a.yaml` (built last time, writing `a.png`) and
    /// `Specs/b.yaml` (new), and a cache made by hand; removed at the end.
    final class Fixture {
        let root: String
        var output: String { root + "/dist" }
        var inputs: [SpecInput] {
            ["a", "b"].map { SpecInput(path: root + "/Specs/\($0).yaml", displayPath: "Specs/\($0).yaml", outputFolder: "") }
        }

        init() throws {
            let made = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-plan-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: made + "/Specs", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: made + "/dist", withIntermediateDirectories: true)
            root = PathResolver.realPath(made) ?? made
            try write("Specs/a.yaml", "text: A\n")
            try write("Specs/b.yaml", "text: B\n")
            try write("dist/a.png", "png")
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ path: String, _ text: String) throws {
            try text.write(toFile: root + "/" + path, atomically: false, encoding: .utf8)
        }

        func stamp(_ path: String) throws -> FileStamp {
            let now = try #require(FileStamp.current(path))
            return FileStamp(size: now.size, mtime: now.mtime, inode: now.inode, sha256: "x")
        }

        /// A cache of toolchain `T`: `spec` built cleanly from itself, writing `output`.
        func cache(_ groups: [(spec: String, output: String)]) throws -> BuildCache {
            let made = try groups.map { spec, output in
                let entry = Manifest.Entry(path: output, spec: spec, name: "a", format: "png", scale: 1, variant: "light", width: 8, height: 8,
                                           sha256: "x", contrast: nil, warnings: [])
                let record = BuildCache.OutputRecord(key: "k", tree: "t", stamp: try stamp(self.output + "/" + output), entry: entry)
                return (spec: spec, group: BuildCache.group(dependencies: [root + "/" + spec: try stamp(root + "/" + spec)], outputs: [record], fresh: true))
            }
            return try #require(BuildCache.decode(BuildCache.file(toolchain: "T", groups: made).flatMap { $0 }))
        }

        func plan(_ cache: BuildCache, toolchain: String = "T", force: Bool = false, directory: String?? = .none,
                  fresh: (String, [String]) -> Void = { _, _ in }) -> BuildPlan {
            BuildPlan.make(inputs, root: root, cache: cache, toolchain: toolchain, directory: directory ?? output, force: force, jobs: 2,
                           fresh: fresh)
        }
    }

    @Test func unchangedSpecIsFreshAndANewOneDirty() throws {
        let f = try Fixture()
        var fresh: [(spec: String, outputs: [String])] = []
        let plan = f.plan(try f.cache([("Specs/a.yaml", "a.png")])) { fresh.append(($0, $1)) }
        #expect(plan.verdicts == [.fresh(outputs: []), .dirty(.notInCache)])
        #expect(fresh.map(\.spec) == ["Specs/a.yaml"] && fresh.map(\.outputs) == [["a.png"]], "the skipped file is handed over with its outputs")
        #expect(plan.freshCount == 1 && plan.dirtyCount == 1)
        #expect(plan.dirty.map(\.displayPath) == ["Specs/b.yaml"])
        #expect(plan.relatives == ["Specs/a.yaml", "Specs/b.yaml"])
        // b must not take a.png: a is not looked at, so its outputs are settled.
        #expect(plan.settledOwners.claimant(of: "a.png")?.file == "Specs/a.yaml" && plan.settledOwners.claimant(of: "b.png") == nil)
    }

    /// What a run keeps of its plan (issue 21): a byte a spec file for its
    /// verdict, no list of the skipped files or their outputs, nothing
    /// settled when no spec file is looked at (nothing can clash), and the
    /// looked-at files' relative paths from the plan alone.
    @Test func aPlanKeepsLittleOfSkippedSpecFiles() throws {
        let f = try Fixture()
        let plan = f.plan(try f.cache([("Specs/a.yaml", "a.png")]))
        #expect(plan.dirtyRelatives == ["Specs/b.yaml"])
        #expect(plan.position(of: "Specs/a.yaml") == 0 && plan.position(of: "Specs/b.yaml") == 1 && plan.position(of: "Specs/c.yaml") == nil)
        #expect(!plan.isDirty(0) && plan.isDirty(1))

        // Both spec files built last time and unchanged: a no-op, nothing settled.
        try f.write("dist/b.png", "png")
        var outputs: [[String]] = []
        let noOp = f.plan(try f.cache([("Specs/a.yaml", "a.png"), ("Specs/b.yaml", "b.png")])) { outputs.append($1) }
        #expect(noOp.dirty.isEmpty && noOp.dirtyRelatives.isEmpty && noOp.dirtyCount == 0)
        #expect(outputs == [["a.png"], ["b.png"]])
        #expect(noOp.settledOwners.isEmpty, "no spec file looked at: nothing to clash with")
        // The chunk's relative paths, as the whole list's.
        #expect(BuildPlan.relativePathsByPath(of: f.inputs, root: f.root)
                == [f.root + "/Specs/a.yaml": "Specs/a.yaml", f.root + "/Specs/b.yaml": "Specs/b.yaml"])
    }

    /// The plan finds a spec file by its project-relative path whatever
    /// the order of its list (folders named in any order, files outside
    /// the project, files kept whole), as `relativePaths` names them.
    @Test func aPlanFindsEverySpecFileByItsRelativePath() throws {
        let f = try Fixture()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-plan-outside-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        var odd = SpecInput(path: f.root + "/Specs/z/deep.yaml", displayPath: "Specs/z/deep.yaml", outputFolder: "z")
        odd.problem = "too deep"
        let inputs = [
            SpecInput(path: f.root + "/Specs/m/b.yaml", displayPath: "Specs/m/b.yaml", outputFolder: "m"),
            SpecInput(path: f.root + "/Specs/m/a.yaml", displayPath: "Specs/m/a.yaml", outputFolder: "m"),
            SpecInput(path: f.root + "/top.yaml", displayPath: "top.yaml", outputFolder: ""),
            SpecInput(path: outside + "/x.yaml", displayPath: "../x.yaml", outputFolder: ""),
            SpecInput(path: f.root + "/Specs/a.yaml", displayPath: "shown elsewhere", outputFolder: ""),
            odd,
        ]
        let files = SpecFileList(inputs)
        #expect(Array(files) == inputs, "a packed list gives back every input as it was")
        #expect(files.indices.map(files.displayPath) == inputs.map(\.displayPath))
        let plan = BuildPlan.make(inputs, root: f.root, cache: BuildCache(), toolchain: "T", directory: f.output, force: false, jobs: 1)
        let expected = BuildPlan.relativePaths(of: inputs, root: f.root)
        #expect(plan.relatives == expected)
        for (i, relative) in expected.enumerated() { #expect(plan.position(of: relative) == i, "\(relative)") }
        for missing in ["", "Specs", "Specs/m/", "Specs/m/c.yaml", "Specs/m/a.yam", "zzz", outside] { #expect(plan.position(of: missing) == nil) }
    }

    @Test func eachDirtySpecSaysWhy() throws {
        let f = try Fixture()
        let cache = try f.cache([("Specs/a.yaml", "a.png")])
        #expect(f.plan(cache, toolchain: "U").verdicts.first == .dirty(.toolchainChanged))
        #expect(f.plan(cache, force: true).verdicts == [.dirty(.forced), .dirty(.forced)])
        #expect(f.plan(cache, directory: .some(nil)).verdicts == [.dirty(.nothingToReuse), .dirty(.nothingToReuse)])
        #expect(f.plan(cache, directory: .some(nil)).settledOwners.isEmpty, "check owns nothing")
        try FileManager.default.removeItem(atPath: f.output + "/a.png")
        #expect(f.plan(cache).verdicts.first == .dirty(.outputChanged("a.png")))
        try f.write("dist/a.png", "png")
        try f.write("Specs/a.yaml", "text: AA\n")
        #expect(f.plan(cache).verdicts.first == .dirty(.inputChanged(f.root + "/Specs/a.yaml")))
        // A dirty spec owns nothing yet: the check of this run decides.
        #expect(f.plan(cache).settledOwners.isEmpty)
    }

    /// `logoc build Other -o dist`, then `logoc build Specs -o dist`: Other's
    /// outputs stay its own while its spec file exists.
    @Test func specsOfOtherBuildsOwnTheirOutputsWhileTheyExist() throws {
        let f = try Fixture()
        try FileManager.default.createDirectory(atPath: f.root + "/Other", withIntermediateDirectories: true)
        try f.write("Other/x.yaml", "text: X\n")
        let cache = try f.cache([("Other/x.yaml", "a.png")])
        #expect(f.plan(cache).settledOwners.claimant(of: "a.png")?.file == "Other/x.yaml")
        try FileManager.default.removeItem(atPath: f.root + "/Other/x.yaml")
        #expect(f.plan(cache).settledOwners.isEmpty)
    }

    /// E014 is decided once, by the check: a spec that would write a settled
    /// output loses, at its name, with the one message check and build share.
    @Test func settledOutputIsE014AtTheSpecsName() throws {
        let f = try Fixture()
        try f.write("Specs/b.yaml", "name: a\ntext: B\n")
        var owners = CheckRun.OutputOwners()
        var settled = OutputClaims()
        settled.claim(["a.png"], for: OutputClaims.Claimant(file: "Other/x.yaml", name: "", place: .startOf("Other/x.yaml")))
        owners.settle(settled)
        let report = CheckRun.run([f.inputs[1]], project: Project.load(root: f.root), jobs: 1, clock: nil, owners: &owners, first: true)
        let clash = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1)
        #expect(clash.code == .E014)
        #expect(clash.span?.file == "Specs/b.yaml" && clash.span?.start.line == 1 && clash.span?.start.column == 7)
        #expect(clash.message == "'Specs/b.yaml' would write 'a.png', which 'Other/x.yaml' also writes")
        #expect(clash.notes.isEmpty)
        #expect(report.specs.isEmpty, "the spec that lost is not built")
    }
}

/// The executor (`BuildExecutor`) draws into outcomes and writes nothing:
/// a run of it against an output folder that does not exist leaves none.
@Suite("Build executor")
struct BuildExecutorTests {
    final class Delivered: @unchecked Sendable {
        // @unchecked: `files` is only touched under `lock`.
        private let lock = NSLock()
        private(set) var files: [RenderedFile] = []
        func add(_ more: [RenderedFile]) {
            lock.lock()
            files += more
            lock.unlock()
        }
    }

    @Test func drawsIntoOutcomesWithoutWriting() throws {
        let f = try BuildPlanTests.Fixture()
        try FileManager.default.removeItem(atPath: f.output)
        try f.write("Specs/a.yaml", "text: A\noutput: {formats: [png, svg], scales: [1, 2]}\n")
        let project = Project.load(root: f.root)
        let options = BuildRun.Options(outputDirectory: f.output, jobs: 2)
        let context = BuildContext(project: project, options: options, cache: BuildCache(), toolchain: "T")
        let delivered = Delivered()
        let executor = BuildExecutor(context: context, settled: OutputClaims()) { outcome in delivered.add(outcome.rendered) }
        let chunk = executor.run([f.inputs[0]], remaining: 0)
        #expect(chunk.diagnostics.isEmpty, "\(chunk.diagnostics)")
        #expect(chunk.outcomes.map(\.state) == [.built])
        #expect(chunk.outcomes.first?.explanations == ["Specs/a.yaml (a): new output a.png; new output a.svg; new output a@2x.png"])
        let files = delivered.files.sorted { $0.entry.path < $1.entry.path }
        #expect(files.map(\.entry.path) == ["a.png", "a.svg", "a@2x.png"])
        for file in files {
            #expect(file.sha256 == SHA256.hex(file.bytes) && file.entry.sha256 == file.sha256)
        }
        #expect(files.first?.bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        #expect(!FileManager.default.fileExists(atPath: f.output), "the executor wrote in the output folder")
    }

    /// Each variant a build draws is measured once, whatever its number of
    /// outputs, and every file and the manifest's contrast come from that
    /// measurement (the build measured again for each file's contrast, and
    /// the renderer's memory of its last two trees tied the calls together).
    @Test func eachDrawnVariantIsMeasuredOnce() throws {
        let f = try BuildPlanTests.Fixture()
        try f.write("Specs/a.yaml", """
            text: {initials: Ada Lovelace, color: white}
            background: {gradient: {colors: ["#0D47A1", "#1A237E"]}}
            dark: {background: "#102030"}
            output: {formats: [png, svg], scales: [1, 2]}

            """)
        let project = Project.load(root: f.root)
        let context = BuildContext(project: project, options: BuildRun.Options(outputDirectory: f.output, jobs: 1), cache: BuildCache(), toolchain: "T")
        let spec = try #require(CheckRun.run([f.inputs[0]], project: project, jobs: 1).specs.first)
        let renderer = try Renderer(catalog: project.fonts)
        let outcome = BuildExecutor.draw(spec, context: context, warnings: [], strictBlocked: false, renderer: { renderer })
        #expect(outcome.state == .built, "\(outcome.diagnostics)")
        #expect(outcome.rendered.map(\.entry.path).sorted() == ["a-dark.png", "a-dark.svg", "a-dark@2x.png", "a.png", "a.svg", "a@2x.png"])
        #expect(renderer.measureCount == 2, "one measurement per variant")
        let trees = Resolver(project: project).resolve(spec)
        let (light, dark) = (trees.light, trees.dark)
        let fresh = try Renderer(catalog: project.fonts)
        for (variant, tree) in [("light", light), ("dark", try #require(dark))] {
            let ratio = try #require(try fresh.measure(tree).text?.ratio)
            let contrasts = Set(outcome.rendered.filter { $0.entry.variant == variant }.map(\.entry.contrast))
            #expect(contrasts == [(ratio * 100).rounded() / 100], "\(variant)")
        }
    }
}

/// What the tests ask of a plan in whole lists (a build asks file by file).
extension BuildPlan {
    /// Every spec file's verdict, in input order.
    var verdicts: [Verdict] { files.indices.map(verdict) }

    /// The project-relative paths of the spec files looked at again, in input order.
    var dirtyRelatives: [String] { files.indices.filter(isDirty).map(relative) }

    /// The spec files looked at again, in input order.
    var dirty: [SpecInput] { files.indices.filter(isDirty).map { files[$0] } }
}
