import CCairo
import CPango
import LogocCore
import LogocFonts
import LogocRenderTree

/// A Pango layout of a `TextRun` at the reference size, the size it is
/// drawn at and where: centred on its ink across, and on its font's cap
/// height (or x-height) down, so texts of one style share a baseline
/// (`TextPlacement`).
///
/// The text is laid out once, at `referenceSize`, and drawn scaled to its
/// final size (`draw`): hinting is off, so its outlines and positions scale
/// exactly, and its ink and baseline at any size are the reference's
/// multiplied. A layout at each final size was a new Pango font per size
/// (a fontconfig match and sort, each in a thread Pango starts for it, the
/// font's metrics, its glyph outlines): a quarter of a `check`'s time.
///
/// `package`: the benchmark's floor (bench/floor) places its initials on
/// the same cap height (`bandHeight`).
package final class TextLayout {
    let layout: OpaquePointer
    /// Held so that the session's font map, configuration and faces outlive
    /// the layout, which is freed under the session's lock.
    private let session: FontSession
    /// The font size chosen, in canvas pixels.
    let fontSize: Double
    /// `fontSize` over the reference size the layout is at: how much the
    /// drawing scales it.
    private var scale: Double { fontSize / Self.referenceSize }
    /// The ink box on the canvas (1× pixels), where the text will be drawn.
    let inkBox: Rect
    /// Where `pango_cairo_show_layout` must start.
    let origin: Point
    /// The baseline's height on the canvas: the same for every text of one
    /// font and size that has a band (`TextPlacement`).
    let baselineY: Double
    /// Whether any glyph may come from the colour emoji font.
    let hasColorGlyphs: Bool
    /// The height of the text's capitals on the 1× canvas: its font's cap
    /// height (the outline of `H`) at `fontSize`, or the ink's height for a
    /// text without cased letters or digits (CJK, emoji), which has no band.
    /// How small text reads (W004) is judged on it.
    let capHeight: Double

    /// The size every text is laid out at; ink scales linearly with size
    /// because hinting is off.
    package static let referenceSize = 100.0

    /// How far (px) a text sized to fit may measure beyond its area at its
    /// final size and still count as fitting: far below what shows, far
    /// above the rounding of the arithmetic that sized it.
    static let fitSlack = 1.0 / 64

    /// `references`: inks at the reference size already measured by this
    /// layout's session, shared by texts that differ only in size and place.
    init(_ run: TextRun, session: FontSession, references: ReferenceInks? = nil) throws(RenderError) {
        let draft = try ReferenceLayout(run, session: session)
        let fit = try draft.fit(references: references)
        let layout = draft.handOver()
        self.layout = layout
        self.session = session
        hasColorGlyphs = draft.hasColorGlyphs
        let (bodyHeight, bandHeight) = (fit.bodyHeight, fit.bandHeight)
        var size = fit.firstSize
        func scaled(to size: Double) -> (ink: Rect, baseline: Double) {
            let k = size / Self.referenceSize
            return (fit.reference.ink.scaled(by: k), fit.reference.baseline * k)
        }
        var (box, baseline) = scaled(to: size)
        var tries = 0
        // A text sized to fit touches the area's edge exactly; the
        // arithmetic that sized it may put it beyond by a hair, and a hair
        // is not an overflow.
        while fit.growth(box, baseline: baseline, scale: size / Self.referenceSize, slack: Self.fitSlack) < 1, tries < TextFit.maximumShrinks {
            size *= TextFit.shrinkStep
            (box, baseline) = scaled(to: size)
            tries += 1
        }
        fontSize = size
        capHeight = bodyHeight.map { $0 * size / Self.referenceSize } ?? box.height
        let center = run.safeArea.center
        // Down: the band's middle (or the ink's) on the area's centre.
        let middle = bandHeight.map { baseline - $0 * size / Self.referenceSize / 2 } ?? box.y + box.height / 2
        origin = Point(x: center.x - (box.x + box.width / 2), y: center.y - middle)
        baselineY = origin.y + baseline
        inkBox = Rect(x: origin.x + box.x, y: origin.y + box.y, width: box.width, height: box.height)
    }

    /// The text's `TextFit` from what this session measured already
    /// (`references`), measuring it at the reference size (and remembering
    /// it) when it has not been measured yet: what the text is sized from,
    /// without a `TextLayout`. Nil for colour emoji (their ink
    /// is Pango's, not the outlines'). Throws as `init` does (missing
    /// glyphs). Call it under the session's lock.
    static func fit(_ run: TextRun, session: FontSession, references: ReferenceInks) throws(RenderError) -> TextFit? {
        let families = session.families(for: run)
        guard !hasColorGlyphs(emoji: run.text.contains(where: isEmoji), families: families) else { return nil }
        if let known = ReferenceLayout.knownFit(run, families: families, references: references) {
            if known.reference.unknownGlyphs > 0 { throw .missingGlyphs(text: run.text, count: known.reference.unknownGlyphs) }
            return known
        }
        return try ReferenceLayout(run, session: session).fit(references: references)
    }

    deinit {
        // Freed under the session's lock: this may run inside a locked
        // section, and the lock is not recursive.
        let layout = UnsafeMutableRawPointer(layout)
        session.lock.retire { g_object_unref(layout) }
    }

    /// The height of `band` (from the baseline to the top of `H` or `x`) in
    /// the text's fonts at the reference size, from the letter's exact
    /// outline; nil when the fonts draw no outline for it.
    package static func bandHeight(_ band: TextPlacement.Band, families: [String], font: FontChoice, session: FontSession) -> Double? {
        guard let letter = pango_layout_new(session.context) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(letter)) }
        setReferenceFont(of: letter, families: families, font: font)
        band.letter.withCString { pango_layout_set_text(letter, $0, -1) }
        guard let box = OutlineInk.box(of: letter, session: session) else { return nil }
        let height = Double(pango_layout_get_baseline(letter)) / Double(PANGO_SCALE) - box.y
        return height > 0 ? height : nil
    }

    /// Sets `layout`'s font: `families` in `font`'s weight and style, at the reference size.
    static func setReferenceFont(of layout: OpaquePointer, families: [String], font: FontChoice) {
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, families.joined(separator: ","))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, referenceSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
    }

    /// Draws the text at its place on a context whose user space is the 1×
    /// canvas: the reference layout scaled to `fontSize` by Cairo. With
    /// `outlines`, glyphs are filled as paths: Cairo's image surface snaps
    /// each glyph to a whole pixel (it has no subpixel glyph positions),
    /// which put PNG text up to half a pixel from the SVG's; a path lands
    /// exactly. Colour (bitmap) emoji have no outlines and are always drawn
    /// as glyphs.
    ///
    /// The Pango context is never told the drawing's transformation
    /// (`pango_cairo_update_layout`): the layout stays the reference one, so
    /// every drawing of it (1×, 2×, a 32-pixel fingerprint) scales the same
    /// glyphs, and no drawing changes what a later layout of the session
    /// measures.
    func draw(on cr: OpaquePointer, color: (r: Double, g: Double, b: Double, a: Double), outlines: Bool) {
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_translate(cr, origin.x, origin.y)
        cairo_scale(cr, scale, scale)
        cairo_move_to(cr, 0, 0)
        if outlines && !hasColorGlyphs {
            pango_cairo_layout_path(cr, layout)
            cairo_fill(cr)
        } else {
            pango_cairo_show_layout(cr, layout)
        }
        cairo_restore(cr)
    }

    /// Whether a layout of a text with (`emoji`) or without colour emoji
    /// characters, in `families`, may take glyphs from the colour emoji font.
    static func hasColorGlyphs(emoji: Bool, families: [String]) -> Bool {
        emoji || families.contains(FontSession.emojiFamily)
    }

    /// Whether a grapheme is drawn as a colour emoji: emoji presentation by
    /// default, or asked for with U+FE0F, a keycap, a flag or a ZWJ sequence.
    static func isEmoji(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return false }
        // One scalar (most letters): the tests below, with no array of
        // scalars and no property look-up below U+231A, where no scalar has
        // emoji presentation. Asked for every character of every text, they
        // were most of this.
        if scalars.index(after: scalars.startIndex) == scalars.endIndex {
            let v = first.value
            return v == 0xFE0F || v == 0x20E3 || (v >= 0x231A && (first.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(v)))
        }
        guard !scalars.contains("\u{FE0E}") else { return false }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") { return true }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        return scalars.contains("\u{200D}") && first.properties.isEmoji
    }
}

