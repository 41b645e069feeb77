import ArgumentParser
import Foundation
import LogocCore

/// The terminal the command writes to: whether a stream is one, and may be coloured.
enum Terminal {
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// Whether text written to `fd` may be coloured: a terminal, and `NO_COLOR` unset or empty.
    static func usesColour(_ fd: Int32) -> Bool {
        isTerminal(fd) && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }
}

/// `[n/N] team/jane` on one terminal line, redrawn in place.
final class Progress: Sendable {
    /// Held while a line is written, so two workers' lines do not mix.
    private let terminal = Locked(())

    func show(_ done: Int, _ total: Int, _ name: String) {
        terminal.withLock { _ in
            FileHandle.standardError.write(Data("\r\u{1B}[K[\(done)/\(total)] \(name)".utf8))
        }
    }

    func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

extension ExitCode {
    /// Usage or I/O failure (not a spec error).
    static let usage = ExitCode(2)
}
