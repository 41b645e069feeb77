import Testing
import LogocCore
import LogocFrontend

/// `logoc explain` shows a failing and a fixed example for every code; the
/// examples must do what they claim, or the catalog teaches wrong things.
struct CatalogExampleTests {
    /// Codes whose examples need more than one spec file (or the driver) to show.
    /// W008 is about an output folder's manifest, not a spec: its examples
    /// are manifests, tested by OutputRemovalTests. E019 needs a git
    /// repository and `--require-tracked`: AffectedSpecsTests runs its examples.
    /// W004 is measured on pixels, by the driver: SmallOutputTests runs its examples.
    /// W005 and W006 are measured on the pixels of the files a target
    /// writes, by the driver: WebTargetTests runs their examples.
    static let needsSeveralSpecs: Set<DiagnosticCode> = [.E014, .W003, .W008, .E019, .W004, .W005, .W006]

    /// The smallest JPEG header logoc accepts: SOI, then a baseline frame of 8 × 8.
    static let jpegHeader: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9]

    /// The files the examples' comments describe, for the failing and the fixed version.
    static func setUp(_ code: DiagnosticCode, fixed: Bool, in project: TestProject) throws {
        switch code {
        case .E012 where fixed, .W007 where fixed:
            try project.write("Specs/team/photos/jane.jpg", bytes: jpegHeader)
        case .W007:
            // An APP2 ICC_PROFILE marker holding the first 40 bytes of a profile.
            let cut: [UInt8] = Array("ICC_PROFILE\0".utf8) + [1, 1] + [0, 0, 2, 0x30] + Array(repeating: 0x20, count: 36)
            let app2: [UInt8] = [0xFF, 0xE2, 0x00, UInt8(cut.count + 2)] + cut
            try project.write("Specs/team/photos/jane.jpg", bytes: Array(jpegHeader.prefix(2)) + app2 + jpegHeader.dropFirst(2))
        case .E013 where fixed:
            try project.write("Specs/_base.yaml", "size: 256\n")
        case .E015:
            try project.write("Specs/_brand.yaml", (fixed ? "" : "extends: acme.yaml\n") + "background: \"#1E88E5\"\n")
        default:
            break
        }
    }

    /// The spec's path: the first comment names it (`# Specs/team/jane.yaml; …`).
    static func specPath(_ example: String) -> String {
        guard example.hasPrefix("# Specs/"), let end = example.firstIndex(where: { $0 == ";" || $0 == "\n" }) else { return "spec.yaml" }
        return String(example[example.index(example.startIndex, offsetBy: 2)..<end])
    }

    @Test(arguments: DiagnosticCode.allCases.filter { !needsSeveralSpecs.contains($0) })
    func failingExampleGivesItsCodeAndFixedOneIsClean(_ code: DiagnosticCode) throws {
        let entry = code.explanation
        for (example, fixed) in [(entry.failing, false), (entry.fixed, true)] {
            let project = try TestProject()
            try Self.setUp(code, fixed: fixed, in: project)
            let path = Self.specPath(example)
            try project.write(path, example)
            let result = project.check(path)
            let gives = result.diagnostics.contains { $0.code == code }
            #expect(gives != fixed, "\(code) \(fixed ? "fixed" : "failing") example gave \(result.summary)")
        }
    }
}