/// A text's ink at `TextLayout.referenceSize`, by text and font. Every spec
/// with the same text and font (a corpus has a few hundred texts for
/// thousands of specs) lays out the same ink there, whatever its size,
/// shape or colour, so it is measured once per run: that was half of the
/// Pango layouts of a `check`. It depends only on the key and the fonts a
/// session holds for it, and a session only ever gains files a text needs
/// (the same files again for the same key, whichever session): so a
/// remembered ink is the ink any session of the run's catalog would
/// measure now. The renderers of a run share one set (`Workers.map`): with
/// a set of its own, each worker measured every text again.
public final class ReferenceInks: Sendable {
    struct Key: Hashable {
        let text: String
        let font: FontChoice
    }

    /// What a text measures at the reference size.
    struct Reference {
        let ink: Rect
        let unknownGlyphs: Int
        /// The baseline, down from the layout's top.
        let baseline: Double
    }

    /// A band (cap or x-height) depends on the fonts only.
    struct BandKey: Hashable {
        let families: [String]
        let font: FontChoice
        let band: TextPlacement.Band
    }

    private struct Kept {
        var inks: [Key: Reference] = [:]
        var bands: [BandKey: Double?] = [:]
    }
    private let kept = Locked(Kept())
    /// Inks kept, at most; all are dropped when it is reached.
    static let limit = 4_096

