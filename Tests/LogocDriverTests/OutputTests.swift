import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend
import LogocImageIO

/// Properties of `build`'s files: SVG and PNG agree under an independent
/// renderer, outputs do not depend on the job count, a rebuild writes
/// nothing, and every PNG is valid.
struct OutputTests {
    static let repository = GoldenTests.repository

    static func build(jobs: Int, into output: String, listingOutputs: Bool = true) -> RunReport {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(repository)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let inputs = (try? Discovery.inputs(["Specs"])) ?? []
        var options = BuildRun.Options(outputDirectory: output, jobs: jobs)
        options.listsOutputs = listingOutputs
        return BuildRun.run(inputs, project: Project.load(root: repository), options: options)
    }

    /// A build that does not list its outputs (`logoc build`: issue 21)
    /// counts the same files, shared ones (an asset catalog's
    /// `Contents.json`) once, and writes the same bytes; its rebuild counts
    /// them all unchanged.
    @Test func aBuildThatDoesNotListItsOutputsCountsThem() throws {
        let output = NSTemporaryDirectory() + "logoc-unlisted-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let listed = GoldenTests.showcase.report
        let first = Self.build(jobs: 2, into: output, listingOutputs: false)
        #expect(first.writtenFileCount == listed.written.count && first.writtenFileCount == listed.writtenFileCount)
        #expect(!first.written.isEmpty && first.written == listed.written.filter(TargetCatalog.isShared), "only shared files are named")
        #expect(first.written.count < first.writtenFileCount)
        for file in listed.written {
            #expect(FileManager.default.contents(atPath: output + "/" + file) == FileManager.default.contents(atPath: GoldenTests.showcase.output + "/" + file),
                    "\(file) differs")
        }
        let second = Self.build(jobs: 2, into: output, listingOutputs: false)
        #expect(second.writtenFileCount == 0)
        #expect(second.unchangedFileCount == listed.written.count)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// SVGs with a PNG of the same drawing beside them (an SVG-only spec has none to compare with).
    static var svgs: [String] {
        let written = Set(GoldenTests.showcase.report.written)
        return written.filter { $0.hasSuffix(".svg") && written.contains(String($0.dropLast(4)) + ".png") }.sorted()
    }

    /// rsvg-convert draws our SVG; it must look like our PNG: the mean
    /// difference per channel under 1.5 levels (antialiasing differs at
    /// edges), and 99% of pixels within 32 levels.
    @Test(arguments: svgs)
    func svgMatchesPNGUnderRsvg(_ svg: String) throws {
        let dist = GoldenTests.showcase.output
        let png = dist + "/" + String(svg.dropLast(4)) + ".png"
        let rendered = NSTemporaryDirectory() + "rsvg-" + UUID().uuidString + ".png"
        defer { try? FileManager.default.removeItem(atPath: rendered) }
        let (status, message) = try Self.run("/usr/bin/rsvg-convert", [dist + "/" + svg, "-o", rendered])
        #expect(status == 0, "rsvg-convert failed: \(message)")
        let ours = try ImageDecoder.decode(contentsOfFile: png)
        let theirs = try ImageDecoder.decode(contentsOfFile: rendered)
        try Self.expectLooksAlike(ours, theirs, svg, mean: 1.5)
    }

