import Foundation
import Testing
import LogocCore
@testable import LogocDriver
import LogocFrontend
import LogocRender

/// W003: outputs of one build that look almost the same, found through
/// fingerprints kept in the manifest, with an index that scales.
struct LookAlikeTests {
    final class Project_: @unchecked Sendable {
        let root = NSTemporaryDirectory() + "logoc-lookalike-" + UUID().uuidString
        var output: String { root + "/dist" }

        init() throws {
            // A crafted near-duplicate pair (one shade apart) and a distinct pair.
            try write("Specs/team/ann.yaml", "background: \"#1E88E5\"\ntext: {initials: Ann Lee}\n")
            try write("Specs/team/ana.yaml", "background: \"#1F89E6\"\ntext: {initials: Ana Li}\n")
            try write("Specs/team/bob.yaml", "shape: square\nbackground: \"#2E7D32\"\ntext: {initials: Bob Ray}\n")
            try write("Specs/team/zed.yaml", "shape: roundRect\nbackground: \"#6A1B9A\"\ntext: {content: Z}\n")
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ path: String, _ text: String) throws {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        func build(jobs: Int = 2, paths: [String] = ["Specs"]) throws -> RunReport {
            let inputs = try Discovery.inputs(paths.map { root + "/" + $0 })
            return BuildRun.run(inputs, project: Project.load(root: root), options: .init(outputDirectory: output, jobs: jobs))
        }
    }

    static func lookAlikes(_ report: RunReport) -> [Diagnostic] { report.diagnostics.filter { $0.code == .W003 } }

    @Test func nearDuplicatePairIsReportedOnceAndTheDistinctPairIsNot() throws {
        let p = try Project_()
        let report = try p.build()
        let found = Self.lookAlikes(report)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("'team/ann' looks almost the same as 'team/ana'") == true, "\(found)")
        #expect(found.first?.span?.file.hasSuffix("Specs/team/ann.yaml") == true)
        #expect(found.first?.notes.first?.span?.file.hasSuffix("Specs/team/ana.yaml") == true)
        #expect(report.errorCount == 0)
    }

