import Foundation
import LogocCore
import LogocFonts
import LogocRender

/// Runs `body` for indices 0..<count on up to `jobs` threads. Each worker
/// gets its own lazily made `Renderer` (Cairo and Pango objects never cross
/// threads). Results land in their index's slot, so order never depends on
/// scheduling.
enum Workers {
    static func map<T: Sendable>(_ count: Int, jobs: Int, catalog: FontCatalog, clock: StageClock? = nil,
                                 _ body: @Sendable (Int, () throws(RenderError) -> Renderer) -> T) -> [T] {
        let results = ResultSlots<T>(count: count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            var renderer: Renderer?
            let lazy = { () throws(RenderError) -> Renderer in
                if let renderer { return renderer }
                let made = try Renderer(catalog: catalog)
                made.clock = clock
                renderer = made
                return made
            }
            while let i = next.take(below: count) {
                results.set(i, body(i, lazy))
            }
        }
        return results.values()
    }
}
