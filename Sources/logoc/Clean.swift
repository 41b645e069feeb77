import ArgumentParser
import Foundation
import LogocDriver

/// `logoc clean`: remove what logoc wrote, and nothing else.
struct Clean: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove the files listed in DIR/manifest.json, the manifest, the cache and the gallery; other files stay."
    )

    @Option(name: [.customShort("o"), .customLong("output")], help: "The output folder.")
    var directory: String = "dist"

    func run() throws {
        do {
            let removed = try CleanRun.run(directory: directory)
            if Terminal.isTerminal(STDERR_FILENO) {
                FileHandle.standardError.write(Data("removed \(removed.count) file\(removed.count == 1 ? "" : "s") from \(directory)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.usage
        }
    }
}
