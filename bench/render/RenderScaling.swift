import ArgumentParser
import Foundation
import LogocCore
import LogocDriver
import LogocFonts
import LogocFrontend
import LogocRender
#if canImport(Glibc)
import Glibc
#endif

/// `logoc-bench-render`: how drawing template avatars scales with threads
/// in one process, without HTTP (issue 20: "two workers must give ≥ 1.8×
/// one"). On two cores, wrk and the server's event loop take CPU from the
/// render workers in `serve_bench.py`; this measures the render pool's own
/// scaling. Each thread holds its own `Renderer`, as a `serve` worker does,
/// and draws a new name each time through the server's path:
/// `CheckedSpec.instance` and `OutputBytes.draw` (128 px PNG by default).
/// Runs 1 thread and `--threads` threads alternately, `--rounds` times,
/// and prints one JSON line: the best throughput of each, their ratio, and
/// the share of render time spent waiting for and holding font locks
/// (`FontLockTimes`). `make bench` builds it (`LOGOC_BENCH=1`); it is not
/// part of `logoc`.
@main
struct RenderScaling: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logoc-bench-render",
        abstract: "Template avatars drawn by 1 and by N threads in one process: throughput ratio and font-lock time."
    )

    @Option(help: "The template spec (template: true).")
    var template: String

    @Option(help: "Avatars drawn per run, shared by its threads.")
    var count: Int = 2000

    @Option(help: "Avatar size in pixels.")
    var size: Int = 128

    @Option(help: "Threads of the parallel runs.")
    var threads: Int = 2

    @Option(help: "Runs of each thread count, alternating (the best of each is kept).")
    var rounds: Int = 3

    func validate() throws {
        guard count >= 10 else { throw ValidationError("--count must be at least 10") }
        guard (16...4096).contains(size) else { throw ValidationError("--size must be from 16 to 4096") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be from 1 to 64") }
        guard (1...50).contains(rounds) else { throw ValidationError("--rounds must be from 1 to 50") }
    }

    /// One timed run.
    struct Run {
        let threads: Int
        let seconds: Double
        /// CPU seconds of the drawing threads.
        let cpu: Double
        let waited: Double
        let held: Double
        let sections: Int
        var rate: Double { Double(count) / seconds }
        let count: Int
    }

    func run() throws {
        let inputs: [SpecInput]
        do { inputs = try Discovery.inputs([template]) } catch { throw ValidationError("no template at \(template)") }
        let root = URL(fileURLWithPath: template).deletingLastPathComponent().path
        let project = Project.load(root: root)
        let report = CheckRun.run(inputs, project: project, jobs: 1)
        guard let spec = report.specs.first(where: \.isTemplate) else { throw ValidationError("\(template) is not a template without errors") }
        let resolver = Resolver(project: project)
        FontLockTimes.enabled.store(true, ordering: .relaxed)
        var best: [Int: Run] = [:]
        var all: [Run] = []
        // A warm-up run of each, then alternating rounds.
        var sequence = 0
        for round in 0...rounds {
            for t in threads == 1 ? [1] : [1, threads] {
                sequence += 1
                let r = try draw(spec, resolver: resolver, fonts: project.fonts, threads: t, tag: sequence)
                guard round > 0 else { continue }
                all.append(r)
                if best[t].map({ r.rate > $0.rate }) ?? true { best[t] = r }
            }
        }
        guard let one = best[1], let many = best[threads] else { return }
        func fields(_ r: Run) -> String {
            let fmt = { (x: Double) in String(format: "%.4f", x) }
            return "{\"threads\": \(r.threads), \"perSecond\": \(fmt(r.rate)), \"seconds\": \(fmt(r.seconds)), \"cpuSeconds\": \(fmt(r.cpu)), "
                + "\"lockHeldShare\": \(fmt(r.held / r.cpu)), \"lockWaitShare\": \(fmt(r.waited / (r.seconds * Double(r.threads)))), "
                + "\"lockSectionsPerAvatar\": \(fmt(Double(r.sections) / Double(r.count)))}"
        }
        let runs = all.map(fields).joined(separator: ", ")
        print("{\"count\": \(count), \"size\": \(size), \"one\": \(fields(one)), \"many\": \(fields(many)), "
              + "\"ratio\": \(String(format: "%.3f", many.rate / one.rate)), \"runs\": [\(runs)]}")
    }

    /// Draws `count` new names on `threads` threads, each with its own renderer.
    func draw(_ spec: CheckedSpec, resolver: Resolver, fonts: FontCatalog, threads: Int, tag: Int) throws -> Run {
        let renderers = try (0..<threads).map { _ in try Renderer(catalog: fonts) }
        // Each renderer draws once before the clock starts, as a serve worker has.
        for (i, renderer) in renderers.enumerated() { _ = try avatar(spec, person: "Warm \(tag) \(i)", resolver: resolver, renderer: renderer) }
        FontLockTimes.reset()
        let failures = Locked(0)
        let cpu = Locked(0.0)
        let box = Renderers(renderers)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            let cpuStart = Self.threadCPU()
            let renderer = box.renderers[t]
            var i = t
            while i < count {
                if (try? avatar(spec, person: "Person \(tag) \(i)", resolver: resolver, renderer: renderer)) == nil { failures.withLock { $0 += 1 } }
                i += threads
            }
            let used = Self.threadCPU() - cpuStart
            cpu.withLock { $0 += used }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard failures.withLock({ $0 }) == 0 else { throw ValidationError("some avatars failed to draw") }
        return Run(threads: threads, seconds: seconds, cpu: cpu.withLock { $0 },
                   waited: Double(FontLockTimes.waited.load(ordering: .relaxed)) / 1e9,
                   held: Double(FontLockTimes.held.load(ordering: .relaxed)) / 1e9,
                   sections: FontLockTimes.sections.load(ordering: .relaxed), count: count)
    }

    /// One avatar's PNG bytes, the way `serve` draws a template URL.
    func avatar(_ spec: CheckedSpec, person: String, resolver: Resolver, renderer: Renderer) throws -> [UInt8] {
        let instance = spec.instance(person: person, file: PersonFile.name(for: person), size: size)
        guard let output = instance.outputs.first(where: { $0.target == nil && !$0.dark && $0.format == .png && $0.scale == 1 }) else {
            throw ValidationError("the template makes no 1x PNG")
        }
        switch OutputBytes.draw(output, of: instance, resolver: resolver, renderer: renderer) {
        case .success(let file): return file.bytes
        case .failure(let failure): throw ValidationError("\(failure.failures) \(failure.diagnostics.map(\.message))")
        }
    }

    /// This thread's CPU seconds.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Renderers handed to the threads, one each (`Renderer` is used by one thread at a time).
final class Renderers: @unchecked Sendable {
    // @unchecked: thread `t` touches only `renderers[t]`.
    let renderers: [Renderer]
    init(_ renderers: [Renderer]) { self.renderers = renderers }
}
