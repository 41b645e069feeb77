import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend
import LogocRenderTree
@testable import LogocRender

/// Contrast read from the background's geometry (docs/rendering.md,
/// "Contrast from geometry") decides exactly as the pixels do: every
/// measured text — its colour, its ratio, the ratio of `auto`'s colour —
/// is the same to the last bit with the geometry on and off, in `check`'s
/// window and on `build`'s canvas. The contrast diagnostics (E011, E017)
/// are made from these values alone (`SpecPlan.checkContrast`), so their
/// codes, severities and printed ratios are the same too.
///
/// The showcase, and random specs made by SplitMix64 (1,000 here; 10,000
/// with `LOGOC_SLOW_TESTS=1`, as `make test-slow` runs it).
struct GeometryContrastEquivalenceTests {
    /// Measures `tree` four ways and expects one answer; true when the
    /// geometry answered in `check`'s window.
    static func expectSameMeasurements(_ tree: RenderTree, renderers: [Renderer], _ label: String) throws -> Bool {
        let (geometry, pixels) = (renderers[0], renderers[1])
        var fromGeometry = false
        for keepingCanvas in [false, true] {
            let quick = try geometry.measure(tree, keepingCanvas: keepingCanvas)
            let slow = try pixels.measure(tree, keepingCanvas: keepingCanvas)
            #expect(!slow.contrastFromGeometry)
            #expect(quick.text == slow.text, "\(label), canvas \(keepingCanvas)")
            if !keepingCanvas { fromGeometry = quick.contrastFromGeometry }
        }
        return fromGeometry
    }

    static func renderers(_ project: Project) throws -> [Renderer] {
        let geometry = try Renderer(catalog: project.fonts), pixels = try Renderer(catalog: project.fonts)
        pixels.measuresFromGeometry = false
        return [geometry, pixels]
    }

    @Test func theShowcaseMeasuresTheSame() throws {
        let repository = GoldenTests.repository
        let project = Project.load(root: repository)
        let inputs = try Discovery.inputs([repository + "/Specs"])
        let resolver = Resolver(project: project)
        let renderers = try Self.renderers(project)
        var measured = 0, fromGeometry = 0
        for spec in CheckRun.run(inputs, project: project).specs {
            for tree in resolver.resolve(spec).all where tree.text != nil {
                if try Self.expectSameMeasurements(tree, renderers: renderers, spec.name) { fromGeometry += 1 }
                measured += 1
            }
        }
        #expect(measured > 40)
        #expect(fromGeometry > 10, "\(fromGeometry) of \(measured) from geometry")
    }

    /// How many random specs: 1,000, or 10,000 with `LOGOC_SLOW_TESTS=1`.
    static let randomCount = ProcessInfo.processInfo.environment["LOGOC_SLOW_TESTS"] == "1" ? 10_000 : 1_000

    @Test func randomSpecsMeasureTheSame() throws {
        let root = NSTemporaryDirectory() + "logoc-geometry-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var generator = SplitMix64(seed: 21_06)
        for i in 0..<Self.randomCount {
            try Data(RandomSpec.yaml(using: &generator).utf8).write(to: URL(fileURLWithPath: root + "/Specs/r\(i).yaml"))
        }
        let project = Project.load(root: root)
        let report = CheckRun.run(try Discovery.inputs([root + "/Specs"]), project: project, jobs: 1)
        #expect(report.specs.count > Self.randomCount * 7 / 10, "\(report.diagnostics.filter(\.isError).prefix(3))")
        let resolver = Resolver(project: project)
        let renderers = try Self.renderers(project)
        var measured = 0, fromGeometry = 0
        for spec in report.specs {
            for tree in resolver.resolve(spec).all where tree.text != nil {
                if try Self.expectSameMeasurements(tree, renderers: renderers, spec.input.displayPath) { fromGeometry += 1 }
                measured += 1
            }
        }
        // A third or more (opaque solids and linear gradients under opaque
        // text inside the shape; translucent stops and text, colour vision,
        // windows at the edge and radial gradients go to the pixels).
        #expect(fromGeometry > measured / 4, "\(fromGeometry) of \(measured) from geometry")
    }
}

/// A random spec: mostly linear gradients (2–5 stops, any angle, some
/// with positions, some translucent), solids, some radial gradients;
/// circles, squares and rounded squares, some rings; initials or a short
/// word, auto or fixed colours, fixed or automatic sizes, several minimums
/// and sometimes colour vision.
enum RandomSpec {
    static func yaml(using g: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(g.next() % UInt64(items.count))] }
        func chance(_ percent: UInt64) -> Bool { g.next() % 100 < percent }
        func colour(alpha: Bool = false) -> String {
            let rgb = String(format: "%06X", Int(g.next() & 0xFFFFFF))
            return alpha && chance(15) ? "\"#\(rgb)\(String(format: "%02X", Int(g.next() % 256)))\"" : "\"#\(rgb)\""
        }
        var lines: [String] = []
        lines.append("size: \(pick([32, 48, 64, 100, 128, 200, 256, 333, 512]))")
        switch g.next() % 3 {
        case 0: lines.append("shape: circle")
        case 1: lines.append("shape: square")
        default: lines += ["shape: roundRect", "cornerRadius: \"\(pick([5, 12, 20, 35, 50]))%\""]
        }
        let kind = g.next() % 100
        if kind < 65 {
            let count = Int(2 + g.next() % 4)
            var stops: [String] = []
            var at = 0.0
            for _ in 0..<count {
                if chance(30) {
                    at = min(1, at + Double(g.next() % 50) / 100)
                    stops.append("{color: \(colour(alpha: true)), at: \(String(format: "%.2f", at))}")
                } else {
                    stops.append(colour(alpha: true))
                }
            }
            // Only the stops' own positions are checked for order: drop any that go backwards.
            let angle = chance(50) ? pick(["0", "45", "90", "135", "180", "225", "270", "315"]) : String(format: "%.1f", Double(g.next() % 7200) / 10 - 360)
            lines.append("background: {gradient: {colors: [\(stops.joined(separator: ", "))], angle: \(angle)}}")
        } else if kind < 85 {
            lines.append("background: \(colour(alpha: true))")
        } else {
            lines.append("background: {gradient: {colors: [\(colour()), \(colour())], type: radial}}")
        }
        if chance(25) { lines.append("border: {width: \(pick([1, 2, 4, 8, 16])), color: \(chance(50) ? "auto" : colour(alpha: true))}") }
        var text = chance(70) ? "  initials: \(pick(["Ada Lovelace", "Grace Hopper", "Zoë Ångström", "Wu Li", "Tim", "Ōta Mio", "Émile Zola"]))"
            : "  content: \(pick(["GO", "acme", "W", "mm", "Ag", "10"]))"
        text += "\n  color: \(chance(50) ? "auto" : chance(30) ? "white" : colour(alpha: true))"
        if chance(30) { text += "\n  size: \(pick([10, 24, 40, 80, 150]))" }
        if chance(20) { text += "\n  font: {weight: \(pick([300, 400, 700, 900]))}" }
        lines.append("text:\n" + text)
        switch g.next() % 10 {
        case 0: lines.append("contrast: off")
        case 1: lines.append("contrast: {minimum: AA, colorVision: [deuteranopia]}")
        case 2: lines.append("contrast: AAA")
        case 3: lines.append("contrast: \(pick(["1.5", "2", "3.1", "4.5", "7"]))")
        default: break
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
