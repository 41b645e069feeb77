import Foundation
import Testing
import LogocFrontend
@testable import LogocDriver

/// A spec saved while a build runs, after the build read it, must be drawn
/// again by the next build; it kept its old outputs for good (issue 15,
/// item 1: "300 unchanged"; `watch` with specs switched back mid-rebuild).
@Suite struct MidBuildChangeTests {
    final class Once: @unchecked Sendable {
        // @unchecked: the build calls progress from one worker (--jobs 1).
        var done = false
    }

    /// Builds every spec again (`--force`) in one chunk with one worker, so
    /// all are read before any is drawn, and calls `change` with the first
    /// spec drawn, right after it is drawn.
    static func buildChanging(_ p: IncrementalTests.Project_, _ change: @escaping @Sendable (String) throws -> Void) throws -> RunReport {
        let once = Once()
        var options = BuildRun.Options(outputDirectory: p.output, jobs: 1, force: true, progress: { _, _, drawn in
            guard !once.done else { return }
            once.done = true
            try? change(drawn)
        })
        options.chunkFiles = 64
        return BuildRun.run(try Discovery.inputs([p.root + "/Specs"]), project: Project.load(root: p.root), options: options)
    }

    @Test func aSpecSavedAfterItWasReadIsDrawnAgainNextTime() throws {
        let p = try IncrementalTests.Project_()
        let first = try p.build()
        #expect(first.errorCount == 0)
        // Specs: _base (partial), ada, alan, photo, solo. The first drawn is
        // one of them; `solo` is changed unless it was the first.
        let changed = Once()
        let report = try Self.buildChanging(p) { drawn in
            let target = drawn.hasSuffix("solo.yaml") ? "Specs/ada.yaml" : "Specs/solo.yaml"
            changed.done = target == "Specs/solo.yaml"
            let text = target == "Specs/solo.yaml" ? "shape: square\nbackground: \"#4A148C\"\ntext: \"S\"\n"
                : "extends: _base.yaml\nbackground: \"#4A148C\"\ntext: {initials: Ada Lovelace}\n"
            try text.write(toFile: p.root + "/" + target, atomically: false, encoding: .utf8)
        }
        #expect(report.builtCount == 4)
        // The next build must see the file saved while that one ran.
        let next = try p.build()
        let name = changed.done ? "solo" : "ada"
        #expect(next.written.contains("\(name).png"), "the spec saved mid-build was left stale: \(next.written)")
        #expect(try p.build().written.isEmpty)
    }

    @Test func aPartialSavedAfterItWasReadIsSeenNextTime() throws {
        let p = try IncrementalTests.Project_()
        // Drawn first (files go in path order), and it does not extend the
        // partial: the partial is read, then changed before any spec that
        // extends it has been hashed.
        try p.write("Specs/aaa.yaml", "background: \"#E1F5FE\"\ntext: \"A\"\n")
        _ = try p.build()
        let first = Once()
        _ = try Self.buildChanging(p) { drawn in
            first.done = drawn.hasSuffix("aaa.yaml")
            try "shape: roundRect\ntext: {font: {weight: 700}}\n".write(toFile: p.root + "/Specs/_base.yaml", atomically: false, encoding: .utf8)
        }
        #expect(first.done, "aaa.yaml was not drawn first")
        let next = try p.build()
        #expect(next.written.contains("ada.png") && next.written.contains("alan.png"), "written: \(next.written)")
    }
}
