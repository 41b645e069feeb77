import Testing
@testable import LogocDriver

/// The index of a group file (`GroupIndex`): records in byte order of the
/// spec paths, a later record of a spec file replacing an earlier one, the
/// dead bytes counted, and each group's pictures read from the file.
@Suite("Group index")
struct GroupIndexTests {
    /// A file holding, for each spec, its pictures (`p:<spec>`) then one byte of lines.
    static func file(_ specs: [String]) -> (GroupFile, [String: (pictures: (at: Int, count: Int), offset: Int)]) {
        var bytes: [UInt8] = []
        var places: [String: (pictures: (at: Int, count: Int), offset: Int)] = [:]
        for spec in specs {
            let pictures = Array("p:\(spec)".utf8)
            places[spec] = ((bytes.count, pictures.count), bytes.count + pictures.count)
            bytes += pictures + [0x0A]
        }
        return (GroupFile(bytes: bytes), places)
    }

    @Test func groupsInOrderBecomeTheIndexAsTheyAre() throws {
        let specs = ["a.yaml", "b/c.yaml", "b/d.yaml", "e.yaml"]
        let (file, places) = Self.file(specs)
        var builder = GroupIndex.Builder(file: file)
        for spec in specs {
            let place = try #require(places[spec])
            let added = builder.add(spec, fresh: true, outputCount: 1, pictures: place.pictures, offset: place.offset, lines: 1, manifest: 0,
                                    gallery: 0, checksum: 7, size: 10)
            #expect(added)
        }
        let (index, dead) = builder.build()
        #expect(dead == 0)
        #expect(Array(index.keys) == specs)
        for spec in specs {
            let group = try #require(index[spec])
            #expect(group.pictures == "p:" + spec)
            #expect(Array(group.lines) == [0x0A])
        }
        #expect(index["b"] == nil && index["b/c"] == nil && index["z.yaml"] == nil)
    }

    /// Appended records (a cache appended to): out of order, a spec file
    /// built twice (the last counts) and one removed; the dead bytes are
    /// those of every record that no longer counts.
    @Test func laterRecordsReplaceAndRemoveEarlierOnes() throws {
        let (file, places) = Self.file(["a", "b", "c"])
        var builder = GroupIndex.Builder(file: file)
        func add(_ spec: String, outputs: Int, size: Int) throws {
            let place = try #require(places[spec])
            let added = builder.add(spec, fresh: true, outputCount: outputs, pictures: place.pictures, offset: place.offset, lines: 1, manifest: 0,
                                    gallery: 0, checksum: 0, size: size)
            #expect(added)
        }
        try add("c", outputs: 1, size: 100)
        try add("a", outputs: 1, size: 10)
        try add("b", outputs: 1, size: 1_000)
        try add("c", outputs: 2, size: 10_000)
        builder.remove("b", size: 100_000)
        let (index, dead) = builder.build()
        #expect(Array(index.keys) == ["a", "c"])
        #expect(index["c"]?.outputCount == 2, "the later record of c counts")
        #expect(index["c"]?.pictures == "p:c")
        #expect(index["b"] == nil, "b was removed")
        #expect(dead == 100 + 1_000 + 100_000)
    }

    /// A field that does not fit a record (a hand-made cache) is refused, not cut.
    @Test func fieldsThatDoNotFitAreRefused() {
        var builder = GroupIndex.Builder(file: GroupFile(bytes: []))
        let huge = builder.add("a", fresh: true, outputCount: 1 << 40, pictures: (0, 0), offset: 0, lines: 0, manifest: 0, gallery: 0, checksum: 0)
        let after = builder.add("a", fresh: true, outputCount: 1, pictures: (5, 0), offset: 0, lines: 0, manifest: 0, gallery: 0, checksum: 0)
        #expect(!huge && !after, "an output count past a record's field, and pictures after the group's bytes")
        #expect(builder.isEmpty)
    }

    /// The storage under the index: elements across blocks, strings that
    /// would cross a block's end start the next one, a string too long to
    /// keep is refused.
    @Test func blocksKeepWhatIsAppended() throws {
        var list = BlockList<Int>()
        for i in 0..<10_000 { list.append(i * 3) }
        #expect(list.count == 10_000 && list[0] == 0 && list[4_095] == 4_095 * 3 && list[4_096] == 4_096 * 3 && list[9_999] == 9_999 * 3)
        list[5_000] = -1
        #expect(list[5_000] == -1 && list[4_999] == 4_999 * 3)

        var text = TextBlocks()
        var places: [(UInt32, String)] = []
        for i in 0..<3_000 {
            let string = "Specs/folder-\(i % 7)/spec-\(i).yaml"
            let place = text.append(string)
            places.append((try #require(place), string))
        }
        for (place, string) in places { #expect(text.withBytes(at: place, count: string.utf8.count) { String(decoding: $0, as: UTF8.self) } == string) }
        #expect(Set(places.map { $0.0 >> 16 }).count > 1, "the strings fill more than one block")
        let tooLong = text.append(String(repeating: "x", count: TextBlocks.longest + 1))
        #expect(tooLong == nil)
        let longest = String(repeating: "y", count: TextBlocks.longest)
        let kept = text.append(longest)
        let place = try #require(kept)
        #expect(text.withBytes(at: place, count: longest.utf8.count) { $0.count } == TextBlocks.longest)
    }

    /// A cache written whole and then appended to (many builds of a few
    /// specs): its sorted part, over several blocks, merged with the
    /// records after it: spec files replaced, removed and new, before,
    /// among and after the sorted ones, as a dictionary of the last
    /// record of each spec file gives.
    @Test func anAppendedCacheMergesIntoOneIndex() {
        var builder = GroupIndex.Builder(file: GroupFile(bytes: []))
        var expected: [String: Int] = [:]
        var total = 0
        func add(_ spec: String, outputs: Int) {
            let added = builder.add(spec, fresh: true, outputCount: outputs, pictures: (0, 0), offset: 0, lines: 0, manifest: 0, gallery: 0,
                                    checksum: 0, size: 3)
            #expect(added)
            expected[spec] = outputs
            total += 3
        }
        for i in 0..<10_000 { add(String(format: "Specs/s%05d.yaml", i * 2 + 1), outputs: 1) }
        for i in stride(from: 0, to: 20_002, by: 7) { add(String(format: "Specs/s%05d.yaml", i), outputs: 2) }
        for i in stride(from: 3, to: 20_000, by: 11) {
            builder.remove(String(format: "Specs/s%05d.yaml", i), size: 5)
            expected[String(format: "Specs/s%05d.yaml", i)] = nil
            total += 5
        }
        add("A-first.yaml", outputs: 3)
        add("z-last.yaml", outputs: 3)
        let (index, dead) = builder.build()
        #expect(Array(index.keys) == expected.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(index.keys.indices.allSatisfy { index.group(at: $0).outputCount == expected[index.spec(at: $0)] })
        #expect(dead == total - 3 * expected.count)
        #expect(index["Specs/s00003.yaml"] == nil && index["Specs/s00007.yaml"]?.outputCount == 2 && index["Specs/s00009.yaml"]?.outputCount == 1)
    }
}
