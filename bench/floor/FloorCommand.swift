import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `logoc-bench-floor`: the benchmark's floor, a program of its own (not
/// part of `logoc`). Draws the corpus's gradient+initials avatars straight
/// with Cairo and Pango and writes them with the same PNG encoder as
/// `logoc build`: no YAML, no checks, no cache. `make bench` builds it
/// (`LOGOC_BENCH=1 swift build -c release --product logoc-bench-floor`)
/// and times it against `logoc build` of the matching specs
/// (docs/performance.md). Prints one JSON line (`Floor.Report`).
@main
struct FloorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logoc-bench-floor",
        abstract: "Draw N gradient+initials avatars with Cairo and Pango only (the benchmark's floor)."
    )

    @Option(help: "How many avatars (giNNNNN.png, the same as bench/make_corpus.py's specs).")
    var count: Int = 1000

    @Option(help: "Canvas edge in pixels.")
    var size: Int = 512

    @Option(name: [.customShort("o"), .customLong("output")], help: "The folder the PNG files go to.")
    var directory: String

    @Option(help: "Avatars drawn at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Also encode each surface with Cairo's own PNG writer, into DIR/cairo/ (timed apart).")
    var compareCairo = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard (16...4096).contains(size) else { throw ValidationError("--size must be from 16 to 4096") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 256") }
    }

    func run() throws {
        // Keep 16 MB of freed heap instead of returning it to the kernel:
        // when each avatar allocated and freed megabyte buffers (pixels,
        // scanlines, deflate output) at the top of the heap, glibc trimmed
        // them away and faulted them in again, about 330 page faults an
        // avatar and 15–20 % more CPU. The canvas, compressor and buffers are
        // reused now, as in logoc; the padding stays for what Pango and
        // Cairo still allocate per avatar.
        Self.keepTopPad(16 << 20)
        do {
            let report = try Floor.run(count: count, size: size, directory: directory, jobs: jobs, compareCairo: compareCairo)
            print(report.json)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Keeps `bytes` of freed heap at its top rather than returning it to
    /// the kernel (glibc's `mallopt(M_TOP_PAD, bytes)`, looked up by name:
    /// it is not in Swift's Glibc module). A no-op where there is none.
    static func keepTopPad(_ bytes: Int32) {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let topPad: Int32 = -2  // M_TOP_PAD in malloc.h
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)(topPad, bytes)
    }
}
