import Foundation
import Testing
import LogocCore
@testable import LogocFrontend

/// Property test: random edits of valid specs never crash the front end,
/// and every document either becomes a spec or gets an error diagnostic.
struct MutationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func seeds() throws -> [String] {
        var texts: [String] = []
        for folder in ["Specs/team", "Specs/brand", "Tests/Fixtures/conformance/valid", "Tests/Fixtures/conformance/invalid"] {
            let url = repository.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".yaml") {
                texts.append(try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))
            }
        }
        return texts
    }

    static let fragments = [
        ":", " ", "\n", "-", "#", "\"", "'", "{", "}", "[", "]", ",", "&a", "*a", "!!str", "\t", "?", "|", ">",
        "%", "@", "`", "0", "-1", "1e309", "NaN", "999999999999999999999", "auto", "$", "$brand", "~", "null",
        "é", "🦊", "\u{202E}", "\u{200D}", "text:", "background:", "gradient:", "colors:", "extends: _x.yaml", "---",
        "extends: /etc/passwd", "size: 0", "at: 2", "dark:", "  ", "\r\n", "\u{FEFF}",
    ]

    static func mutate(_ text: String, _ rng: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        let edits = Int.random(in: 1...4, using: &rng)
        for _ in 0..<edits {
            let position = scalars.isEmpty ? 0 : Int.random(in: 0..<scalars.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0 where !scalars.isEmpty:
                scalars.remove(at: position)
            case 1:
                let fragment = fragments[Int.random(in: 0..<fragments.count, using: &rng)]
                scalars.insert(contentsOf: fragment.unicodeScalars, at: position)
            case 2:
                // Duplicate a line.
                var lines = String(String.UnicodeScalarView(scalars)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if !lines.isEmpty {
                    let i = Int.random(in: 0..<lines.count, using: &rng)
                    lines.insert(lines[i], at: i)
                }
                scalars = Array(lines.joined(separator: "\n").unicodeScalars)
            case 3:
                // Swap two lines.
                var lines = String(String.UnicodeScalarView(scalars)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.count > 1 {
                    lines.swapAt(Int.random(in: 0..<lines.count, using: &rng), Int.random(in: 0..<lines.count, using: &rng))
                }
                scalars = Array(lines.joined(separator: "\n").unicodeScalars)
            default:
                // Replace a value after a colon.
                let fragment = fragments[Int.random(in: 0..<fragments.count, using: &rng)]
                if let colon = scalars[position...].firstIndex(of: ":") {
                    let end = scalars[colon...].firstIndex(of: "\n") ?? scalars.endIndex
                    scalars.replaceSubrange(colon..<end, with: (": " + fragment).unicodeScalars)
                }
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test func randomEditsGiveASpecOrAnError() throws {
        let seeds = try Self.seeds()
        #expect(seeds.count >= 10)
        let p = try TestProject()
        try p.write("_x.yaml", "size: 64\n")
        try p.write("logoc.yaml", "palette: {brand: \"#5B2EFF\"}\n")
        let checker = SpecChecker(project: Project.load(root: p.root))
        var rng = SplitMix64(seed: 20261122)
        var outcomes = (specs: 0, errors: 0)
        for iteration in 0..<1500 {
            let text = Self.mutate(seeds[iteration % seeds.count], &rng)
            try p.write("spec.yaml", text)
            let result = checker.check(SpecInput(path: p.root + "/spec.yaml", displayPath: "spec.yaml", outputFolder: ""))
            let documentsWithoutOutcome = result.failedDocuments > 0 && !result.diagnostics.hasErrors
            #expect(!documentsWithoutOutcome, "a document failed without an error diagnostic:\n\(text)")
            #expect(!result.specs.isEmpty || result.diagnostics.hasErrors, "neither a spec nor an error:\n\(text)")
            for diagnostic in result.diagnostics {
                let span = try #require(diagnostic.span)
                #expect(span.start.line >= 1 && span.start.column >= 1, "bad position in \(diagnostic)")
            }
            outcomes.specs += result.specs.count
            outcomes.errors += result.diagnostics.hasErrors ? 1 : 0
        }
        // Both outcomes occur, so the mutations are neither all fatal nor all harmless.
        #expect(outcomes.specs > 20)
        #expect(outcomes.errors > 300)
    }
}