    public init() {}

    /// The ink remembered for `key`.
    func reference(for key: Key) -> Reference? {
        kept.withLock { $0.inks[key] }
    }

    /// The band's height remembered for `key` (`.some(nil)`: the fonts have
    /// no outline for its letter; nil: not measured yet).
    func band(for key: BandKey) -> Double?? {
        kept.withLock { $0.bands[key] }
    }

    /// Keeps the ink of a key not known yet.
    func remember(_ measured: Reference, for key: Key) {
        kept.withLock { kept in
            if kept.inks.count >= Self.limit { kept.inks.removeAll(keepingCapacity: true) }
            kept.inks[key] = measured
        }
    }

    /// Keeps a band's height (nil: the fonts have no outline for its letter).
    func remember(_ height: Double?, for key: BandKey) {
        kept.withLock { kept in
            if kept.bands.count >= Self.limit { kept.bands.removeAll(keepingCapacity: true) }
            kept.bands[key] = .some(height)
        }
    }
}


/// A Pango layout of a run's text in its fonts (families, weight, style,
/// colour emoji ranges) at the reference size, and what it measures there
/// (`TextFit`): what `TextLayout` sizes and keeps, and all `TextLayout.fit`
/// needs. Used under the session's lock.
private final class ReferenceLayout {
    let run: TextRun
    let layout: OpaquePointer
    let families: [String]
    let hasColorGlyphs: Bool
    private let session: FontSession
    /// Whether the layout is still this object's to free (not handed to a `TextLayout`).
    private var ownsLayout = true

