import Foundation
import LogocCore
import LogocFonts
import LogocRender

/// The render workers of `serve`: a fixed pool of `jobs` threads, each with
/// its own `Renderer` (Cairo and Pango objects are used by one thread at a
/// time), fed from a queue of at most `capacity` waiting jobs. A job offered
/// to a full queue is refused at once — the request gets 503 and
/// `Retry-After` — so memory never grows with the load.
public final class RenderPool: Sendable {
    /// A render: runs on a worker with that worker's renderer for `catalog`
    /// (nil when no renderer could be made).
    public struct Job: Sendable {
        let catalog: FontCatalog
        let run: @Sendable (Renderer?) -> Void
        public init(catalog: FontCatalog, run: @escaping @Sendable (Renderer?) -> Void) { (self.catalog, self.run) = (catalog, run) }
    }

    private struct State {
        var waiting: [Job] = []
        var head = 0
        var stopped = false
        var pending: Int { waiting.count - head }
    }

    public let capacity: Int
    public let jobs: Int
    private let state = Locked(State())
    private let signal = NSCondition()
    private let images = ImageStore()

    public init(jobs: Int, capacity: Int) {
        self.jobs = max(1, jobs)
        self.capacity = max(1, capacity)
        for index in 0..<self.jobs {
            Thread { [self] in
                Self.nameThisThread("logoc-render-\(index)")
                work()
            }.start()
        }
    }

    /// Names the calling thread for `top -H`, `perf` and the serve bench,
    /// which finds the render workers' CPU time by this name. Foundation's
    /// `Thread.name` reaches the OS thread only if set after the thread's
    /// handle is stored, which races with the thread's own start, and
    /// `pthread_setname_np` is not visible to Swift (a GNU extension), so
    /// the name goes where Linux keeps it. Best effort: a thread left
    /// unnamed works the same.
    private static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        _ = name.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    /// Jobs waiting for a worker.
    public var depth: Int { state.withLock { $0.pending } }

    /// Queues `job`; false when the queue is full (or the pool stopped).
    public func offer(_ job: Job) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopped, state.pending < capacity else { return false }
            state.waiting.append(job)
            return true
        }
        if accepted {
            signal.lock()
            signal.signal()
            signal.unlock()
        }
        return accepted
    }

    /// Lets the workers end once the queue is empty.
    public func stop() {
        state.withLock { $0.stopped = true }
        signal.lock()
        signal.broadcast()
        signal.unlock()
    }

    private func next() -> Job? {
        state.withLock { state -> Job?? in
            if state.pending == 0 { return state.stopped ? .some(nil) : nil }
            let job = state.waiting[state.head]
            state.head += 1
            // Drop the taken prefix now and then, not on every job.
            if state.head > 64, state.head * 2 > state.waiting.count {
                state.waiting.removeFirst(state.head)
                state.head = 0
            }
            return .some(job)
        } ?? waitThenNext()
    }

    /// Sleeps until a job is offered (or the pool stops), then takes it.
    private func waitThenNext() -> Job? {
        signal.lock()
        while state.withLock({ $0.pending == 0 && !$0.stopped }) { signal.wait() }
        signal.unlock()
        return next()
    }

    private func work() {
        var renderer: (catalog: ObjectIdentifier, renderer: Renderer)?
        while let job = next() {
            let id = ObjectIdentifier(job.catalog)
            if renderer?.catalog != id {
                renderer = (try? Renderer(catalog: job.catalog, images: images)).map { (id, $0) }
            }
            job.run(renderer?.renderer)
        }
    }
}
