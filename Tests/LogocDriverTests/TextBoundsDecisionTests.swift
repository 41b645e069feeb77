import Foundation
import LogocCore
import LogocFrontend
import LogocRenderTree
import Testing
@testable import LogocDriver
@testable import LogocRender

/// `check` decides a rule from a text's bounds (`TextBounds`) instead of
/// measuring it only when the bounds already pass it (docs/check.md,
/// "What check measures"). These tests hold the two paths to the same
/// diagnostics, and the bounds to real layouts.
@Suite("Decisions from text bounds")
struct TextBoundsDecisionTests {
    /// The spec's plan with and without the bounds, each on a renderer of
    /// its own; how many rules the bounds decided.
    static func expectSameDecisions(_ spec: CheckedSpec, resolver: Resolver, renderers: (Renderer, Renderer)) -> Int {
        let quick = SpecPlan(spec: spec, resolver: resolver, renderer: { renderers.0 })
        let slow = SpecPlan(spec: spec, resolver: resolver, decidingFromBounds: false, renderer: { renderers.1 })
        #expect(slow.decidedFromBounds == 0)
        #expect(quick.diagnostics == slow.diagnostics, "\(spec.input.displayPath)")
        #expect(quick.failures == slow.failures, "\(spec.input.displayPath)")
        return quick.decidedFromBounds
    }

