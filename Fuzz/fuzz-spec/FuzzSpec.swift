import Foundation
import LogocCore
import LogocFrontend
import LogocRender
import LogocRenderTree
import LogocImageIO
import FuzzSupport

/// libFuzzer target: the bytes are a spec file. It goes through the whole
/// front end (libyaml events → YAML layer → syntax → `extends` → validation)
/// and, when it is valid, through the resolver and the renderer (PNG at
/// scale 1 and SVG), as `logoc build` would. Any crash, sanitizer report or
/// hang is a finding; diagnostics are the expected answer to bad bytes.
///
/// The project folder holds a partial, an image and a font file that seeds
/// (from Specs/ and Tests/Fixtures) may name.
enum FuzzSpec {
    nonisolated(unsafe) static var state: (project: Project, spec: String, renderer: Renderer)?

    static func setUp() -> (project: Project, spec: String, renderer: Renderer) {
        if let state { return state }
        let root = NSTemporaryDirectory() + "logoc-fuzz-spec-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        let partial = "background: \"#1565C0\"\nshape: circle\ntext:\n  color: white\n"
        for name in ["_house.yaml", "_base.yaml", "_person.yaml", "photos/_photo.yaml"] {
            _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data(partial.utf8))
        }
        // A 2 × 2 PNG for `background: {image: …}`.
        let png = try? PNGEncoder.encode(PixelBuffer(width: 2, height: 2, stride: 8, bytes: [UInt8](repeating: 0xFF, count: 16)))
        for name in ["photo.png", "photos/photo.png", "image.png"] {
            _ = FileManager.default.createFile(atPath: root + "/" + name, contents: png.map { Data($0) })
        }
        let project = Project.load(root: root)
        guard let renderer = try? Renderer(catalog: project.fonts) else { fatalError("no renderer: is Cairo/Pango installed?") }
        state = (project, root + "/spec.yaml", renderer)
        return state!
    }

    static func run(_ bytes: [UInt8]) {
        let (project, path, renderer) = setUp()
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let input = SpecInput(path: path, displayPath: "spec.yaml", outputFolder: "")
        let check = SpecChecker(project: project).check(input)
        // Every diagnostic must be printable with its source excerpt.
        let printer = DiagnosticRenderer(sources: Dictionary(check.sources.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }))
        for diagnostic in check.diagnostics { _ = printer.human(diagnostic) }
        guard !check.diagnostics.hasErrors else { return }
        let resolver = Resolver(project: project)
        for spec in check.specs {
            for tree in resolver.resolve(spec).all where tree.size <= 1024 {
                guard let measured = try? renderer.measure(tree, keepingCanvas: true) else { continue }
                _ = try? renderer.png(measured, scale: 1)
                _ = try? renderer.svg(measured)
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzSpec.run(LibFuzzer.bytes(data, size))
    return 0
}

@_cdecl("fuzz_spec_main")
func fuzzSpecMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    LibFuzzer.run(argc, argv, fuzzSpec)
}
