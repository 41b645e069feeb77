import CCairo
import CFontconfig
import CPango
import LogocFonts

/// A private fontconfig configuration and Pango font map holding only the
/// fonts logoc names: the bundled set, the project's font folders, and font
/// files that specs name. No other font on the machine can change an output.
/// Owned by one task; Pango and fontconfig objects never cross threads.
final class FontSession {
    private let config: OpaquePointer
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private var added: Set<String> = []

    /// Family names in the order missing characters are looked up.
    let fallbackFamilies: [String]

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

    init(catalog: FontCatalog) throws(RenderError) {
        guard let config = FcConfigCreate() else { throw .environment("fontconfig could not create a configuration") }
        self.config = config
        _ = Self.bitmapScaling.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: Self.bitmapScaling.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
            }
        }
        var families: [String] = []
        for face in catalog.projectFaces() {
            if added.insert(face.path).inserted { _ = FcConfigAppFontAddFile(config, face.path) }
            if let family = face.families.first, !families.contains(family) { families.append(family) }
        }
        for family in FontCatalog.bundled {
            for file in family.files where added.insert(file).inserted {
                _ = FcConfigAppFontAddFile(config, file)
            }
            families.append(family.name)
        }
        fallbackFamilies = families
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

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        FcConfigDestroy(config)
    }

    /// Makes a font file a spec names available; its family is returned.
    func add(file: String, family: String?) -> String? {
        if added.insert(file).inserted {
            _ = FcConfigAppFontAddFile(config, file)
            pango_fc_font_map_config_changed(OpaquePointer(fontMap))
        }
        return family
    }
}
