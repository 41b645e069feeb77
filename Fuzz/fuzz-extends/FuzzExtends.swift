import Foundation
import LogocCore
import LogocFrontend
import LogocDriver
import FuzzSupport

/// libFuzzer target: the bytes are a small project (`ExtendsGraph`) of a
/// spec and partials that extend each other. It is written into one temp
/// folder (cleared for each input) and checked twice by the front end that
/// `logoc check` runs (`CheckRun`, with a fresh `Project` each time, since
/// the path resolver keeps its answers for a run). What must hold:
///
/// - no crash and no sanitizer report; a hang is libFuzzer's `-timeout`;
/// - every diagnostic has a code, a help line and a place inside the text
///   of the file it names (`DiagnosticPlacement`);
/// - the same files checked twice give the same diagnostics;
/// - in strict mode, `E015` ("'extends' makes a cycle") exactly when
///   following `extends` from the spec comes back to a file on the way.
enum FuzzExtends {
    /// The temp folder of this process: `proj/` (the project, rewritten for
    /// each input) and `outside/_x.yaml` (a partial outside the root).
    nonisolated(unsafe) static var base: String?

    static func setUp() -> String {
        if let base { return base }
        let folder = NSTemporaryDirectory() + "logoc-fuzz-extends-\(getpid())"
        FuzzFolder.write(Array("size: 64\nshape: square\n".utf8), to: folder + "/" + ExtendsGraph.outsideName)
        atexit { if let base = FuzzExtends.base { FuzzFolder.remove(base) } }
        base = folder
        return folder
    }

    static func run(_ bytes: [UInt8]) {
        let base = setUp()
        let root = base + "/proj"
        FuzzFolder.remove(root)
        for folder in ExtendsGraph.folders {
            try? FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        let graph = ExtendsGraph(bytes)
        for i in graph.files.indices {
            FuzzFolder.write(Array(graph.text(of: i, root: root).utf8), to: root + "/" + graph.files[i].path)
        }
        let spec = graph.files[0].path
        let input = SpecInput(path: root + "/" + spec, displayPath: spec, outputFolder: ExtendsGraph.folder(of: spec))

        let first = CheckRun.run([input], project: Project.load(root: root), jobs: 1)
        DiagnosticPlacement.expectPlaced(first.diagnostics, in: first.sources)
        let again = CheckRun.run([input], project: Project.load(root: root), jobs: 1)
        FuzzExpect.that(again.diagnostics == first.diagnostics && again.specs.count == first.specs.count,
                        "checking the same files twice gave different answers")

        if graph.strict {
            let cycles = first.diagnostics.filter { $0.code == .E015 && $0.message.contains("makes a cycle") }
            FuzzExpect.that(cycles.isEmpty != graph.reachesCycle,
                            graph.reachesCycle ? "a cycle of 'extends' was not reported (E015)" : "E015 without a cycle: \(cycles[0].message)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtends(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzExtends.run(LibFuzzer.bytes(data, size))
    return 0
}

@_cdecl("fuzz_extends_main")
func fuzzExtendsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    LibFuzzer.run(argc, argv, fuzzExtends)
}
