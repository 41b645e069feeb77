import ArgumentParser
import Foundation
import LogocDriver

/// `logoc init`: scaffold a spec repository.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create logoc.yaml, example specs with editor completion, a pre-commit hook, .gitignore and a README.",
        discussion: """
            In a folder that already has some of these files (an existing repository), only the missing ones \
            are written and the others are left as they are; an existing .gitignore gets the lines it lacks. \
            --force replaces them all.
            """
    )

    @Argument(help: "The folder to set up (created if missing).")
    var directory: String = "."

    @Flag(help: "Replace the files of the scaffold that already exist.")
    var force = false

    func run() throws {
        do {
            let done = try Scaffold.write(into: directory, replace: force)
            let lines = done.map { file -> String in
                let path = ((directory as NSString).appendingPathComponent(file.path) as NSString).standardizingPath
                switch file.action {
                case .created: return "created \(path)"
                case .replaced: return "replaced \(path)"
                case .kept: return "kept \(path) (it exists; --force replaces it)"
                case .extended(let lines): return "added \(lines.joined(separator: ", ")) to \(path)"
                }
            }
            print(lines.joined(separator: "\n"))
            let cd = (directory as NSString).standardizingPath == "." ? "" : "cd \(directory) && "
            print("next: \(cd)logoc build, then open dist/index.html in a browser")
        } catch {
            throw CommandRunner.failure(FileErrorText.reason(error))
        }
    }
}
