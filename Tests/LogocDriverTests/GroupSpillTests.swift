import Foundation
import Testing
@testable import LogocDriver

/// The groups a build keeps in its spill file come back byte for byte.
struct GroupSpillTests {
    static func group(_ seed: Int, fresh: Bool = true) -> BuildCache.Group {
        func bytes(_ tag: String, _ count: Int) -> ArraySlice<UInt8> {
            Array((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) } + Array(tag.utf8))[...]
        }
        return BuildCache.Group(fresh: fresh, outputCount: seed % 3, lines: bytes("lines", 40 * seed), manifest: bytes("m", 7 * seed),
                                gallery: bytes("g", seed), pictures: "pictures\t\\ \(seed)\n")
    }

    static func same(_ a: BuildCache.Group, _ b: BuildCache.Group) -> Bool {
        a.fresh == b.fresh && a.outputCount == b.outputCount && Array(a.lines) == Array(b.lines)
            && Array(a.manifest) == Array(b.manifest) && Array(a.gallery) == Array(b.gallery) && a.pictures == b.pictures
    }

    @Test func groupsComeBackAsTheyWentIn() throws {
        let folder = NSTemporaryDirectory() + "logoc-spill-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spill = try #require(GroupSpill(directory: folder))
        var expected: [String: BuildCache.Group] = [:]
        for seed in 1...50 {
            let spec = "Specs/s\(seed).yaml"
            expected[spec] = Self.group(seed, fresh: seed % 5 != 0)
            #expect(spill.put(spec, expected[spec]!))
        }
        // A spec put again (a later document of its file): the last one counts.
        expected["Specs/s7.yaml"] = Self.group(700)
        #expect(spill.put("Specs/s7.yaml", Self.group(700)))
        let back = spill.groups()
        #expect(Set(back.keys) == Set(expected.keys))
        for (spec, group) in expected { #expect(back[spec].map { Self.same($0, group) } == true, "\(spec)") }
        // The file was unlinked at once: nothing is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func noSpillWhereNoFileCanBeMade() {
        #expect(GroupSpill(directory: "/nonexistent-\(UUID().uuidString)") == nil)
    }
}
