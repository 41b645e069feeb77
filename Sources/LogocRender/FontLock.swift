import Foundation

/// The one lock every use of Pango's and Cairo's fonts goes through, on
/// every thread.
///
/// Cairo 1.16 keeps at most ten FreeType faces open in the whole process,
/// whatever font map they come from, and when it opens another it closes
/// one that no font has locked at that moment — checked without the lock of
/// the font that owns it. A renderer laying out or drawing text on one core
/// could have its face closed under it by a renderer opening a face on the
/// other: a crash (in `cairo_scaled_font_glyph_extents`, after FreeType
/// errors) in about one build of ten of the showcase, whose specs use more
/// than ten font files. The faces are shared process state, so one lock
/// for all of them: text is a small part of drawing a spec, and backgrounds,
/// contrast and encoding run outside it (docs/rendering.md, "Parallelism").
/// Recursive, since releasing a layout can happen inside a locked section.
enum FontLock {
    private static let lock = NSRecursiveLock()

    static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
