import LogocCore
import LogocFrontend
import Testing

/// `output.formats` beyond png and svg, `quality` and `matte`: the files a
/// spec writes, their encoder settings, and the diagnostics of the keys.
struct OutputFormatTests {
    static func outputs(_ yaml: String, config: String? = nil) throws -> [OutputFile] {
        let project = try TestProject()
        try project.write("spec.yaml", yaml)
        if let config { try project.write("logoc.yaml", config) }
        let check = project.check("spec.yaml")
        #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
        return check.specs.first?.outputs ?? []
    }

    @Test func everyFormatWithScalesOnlyOnRasterFormats() throws {
        let files = try Self.outputs("""
            name: acme
            output:
              formats: [png, svg, webp, avif, jpeg, pdf]
              scales: [1, 2]
            """)
        #expect(files.map(\.path) == ["acme.avif", "acme.jpeg", "acme.pdf", "acme.png", "acme.svg", "acme.webp",
                                      "acme@2x.avif", "acme@2x.jpeg", "acme@2x.png", "acme@2x.webp"])
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) })
        #expect(byPath["acme@2x.webp"]?.scale == 2 && byPath["acme@2x.webp"]?.format == .webp)
        #expect(byPath["acme.pdf"]?.pixelWidth(size: 512) == 512)
        #expect(byPath["acme@2x.jpeg"]?.pixelWidth(size: 512) == 1024)
        // Defaults: lossless webp, avif 80, jpeg 90 over white; none for the others.
        #expect(byPath["acme.webp"]?.quality == nil)
        #expect(byPath["acme.avif"]?.quality == 80)
        #expect(byPath["acme.jpeg"]?.quality == 90 && byPath["acme.jpeg"]?.matte == .white)
        #expect(byPath["acme.png"]?.quality == nil && byPath["acme.png"]?.matte == nil)
        #expect(byPath["acme.pdf"]?.quality == nil && byPath["acme.avif"]?.matte == nil)
    }

    @Test func qualityAndMatteReachTheirFormats() throws {
        let files = try Self.outputs("""
            name: acme
            dark: {background: black}
            output:
              formats: [webp, jpeg, avif]
              quality: 70
              matte: $paper
            """, config: "palette: {paper: \"#FFF8E1\"}\n")
        #expect(files.count == 6)
        for file in files {
            #expect(file.quality == 70, "\(file.path)")
            #expect(file.matte == (file.format == .jpeg ? RGBA(r: 0xFF, g: 0xF8, b: 0xE1) : nil), "\(file.path)")
        }
        #expect(files.contains { $0.path == "acme-dark.jpeg" && $0.dark })
    }

    @Test func qualityOutOfRange() {
        assertDiagnostics("""
            output:
              formats: [jpeg]
              quality: 1️⃣0
            """, [("1️⃣", .E006, "quality 0 is out of range; expected 1 to 100")])
        assertDiagnostics("""
            output:
              formats: [webp]
              quality: 1️⃣101
            """, [("1️⃣", .E006, "quality 101 is out of range; expected 1 to 100")])
    }

    @Test func matteMustBeAnOpaqueColour() {
        assertDiagnostics("""
            output:
              formats: [jpeg]
              matte: 1️⃣nope
            """, [("1️⃣", .E005, "'nope' is not a colour")])
        assertDiagnostics("""
            output:
              formats: [jpeg]
              matte: 1️⃣"#FFFFFF80"
            """, [("1️⃣", .E005, "matte #FFFFFF80 is not opaque")])
        assertDiagnostics("""
            output:
              formats: [jpeg]
              matte: 1️⃣$page
            """, [("1️⃣", .E005, "'$page' is not in the palette")])
    }

    @Test func anUnknownFormatIsE018WithTheSixWords() {
        assertDiagnostics(files: ["spec.yaml": """
            output:
              formats: [png, 1️⃣jpg]
            """], [ExpectedDiagnostic("1️⃣", .E018, "unknown format 'jpg'; expected 'png', 'svg', 'webp', 'avif', 'jpeg' or 'pdf'",
                                     help: "did you mean 'jpeg'?")])
    }

    @Test func keysThatDoNothingForTheFormatsAreW002() {
        assertDiagnostics("""
            output:
              formats: [svg, pdf]
              scales: 1️⃣[1, 2]
            """, [("1️⃣", .W002, "'scales' has no effect without a raster format (png, webp, avif or jpeg)")])
        assertDiagnostics("""
            output:
              formats: [png, svg]
              quality: 1️⃣80
            """, [("1️⃣", .W002, "'quality' has no effect without webp, avif or jpeg")])
        assertDiagnostics("""
            output:
              quality: 1️⃣80
            """, [("1️⃣", .W002, "'quality' has no effect without webp, avif or jpeg")])
        assertDiagnostics("""
            output:
              formats: [png, webp, avif]
              matte: 1️⃣white
            """, [("1️⃣", .W002, "'matte' has no effect without jpeg")])
    }

    @Test func keysThatDoSomethingAreNotW002() {
        assertDiagnostics("""
            output:
              formats: [svg, webp]
              scales: [1, 2]
              quality: 80
            """, [])
        assertDiagnostics("""
            output:
              formats: [jpeg]
              matte: black
            """, [])
    }

    @Test func aProjectWideQualityIsNoMistakeOfAPNGOnlySpec() {
        assertDiagnostics("""
            output:
              formats: [png]
            """, [], config: "output: {quality: 85, matte: white}\n")
    }
}
