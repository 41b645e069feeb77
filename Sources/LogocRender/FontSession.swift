import CCairo
import CFontconfig
import CPango
import LogocFonts
import LogocRenderTree

/// A private fontconfig configuration and Pango font map holding only the
/// fonts logoc names: the bundled set, the project's font folders, and font
/// files that specs name. No other font on the machine can change an output.
/// Owned by one task; Pango and fontconfig objects never cross threads.
package final class FontSession {
    private let config: OpaquePointer
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    package let context: OpaquePointer
    private let catalog: FontCatalog
    /// Font files in the configuration: only those a text needs are added,
    /// since reading a font's character map (a CJK collection's especially)
    /// is the most expensive part of setting fonts up.
    private var added: Set<String> = []
    /// Where layouts' outlines are measured (`OutlineInk`).
    let measuring = MeasuringContext()

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

    package init(catalog: FontCatalog) throws(RenderError) {
        guard let config = FcConfigCreate() else { throw .environment("fontconfig could not create a configuration") }
        self.config = config
        self.catalog = catalog
        Self.load(Self.bitmapScaling, into: config)
        // The bundled fonts whose folders fontconfig has cached are added
        // from those caches, all at once (a fraction of a millisecond); only
        // the named files are accepted from each folder.
        let cache = FontSystem.shared.fontconfig
        let cachedFiles = FontCatalog.bundled.flatMap(\.files).filter { cache.faces(ofFile: $0) != nil }
        if !cachedFiles.isEmpty {
            let accept = cachedFiles.map { "<glob>\(Self.escaped($0))</glob>" }.joined()
            let reject = cache.folders.map { "<glob>\(Self.escaped($0))/*</glob>" }.joined()
            Self.load("""
                <?xml version="1.0"?><fontconfig>\(FontconfigCache.cacheDirectoriesXML)
                <selectfont><acceptfont>\(accept)</acceptfont><rejectfont>\(reject)</rejectfont></selectfont></fontconfig>
                """, into: config)
            for folder in cache.folders { _ = FcConfigAppFontAddDir(config, folder) }
            added.formUnion(cachedFiles)
        }
        _ = Self.emptyDefaultConfiguration
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw .environment("Pango could not create a font map")
        }
        fontMap = map
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        guard let context = pango_font_map_create_context(map) else {
            throw .environment("Pango could not create a context")
        }
        self.context = context
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

    /// A path as XML text (fontconfig globs treat `*` and `?` specially,
    /// which the bundled paths do not contain). One pass over the UTF-8
    /// bytes (the three characters are ASCII, so no other byte changes):
    /// Foundation's `replacingOccurrences`, three per path, was 3 M
    /// instructions of every session, 5 % of a one-spec `logoc check`.
    /// (Still pays, callgrind 2026-11-24: 2.7 M of a one-spec `check`'s
    /// 63.7 M instructions, 4.3 %.)
    static func escaped(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        // The font map holds its own reference to the configuration and
        // outlives this session (fonts cached by Cairo keep it), so the
        // configuration, with every font and charset FcConfigAppFontAddFile
        // read (0.8 MB for two renderers), was never freed: LeakSanitizer
        // and valgrind over a 1,000-spec build. Take it back explicitly.
        let (fontMap, context, config) = (fontMap, context, config)
        FontSystem.shared.retire {
            pango_fc_font_map_shutdown(OpaquePointer(fontMap))
            pango_fc_font_map_set_config(OpaquePointer(fontMap), nil)
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(UnsafeMutableRawPointer(fontMap))
            FcConfigDestroy(config)
        }
    }

    /// The families a text is drawn with, in order: the chosen font, then
    /// for each character it lacks the first family of the fallback chain
    /// that has it. Their files are added to the configuration first.
    /// The bundled colour emoji family.
    static let emojiFamily = "Noto Color Emoji"

    package func families(for run: TextRun) -> [String] {
        var files: [String] = []
        var families: [String] = []
        let primaryFaces: [FontFace]
        if let file = run.font.file {
            primaryFaces = catalog.faces(ofFile: file)
            files.append(file)
            if let family = primaryFaces.first?.families.first { families.append(family) }
        } else {
            let family = run.font.family ?? FontCatalog.defaultFamily
            primaryFaces = catalog.faces(ofFamily: family)
            files += Set(primaryFaces.map(\.path)).sorted()
            families.append(family)
        }
        if run.text.contains(where: TextLayout.isEmoji),
           let emoji = FontCatalog.bundled.first(where: { $0.name == Self.emojiFamily }), !families.contains(emoji.name) {
            families.append(emoji.name)
            files += emoji.files
        }
        var seen: Set<Unicode.Scalar> = []
        for scalar in run.text.unicodeScalars where seen.insert(scalar).inserted && !primaryFaces.contains(where: { $0.covers(scalar) }) {
            guard let fallback = catalog.fallback(for: scalar), !families.contains(fallback.family) else { continue }
            families.append(fallback.family)
            files += fallback.files
        }
        add(files)
        return families
    }

    private func add(_ files: [String]) {
        var changed = false
        for file in files where added.insert(file).inserted {
            _ = FcConfigAppFontAddFile(config, file)
            changed = true
        }
        if changed { pango_fc_font_map_config_changed(OpaquePointer(fontMap)) }
    }
}