    init(_ run: TextRun, session: FontSession) throws(RenderError) {
        guard let layout = pango_layout_new(session.context) else { throw .environment("Pango could not create a layout") }
        self.run = run
        self.layout = layout
        self.session = session
        let families = session.families(for: run)
        self.families = families
        TextLayout.setReferenceFont(of: layout, families: families, font: run.font)
        run.text.withCString { pango_layout_set_text(layout, $0, -1) }
        // Emoji take the colour emoji font even where the text font has a
        // plain glyph for the character (Inter draws ⚠ and ❤ in black).
        var byte = 0
        var emojiRanges: [(Int, Int)] = []
        for character in run.text {
            let length = character.utf8.count
            if TextLayout.isEmoji(character) { emojiRanges.append((byte, byte + length)) }
            byte += length
        }
        hasColorGlyphs = TextLayout.hasColorGlyphs(emoji: !emojiRanges.isEmpty, families: families)
        if !emojiRanges.isEmpty, let attributes = pango_attr_list_new() {
            for (start, end) in emojiRanges {
                let emojiDescription = pango_font_description_new()
                pango_font_description_set_family(emojiDescription, FontSession.emojiFamily)
                defer { pango_font_description_free(emojiDescription) }
                guard let attribute = pango_attr_font_desc_new(emojiDescription) else { continue }
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attributes, attribute)
                // Without fallback the range must come from the emoji font,
                // even for characters a text font also has.
                guard let noFallback = pango_attr_fallback_new(0) else { continue }
                noFallback.pointee.start_index = UInt32(start)
                noFallback.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attributes, noFallback)
            }
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
    }

    deinit {
        guard ownsLayout else { return }
        // As `TextLayout` frees its layout: this may run inside a locked section.
        let layout = UnsafeMutableRawPointer(layout)
        session.lock.retire { g_object_unref(layout) }
    }

    /// The layout, for a `TextLayout` that keeps and frees it.
    func handOver() -> OpaquePointer {
        ownsLayout = false
        return layout
    }

    /// The layout's ink: the outlines' exact extent (`OutlineInk`); Pango's
    /// ink rectangle, the outlines' control box, only for colour emoji,
    /// which are bitmaps without outlines. Laying out happens here, the
    /// first time the layout is asked anything.
    func ink() -> Rect {
        if !hasColorGlyphs, let outlines = OutlineInk.box(of: layout, session: session) { return outlines }
        var inkRect = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &inkRect, &logical)
        let scale = Double(PANGO_SCALE)
        return Rect(x: Double(inkRect.x) / scale, y: Double(inkRect.y) / scale,
                    width: Double(inkRect.width) / scale, height: Double(inkRect.height) / scale)
    }

    /// The baseline, down from the layout's top.
    var baseline: Double { Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) }

    /// What the text measures at the reference size (remembered in
    /// `references`, taken from there when known) and its bands; throws
    /// when a character has no glyph.
    func fit(references: ReferenceInks?) throws(RenderError) -> TextFit {
        let key = ReferenceInks.Key(text: run.text, font: run.font)
        let measured: ReferenceInks.Reference
        if let known = references?.reference(for: key) {
            measured = known
        } else {
            measured = ReferenceInks.Reference(ink: ink(), unknownGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout)),
                                               baseline: baseline)
            references?.remember(measured, for: key)
        }
        if measured.unknownGlyphs > 0 { throw .missingGlyphs(text: run.text, count: measured.unknownGlyphs) }
        // At the reference size: the height of the band the text is
        // centred on (cap or x-height; nil for a text centred on its ink),
        // and the cap height its body is sized by.
        func measuredBand(_ band: TextPlacement.Band) -> Double? {
            let bandKey = ReferenceInks.BandKey(families: families, font: run.font, band: band)
            if let known = references?.band(for: bandKey) { return known }
            let height = TextLayout.bandHeight(band, families: families, font: run.font, session: session)
            references?.remember(height, for: bandKey)
            return height
        }
        let band = TextPlacement.band(for: run.text)
        let bodyHeight = band.flatMap { _ in measuredBand(.capHeight) }
        let bandHeight = bodyHeight.flatMap { cap in band == .xHeight ? measuredBand(.xHeight) : cap }
        return TextFit(run: run, reference: measured, bodyHeight: bodyHeight, bandHeight: bandHeight)
    }

    /// The `TextFit` of `run` from `references` alone, as `fit(references:)`
    /// would give it; nil when something it needs is not remembered.
    static func knownFit(_ run: TextRun, families: [String], references: ReferenceInks) -> TextFit? {
        guard let reference = references.reference(for: ReferenceInks.Key(text: run.text, font: run.font)) else { return nil }
        // As `fit(references:)` measures them: the x-height only for a text with a cap height.
        var bodyHeight: Double?, bandHeight: Double?
        if let band = TextPlacement.band(for: run.text) {
            guard let cap = references.band(for: ReferenceInks.BandKey(families: families, font: run.font, band: .capHeight)) else { return nil }
            bodyHeight = cap
            if let cap {
                if band == .xHeight {
                    guard let x = references.band(for: ReferenceInks.BandKey(families: families, font: run.font, band: .xHeight)) else { return nil }
                    bandHeight = x
                } else {
                    bandHeight = cap
                }
            }
        }
        return TextFit(run: run, reference: reference, bodyHeight: bodyHeight, bandHeight: bandHeight)
    }
}
