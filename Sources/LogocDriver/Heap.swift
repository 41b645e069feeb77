import Foundation

/// The process's malloc heap, as far as a long run needs to manage it.
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

    private nonisolated(unsafe) static let trimFunction = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
}
