import ArgumentParser
import Foundation
import LogocCore
import LogocDriver

/// `logoc clean`: remove what logoc wrote, and nothing else.
struct Clean: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove the files listed in DIR/manifest.json, the manifest, the cache and the gallery; other files stay.",
        discussion: "An entry is removed only if it is a plain path inside DIR, not through a symbolic link, a file (never a folder) whose bytes still match the manifest's SHA-256; any other is kept and reported (W008)."
    )

    @Option(name: [.customShort("o"), .customLong("output")], help: "The output folder.")
    var directory: String = "dist"

    func run() throws {
        let result: CleanRun.Result
        do {
            result = try CleanRun.run(directory: directory)
        } catch {
            throw CommandRunner.failure(FileErrorText.reason(error))
        }
        var text = CommandRunner.human(result.diagnostics, sources: result.sources)
        if Terminal.isTerminal(STDERR_FILENO) {
            let count = result.removed.count
            text += (text.isEmpty ? "" : "\n") + "removed \(count) file\(count == 1 ? "" : "s") from \(directory)\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
