import Foundation
import LogocCore
import LogocFrontend

/// `check --require-tracked`: a spec whose image or font file git does not
/// track commits "Passed" on the author's machine and fails on everyone
/// else's (the file never left it). git's index says which files a commit
/// holds (`git ls-files`), so a pre-commit hook can refuse the spec (`E019`).
enum TrackedFiles {
    /// Why git could not answer: a failure of the run (exit 2), not of a spec.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// Paths passed to one `git ls-files`, well under the system's limit on
    /// a command line's length.
    static let pathsPerCall = 512

    /// `E019` at each image or font file of `specs` that git does not track,
    /// once per file and spec, where the spec names it.
    static func untracked(_ specs: [CheckedSpec], project: Project) -> Result<[Diagnostic], Failure> {
        untracked(uses: specs.flatMap { $0.usedFiles(in: project) }, project: project)
    }

    /// `untracked` of the files the specs use (`CheckedSpec.usedFiles`):
    /// of checked specs, and of specs reported from `check`'s cache, which
    /// keeps them because git's index is asked again on every run.
    static func untracked(uses used: [CheckedSpec.UsedFile], project: Project) -> Result<[Diagnostic], Failure> {
        let root = project.paths.root
        var uses: [(spec: CheckedSpec.UsedFile, relative: String)] = []
        for file in used where file.path.hasPrefix(root + "/") {
            uses.append((file, String(file.path.dropFirst(root.count + 1))))
        }
        guard !uses.isEmpty else { return .success([]) }
        let wanted = Array(Set(uses.map(\.relative))).sorted()
        var tracked: Set<String> = []
        for start in stride(from: 0, to: wanted.count, by: pathsPerCall) {
            switch listed(Array(wanted[start..<min(wanted.count, start + pathsPerCall)]), in: root) {
            case .success(let paths): tracked.formUnion(paths)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(uses.filter { !tracked.contains($0.relative) }.map { use in
            Diagnostic(.E019, "'\(Quoted.value(use.spec.written.value))' is not tracked by git, so a commit of the spec leaves it behind",
                       at: use.spec.written.span, help: "add it to the commit: git add '\(Quoted.value(use.relative))' (from the project root)")
        })
    }

    /// The paths among `paths` (relative to `root`) that git's index holds.
    private static func listed(_ paths: [String], in root: String) -> Result<Set<String>, Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root, "ls-files", "-z", "--"] + paths.map { ":(literal)" + $0 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "--require-tracked needs git, which cannot be run: \(error.localizedDescription)"))
        }
        // Read to the end before waiting: a full pipe would block git.
        let listed = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "git exited with \(process.terminationStatus)"
            return .failure(Failure(message: "--require-tracked asks git which files are tracked, and git answered: \(Quoted.message(reason))"))
        }
        return .success(Set(listed.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }))
    }
}
