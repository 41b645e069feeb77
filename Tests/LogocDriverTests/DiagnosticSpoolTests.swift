import Foundation
import LogocCore
@testable import LogocDriver
import LogocFrontend
import Testing

/// A check's diagnostics past its memory budget go to sorted runs on disk
/// and come back merged (`DiagnosticSpool`, issue 21): the same
/// diagnostics, in the same order, with the same merged and capped `via`
/// notes and the same quoted texts as the whole list in memory.
@Suite("Diagnostics spooled to disk")
struct DiagnosticSpoolTests {
    static func span(_ file: String, _ line: Int, _ column: Int) -> SourceSpan {
        SourceSpan(file: file, start: .init(line: line, column: column), end: .init(line: line, column: column + 3))
    }

    /// Diagnostics as chunks of a run give them: repeats, one partial's
    /// warning reached by 14 specs (more `via` notes than are printed),
    /// equal places with other codes, messages and notes, and one without a place.
    static func batches() -> [[Diagnostic]] {
        var batches: [[Diagnostic]] = []
        for chunk in 0..<7 {
            var list: [Diagnostic] = []
            for spec in 0..<2 {
                let n = chunk * 2 + spec
                let file = "Specs/s\(String(format: "%02d", 13 - n)).yaml"
                list.append(Diagnostic(.W002, "key has no effect", at: span("Specs/_base.yaml", 2, 1), help: "remove it",
                                       notes: [.via(spec: "s\(n)", file: file)]))
                list.append(Diagnostic(.E011, "contrast too low", at: span(file, 3, 10), help: "darker"))
                list.append(Diagnostic(.W004, "text too small", at: span(file, 3, 10)))
                list.append(Diagnostic(.E014, "would write 'x.png'", at: span(file, 1, 7), help: "rename",
                                       notes: [.init("'x' is defined here", at: span("Specs/s99.yaml", 1, 7))]))
                // The same place, code, message and help, another note: ordered by the note.
                list.append(Diagnostic(.E014, "would write 'x.png'", at: span(file, 1, 7), help: "rename",
                                       notes: [.init("'x2' is defined here", at: span("Specs/s98.yaml", 1, 7))]))
            }
            // The same diagnostic found twice (two documents reach one place).
            list.append(list[1])
            batches.append(list)
        }
        batches[3].append(Diagnostic(.E012, "cannot read", at: nil))
        return batches
    }

    static func sources() -> [String: SourceFile] {
        var sources: [String: SourceFile] = [:]
        for path in ["Specs/_base.yaml"] + (0..<14).map({ "Specs/s\(String(format: "%02d", $0)).yaml" }) {
            sources[path] = SourceFile(path: path, text: "name: x\nshape: circle\nbackground: \"#123456\" # \(path)\n")
        }
        return sources
    }

    /// What the spool gives back: its list in memory, else the spooled stream.
    static func collected(budget: Int) throws -> (diagnostics: [Diagnostic], texts: [String?], spooled: Bool) {
        var spool = DiagnosticSpool(budget: budget)
        let sources = Self.sources()
        for batch in batches() {
            let quoted = Set(batch.compactMap(\.span?.file))
            spool.add((batch, sources.filter { quoted.contains($0.key) }))
        }
        let finished = spool.finish()
        #expect(spool.failure == nil)
        guard let spooled = finished.spooled else {
            return (finished.diagnostics, finished.diagnostics.map { $0.span.flatMap { finished.sources[$0.file]?.text } }, false)
        }
        #expect(finished.diagnostics.isEmpty)
        var list: [Diagnostic] = [], texts: [String?] = []
        let failure = spooled.forEach { diagnostic, source in
            list.append(diagnostic)
            texts.append(source?.text)
        }
        #expect(failure == nil)
        #expect(spooled.errorCount == list.filter(\.isError).count)
        #expect(spooled.warningCount == list.filter { $0.severity == .warning }.count)
        return (list, texts, true)
    }

