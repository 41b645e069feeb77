import CFreeType
import Foundation
import LogocCore

/// Whether a font file's glyphs draw anything.
///
/// fontconfig reads which characters a face has from its character map
/// (`cmap`) alone; a font whose outlines are missing or empty (no `glyf`,
/// a zeroed or garbage glyph table) still claims them, and Pango then draws
/// blank text that passes every contrast check. So for the project's own
/// font files the validator asks FreeType to load each glyph the text uses
/// and looks for an outline or a bitmap. The bundled fonts are known good
/// and never asked, so `check` of an ordinary spec does no extra work.
public final class GlyphInk: Sendable {
    /// Per face (path and index), per scalar: whether its glyph has ink.
    private let known = Locked<[String: [UInt32: Bool]]>([:])

    public init() {}

    /// The scalars of `scalars` whose glyph in face `index` of `path` draws
    /// nothing: no glyph, a glyph that fails to load, or an empty outline
    /// and bitmap. Answers are remembered per face and scalar; the file is
    /// opened only for scalars not asked about before.
    public func blank(_ scalars: [Unicode.Scalar], path: String, index: Int32) -> [Unicode.Scalar] {
        let key = "\(index)\u{0}\(path)"
        return known.withLock { known in
            var answers = known[key] ?? [:]
            let unknown = scalars.filter { answers[$0.value] == nil }
            if !unknown.isEmpty {
                let inked = Self.load(path: path, index: index, unknown)
                for (scalar, hasInk) in zip(unknown, inked) { answers[scalar.value] = hasInk }
                known[key] = answers
            }
            return scalars.filter { answers[$0.value] == false }
        }
    }

    /// Loads each scalar's glyph with FreeType; false for every one when the
    /// face does not open.
    private static func load(path: String, index: Int32, _ scalars: [Unicode.Scalar]) -> [Bool] {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return scalars.map { _ in false } }
        defer { FT_Done_FreeType(library) }
        var opened: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &opened) == 0, let face = opened else { return scalars.map { _ in false } }
        defer { FT_Done_Face(face) }
        if face.pointee.num_fixed_sizes > 0, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            _ = FT_Select_Size(face, 0)
        } else {
            _ = FT_Set_Pixel_Sizes(face, 0, 64)
        }
        return scalars.map { scalar in
            let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard glyph != 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph else {
                return false
            }
            switch slot.pointee.format {
            case FT_GLYPH_FORMAT_OUTLINE:
                return slot.pointee.outline.n_points > 0 && slot.pointee.outline.n_contours > 0
            case FT_GLYPH_FORMAT_BITMAP:
                return slot.pointee.bitmap.width > 0 && slot.pointee.bitmap.rows > 0
            default:
                // SVG and other formats FreeType hands on: assume they draw.
                return true
            }
        }
    }
}
