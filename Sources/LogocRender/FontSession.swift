import CCairo
import CFontconfig
import CPango
import LogocFonts
import LogocRenderTree

/// A private fontconfig configuration and Pango font map holding only the
/// fonts logoc names: the bundled set, the project's font folders, and font
/// files that specs name. No other font on the machine can change an output.
/// Owned by one task; Pango and fontconfig objects never cross threads.
///
/// Each face in the configuration carries an `FT_Face` of the session's own
/// (`FC_FT_FACE`, from a set of `FreeTypeFaces` lent to it while it lives),
/// so Cairo draws with those faces and shares none with another session:
/// sessions on different threads lay out and draw text at once, each under
/// its own `lock`.
package final class FontSession {
    private let config: OpaquePointer
    /// The configuration's application font set, where faces are added.
    private let applicationFonts: UnsafeMutablePointer<FcFontSet>
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    package let context: OpaquePointer
    private let catalog: FontCatalog
    /// The FreeType faces the configuration's patterns point at, lent by `faceSets`.
    let faces: FreeTypeFaces
    private let faceSets: FaceSets
    /// What is in the configuration: only what a text needs is added,
    /// since each face added is a FreeType face opened (half a millisecond
    /// for a face of a CJK collection). `added`: a file, or a file's faces
    /// of one family (`Part`); `addedFaces`: each face in, once.
    private var added: Set<Part> = []
    private var addedFaces: Set<Face> = []
    /// Font files added so far, whole or in part.
    var fileCount: Int { Set(addedFaces.map(\.path)).count }
    /// The faces of `path` added so far (their indices in the file), sorted.
    func addedFaces(ofFile path: String) -> [Int32] { addedFaces.filter { $0.path == path }.map(\.index).sorted() }

    /// A font file, and the family whose faces are wanted from it (nil: every face).
    private struct Part: Hashable {
        let path: String
        let family: String?
    }

    private struct Face: Hashable {
        let path: String
        let index: Int32
    }
    /// Where layouts' outlines are measured (`OutlineInk`).
    let measuring = MeasuringContext()
    /// Every use of this session's Pango and Cairo objects holds it.
    package let lock = FontLock()

    /// fontconfig's rules that scale bitmap fonts (Noto Color Emoji has
    /// fixed 136 × 128 strikes) to the size asked for; without them emoji are
    /// drawn at their native size. From Debian's 10-scale-bitmap-fonts.conf;
    /// colour bitmap fonts are `scalable` but not `outline`.
    private static let bitmapScaling = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """

    /// `faceSets`: where the session's FreeType faces are lent from and
    /// given back to (the process's, but for tests that count them).
    package init(catalog: FontCatalog, faceSets: FaceSets = .shared) throws(RenderError) {
        guard let config = FcConfigCreate() else { throw .environment("fontconfig could not create a configuration") }
        self.config = config
        self.catalog = catalog
        Self.load(Self.bitmapScaling, into: config)
        // fontconfig makes a configuration's application set on the first
        // font added, and has no call that makes it empty: adding a folder
        // that cannot exist (below a file) makes it and adds nothing.
        _ = FcConfigAppFontAddDir(config, "/dev/null/none")
        guard let set = FcConfigGetFonts(config, FcSetApplication) else {
            FcConfigDestroy(config)
            throw .environment("fontconfig could not make a font set")
        }
        applicationFonts = set
        _ = Self.emptyDefaultConfiguration
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw .environment("Pango could not create a font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        guard let context = pango_font_map_create_context(map) else {
            pango_fc_font_map_shutdown(OpaquePointer(map))
            pango_fc_font_map_set_config(OpaquePointer(map), nil)
            g_object_unref(UnsafeMutableRawPointer(map))
            FcConfigDestroy(config)
            throw .environment("Pango could not create a context")
        }
        fontMap = map
        self.context = context
        self.faceSets = faceSets
        faces = faceSets.take()
        // Reproducible glyph placement: no hinting, no rounding, grey antialiasing.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// Installs an empty configuration as fontconfig's default, once, before
    /// the first Pango font map exists. Pango's fontconfig font map calls
    /// `FcInit()` when it is first used and waits for it before listing
    /// fonts; `FcInit()` loads the default configuration unless one is set:
    /// it parses every XML file of /etc/fonts and maps every system font
    /// cache, about 25 million instructions, a quarter of a whole one-spec
    /// `logoc check`. logoc never uses the default configuration (each font
    /// map is given its own, above, and Cairo is handed patterns that name
    /// their files), so an empty one changes nothing but that cost. When it
    /// cannot be installed, fontconfig loads the system one as before.
    private static let emptyDefaultConfiguration: Void = {
        guard let empty = FcConfigCreate() else { return }
        _ = FcConfigSetCurrent(empty)
        FcConfigDestroy(empty)  // FcConfigSetCurrent holds its own reference.
    }()

    private static func load(_ xml: String, into config: OpaquePointer) {
        _ = xml.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) { FcConfigParseAndLoadFromMemory(config, $0, FcTrue) }
        }
    }

    deinit {
        // Nothing else holds this session (layouts hold it), so its objects
        // are freed here, on whatever thread lets it go: what was retired
        // first, then the measuring context's fonts, then the font map.
        // The font map holds its own reference to the configuration and
        // outlives this session (fonts cached by Cairo keep it), so the
        // configuration, with every font and charset it read, is taken back
        // explicitly (LeakSanitizer and valgrind over a 1,000-spec build).
        lock.locked {}
        measuring.release()
        pango_fc_font_map_shutdown(OpaquePointer(fontMap))
        pango_fc_font_map_set_config(OpaquePointer(fontMap), nil)
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        FcConfigDestroy(config)
        // The faces go back for the next session: Cairo may still hold
        // scaled fonts of them (`FreeTypeFaces`).
        faceSets.giveBack(faces)
    }

    /// Runs `body` holding this session's lock (`FontLock`).
    package func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try lock.locked(body)
    }

    /// The families a text is drawn with, in order: the chosen font, then
    /// for each character it lacks the first family of the fallback chain
    /// that has it. Their files are added to the configuration first.
    /// The bundled colour emoji family.
    static let emojiFamily = "Noto Color Emoji"

    package func families(for run: TextRun) -> [String] {
        // Remembered per text and font: working them out again (every
        // character's coverage, the fallback chain, a set of files sorted)
        // was a few percent of a `check`, and the answer never changes —
        // the catalog is fixed, and the files it adds are added already.
        let key = FamiliesKey(text: run.text, font: run.font)
        if let known = knownFamilies[key] { return known }
        let found = findFamilies(for: run)
        if knownFamilies.count >= Self.knownFamiliesLimit { knownFamilies.removeAll(keepingCapacity: true) }
        knownFamilies[key] = found
        return found
    }

    private struct FamiliesKey: Hashable {
        let text: String
        let font: FontChoice
    }

    /// `families(for:)` already answered, used under the session's lock.
    private var knownFamilies: [FamiliesKey: [String]] = [:]
    /// Answers kept, at most; all are dropped when it is reached.
    private static let knownFamiliesLimit = 4_096

    private func findFamilies(for run: TextRun) -> [String] {
        var parts: [Part] = []
        var families: [String] = []
        let primaryFaces: [FontFace]
        if let file = run.font.file {
            // A file named by a spec: every face of it, as it may draw
            // characters its first family's faces lack.
            primaryFaces = catalog.faces(ofFile: file)
            parts.append(Part(path: file, family: nil))
            if let family = primaryFaces.first?.families.first { families.append(family) }
        } else {
            let family = run.font.family ?? FontCatalog.defaultFamily
            primaryFaces = catalog.faces(ofFamily: family)
            parts += Set(primaryFaces.map(\.path)).sorted().map { Part(path: $0, family: family) }
            families.append(family)
        }
        if run.text.contains(where: TextLayout.isEmoji),
           let emoji = FontCatalog.bundled.first(where: { $0.name == Self.emojiFamily }), !families.contains(emoji.name) {
            families.append(emoji.name)
            parts += emoji.files.map { Part(path: $0, family: emoji.name) }
        }
        var seen: Set<Unicode.Scalar> = []
        for scalar in run.text.unicodeScalars where seen.insert(scalar).inserted && !primaryFaces.contains(where: { $0.covers(scalar) }) {
            guard let fallback = catalog.fallback(for: scalar), !families.contains(fallback.family) else { continue }
            families.append(fallback.family)
            parts += fallback.files.map { Part(path: $0, family: fallback.family) }
        }
        add(parts)
        return families
    }

    /// Adds the faces of `parts` not added yet. Of a file found through a
    /// family, only that family's faces: Pango is asked for families by
    /// name, and every character of a text is covered by one it names
    /// (`findFamilies`), so a face of another family in the same file
    /// (Noto Sans CJK's collections hold JP, KR, SC, TC and HK, each also
    /// Mono: ten faces a file, of which one is the bundled family's) is
    /// never drawn with, only opened.
    private func add(_ parts: [Part]) {
        var changed = false
        for part in parts where !added.contains(Part(path: part.path, family: nil)) && added.insert(part).inserted {
            changed = addFaces(of: part.path, family: part.family) || changed
        }
        if changed { pango_fc_font_map_config_changed(OpaquePointer(fontMap)) }
    }

    /// Adds the faces of a font file to the configuration (those of
    /// `family` only, when given; each face once), each pattern
    /// with this session's own FreeType face (`FC_FT_FACE`); a face
    /// FreeType cannot open is left out (Cairo would have opened it by file
    /// name, shared). A bundled file's patterns come from fontconfig's cache
    /// (`FontconfigCache`); another file is read as `FcConfigAppFontAddFile`
    /// reads it, every face and named instance. True when any was added.
    private func addFaces(of file: String, family: String?) -> Bool {
        var patterns: [OpaquePointer] = []
        if let cached = FontconfigCache.shared.faces(ofFile: file) {
            patterns = cached.compactMap { FcPatternDuplicate($0.pattern) }
        } else if FontFileCheck.problem(path: file) == nil, let scanned = FcFontSetCreate() {
            // (FreeType would block on a FIFO and read a truncated font as if whole.)
            _ = FcFreeTypeQueryAll(file, UInt32.max, nil, nil, scanned)
            for i in 0..<Int(scanned.pointee.nfont) { if let p = scanned.pointee.fonts[i] { patterns.append(p) } }
            scanned.pointee.nfont = 0  // The patterns are moved out, not destroyed with the set.
            FcFontSetDestroy(scanned)
        }
        var any = false
        for pattern in patterns {
            var index: Int32 = 0
            _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
            let wanted = family.map { FontFace.names(FontFace.familyNames(of: pattern), include: $0) } ?? true
            guard wanted, addedFaces.insert(Face(path: file, index: index)).inserted else {
                FcPatternDestroy(pattern)
                continue
            }
            var value = FcValue()
            value.type = FcTypeFTFace
            guard let face = faces.face(path: file, index: Int(index)) else {
                FcPatternDestroy(pattern)
                continue
            }
            value.u.f = UnsafeMutableRawPointer(face)
            guard FcPatternAdd(pattern, FC_FT_FACE, value, FcFalse) == FcTrue, FcFontSetAdd(applicationFonts, pattern) == FcTrue else {
                FcPatternDestroy(pattern)
                continue
            }
            any = true
        }
        return any
    }
}
