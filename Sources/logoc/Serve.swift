import ArgumentParser
import Foundation

/// `logoc serve`: runs `logoc-serve` from beside this binary with the same
/// arguments. The server (Hummingbird, SwiftNIO) is its own executable so
/// that none of it loads in the `logoc check` of a pre-commit hook
/// (docs/performance.md, "logoc serve"); `logoc serve --help` is its help.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the specs' pictures and templates' avatars over HTTP (runs logoc-serve; see logoc serve --help).",
        helpNames: []
    )

    @Argument(parsing: .allUnrecognized, help: "Arguments of logoc-serve.")
    var arguments: [String] = []

    func run() throws {
        let server = Self.serverPath()
        guard access(server, X_OK) == 0 else {
            throw CommandRunner.failure("'\(server)' is missing: logoc serve runs logoc-serve from beside logoc (make install ships both)")
        }
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw CommandRunner.failure("cannot run '\(server)': \(String(cString: strerror(errno)))")
    }

    /// `logoc-serve` in the folder of the running `logoc` (links resolved).
    static func serverPath() -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("logoc-serve")
    }
}
