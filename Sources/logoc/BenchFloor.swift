import ArgumentParser
import Foundation
import LogocRender

/// `logoc bench-floor` (hidden): the benchmark's floor. Draws the corpus's
/// gradient+initials avatars straight with Cairo and Pango and writes them
/// with the same PNG encoder as `build`: no YAML, no checks, no cache.
/// `make bench` times it against `logoc build` of the matching specs
/// (docs/performance.md).
struct BenchFloor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-floor",
        abstract: "Draw N gradient+initials avatars with Cairo and Pango only (benchmark floor).",
        shouldDisplay: false
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
        Heap.keepTopPad(16 << 20)
        do {
            let report = try Floor.run(count: count, size: size, directory: directory, jobs: jobs, compareCairo: compareCairo)
            print(report.json)
        } catch {
            throw CommandRunner.failure("\(error)")
        }
    }
}
