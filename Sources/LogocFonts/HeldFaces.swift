import CFontconfig
import CFreeType
import LogocCore
#if canImport(Glibc)
import Glibc
#endif

/// FreeType faces that logoc opens and holds itself, for one font session
/// at a time, so that Cairo never opens, shares or closes a face of its own.
///
/// Why (Cairo 1.16, `cairo-ft-font.c`): a font Cairo finds by file name
/// (`FC_FILE`) gets an "unscaled font" shared by the whole process and keyed
/// by file and index, opened with `FT_New_Face` on one process-wide
/// `FT_Library` — outside any lock, which FreeType does not allow on a
/// shared library — and at most ten such faces stay open
/// (`MAX_OPEN_FACES`): opening another closes a random one whose
/// `lock_count` is 0, read without that font's own mutex. A worker could
/// lose the face it was measuring to a worker opening one (a crash in
/// `cairo_scaled_font_glyph_extents` in about one showcase build in ten,
/// whose specs use more than ten font files); a process-wide font lock
/// kept that away, and kept two workers from drawing text at once.
///
/// A pattern carrying `FC_FT_FACE` takes the other path: Cairo makes a
/// `from_face` unscaled font keyed by the `FT_Face` pointer, never closes
/// it (`_has_unlocked_face` skips `from_face`), never counts it among the
/// ten, and on its end sets the pointer to nil without `FT_Done_Face`. Pango
/// 1.50 hands Cairo the matched pattern (`cairo_ft_font_face_create_for_pattern`
/// on the font's `font_pattern`, `pangocairo-fcfont.c`), which keeps every
/// element of the font's pattern in the configuration — so a face in the
/// session's fontconfig set with `FC_FT_FACE` reaches Cairo as that face.
///
/// Lifetime: Cairo may keep a scaled font, and with it the unscaled font
/// keyed by the face's address, after the last Pango font lets go (up to
/// 256 "holdovers", process-wide, evicted by whichever thread makes the
/// next scaled font; evicting calls no FreeType function). Were the face
/// freed then, a new face at the same address would be taken for it, with
/// the old one's remembered size. So faces are never freed: a set of faces
/// goes back to `FaceSets` when its session ends and the next session takes
/// it (and finds Cairo's caches for its faces warm). There are at most as
/// many sets as sessions ever alive at once (the workers), each with a face
/// per font file and index used. A file replaced on disk gets a new face
/// (the key holds the file's device, inode, size and time); the old one
/// stays, unused.
///
/// One `FT_Library` per set, used by one thread at a time: FreeType allows
/// that without any lock.
package final class FreeTypeFaces {
    private var library: FT_Library?
    private var faces: [Key: FT_Face] = [:]

    private struct Key: Hashable {
        let path: String
        let index: Int
        let file: [Int64]
    }

    init() {
        var library: FT_Library?
        self.library = FT_Init_FreeType(&library) == 0 ? library : nil
    }

    /// Faces open now, for tests.
    package var count: Int { faces.count }

    /// Face `index` (FreeType's: a collection's face, and a variable font's
    /// named instance in the upper 16 bits) of the font file at `path` as it
    /// is on disk now; nil when FreeType cannot open it.
    package func face(path: String, index: Int) -> FT_Face? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let key = Key(path: path, index: index,
                      file: [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)])
        if let known = faces[key] { return known }
        guard let library else { return nil }
        guard let opened = Self.open(path, index: index, identity: key.file, library: library) else { return nil }
        faces[key] = opened
        return opened
    }
}

extension FreeTypeFaces {
    /// Opens face `index` of the file at `path` on the file's bytes mapped
    /// once for every set of faces (`FontFileMaps`), else by path.
    private static func open(_ path: String, index: Int, identity: [Int64], library: FT_Library) -> FT_Face? {
        var opened: FT_Face?
        if let bytes = FontFileMaps.bytes(path: path, identity: identity), let base = bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
           FT_New_Memory_Face(library, base, FT_Long(bytes.count), FT_Long(index), &opened) == 0, let opened {
            return opened
        }
        opened = nil
        guard FT_New_Face(library, path, FT_Long(index), &opened) == 0 else { return nil }
        return opened
    }
}

/// The process's sets of `FreeTypeFaces`, each lent to one font session at
/// a time (see `FreeTypeFaces` for why they are kept, not freed).
package final class FaceSets: Sendable {
    /// The one per process: Cairo's caches that may still point at the faces are process-wide.
    package static let shared = FaceSets()

    /// Sets no session holds, the most recently returned last.
    private let idle = Locked<[FreeTypeFaces]>([])
    /// Sets made so far, for tests.
    private let made = Locked(0)

    /// The process's is `shared`; tests make their own to count theirs.
    package init() {}

    /// A set for a session that starts: the one returned last (its faces
    /// are the likeliest to be asked for again), or a new one.
    package func take() -> FreeTypeFaces {
        if let set = idle.withLock({ $0.popLast() }) { return set }
        made.withLock { $0 += 1 }
        return FreeTypeFaces()
    }

    /// Takes back the set of a session that ended (nothing of it is used after).
    package func giveBack(_ set: FreeTypeFaces) {
        idle.withLock { $0.append(set) }
    }

    /// Sets made so far: at most the number of sessions ever alive at once.
    package var count: Int { made.withLock { $0 } }
}
