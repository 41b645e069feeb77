import Foundation
import LogocCore
import LogocDriver
import LogocFrontend
import FuzzSupport

/// libFuzzer target: mutated `.logoc-cache`, `manifest.json` and
/// `.logoc-intent` (`CacheInput`) in an output folder laid out afresh for
/// each input (`CacheWorld`), then `logoc build` (`BuildRun`) or `logoc
/// clean` (`CleanRun`) over it, as the CLI runs them. What must hold:
///
/// - no crash and no sanitizer report;
/// - nothing outside the output folder is removed or written, though
///   entries name victims outside it with their right SHA-256 (by `..`, an
///   absolute path, or links inside the folder);
/// - every diagnostic (`W008`) has a code, a help line and a place inside
///   the file it names;
/// - a record that fails validation is dropped, never copied: unless the
///   checksums were resealed (a hand-made cache, which the CRC does not
///   claim to catch) or the manifest damaged without a change of size (which
///   a build with every spec fresh does not read), a build of every spec
///   that ran to its end leaves a manifest listing exactly the baseline's
///   outputs, each on disk with those bytes, and no intent log.
enum FuzzCache {
    nonisolated(unsafe) static var world: CacheWorld?

    static func setUp() -> CacheWorld {
        if let world { return world }
        let made = CacheWorld()
        world = made
        atexit { if let base = FuzzCache.world?.base { FuzzFolder.remove(base) } }
        return made
    }

    static func run(_ bytes: [UInt8]) {
        let world = setUp()
        let input = CacheInput(bytes, world: world)
        world.reset(cache: input.cache, manifest: input.manifest, intent: input.intent, interrupted: input.flags.contains(.interrupted))
        if input.flags.contains(.clean) {
            let result: CleanRun.Result
            do { result = try CleanRun.run(directory: world.dist) } catch {
                FuzzExpect.that(false, "clean failed: \(error)")
                return
            }
            DiagnosticPlacement.expectPlaced(result.diagnostics, in: result.sources)
        } else {
            let inputs = input.flags.contains(.partialBuild) ? world.inputs.filter { $0.path.hasSuffix("/Specs/a.yaml") } : world.inputs
            let report = BuildRun.run(inputs, project: Project.load(root: world.root), options: .init(outputDirectory: world.dist, jobs: 1))
            DiagnosticPlacement.expectPlaced(report.diagnostics, in: report.sources)
            // A manifest damaged without a change of size, while every spec
            // is fresh, is not looked at by design (docs/build-engine.md).
            let sameSizeDamage = input.manifest != world.manifest && input.manifest?.count == world.manifest.count
            if report.failures.isEmpty, !input.flags.contains(.reseal), !input.flags.contains(.partialBuild), !sameSizeDamage {
                expectBaselineManifest(world)
            }
        }
        FuzzFolder.expectUnchanged(world.outside, FuzzFolder.snapshot(world.base, excluding: ["dist"]), what: "outside the output folder")
    }

    /// After a build of every spec: the manifest is the baseline's (each
    /// output on disk with the baseline's bytes), and the intent log is gone.
    static func expectBaselineManifest(_ world: CacheWorld) {
        let written = Manifest.load(from: world.dist).outputs
        let pairs = { (entries: [Manifest.Entry]) in entries.map { $0.path + " " + $0.sha256 } }
        FuzzExpect.that(pairs(written) == pairs(world.outputs), "the manifest lists \(pairs(written)), not the baseline's \(pairs(world.outputs))")
        for entry in written {
            let now = FileManager.default.contents(atPath: world.dist + "/" + entry.path)
            FuzzExpect.that(now == FileManager.default.contents(atPath: world.baseline + "/" + entry.path), "\(entry.path) is not the baseline's")
        }
        FuzzExpect.that(!FileManager.default.fileExists(atPath: world.dist + "/.logoc-intent"), "a finished build left its intent log")
    }

    /// Writes the seed corpus into `folder`: the baseline files as they are
    /// (raw), and edits that inject each dangerous path into each file.
    static func writeSeeds(to folder: String) {
        let world = setUp()
        var seeds: [[UInt8]] = []
        let intent = Array(world.dangerousPaths.map { "\(world.victimSHA)\t\($0)\n" }.joined().utf8)
        for flags: CacheInput.Flags in [[], .clean, .interrupted, [.clean, .interrupted], .noCache, .partialBuild] {
            seeds.append(CacheInput.raw(flags: flags, cache: world.cache, manifest: world.manifest, intent: intent))
            seeds.append([flags.rawValue])
        }
        for (i, _) in world.dangerousPaths.enumerated() {
            for file in 0..<3 {
                let op = UInt8(file * 6 + 4)
                seeds.append([CacheInput.Flags.reseal.rawValue, op, UInt8(i), UInt8(i % 3), 0])
                seeds.append([CacheInput.Flags([.noCache, .clean]).rawValue, op, UInt8(i), 0, 0])
            }
        }
        seeds.append([0, 3, 0x00, 0x80])   // the cache cut in half
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (i, seed) in seeds.enumerated() { FuzzFolder.write(seed, to: folder + "/seed-\(i)") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzCache.run(LibFuzzer.bytes(data, size))
    return 0
}

/// With `LOGOC_FUZZ_WRITE_SEEDS=DIR` (Fuzz/run.sh), writes the seeds and exits.
@_cdecl("fuzz_cache_main")
func fuzzCacheMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    if let folder = ProcessInfo.processInfo.environment["LOGOC_FUZZ_WRITE_SEEDS"] {
        FuzzCache.writeSeeds(to: folder)
        return 0
    }
    return LibFuzzer.run(argc, argv, fuzzCache)
}
