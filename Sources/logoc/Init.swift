import ArgumentParser
import Foundation
import LogocDriver

/// `logoc init`: scaffold a spec repository.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create logoc.yaml, example specs with editor completion, a pre-commit hook, .gitignore and a README.",
        discussion: "Nothing is written when any of these files already exists."
    )

    @Argument(help: "The folder to set up (created if missing).")
    var directory: String = "."

    func run() throws {
        do {
            let written = try Scaffold.write(into: directory)
            print(written.map { "created \(($0 as NSString).standardizingPath)" }.joined(separator: "\n"))
            print("next: cd \(directory) && logoc build && open dist/index.html")
        } catch {
            FileHandle.standardError.write(Data("error: \(FileErrorText.reason(error))\n".utf8))
            throw ExitCode.usage
        }
    }
}
