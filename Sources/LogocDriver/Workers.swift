import Foundation
import LogocCore
import LogocFonts
import LogocRender

/// Runs `body` for indices 0..<count on up to `jobs` threads. Each worker
/// gets its own lazily made `Renderer` (Cairo and Pango objects are never
/// used by two threads at once); they share one `ImageStore` and one set
/// of `ReferenceInks`. Results land in their index's slot, so
/// order never depends on scheduling.
enum Workers {
    static func map<T: Sendable>(_ count: Int, jobs: Int, catalog: FontCatalog, clock: StageClock? = nil, pool: RendererPool? = nil,
                                 _ body: @Sendable (Int, () throws(RenderError) -> Renderer) -> T) -> [T] {
        let results = ResultSlots<T>(count: count)
        let images = pool?.images ?? ImageStore()
        let references = pool?.references ?? ReferenceInks()
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            var renderer = pool?.take()
            // A renderer kept from an earlier run (`logoc watch`) times this run's stages.
            renderer?.clock = clock
            let lazy = { () throws(RenderError) -> Renderer in
                if let renderer { return renderer }
                let made = try Renderer(catalog: catalog, images: images, references: references)
                pool?.counted()
                made.clock = clock
                renderer = made
                return made
            }
            while let i = next.take(below: count) {
                results.set(i, body(i, lazy))
            }
            if let renderer { pool?.give(renderer) }
        }
        return results.take()
    }
}

/// Renderers handed from one `Workers.map` to the next, so that a run that
/// works in chunks keeps its font sessions and decoded images. The lock
/// orders the hand-over: a renderer is only ever used by one thread at a time.
final class RendererPool: Sendable {
    /// Renderers no one uses now (a renderer in it is used by no thread).
    private let idle = Locked<[Renderer]>([])
    /// The run's decoded and scaled photos, shared by all its renderers.
    let images = ImageStore()
    /// The inks of the run's texts, shared by all its renderers (one catalog).
    let references = ReferenceInks()
    /// Renderers made for this pool so far.
    private let madeCount = Locked(0)
    var made: Int { madeCount.withLock { $0 } }

    func counted() { madeCount.withLock { $0 += 1 } }

    func take() -> Renderer? {
        idle.withLock { $0.popLast() }
    }

    func give(_ renderer: Renderer) {
        idle.withLock { $0.append(renderer) }
    }
}
