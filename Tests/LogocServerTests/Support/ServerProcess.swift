import Foundation

/// A `logoc-serve` process on a free loopback port, for tests that talk to
/// it as clients do; stopped (SIGKILL if need be) when the test ends.
final class ServerProcess: @unchecked Sendable {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A program built beside the test bundle (`logoc-serve`, `logoc`).
    static func binary(_ name: String) -> URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent(), repository.appendingPathComponent(".build/debug")] {
            let url = candidate.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return repository.appendingPathComponent(".build/debug/\(name)")
    }

    let process = Process()
    let port: Int
    private let errors: Pipe
    private let collected = Collected()

    /// Starts `logoc-serve ARGUMENTS --port 0` in `directory` and waits for its `listening on` line.
    init(_ arguments: [String], in directory: URL, port: Int = 0) throws {
        process.executableURL = Self.binary("logoc-serve")
        process.arguments = arguments + ["--port", String(port), "--log-level", "warning"]
        process.currentDirectoryURL = directory
        let out = Pipe()
        errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        let collected = self.collected
        errors.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        var line = Data()
        let reader = out.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let data = reader.availableData
            if data.isEmpty { break }
            line.append(data)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "listening on http://"), let colon = text[range.upperBound...].lastIndex(of: ":"),
              let found = Int(text[text.index(after: colon)...].prefix { $0.isNumber }) else {
            process.terminate()
            process.waitUntilExit()
            throw Failure(message: "logoc-serve did not start: \(text) \(collected.text)")
        }
        self.port = found
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    var stderr: String { collected.text }

    var pid: pid_t { process.processIdentifier }

    /// Resident memory in KiB (VmRSS).
    var rss: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Sends `signal` and waits up to `seconds` for the exit; its status, or nil if it did not exit.
    func stop(_ signal: Int32 = SIGTERM, seconds: Double = 20) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(pid, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        errors.fileHandleForReading.readabilityHandler = nil
    }
}

/// What a process wrote to a pipe so far.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.lock(); data.append(more); lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
}

/// A folder under the system's temporary folder, removed when released.
final class TemporaryFolder: @unchecked Sendable {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("logoc-serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Runs a program to its end; its status and standard output.
func runProgram(_ url: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}