    @Test func spooledRunsGiveTheWholeListsOrder() throws {
        let whole = Self.batches().flatMap { $0 }.normalized().cappingViaNotes()
        let inMemory = try Self.collected(budget: DiagnosticSpool.defaultBudget)
        #expect(!inMemory.spooled)
        #expect(inMemory.diagnostics == whole)
        // A budget of one byte: every chunk is a run of its own.
        let spooled = try Self.collected(budget: 1)
        #expect(spooled.spooled)
        #expect(spooled.diagnostics == whole)
        #expect(spooled.texts == inMemory.texts)
        // The partial's warning: once, 9 of its 14 specs named and the rest counted.
        let partial = try #require(spooled.diagnostics.first { $0.code == .W002 })
        #expect(partial.notes.count == Diagnostic.maxViaNotes)
        #expect(partial.notes.last?.message == "and 5 more specs through which it is reached")
        #expect(spooled.texts.contains(nil), "the diagnostic without a place quotes nothing")
    }

    /// A whole check, chunk by chunk, with its diagnostics spooled after
    /// every chunk: the report's diagnostics and quoted texts are those of
    /// the same check kept in memory.
    @Test func aSpooledCheckReportsWhatItWouldInMemory() throws {
        var files: [String: String] = ["Specs/f/_base.yaml": "shape: circle\ncornerRadius: \"12%\"\n"]
        for i in 0..<14 {
            // Two specs named alike in one folder (E014 across chunks), and each spec reaching the partial's W002.
            let name = i == 9 ? "s01" : "s\(String(format: "%02d", i))"
            files["Specs/f/s\(String(format: "%02d", i)).yaml"] = "extends: _base.yaml\nname: \(name)\nsize: 16\nbackground: \"#0B3D5C\"\n"
        }
        files["Specs/f/bad.yaml"] = "size: [\n"
        let folder = try OutputClashTests.Folder(files)
        let project = Project.load(root: folder.root)
        let inputs = try Discovery.inputs([folder.root + "/Specs"])
        var options = BuildRun.Options(jobs: 2)
        options.chunkFiles = 3
        let inMemory = BuildRun.run(inputs, project: project, options: options)
        #expect(inMemory.spooled == nil)
        options.diagnosticBudget = 1
        let spooled = BuildRun.run(inputs, project: project, options: options)
        let stream = try #require(spooled.spooled)
        #expect(spooled.diagnostics.isEmpty)
        var list: [Diagnostic] = [], texts: [String?] = []
        #expect(spooled.forEachDiagnostic { diagnostic, source in
            list.append(diagnostic)
            texts.append(source?.text)
        } == nil)
        #expect(list == inMemory.diagnostics)
        #expect(texts == inMemory.diagnostics.map { $0.span.flatMap { inMemory.sources[$0.file]?.text } })
        #expect(Set(list.map(\.code)) == [.W002, .E014, .E001], "\(list.map(\.code))")
        #expect((stream.errorCount, stream.warningCount) == (inMemory.errorCount, inMemory.warningCount))
        #expect(spooled.errorCount == inMemory.errorCount && spooled.specCount == inMemory.specCount)
    }
}

/// `E014`'s claims as hashes in memory and records on disk (`OutputClaims`):
/// a hash only points at candidates, the record decides.
@Suite("Output claims")
struct OutputClaimsTests {
    static func claimant(_ n: Int) -> OutputClaims.Claimant {
        .init(file: "Specs/s\(n).yaml", name: "s\(n)", place: DiagnosticSpoolTests.span("Specs/s\(n).yaml", 1, 7))
    }

    /// Every path with one hash: each is still found as its own claimant's,
    /// and a path nobody claimed is nobody's.
    @Test func pathsWithOneHashAreToldApart() {
        var claims = OutputClaims(hash: { _ in 42 })
        for n in 0..<300 { claims.claim(["f/s\(n).png", "f/s\(n)@2x.png"], for: Self.claimant(n)) }
        for n in [0, 1, 150, 299] {
            #expect(claims.claimant(of: "f/s\(n)@2x.png") == Self.claimant(n))
            #expect(claims.claimant(of: "f/s\(n).png") == Self.claimant(n))
        }
        #expect(claims.claimant(of: "f/s300.png") == nil)
        #expect(!claims.unreadable)
    }

    /// Enough claims for the records to go to the spool file (64 KiB at a
    /// time) and the table to grow: early and late claims are read back.
    @Test func manyClaimsAreReadBack() {
        var claims = OutputClaims()
        for n in 0..<20_000 { claims.claim(["team/member-\(n).png"], for: Self.claimant(n)) }
        for n in [0, 7, 9_999, 19_999] { #expect(claims.claimant(of: "team/member-\(n).png") == Self.claimant(n)) }
        #expect(claims.claimant(of: "team/member-20000.png") == nil)
        #expect(!claims.unreadable)
    }
}