    @Test func unchangedSpecsAreComparedFromTheManifest() throws {
        let p = try Project_()
        _ = try p.build()
        // Nothing changed: nothing is drawn or looked at, and like every
        // diagnostic of a spec not looked at, the warning is not repeated.
        let again = try p.build()
        #expect(again.written.isEmpty)
        #expect(Self.lookAlikes(again).isEmpty)
        // Touching the earlier spec of the pair brings it back, on the later one.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: p.root + "/Specs/team/ana.yaml")
        let touched = try p.build()
        #expect(Self.lookAlikes(touched).count == 1)
        #expect(Self.lookAlikes(touched).first?.span?.file.hasSuffix("Specs/team/ann.yaml") == true)
        // One spec changes colour: the other is not drawn, and the pair is gone.
        try p.write("Specs/team/ana.yaml", "background: \"#C62828\"\ntext: {initials: Ana Li}\n")
        let changed = try p.build()
        #expect(changed.written.allSatisfy { $0.hasPrefix("team/ana") })
        #expect(Self.lookAlikes(changed).isEmpty)
        // And back: the fingerprint of the unchanged ann comes from the cache.
        try p.write("Specs/team/ana.yaml", "background: \"#1F89E6\"\ntext: {initials: Ana Li}\n")
        #expect(Self.lookAlikes(try p.build()).count == 1)
        let manifest = try String(contentsOfFile: p.output + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"fingerprint\": \""))
    }

    @Test func sameAnswerWhateverTheJobs() throws {
        let one = try Project_(), four = try Project_()
        for p in [one, four] { try p.write("Specs/team/ann2.yaml", "background: \"#1E88E5\"\ntext: {initials: Ann Lee}\n") }
        let a = Self.lookAlikes(try one.build(jobs: 1)).map(\.message)
        let b = Self.lookAlikes(try four.build(jobs: 4)).map(\.message)
        #expect(a == b)
        // Three alike: one warning at each of the two later ones, naming the earliest.
        #expect(a.count == 2)
        #expect(a.last?.contains("'team/ann2' looks almost the same as 'team/ana' and 1 other") == true, "\(a)")
    }

    @Test func thresholdComesFromTheConfiguration() throws {
        let p = try Project_()
        try p.write("logoc.yaml", "lookAlike: off\n")
        #expect(Self.lookAlikes(try p.build()).isEmpty)
        try p.write("logoc.yaml", "lookAlike: 0\n")
        try p.write("Specs/team/ana.yaml", "background: \"#1E88E5\"\ntext: {initials: Ann Lee}\n")
        #expect(Self.lookAlikes(try p.build()).count == 1)
    }

    @Test func onlySpecsOfThisBuildAreCompared() throws {
        let p = try Project_()
        _ = try p.build()
        try p.write("Specs/other/ann.yaml", "background: \"#1E88E5\"\ntext: {initials: Ann Lee}\n")
        let partial = try p.build(paths: ["Specs/other"])
        #expect(Self.lookAlikes(partial).isEmpty)
    }

    /// `logoc explain W003`'s examples need two specs: the comment says what the second holds.
    @Test func catalogExamplesDoWhatTheySay() throws {
        let entry = DiagnosticCode.W003.explanation
        for (example, fixed) in [(entry.failing, false), (entry.fixed, true)] {
            let p = try Project_()
            for file in ["ann", "ana", "bob", "zed"] { try? FileManager.default.removeItem(atPath: p.root + "/Specs/team/\(file).yaml") }
            try p.write("Specs/team/ann.yaml", example)
            let other = example.replacingOccurrences(of: "name: ann", with: "name: ana").replacingOccurrences(of: "Ann Lee", with: "Ana Lee")
            try p.write("Specs/team/ana.yaml", other)
            let found = Self.lookAlikes(try p.build())
            #expect(found.isEmpty == fixed, "\(fixed ? "fixed" : "failing") example gave \(found)")
        }
    }

    // MARK: The index

    /// Above and below the size where the index scans instead of using tables.
    @Test(arguments: [300, 1500])
    func indexFindsExactlyTheBruteForcePairs(_ count: Int) {
        var random = SystemRandomNumberGenerator()
        var hashes: [UInt64] = (0..<count).map { _ in random.next() }
        // Plant near copies: 0 to 8 bits flipped.
        for i in 0..<(count / 10) {
            var h = hashes[i * 7]
            for bit in 0..<(i % 9) { h ^= 1 << UInt64((i * 13 + bit * 7) % 64) }
            hashes.append(h)
        }
        for threshold in [0, 3, 6, 9, 16] {
            let found = HammingIndex(hashes).pairs(within: threshold).map { "\($0.0)-\($0.1)" }
            var brute: [String] = []
            for i in hashes.indices {
                for j in (i + 1)..<hashes.count where (hashes[i] ^ hashes[j]).nonzeroBitCount <= threshold { brute.append("\(i)-\(j)") }
            }
            #expect(found == brute, "threshold \(threshold)")
        }
    }

    @Test func indexScalesToTenThousandSpecs() {
        var state: UInt64 = 42
        let hashes: [UInt64] = (0..<10_000).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
        // Random 64-bit hashes are never within a few bits of each other.
        // (How fast this is belongs to `make bench`, not to a test.)
        #expect(HammingIndex(hashes).pairs(within: ProjectConfig.defaultLookAlike).isEmpty)
    }

    /// Avatars of one layout: fingerprints that share most bits (only 16
    /// vary), in the colours of `background: auto` under AA-large. Few buckets of the
    /// hash index would hold them all; the colour cells keep it fast.
    @Test func tenThousandAvatarsOfOneLayoutAreCheckedQuickly() {
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        let active: [UInt64] = (0..<16).map { 1 << UInt64($0 * 4 + 1) }
        let colours = AutoBackground.palette(text: nil, minimum: 3)
        let pictures = (0..<10_000).map { i -> LookAlikeCheck.Picture in
            var hash: UInt64 = 0x5A5A_5A5A_5A5A_5A5A
            for bit in active where next() % 2 == 0 { hash ^= bit }
            return LookAlikeCheck.Picture(displayPath: "Specs/p\(i).yaml", label: "p\(i)", variant: "light",
                                          fingerprint: Fingerprint(hash: hash, mean: colours[Int(next() % UInt64(colours.count))]))
        }
        // (How fast this is belongs to `make bench`, not to a test.)
        let found = LookAlikeCheck.diagnostics(pictures, threshold: ProjectConfig.defaultLookAlike)
        #expect(found.count <= pictures.count)
        #expect(!found.isEmpty)   // 65,536 hashes × the palette's colours for 10,000 avatars: some coincide
    }

    @Test func thousandsOfIdenticalPicturesGiveOneWarningEach() {
        let same = Fingerprint(hash: 0x0123_4567_89AB_CDEF, mean: RGBA(rgb: 0x1E88E5))
        let pictures = (0..<1000).map { i in
            LookAlikeCheck.Picture(displayPath: "Specs/p\(i).yaml", label: "p\(String(format: "%04d", i))", variant: "light", fingerprint: same)
        }
        let found = LookAlikeCheck.diagnostics(pictures, threshold: ProjectConfig.defaultLookAlike)
        #expect(found.count == 999)
        #expect(found.last?.message.contains("looks almost the same as 'p0000' and 998 others") == true)
    }

    /// A rebuild reads only the pictures near those of the specs it looked
    /// at, and reports exactly what reading them all would.
    @Test func picturesNearTheLookedAtOnesGiveTheSameWarnings() {
        var random = SystemRandomNumberGenerator()
        var groups: [String: BuildCache.Group] = [:]
        var display: [String: String] = [:]
        // Few colours and few hashes, so that there are many look-alikes.
        let colors: [UInt32] = [0x1E88E5, 0x1F89E6, 0x43A047, 0xE53935, 0x8E24AA, 0x202020]
        for i in 0..<400 {
            let spec = "Specs/s\(String(format: "%03d", i)).yaml"
            let hash = UInt64.random(in: 0..<8, using: &random) * 0x0101_0101_0101_0101
            let fingerprint = Fingerprint(hash: hash, mean: RGBA(rgb: colors[Int.random(in: 0..<colors.count, using: &random)]))
            let picture = BuildCache.Picture(label: "s\(i)", variant: "light", fingerprint: fingerprint.description)
            groups[spec] = BuildCache.Group(fresh: true, outputCount: 1, lines: [], manifest: [], gallery: [],
                                            pictures: BuildCache.Picture.encoded([picture]))
            display[spec] = spec
        }
        for _ in 0..<5 {
            let lookedAt = Set(display.values.filter { _ in Int.random(in: 0..<40, using: &random) == 0 })
            let all = LookAlikeCheck.diagnostics(LookAlikeCheck.pictures(groups, display: { display[$0] }), threshold: 6, lookedAt: lookedAt)
            let near = LookAlikeCheck.diagnostics(LookAlikeCheck.pictures(groups, display: { display[$0] }, lookedAt: lookedAt), threshold: 6,
                                                  lookedAt: lookedAt)
            #expect(!all.isEmpty && all.map(\.message) == near.map(\.message))
            #expect(all.map { $0.span?.file } == near.map { $0.span?.file })
        }
    }

    // MARK: CLI

    @Test func inspectPrintsThePalette() throws {
        let image = CLITests.repository.appendingPathComponent("Specs/photos/images/sunset.png").path
        let json = try CLITests.run(["inspect", "--format", "json", image])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let palette = object?["palette"] as? [[String: Any]] ?? []
        #expect(palette.count >= 3)
        #expect(palette.contains { ($0["color"] as? String) == "#F88C03" })
        let human = try CLITests.run(["inspect", image])
        #expect(human.stdout.contains("640 × 400"))
        #expect(!human.stdout.contains("\u{1B}["), "no colour codes when not on a terminal")
        let missing = try CLITests.run(["inspect", "no-such.png"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such.png"))
    }
}
