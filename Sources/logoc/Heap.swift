import Foundation

/// The process's malloc heap, as far as a long run needs to manage it.
///
/// Tuning the allocator is the program's decision, not a library's: it
/// lives here in the executable, which `main` applies before any worker
/// thread exists, so a test process that loads LogocDriver or LogocRender
/// keeps glibc's defaults. `BuildRun` only calls back (`afterChunk`) where
/// freed pages may go back.
enum Heap {
    /// Returns the heap's free pages to the system (glibc's `malloc_trim`).
    ///
    /// A build keeps a few small things of every spec (outcomes, output
    /// owners, cache group headers) while it allocates and frees far more
    /// for drawing them; glibc keeps the freed pages between the kept
    /// things resident, so a 10,000-spec build's memory kept growing with
    /// no more in use. Trimming after each chunk of specs gives them back
    /// (about 1 ms; the pages a later chunk needs are faulted in again).
    /// A no-op where there is no `malloc_trim` (it is not in Swift's Glibc
    /// module: looked up by name).
    static func trim() {
        guard let symbol = trimFunction else { return }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
    }

    /// Makes every thread allocate from the main heap (glibc's
    /// `mallopt(M_ARENA_MAX, 1)`), from the next thread that would make
    /// a heap of its own.
    ///
    /// By default each worker thread gets its own heap ("arena"), and each
    /// keeps its own freed pages and its own fragments between what it still
    /// holds: on the cold build of 10,000 specs, peak RSS 155–157 MB with
    /// per-thread heaps and 142–144 MB with one (docs/performance.md). The
    /// workers' big buffers are made once and reused (canvases, PNG
    /// compressors) and small allocations go through glibc's per-thread
    /// caches without a lock, so sharing the heap costs no measurable time.
    /// A no-op where there is no `mallopt`.
    static func useOneArena() {
        guard let symbol = mallopt else { return }
        let arenaMax: Int32 = -8  // M_ARENA_MAX in malloc.h
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)(arenaMax, 1)
    }

    private nonisolated(unsafe) static let trimFunction = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    private nonisolated(unsafe) static let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
}
