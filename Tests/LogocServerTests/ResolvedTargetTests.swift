import Foundation
import Testing
@testable import LogocServer

/// `ProjectSnapshot.resolve(target:)` remembers what a request target
/// names: the same drawing as resolving it afresh, errors never kept, and
/// no more than `resolvedLimit` targets.
struct ResolvedTargetTests {
    func snapshot(_ project: TemplateProject) throws -> ProjectSnapshot {
        try ProjectSnapshot.load(paths: [project.url.appendingPathComponent("Specs").path], root: project.url.path, config: nil, jobs: 1)
    }

    @Test func aRememberedTargetNamesWhatParsingItNames() throws {
        let project = try TemplateProject()
        let snapshot = try snapshot(project)
        for target in ["/team/red.png", "/team/red@2x.png", "/team/red.svg", "/people/avatar/64/Jane%20Doe.png", "/people/avatar/128/Zo%C3%AB@2x.png?s=1"] {
            guard case .image(let path) = try RequestPath.parse(target) else {
                Issue.record("\(target) is not an image path")
                continue
            }
            let fresh = try snapshot.drawing(for: path)
            for _ in 0..<2 {   // the first resolves, the second remembers
                let resolved = try #require(try snapshot.resolve(target: target))
                #expect(resolved.drawing.key == fresh.key, "\(target)")
                #expect(resolved.drawing.isTemplate == fresh.isTemplate)
                #expect(resolved.format == path.format)
            }
        }
        #expect(snapshot.resolvedCount == 5)
        #expect(try snapshot.resolve(target: "/healthz") == nil)
    }

    @Test func failuresAreThrownEveryTimeAndNotRemembered() throws {
        let project = try TemplateProject()
        let snapshot = try snapshot(project)
        for target in ["/people/avatar/99999/Jane.png", "/people/avatar/64/%20.png", "/nowhere/x.png", "/a/%zz.png"] {
            for _ in 0..<2 {
                #expect(throws: HTTPFailure.self, "\(target)") { try snapshot.resolve(target: target) }
            }
        }
        #expect(snapshot.resolvedCount == 0)
    }

    @Test func rememberedTargetsAreBounded() throws {
        let project = try TemplateProject()
        let snapshot = try snapshot(project)
        for n in 0..<(ProjectSnapshot.resolvedLimit + 10) {
            _ = try snapshot.resolve(target: "/people/avatar/64/Person%20\(n).png")
            #expect(snapshot.resolvedCount <= ProjectSnapshot.resolvedLimit)
        }
        #expect(snapshot.resolvedCount == 10)   // emptied when the limit was reached, then refilled by the last ten
    }
}
