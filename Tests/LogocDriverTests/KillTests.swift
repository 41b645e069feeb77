import Foundation
import Testing

/// Crash-safe outputs: `logoc build` of a few hundred specs is killed with
/// SIGKILL at random moments. After every kill, each output file is a
/// complete old or complete new version (byte-equal to what a clean build of
/// one of the two versions writes), the manifest lists only files that are
/// there and complete; the next build removes the temporary files a kill
/// left, and its outputs, manifest and gallery match a fresh build byte for
/// byte.
@Suite(.serialized)
struct KillTests {
    static let specCount = 240
    static let kills = 10

    /// The specs of version `v` (0 or 1): every spec changes between them.
    static func writeSpecs(_ root: String, version v: Int) throws {
        for i in 0..<specCount {
            let colour = (i * 4099 + v * 0x5A5A5A) % 0xFFFFFF
            let folder = "Specs/group\(i % 3)"
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            let yaml = "text: K\(i % 90)\(v == 0 ? "" : "v")\nbackground: \"#\(String(format: "%06X", colour))\"\nsize: 64\n"
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: "\(root)/\(folder)/s\(i).yaml"))
        }
    }

    /// Every file below `directory` (relative path → bytes), the lock and cache aside.
    static func files(_ directory: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [:] }
        while let relative = walker.nextObject() as? String {
            let full = directory + "/" + relative
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            if relative == ".logoc.lock" || relative == ".logoc-cache" { continue }
            result[relative] = FileManager.default.contents(atPath: full)
        }
        return result
    }

    static func build(_ root: String, output: String) throws -> Int32 {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["build", "Specs", "-o", output, "--jobs", "2"]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func killedBuildsLeaveCompleteOutputsAndTheNextBuildRepairs() throws {
        let project = try TemporaryFolder()
        let root = project.path
        // Clean builds of both versions: what a complete old or new file is.
        var reference: [[String: Data]] = []
        var buildSeconds = 0.0
        for v in 0...1 {
            try Self.writeSpecs(root, version: v)
            let start = Date()
            #expect(try Self.build(root, output: "ref\(v)") == 0)
            buildSeconds = max(buildSeconds, Date().timeIntervalSince(start))
            reference.append(Self.files(root + "/ref\(v)"))
        }
        let outputs = reference[0].keys.filter { $0.hasSuffix(".png") || $0.hasSuffix(".svg") }
        #expect(outputs.count == 2 * Self.specCount)
        #expect(outputs.allSatisfy { reference[0][$0] != reference[1][$0] }, "every output differs between the versions")

        // Start from a complete build of version 0, then flip versions and kill.
        try Self.writeSpecs(root, version: 0)
        #expect(try Self.build(root, output: "out") == 0)
        var version = 0
        var generator = SystemRandomNumberGenerator()
        var leftovers = 0
        for kill in 0..<Self.kills {
            version = 1 - version
            try Self.writeSpecs(root, version: version)
            let process = Process()
            process.executableURL = CLITests.binary
            process.arguments = ["build", "Specs", "-o", "out", "--jobs", "2"]
            process.currentDirectoryURL = URL(fileURLWithPath: root)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            // Anywhere from start-up to a little past a whole build.
            let delay = Double.random(in: 0...(buildSeconds * 1.1), using: &generator)
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let context = "kill \(kill) after \(String(format: "%.3f", delay)) s"

            let now = Self.files(root + "/out")
            for (path, bytes) in now {
                let name = (path as NSString).lastPathComponent
                if name.hasPrefix("."), name.contains(".tmp-") { leftovers += 1; continue }
                // The marker of a build in progress: the next build sweeps temporary files when it finds it.
                if path == ".logoc-building" { continue }
                // The intent log of the killed build: the next build removes what it lists and no spec writes.
                if path == ".logoc-intent" { continue }
                let complete = reference[0][path] == bytes || reference[1][path] == bytes
                #expect(complete, "\(context): \(path) is neither the old nor the new version")
            }
            // The manifest is one of the two complete versions' manifests,
            // and every file it lists is there.
            let manifest = try #require(now["manifest.json"], "\(context): no manifest")
            let entries = try Self.manifestPaths(manifest)
            #expect(entries.allSatisfy { now[$0] != nil }, "\(context): the manifest lists a missing file")
            #expect(Set(entries) == Set(outputs), "\(context)")
        }

        // The next build repairs everything: a fresh build's bytes, no temporary files.
        #expect(try Self.build(root, output: "out") == 0)
        let repaired = Self.files(root + "/out")
        #expect(Set(repaired.keys) == Set(reference[version].keys), "leftover or missing files: \(Set(repaired.keys).symmetricDifference(reference[version].keys).sorted().prefix(10))")
        let wrong = reference[version].filter { repaired[$0.key] != $0.value }.map(\.key).sorted()
        #expect(wrong.isEmpty, "differ from a fresh build: \(wrong.prefix(10))")
        // Not asserted, but said: how often a kill landed mid-write.
        print("KillTests: \(Self.kills) kills, \(leftovers) temporary files seen after them")
    }

    static func manifestPaths(_ data: Data) throws -> [String] {
        struct Manifest: Decodable { struct Entry: Decodable { let path: String }; let outputs: [Entry] }
        return try JSONDecoder().decode(Manifest.self, from: data).outputs.map(\.path)
    }
}
