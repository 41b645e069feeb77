import Foundation
import Testing
import LogocCore
import LogocFrontend
@testable import LogocDriver

/// A build killed after writing outputs that the manifest and cache do not
/// list yet left files no later build or `clean` removed (issue 15, item 1b):
/// outputs are recorded in `.logoc-intent` before they are written.
@Suite struct IntentLogTests {
    typealias Project_ = IncrementalTests.Project_

    static func sha256(_ path: String) throws -> String {
        SHA256.hex(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    final class Seen: @unchecked Sendable {
        // @unchecked: written by the one worker (--jobs 1), read after the build.
        var log: String?
        var drawn = ""
    }

    @Test func outputsAreRecordedBeforeTheyAreWrittenAndTheLogGoesAtTheEnd() throws {
        let p = try Project_()
        let seen = Seen()
        let log = p.output + "/" + IntentLog.fileName
        let options = BuildRun.Options(outputDirectory: p.output, jobs: 1, progress: { done, _, drawn in
            guard done == 1 else { return }
            seen.log = try? String(contentsOfFile: log, encoding: .utf8)
            seen.drawn = drawn
        })
        let report = BuildRun.run(try Discovery.inputs([p.root + "/Specs"]), project: Project.load(root: p.root), options: options)
        #expect(report.failures.isEmpty && report.errorCount == 0)
        // While the build ran, the first spec's outputs were in the log with their hashes…
        let name = ((seen.drawn as NSString).lastPathComponent as NSString).deletingPathExtension
        let lines = try #require(seen.log).split(separator: "\n")
        for file in ["\(name).png", "\(name).svg"] {
            #expect(lines.contains("\(try Self.sha256(p.output + "/" + file))\t\(file)"), "\(file) not in \(lines)")
        }
        // …and the log is gone once the build has finished.
        #expect(!FileManager.default.fileExists(atPath: log))
        #expect(try p.build().written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: log), "a build that writes nothing leaves no log")
    }

    /// A log holding only lines no build acts on (cut short, or naming a path
    /// that is not plain) stayed through every build that had nothing to
    /// draw. Found by `fuzz-cache`.
    @Test(arguments: ["\u{4}\r\u{1}", "cut short", "\(String(repeating: "a", count: 64))\t../ada.png\n"])
    func aLogOfLinesThatNameNoFileGoesWithTheNextBuild(_ text: String) throws {
        let p = try Project_()
        _ = try p.build()
        let log = p.output + "/" + IntentLog.fileName
        try text.write(toFile: log, atomically: true, encoding: .utf8)
        let report = try p.build()
        #expect(report.written.isEmpty && report.failures.isEmpty && report.removed.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test func whatAnUnfinishedBuildWroteIsRemovedByTheNextOrByClean() throws {
        for useClean in [false, true] {
            let p = try Project_()
            _ = try p.build()
            // An unfinished build had drawn the renamed spec `ada2` (its bytes
            // as recorded), and `mine.png`, which the user has since replaced,
            // and had recorded ada.png, which a spec still writes.
            try FileManager.default.copyItem(atPath: p.output + "/ada.png", toPath: p.output + "/ada2.png")
            try "the user's".write(toFile: p.output + "/mine.png", atomically: true, encoding: .utf8)
            let log = [
                "\(try Self.sha256(p.output + "/ada.png"))\tada2.png",
                "\(try Self.sha256(p.output + "/ada.png"))\tmine.png",
                "\(try Self.sha256(p.output + "/ada.png"))\tada.png",
                "\(try Self.sha256(p.output + "/ada.png"))\t../ada.png",
                "cut short",
            ].joined(separator: "\n")
            try log.write(toFile: p.output + "/" + IntentLog.fileName, atomically: true, encoding: .utf8)
            if useClean {
                let result = try CleanRun.run(directory: p.output)
                #expect(result.removed.contains("ada2.png"))
                #expect(try String(contentsOfFile: p.output + "/mine.png", encoding: .utf8) == "the user's")
                #expect(!FileManager.default.fileExists(atPath: p.output + "/" + IntentLog.fileName))
                continue
            }
            let report = try p.build()
            #expect(report.failures.isEmpty)
            #expect(report.removed == ["ada2.png"])
            #expect(!FileManager.default.fileExists(atPath: p.output + "/ada2.png"))
            #expect(FileManager.default.fileExists(atPath: p.output + "/ada.png"), "still a spec's output")
            #expect(try String(contentsOfFile: p.output + "/mine.png", encoding: .utf8) == "the user's")
            #expect(report.diagnostics.filter { $0.code == .W008 }.count == 1)
            #expect(FileManager.default.fileExists(atPath: p.root + "/ada.png") == false)
            #expect(!FileManager.default.fileExists(atPath: p.output + "/" + IntentLog.fileName))
        }
    }

    /// The issue's case, for real: a build of a renamed spec killed after
    /// drawing it and before its manifest, then the name switched back.
    @Test func aKilledBuildsNewOutputsAreRemovedWhenTheSpecIsSwitchedBack() throws {
        let p = try Project_()
        // Many specs after `aaa`, so the build is still drawing when killed.
        for i in 0..<120 { try p.write("Specs/more/m\(i).yaml", "size: 1024\nbackground: {gradient: {colors: [\"#1565C0\", \"#E1F5FE\"]}}\ntext: \"\(i)\"\n") }
        try p.write("Specs/aaa.yaml", "background: \"#1565C0\"\ntext: A\n")
        _ = try p.build()
        try p.write("Specs/aaa.yaml", "name: renamed\nbackground: \"#1565C0\"\ntext: A\n")
        for i in 0..<120 { try p.write("Specs/more/m\(i).yaml", "size: 1024\nbackground: {gradient: {colors: [\"#1565C0\", \"#E3F2FD\"]}}\ntext: \"\(i)\"\n") }
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["build", "Specs", "-o", "dist", "--jobs", "1", "--quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: p.root)
        try process.run()
        let renamed = p.output + "/renamed.png"
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: renamed), process.isRunning, Date() < deadline { usleep(1_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(FileManager.default.fileExists(atPath: renamed), "the build did not draw the renamed spec")
        try #require(!Manifest.load(from: p.output).outputs.contains { $0.path == "renamed.png" }, "killed too late to tell")
        // Switched back: renamed.png is nobody's output any more.
        try p.write("Specs/aaa.yaml", "background: \"#1565C0\"\ntext: A\n")
        let report = try p.build()
        #expect(report.failures.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: renamed), "the killed build's file stayed for good")
        #expect(!FileManager.default.fileExists(atPath: p.output + "/renamed.svg"))
    }
}

/// Allocator tuning is the executable's: `BuildRun` only calls back after
/// each chunk of a build that writes files (and once before its final
/// writes), and never for a `check`, which writes nothing.
@Suite struct AfterChunkTests {
    @Test func aBuildCallsBackAfterEachChunkAndACheckNever() throws {
        let p = try IncrementalTests.Project_()
        let calls = Locked(0)
        var options = BuildRun.Options(outputDirectory: p.output, jobs: 1)
        options.chunkFiles = 2
        options.afterChunk = { calls.withLock { $0 += 1 } }
        let report = BuildRun.run(try Discovery.inputs([p.root + "/Specs"]), project: Project.load(root: p.root), options: options)
        #expect(report.failures.isEmpty && report.errorCount == 0)
        // Four spec files in chunks of two, then once before the final writes.
        #expect(calls.withLock { $0 } == 3)

        var check = BuildRun.Options(outputDirectory: nil, jobs: 1)
        check.afterChunk = { calls.withLock { $0 += 100 } }
        _ = BuildRun.run(try Discovery.inputs([p.root + "/Specs"]), project: Project.load(root: p.root), options: check)
        #expect(calls.withLock { $0 } == 3)
    }
}