    /// Two drawings of one picture (ours and another program's reading or
    /// rendering of a file) look alike: same size, the mean difference per
    /// channel under `mean` levels, and 99% of pixels within 32 levels, both
    /// seen over `backdrop` (white; a JPEG's matte).
    static func expectLooksAlike(_ ours: PixelBuffer, _ theirs: PixelBuffer, _ name: String, mean limit: Double, over backdrop: RGBA = .white,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(ours.width == theirs.width && ours.height == theirs.height, "\(name): sizes differ", sourceLocation: sourceLocation)
        guard ours.width == theirs.width, ours.height == theirs.height else { return }
        var total = 0, far = 0
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = Self.over(backdrop, ours, x, y), b = Self.over(backdrop, theirs, x, y)
                let d = [abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2)]
                total += d.reduce(0, +)
                if d.max() ?? 0 > 32 { far += 1 }
            }
        }
        let pixels = ours.width * ours.height
        let mean = Double(total) / Double(pixels * 3)
        #expect(mean < limit, "\(name): mean difference \(mean)", sourceLocation: sourceLocation)
        #expect(Double(far) < 0.01 * Double(pixels), "\(name): \(far) pixels differ by more than 32", sourceLocation: sourceLocation)
    }

    /// A premultiplied pixel over an opaque colour: `c + m·(255 − a)/255`.
    static func over(_ backdrop: RGBA, _ p: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = y * p.stride + x * 4
        let rest = 255 - Int(p.bytes[i + 3])
        func mix(_ c: UInt8, _ m: UInt8) -> Int { Int(c) + (Int(m) * rest + 127) / 255 }
        return (mix(p.bytes[i + 2], backdrop.r), mix(p.bytes[i + 1], backdrop.g), mix(p.bytes[i], backdrop.b))
    }

    @Test func outputsDoNotDependOnTheJobCount() throws {
        let one = NSTemporaryDirectory() + "logoc-jobs1-" + UUID().uuidString
        let four = NSTemporaryDirectory() + "logoc-jobs4-" + UUID().uuidString
        defer {
            try? FileManager.default.removeItem(atPath: one)
            try? FileManager.default.removeItem(atPath: four)
        }
        let a = Self.build(jobs: 1, into: one), b = Self.build(jobs: 4, into: four)
        #expect(a.written == b.written)
        #expect(a.written == GoldenTests.showcase.report.written)
        for file in a.written {
            let x = FileManager.default.contents(atPath: one + "/" + file)
            let y = FileManager.default.contents(atPath: four + "/" + file)
            let z = FileManager.default.contents(atPath: GoldenTests.showcase.output + "/" + file)
            #expect(x != nil && x == y && y == z, "\(file) differs between builds")
        }
    }

    @Test func rebuildWritesNothing() throws {
        let output = NSTemporaryDirectory() + "logoc-rebuild-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = Self.build(jobs: 2, into: output)
        let dates = try first.written.map { try FileManager.default.attributesOfItem(atPath: output + "/" + $0)[.modificationDate] as? Date }
        let second = Self.build(jobs: 2, into: output)
        #expect(second.written.isEmpty)
        #expect(second.unchanged == first.written)
        let after = try first.written.map { try FileManager.default.attributesOfItem(atPath: output + "/" + $0)[.modificationDate] as? Date }
        #expect(dates == after)
        // No temporary files are left behind.
        let leftovers = (FileManager.default.enumerator(atPath: output)?.allObjects as? [String] ?? []).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func everyPNGPassesPngcheck() throws {
        let files = GoldenTests.showcase.report.written.filter { $0.hasSuffix(".png") }.map { GoldenTests.showcase.output + "/" + $0 }
        #expect(!files.isEmpty)
        let (status, message) = try Self.run("/usr/bin/pngcheck", ["-q"] + files)
        #expect(status == 0, "\(message)")
        // No tIME chunk: outputs must not depend on the clock.
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data("tIME".utf8)) == nil, "\(file) has a tIME chunk")
        }
    }
}

/// The gallery, as a person sees it: headless Chromium opens index.html and
/// every image in it must load (tools/gallery-check.sh).
struct GalleryTests {
    @Test func everyImageInTheGalleryLoadsInChromium() throws {
        let dist = GoldenTests.showcase.output
        #expect(FileManager.default.fileExists(atPath: dist + "/index.html"))
        let shot = NSTemporaryDirectory() + "logoc-gallery-" + UUID().uuidString + ".png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let (status, output) = try OutputTests.run("/bin/bash", [GoldenTests.repository + "/tools/gallery-check.sh", dist, shot])
        #expect(status == 0, "\(output)")
        #expect(output.contains("images loaded"))
        #expect(FileManager.default.fileExists(atPath: shot))
    }
}
