/// Canvases done with, kept for the next drawing of the same size: one per
/// renderer, handed surfaces back explicitly by whoever finished with them.
///
/// The next spec of a size draws on a spare canvas again instead of a new
/// megabyte of memory (allocating and freeing one for every PNG fragmented
/// the heap of a long build, docs/performance.md). The measure stage takes
/// the 1× canvas from here when it measures on the whole background, and
/// the drawing that finishes that canvas gives it back after encoding.
final class SurfacePool {
    /// At most this many spare canvases, most recently used last.
    static let limit = 2
    /// Canvases larger than this (a 2,048 px square) are freed at once: an
    /// 8,192 px one kept "for the next" held 256 MiB per job for good.
    static let maxBytes = 16 << 20

    private var spares: [ImageSurface] = []

    /// A clear surface: a spare one of that size if there is one.
    func take(width: Int, height: Int) throws(RenderError) -> ImageSurface {
        if let i = spares.lastIndex(where: { $0.width == width && $0.height == height }) {
            let spare = spares.remove(at: i)
            if spare.reset() { return spare }
        }
        return try ImageSurface(width: width, height: height)
    }

    /// Keeps `surface`, which no one uses any more, for `take`; one spare
    /// per size, the oldest let go past `limit`, large ones never kept.
    func give(_ surface: ImageSurface) {
        guard surface.width * surface.height * 4 <= Self.maxBytes else { return }
        spares.removeAll { $0.width == surface.width && $0.height == surface.height }
        spares.append(surface)
        if spares.count > Self.limit { spares.removeFirst() }
    }

    /// How many spare canvases are kept now (for tests).
    var spareCount: Int { spares.count }
}
