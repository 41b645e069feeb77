import CCairo
import Testing
@testable import LogocRender

/// The renderer's canvases go back to an explicit pool: one spare per size,
/// at most `SurfacePool.limit`, none larger than `SurfacePool.maxBytes`
/// (an 8,192 px canvas kept "for the next" held 256 MiB per job).
struct SurfacePoolTests {
    @Test func sparesAreReusedClearedAndBounded() throws {
        let pool = SurfacePool()
        let first = try pool.take(width: 64, height: 64)
        cairo_set_source_rgb(first.context, 1, 0, 0)
        cairo_paint(first.context)
        pool.give(first)
        #expect(pool.spareCount == 1)
        let again = try pool.take(width: 64, height: 64)
        #expect(again === first, "the spare of that size is drawn on again")
        #expect(try again.pixels().bytes.allSatisfy { $0 == 0 }, "a spare comes back cleared")
        #expect(pool.spareCount == 0)

        for edge in [16, 32, 48] { pool.give(try ImageSurface(width: edge, height: edge)) }
        #expect(pool.spareCount == SurfacePool.limit)
        pool.give(try ImageSurface(width: 32, height: 32))
        #expect(pool.spareCount == SurfacePool.limit, "one spare per size")

        let large = try ImageSurface(width: 2049, height: 2048)
        #expect(large.width * large.height * 4 > SurfacePool.maxBytes)
        let fresh = SurfacePool()
        fresh.give(large)
        #expect(fresh.spareCount == 0, "a canvas over the byte limit is not kept")
    }
}