    /// Random specs (`RandomSpec`: gradients, translucent stops, radial
    /// gradients, rings, every size from 32 px, fixed and automatic text
    /// sizes, minimums, colour vision), a third with initials of a script
    /// without capitals (centred on their ink), written to a temporary
    /// project that is removed at the end.
    static func randomSpecs(_ count: Int, seed: UInt64, body: (Project, CheckReport) throws -> Void) throws {
        let root = NSTemporaryDirectory() + "logoc-bounds-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var generator = SplitMix64(seed: seed)
        let uncased = ["王小明", "김민준", "يوسف حداد", "יונתן מזרחי", "अमित शर्मा", "さくら"]
        for i in 0..<count {
            var yaml = RandomSpec.yaml(using: &generator)
            if generator.next() % 3 == 0, let text = yaml.range(of: #"\n  (initials|content): [^\n]*"#, options: .regularExpression) {
                yaml.replaceSubrange(text, with: "\n  initials: \"\(uncased[Int(generator.next() % UInt64(uncased.count))])\"")
            }
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: root + "/Specs/r\(i).yaml"))
        }
        let project = Project.load(root: root)
        try body(project, CheckRun.run(try Discovery.inputs([root + "/Specs"]), project: project, jobs: 1))
    }

    @Test func randomSpecsDecideTheSame() throws {
        try Self.randomSpecs(GeometryContrastEquivalenceTests.randomCount, seed: 21_02) { project, report in
            #expect(report.specs.count > GeometryContrastEquivalenceTests.randomCount * 7 / 10)
            let resolver = Resolver(project: project)
            let renderers = (try Renderer(catalog: project.fonts), try Renderer(catalog: project.fonts))
            var decided = 0, errors = 0
            for spec in report.specs {
                decided += Self.expectSameDecisions(spec, resolver: resolver, renderers: renderers)
                errors += SpecPlan(spec: spec, resolver: resolver, renderer: { renderers.0 }).diagnostics.filter(\.isError).count
            }
            // Both ways of skipping are taken often, and the rules still fail where they fail.
            #expect(decided > report.specs.count / 4, "\(decided) rules of \(report.specs.count) specs decided from bounds")
            #expect(errors > 20, "\(errors) errors")
        }
    }

    /// Random specs over the showcase's photos (sizes, shapes, fits and
    /// focus points, every text colour, minimums from 1.5 to 12): the
    /// picture's contrast decided from ranges of its luminances
    /// (`MeasureStage.decide`) gives the diagnostics the exact luminances
    /// give, and decides most of them.
    @Test func photoSpecsDecideTheSame() throws {
        let root = NSTemporaryDirectory() + "logoc-photo-bounds-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let images = GoldenTests.repository + "/Specs/photos/images"
        try FileManager.default.copyItem(atPath: images, toPath: root + "/Specs/images")
        let photos = try FileManager.default.contentsOfDirectory(atPath: images).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
        var generator = SplitMix64(seed: 21_04)
        func pick<T>(_ options: [T]) -> T { options[Int(generator.next() % UInt64(options.count))] }
        let count = 160
        for i in 0..<count {
            let focus = "[\(Double(generator.next() % 101) / 100), \(Double(generator.next() % 101) / 100)]"
            let minimum = pick(["AA", "AA-large", "AA-large", "AAA", "\(1.5 + Double(generator.next() % 1050) / 100)", "\(1 + Double(generator.next() % 300) / 100)"])
            let colour = pick(["auto", "auto", "white", "black", "\"#F5E6C8\"", "\"#1A1A40\"", "\"#808080\"", "fromImage"])
            let yaml = """
                size: \(pick([48, 64, 96, 128, 200, 256]))
                shape: \(pick(["circle", "square", "roundRect"]))
                background:
                  image: {path: images/\(pick(photos)), fit: \(pick(["cover", "cover", "contain"])), focus: \(focus), color: "#203040"}
                text:
                  initials: "\(pick(["Ada Lovelace", "Grace Hopper", "Jean-Luc Doe", "Ole", "Zoë Müller"]))"
                  color: \(colour)
                contrast: \(minimum)
                output: {formats: [png], scales: [1]}

                """
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: root + "/Specs/p\(i).yaml"))
        }
        let project = Project.load(root: root)
        let report = CheckRun.run(try Discovery.inputs([root + "/Specs"]), project: project, jobs: 1)
        #expect(report.specs.count == count, "\(report.diagnostics.filter(\.isError).prefix(3).map(\.message))")
        let resolver = Resolver(project: project)
        let renderers = (try Renderer(catalog: project.fonts), try Renderer(catalog: project.fonts))
        var decided = 0, errors = 0
        for spec in report.specs {
            decided += Self.expectSameDecisions(spec, resolver: resolver, renderers: renderers)
            errors += SpecPlan(spec: spec, resolver: resolver, renderer: { renderers.0 }).diagnostics.filter { $0.code == .E011 }.count
        }
        // A spec that fails is measured exactly (its message gives the ratio), so only passes can be decided.
        #expect(decided > (count - errors) / 2, "\(decided) of \(count - errors) passing photo specs decided from ranges")
        #expect(errors > 10, "\(errors) E011")
    }

    @Test func theShowcaseDecidesTheSame() throws {
        let repository = GoldenTests.repository
        let project = Project.load(root: repository)
        let resolver = Resolver(project: project)
        let renderers = (try Renderer(catalog: project.fonts), try Renderer(catalog: project.fonts))
        var decided = 0
        for spec in CheckRun.run(try Discovery.inputs([repository + "/Specs"]), project: project).specs {
            decided += Self.expectSameDecisions(spec, resolver: resolver, renderers: renderers)
        }
        #expect(decided > 0)
    }

    /// The bounds hold every layout: the cap height is never below
    /// `minimumCapHeight`, and the ink window never leaves `window`. (The
    /// ink at the final size is the reference ink scaled, by construction;
    /// `InkCentringTests` holds the drawn pixels to it at several sizes.)
    @Test func boundsHoldRealLayouts() throws {
        try Self.randomSpecs(400, seed: 21_03) { project, report in
            let resolver = Resolver(project: project)
            let renderer = try Renderer(catalog: project.fonts)
            var compared = 0
            for spec in report.specs {
                for tree in resolver.resolve(spec).all {
                    guard tree.text != nil, let bounds = try? renderer.textBounds(tree),
                          let measured = try? renderer.measure(tree), let text = measured.text else { continue }
                    compared += 1
                    #expect(text.capHeight >= bounds.minimumCapHeight, "\(spec.input.displayPath)")
                    let box = text.inkBox
                    let x0 = max(0, Int(box.x.rounded(.down))), y0 = max(0, Int(box.y.rounded(.down)))
                    let x1 = min(tree.size, Int((box.x + box.width).rounded(.up))), y1 = min(tree.size, Int((box.y + box.height).rounded(.up)))
                    if x1 > x0, y1 > y0 {
                        let w = bounds.window
                        #expect(w.x0 <= x0 && w.y0 <= y0 && x1 <= w.x1 && y1 <= w.y1, "\(spec.input.displayPath): \(w) against \(x0) \(y0) \(x1) \(y1)")
                    }
                }
            }
            #expect(compared > 200)
        }
    }
}
