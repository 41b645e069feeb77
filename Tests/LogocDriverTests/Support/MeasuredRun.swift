import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the `logoc` binary as a child process and measures what it cost:
/// wall time, and its peak resident memory, `VmHWM` of `/proc/PID/status`
/// read while it runs. (Not `wait4`'s `ru_maxrss`: posix_spawn starts the
/// child sharing this process's memory, and the kernel carries that memory's
/// peak across `exec` into the child's figure — under AddressSanitizer the
/// test process's gigabyte.) A run that outlives `killAfter` is killed, so a
/// hang fails the test instead of blocking it.
struct MeasuredRun {
    var status: Int32
    /// Set when the child was killed by a signal (ours after `killAfter`, or a crash).
    var signal: Int32?
    var stdout: String
    var stderr: String
    var seconds: Double
    /// Peak resident set size in bytes.
    var maxRSS: Int
    var timedOut: Bool

    static func run(_ arguments: [String], in directory: String, killAfter: Double = 60) throws -> MeasuredRun {
        let out = directory + "/.run-stdout", err = directory + "/.run-stderr"
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // `env -C` changes directory and execs logoc in the same process
        // (Glibc's posix_spawn_file_actions_addchdir_np is not visible from
        // Swift), so wait4 measures logoc itself.
        let binary = CLITests.binary.path
        let argv = (["/usr/bin/env", "-C", directory, binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var peak = 0
        while true {
            peak = max(peak, Self.highWaterMark(pid))
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0, errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if !timedOut, Date().timeIntervalSince(start) > killAfter {
                kill(pid, SIGKILL)
                timedOut = true
            }
            usleep(5_000)
        }
        let seconds = Date().timeIntervalSince(start)
        let exited = (status & 0x7F) == 0
        return MeasuredRun(
            status: exited ? (status >> 8) & 0xFF : -1,
            signal: exited ? nil : status & 0x7F,
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "",
            seconds: seconds,
            maxRSS: peak,
            timedOut: timedOut)
    }

    /// The process's peak resident memory so far, in bytes; 0 when it cannot be read.
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
