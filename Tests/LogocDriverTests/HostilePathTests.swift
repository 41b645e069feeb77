import Foundation
import Testing
import LogocCore
import LogocFonts
import LogocFrontend
@testable import LogocDriver

/// Part of the hostile suite (issue 15, item 6): links that lead out of the
/// project root are neither read nor written through.
@Suite struct HostilePathTests {
    final class Place {
        let path = NSTemporaryDirectory() + "logoc-links-" + UUID().uuidString
        var root: String { path + "/project" }
        var outside: String { path + "/outside" }

        init() throws {
            for folder in [root + "/Specs/team", outside] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try "background: \"#1565C0\"\ntext: JD\n".write(toFile: root + "/Specs/team/jane.yaml", atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func aLogocYAMLLinkingOutOfTheRootIsNotRead() throws {
        let place = try Place()
        try "palette:\n  secret: \"#123456\"  # TOPSECRET\n".write(toFile: place.outside + "/secret.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: place.root + "/logoc.yaml", withDestinationPath: place.outside + "/secret.yaml")
        let project = Project.load(root: place.root)
        #expect(project.configSource == nil, "the file outside the root was read")
        let diagnostic = try #require(project.configDiagnostics.first)
        #expect(diagnostic.code == .E013 && diagnostic.span?.start == SourcePosition(line: 1, column: 1))
        let run = try CLITests.run(["check", "Specs"], in: URL(fileURLWithPath: place.root))
        #expect(run.status == 1 && run.stderr.contains("E013") && !run.stderr.contains("TOPSECRET"))
    }

    @Test func aFontFileLinkingOutOfTheRootIsNotUsed() throws {
        let place = try Place()
        let bundled = try #require(FontCatalog.bundled.first?.files.first)
        try FileManager.default.copyItem(atPath: bundled, toPath: place.outside + "/Outside.otf")
        try FileManager.default.createDirectory(atPath: place.root + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: place.root + "/fonts/Outside.otf", withDestinationPath: place.outside + "/Outside.otf")
        try FileManager.default.copyItem(atPath: bundled, toPath: place.root + "/fonts/Inside.otf")
        try "fonts: [fonts]\n".write(toFile: place.root + "/logoc.yaml", atomically: true, encoding: .utf8)
        let project = Project.load(root: place.root)
        let diagnostic = try #require(project.configDiagnostics.first { $0.code == .E013 })
        #expect(diagnostic.message.contains("Outside.otf") && diagnostic.span?.start == SourcePosition(line: 1, column: 9))
        #expect(project.fonts.projectFaces().map(\.path) .allSatisfy { $0.hasSuffix("/Inside.otf") })
        #expect(!project.fonts.projectFaces().isEmpty)
    }

    @Test func verifyUpdateNeverWritesThroughALinkInGolden() throws {
        let place = try Place()
        try FileManager.default.createDirectory(atPath: place.root + "/Golden", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: place.root + "/Golden/team", withDestinationPath: place.outside)
        // A stale golden image beside the link's target must not be removed either.
        try "not a picture".write(toFile: place.outside + "/old.png", atomically: true, encoding: .utf8)
        let report = VerifyRun.run(try Discovery.inputs([place.root + "/Specs"]), project: Project.load(root: place.root),
                                   golden: place.root + "/Golden", diffDirectory: place.path + "/diffs", update: true, jobs: 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.outside) == ["old.png"], "written or removed through the link")
        #expect(report.build.failures.contains { $0.contains("symbolic link") && $0.contains("team/jane.png") })
    }

    @Test func specFilesAndFoldersLinkingOutOfTheRootAreNotRead() throws {
        let place = try Place()
        try "background: \"#123456\"\ntext: {content: TOPSECRET, color: \"#123456\"}\n".write(toFile: place.outside + "/secret.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: place.root + "/Specs/evil.yaml", withDestinationPath: place.outside + "/secret.yaml")
        try FileManager.default.createSymbolicLink(atPath: place.root + "/Specs/linked", withDestinationPath: place.outside)
        let run = try CLITests.run(["check", "--format", "json", "Specs"], in: URL(fileURLWithPath: place.root))
        #expect(run.status == 1)
        #expect(!run.stdout.contains("TOPSECRET") && !run.stdout.contains("E010"), "the linked spec was read: \(run.stdout)")
        for file in ["Specs/evil.yaml", "Specs/linked/secret.yaml"] {
            #expect(run.stdout.contains("\"file\": \"\(file)\", \"line\": 1, \"column\": 1"), "no diagnostic at \(file): \(run.stdout)")
        }
        #expect(run.stdout.components(separatedBy: "\"E013\"").count - 1 == 2)
        // The project's own spec still checks.
        #expect(!run.stdout.contains("team/jane.yaml"))
    }

    /// A spec file that is a link inside the root is read through the link
    /// (the front end first reads without following links, to spare an
    /// `lstat` per spec): its diagnostics name the link's path.
    @Test func specFilesLinkingInsideTheRootAreReadThroughTheLink() throws {
        let place = try Place()
        try FileManager.default.createDirectory(atPath: place.root + "/shared", withIntermediateDirectories: true)
        try "background: \"#123456\"\ntext: {content: SAME, color: \"#123456\"}\n".write(toFile: place.root + "/shared/same.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: place.root + "/Specs/alias.yaml", withDestinationPath: place.root + "/shared/same.yaml")
        let run = try CLITests.run(["check", "--format", "json", "Specs"], in: URL(fileURLWithPath: place.root))
        #expect(run.status == 1)
        #expect(run.stdout.contains("\"E010\"") && run.stdout.contains("\"file\": \"Specs/alias.yaml\""), "\(run.stdout)")
        #expect(!run.stdout.contains("E013") && !run.stdout.contains("E012"), "\(run.stdout)")
    }
}
