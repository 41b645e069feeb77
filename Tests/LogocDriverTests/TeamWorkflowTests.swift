import Foundation
import Testing
import LogocCore
import LogocDriver

/// A team's first ten minutes: `init`, `build`, `check`; `verify` against
/// golden images catching a colour change; `make install` with completions.
struct TeamWorkflowTests {
    /// A fresh folder under the temporary directory; the caller removes it.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-team-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func initThenBuildAndCheck() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try CLITests.run(["init", dir.path])
        #expect(first.status == 0, "\(first.stderr)")
        for file in ["logoc.yaml", "Specs/example.yaml", "Specs/_team.yaml", "logo-spec.schema.json", ".pre-commit-config.yaml", ".gitignore", "README.md"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(file) missing")
        }
        let build = try CLITests.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/example.png").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/index.html").path))
        let check = try CLITests.run(["check", "--strict"], in: dir)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
        // The example's schema line points at the schema init wrote.
        let example = try String(contentsOf: dir.appendingPathComponent("Specs/example.yaml"), encoding: .utf8)
        #expect(example.hasPrefix("# yaml-language-server: $schema=../logo-spec.schema.json"))
        // A second init keeps what is there, and says so.
        try "contrast: AAA\n".write(to: dir.appendingPathComponent("logoc.yaml"), atomically: true, encoding: .utf8)
        let again = try CLITests.run(["init", dir.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("kept \(dir.path)/logoc.yaml (it exists; --force replaces it)"), "\(again.stdout)")
        #expect(try String(contentsOf: dir.appendingPathComponent("logoc.yaml"), encoding: .utf8) == "contrast: AAA\n")
    }

    /// `init` in an existing repository refused outright ("refusing to
    /// overwrite .gitignore, README.md"): it adds what is missing, keeps the
    /// team's files, gives an existing `.gitignore` the lines it lacks, and
    /// `--force` replaces. Its `next:` line used macOS's `open`.
    @Test func initInAnExistingRepositoryAddsWhatIsMissing() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# Our brand\n".write(to: dir.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "node_modules/\ndist/\n".write(to: dir.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let run = try CLITests.run(["init", dir.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("created \(dir.path)/logoc.yaml"), "\(run.stdout)")
        #expect(run.stdout.contains("kept \(dir.path)/README.md (it exists; --force replaces it)"), "\(run.stdout)")
        #expect(run.stdout.contains("added verify-diff/ to \(dir.path)/.gitignore"), "\(run.stdout)")
        #expect(!run.stdout.contains("&& open "), "\(run.stdout)")
        #expect(run.stdout.contains("next: cd \(dir.path) && logoc build, then open dist/index.html in a browser"), "\(run.stdout)")
        #expect(try String(contentsOf: dir.appendingPathComponent("README.md"), encoding: .utf8) == "# Our brand\n")
        let ignore = try String(contentsOf: dir.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.hasPrefix("node_modules/\ndist/\n"), "\(ignore)")
        #expect(ignore.components(separatedBy: "\n").filter { $0 == "dist/" }.count == 1, "\(ignore)")
        #expect(ignore.hasSuffix("verify-diff/\n"), "\(ignore)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Specs/example.yaml").path))
        // Nothing left to add: the .gitignore stays as it is.
        let again = try CLITests.run(["init", dir.path])
        #expect(again.stdout.contains("kept \(dir.path)/.gitignore"), "\(again.stdout)")
        #expect(try String(contentsOf: dir.appendingPathComponent(".gitignore"), encoding: .utf8) == ignore)
        let forced = try CLITests.run(["init", "--force", dir.path])
        #expect(forced.status == 0 && forced.stdout.contains("replaced \(dir.path)/README.md"), "\(forced.stdout)")
        #expect(try String(contentsOf: dir.appendingPathComponent("README.md"), encoding: .utf8).hasPrefix("# Logos and avatars"))
    }

    /// The scaffolded `.gitignore` ignores what `logoc verify` writes.
    @Test func scaffoldedGitignoreIgnoresVerifyDiff() throws {
        let ignore = try #require(Scaffold.files.first { $0.0 == ".gitignore" }?.1)
        #expect(ignore.components(separatedBy: "\n").contains("verify-diff/"))
        #expect(ignore.components(separatedBy: "\n").contains("dist/"))
    }

    /// The scaffolded hook passes what `check` understands and the files
    /// specs use, and no other YAML: a CI workflow or a compose file passed
    /// to `logoc check` failed as a spec with unknown keys.
    @Test func scaffoldedHookPassesSpecsImagesFontsAndConfigOnly() throws {
        let config = try #require(Scaffold.files.first { $0.0 == ".pre-commit-config.yaml" }?.1)
        let line = try #require(config.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("files:") })
        let pattern = String(line.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces)
        // pre-commit's regexes are Python's; this one uses only what ICU reads the same way.
        let regex = try NSRegularExpression(pattern: pattern)
        func passed(_ path: String) -> Bool {
            regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        for path in ["Specs/team.yaml", "Specs/people/_person.yml", "logoc.yaml", "Specs/photos/priya.JPG", "assets/fonts/Brand.otf", "logo.png"] {
            #expect(passed(path), "\(path) is not passed")
        }
        for path in [".github/workflows/logos.yml", "docker-compose.yml", ".pre-commit-config.yaml", "docs/mkdocs.yaml", "README.md"] {
            #expect(!passed(path), "\(path) is passed")
        }
    }

    /// logoc has no public web address: the scaffold names the docs and
    /// commands that ship with it instead of a placeholder link (it linked
    /// `https://github.com/` and `https://github.com/…`).
    @Test func scaffoldHasNoPlaceholderURL() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLITests.run(["init", dir.path]).status == 0)
        for file in ["logoc.yaml", "Specs/example.yaml", "Specs/_team.yaml", "Specs/team.yaml", ".pre-commit-config.yaml", ".gitignore", "README.md"] {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("://"), "\(file) links somewhere:\n\(text)")
            #expect(!text.lowercased().contains("github"), "\(file) names a placeholder:\n\(text)")
        }
        let readme = try String(contentsOf: dir.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("logoc explain") && readme.contains("logoc schema"))
    }

    @Test func verifyCatchesAOneColourChange() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.run(["init", dir.path])
        let record = try CLITests.run(["verify", "--golden", "golden", "--update"], in: dir)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try CLITests.run(["verify", "--golden", "golden"], in: dir).status == 0)
        // One palette colour changes: every image that uses it is caught.
        let config = dir.appendingPathComponent("logoc.yaml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "#5B2EFF", with: "#2E7D32")
        try text.write(to: config, atomically: true, encoding: .utf8)
        let changed = try CLITests.run(["verify", "--golden", "golden", "--diff", "diff"], in: dir)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stderr.contains("changed example.png"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("diff/example.png").path))
        #expect(changed.stderr.contains("review page: diff/index.html"), "\(changed.stderr)")
        // Accepting the change makes it the new golden.
        #expect(try CLITests.run(["verify", "--golden", "golden", "--update"], in: dir).status == 0)
        #expect(try CLITests.run(["verify", "--golden", "golden"], in: dir).status == 0)
    }

    @Test func makeInstallPutsLogocAndCompletionsUnderThePrefix() throws {
        let prefix = try Self.folder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = ["-s", "-C", CLITests.repository.path, "install-files", "PREFIX=\(prefix.path)", "BIN=\(CLITests.binary.path)"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let installed = prefix.appendingPathComponent("bin/logoc")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        for completion in ["share/bash-completion/completions/logoc", "share/zsh/site-functions/_logoc", "share/fish/vendor_completions.d/logoc.fish"] {
            let text = (try? String(contentsOf: prefix.appendingPathComponent(completion), encoding: .utf8)) ?? ""
            #expect(text.contains("build") && text.contains("check"), "\(completion) is not a completion script")
        }
        let version = Process()
        version.executableURL = installed
        version.arguments = ["--version"]
        let pipe = Pipe()
        version.standardOutput = pipe
        try version.run()
        version.waitUntilExit()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == LogocVersion.current)
    }
}
