import Foundation
import LogocCore
import LogocFonts
import LogocFrontend
import LogocRender
import FuzzSupport

/// libFuzzer target: the bytes are a font file that a spec names with
/// `font: {file: …}`. The spec is checked (the validator loads the font
/// through fontconfig/FreeType and refuses one that does not load, E012)
/// and, when valid, measured and drawn with Pango through logoc's private
/// fontconfig configuration. Each input gets a fresh file name, project
/// and renderer, since fontconfig and Pango cache fonts by path.
enum FuzzFont {
    nonisolated(unsafe) static var root: String?

    static func run(_ bytes: [UInt8]) {
        let root = root ?? {
            let folder = NSTemporaryDirectory() + "logoc-fuzz-font-\(getpid())"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder + "/spec.yaml",
                                           contents: Data("text: Ab\nbackground: \"#FFFFFF\"\nsize: 64\nfont: {file: font.ttf}\n".utf8))
            Self.root = folder
            return folder
        }()
        let font = root + "/font.ttf"
        try? FileManager.default.removeItem(atPath: font)
        _ = FileManager.default.createFile(atPath: font, contents: Data(bytes))

        // The catalog's own reading of the file, as `fonts:` folders use it.
        let catalog = FontCatalog()
        for face in catalog.faces(ofFile: font) {
            _ = face.covers("A")
            _ = face.families
        }
        let project = Project.load(root: root)
        let check = SpecChecker(project: project).check(SpecInput(path: root + "/spec.yaml", displayPath: "spec.yaml", outputFolder: ""))
        guard !check.diagnostics.hasErrors, let spec = check.specs.first else { return }
        guard let renderer = try? Renderer(catalog: project.fonts) else { preconditionFailure("no renderer") }
        let tree = Resolver(project: project).resolve(spec).light
        guard let measured = try? renderer.measure(tree, keepingCanvas: true) else { return }
        _ = try? renderer.png(measured, scale: 1)
        _ = try? renderer.svg(measured)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzFont.run(LibFuzzer.bytes(data, size))
    return 0
}

@_cdecl("fuzz_font_main")
func fuzzFontMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    LibFuzzer.run(argc, argv, fuzzFont)
}
