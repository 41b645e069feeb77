import Foundation
import Testing
import LogocCore
import LogocDriver
import LogocFrontend
import LogocRender
import LogocRenderTree

/// `small` drawings in a build (each output draws the tree of its width) and
/// W004, text too small to read in a file, measured on what that file draws.
struct SmallOutputTests {
    static func project(_ spec: String) throws -> String {
        try PixelContrastTests.project(["spec.yaml": Array(spec.utf8)])
    }

    static func trees(_ root: String) throws -> (SpecTrees, Project) {
        let project = Project.load(root: root)
        let input = SpecInput(path: root + "/spec.yaml", displayPath: "spec.yaml", outputFolder: "")
        let spec = try #require(CheckRun.run([input], project: project).specs.first)
        return (Resolver(project: project).resolve(spec), project)
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func theOneXFileDrawsTheSmallDrawingAndTheTwoXTheNormalOne() throws {
        let root = try Self.project("""
            size: 64
            background: "#1565C0"
            text: {content: ACME, color: white}
            output: {scales: [1, 2]}
            small: {maxSize: 64, text: {content: A}}
            """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = PixelContrastTests.run(root, output: root + "/dist")
        #expect(PixelContrastTests.summary(report) == [])
        let (trees, project) = try Self.trees(root)
        let small = try #require(trees.smallLight)
        let renderer = try Renderer(catalog: project.fonts)
        let oneX = try Self.bytes(root + "/dist/spec.png"), twoX = try Self.bytes(root + "/dist/spec@2x.png")
        let (smallDrawing, fullDrawing) = (try renderer.measure(small), try renderer.measure(trees.light))
        #expect(oneX == (try renderer.png(smallDrawing, scale: 1)))
        #expect(oneX != (try renderer.png(fullDrawing, scale: 1)))
        #expect(twoX == (try renderer.png(fullDrawing, scale: 2)))
        #expect(twoX != (try renderer.png(smallDrawing, scale: 2)))
        // The SVG is 64 px wide: the small drawing too.
        #expect(try Self.bytes(root + "/dist/spec.svg") == (try renderer.svg(smallDrawing)))
    }

    @Test func changingSmallRedrawsOnlyTheSmallFiles() throws {
        let spec = "size: 64\ntext: ACME\noutput: {scales: [1, 2]}\nsmall: {maxSize: 64, text: {content: A}}\n"
        let root = try Self.project(spec)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = PixelContrastTests.run(root, output: root + "/dist")
        #expect(first.written == ["spec.png", "spec.svg", "spec@2x.png"])
        let before = try Self.bytes(root + "/dist/spec@2x.png"), smallBefore = try Self.bytes(root + "/dist/spec.png")
        try Data(spec.replacingOccurrences(of: "content: A}", with: "content: B}").utf8).write(to: URL(fileURLWithPath: root + "/spec.yaml"))
        let second = PixelContrastTests.run(root, output: root + "/dist")
        // Each output's key holds the tree it draws: the @2x file's did not change.
        #expect(second.written == ["spec.png", "spec.svg"])
        #expect(second.unchanged == ["spec@2x.png"])
        #expect(try Self.bytes(root + "/dist/spec@2x.png") == before)
        #expect(try Self.bytes(root + "/dist/spec.png") != smallBefore)
    }

    // MARK: W004

    @Test func fourLettersAtSixteenPixelsAreTooSmall() throws {
        let root = try Self.project("""
            size: 16
            background: "#1E88E5"
            text: {content: ACME, color: white}
            """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = PixelContrastTests.run(root)
        #expect(PixelContrastTests.summary(report) == ["W004@3:17"])
        let w004 = try #require(report.diagnostics.first)
        #expect(w004.message == "text is 3.2 px tall (cap height) in 'spec.png' (16 px wide) and 1 other file; under 5 px capitals cannot be read")
        #expect(w004.help == "add a drawing for small sizes: 'small: {maxSize: 16, text: {maxLength: 1}}' (fewer letters, a shorter text or no border)")
        // `build` reports it too, and still writes the files.
        let built = PixelContrastTests.run(root, output: root + "/dist")
        #expect(PixelContrastTests.summary(built) == ["W004@3:17"])
        #expect(FileManager.default.fileExists(atPath: root + "/dist/spec.png"))
    }

    @Test func smallFixesItAndIsJudgedItself() throws {
        let fixed = try Self.project("""
            size: 16
            background: "#1E88E5"
            text: {content: ACME, color: white}
            small:
              maxSize: 16
              text: {content: A}
            """)
        defer { try? FileManager.default.removeItem(atPath: fixed) }
        #expect(PixelContrastTests.summary(PixelContrastTests.run(fixed)) == [])
        // A small drawing whose own text is too small: W004 at the text in `small`.
        let tooSmall = try Self.project("""
            size: 16
            background: "#1E88E5"
            text: {content: A, color: white}
            small:
              maxSize: 16
              text: {content: WXYZ}
            """)
        defer { try? FileManager.default.removeItem(atPath: tooSmall) }
        let report = PixelContrastTests.run(tooSmall)
        #expect(PixelContrastTests.summary(report) == ["W004@6:19"])
        #expect(report.diagnostics.first?.help?.hasPrefix("make the text of 'small' larger") == true)
    }

    @Test func theThresholdIsFivePixelsOfCapHeightInTheFile() throws {
        let root = try Self.project("size: 100\nbackground: \"#1E88E5\"\ntext: {content: ACME, color: white}\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (trees, project) = try Self.trees(root)
        let measured = try Renderer(catalog: project.fonts).measure(trees.light)
        let capAt100 = try #require(TextSizeCheck.capHeight(of: measured, pixels: 100))
        // The widest file under 5 px and the narrowest at or over it.
        let below = Int((5 * 100 / capAt100).rounded(.up)) - 1
        let above = below + 1
        let span = SourceSpan(file: "spec.yaml", start: SourcePosition(line: 3, column: 17), end: SourcePosition(line: 3, column: 21))
        let capBelow = try #require(TextSizeCheck.capHeight(of: measured, pixels: below))
        let under = try #require(TextSizeCheck.diagnostic(height: capBelow, pixels: below, file: "x.png", at: span))
        #expect(under.code == .W004 && under.span == span)
        #expect(under.message.hasPrefix("text is 4.") && under.message.contains("in 'x.png' (\(below) px wide);"))
        let capAtAbove = try #require(TextSizeCheck.capHeight(of: measured, pixels: above))
        #expect(TextSizeCheck.diagnostic(height: capAtAbove, pixels: above, file: "x.png", at: span) == nil)
        // Linear in the width.
        #expect(abs(capAtAbove - capAt100 * Double(above) / 100) < 1e-9)
        #expect(capAtAbove >= 5)
    }

    @Test func largeOutputsNeverWarn() throws {
        // size 256 at scale 1, two initials: the cap height is far above 5 px.
        let root = try Self.project("size: 256\ntext: {initials: Mona Weiss}\noutput: {scales: [1]}\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(PixelContrastTests.summary(PixelContrastTests.run(root)) == [])
        // A 16 px file of a larger spec does: `scales` are what make small files.
        let scaled = try Self.project("size: 16\nbackground: \"#1E88E5\"\ntext: {content: ACME, color: white}\noutput: {formats: [png], scales: [1, 4]}\n")
        defer { try? FileManager.default.removeItem(atPath: scaled) }
        let report = PixelContrastTests.run(scaled)
        #expect(PixelContrastTests.summary(report) == ["W004@3:17"])
        #expect(report.diagnostics.first?.message.contains("in 'spec.png' (16 px wide);") == true)
    }

    @Test func lightAndDarkShareOneWarning() throws {
        let root = try Self.project("""
            size: 16
            background: "#1E88E5"
            text: {content: ACME, color: white}
            dark: {background: "#0D47A1"}
            """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = PixelContrastTests.run(root)
        #expect(PixelContrastTests.summary(report) == ["W004@3:17"])
        #expect(report.diagnostics.first?.message.contains("in 'spec.png' (16 px wide) and 3 other files;") == true)
    }

    /// The floor that spares `check` the layout is never above the cap
    /// height measured, whatever the text, shape, border or size.
    @Test func theFloorIsBelowTheMeasuredCapHeight() throws {
        let cases = [
            "text: AB", "text: {initials: Mona Weiss}", "text: {content: WWWWWWWW, size: 300}", "text: {content: ÉÅÇ}",
            "shape: square\ntext: {content: ACME}", "shape: roundRect\ntext: {content: Hi 9}", "text: {content: MW, size: 12}",
            "border: {width: \"40%\", color: white}\ntext: {content: QW}", "size: 16\ntext: {content: ACME}",
            "text: {content: \"Ящик Ω\"}", "text: {content: \"東京 A\"}", "text: {content: x, font: {family: Noto Sans, weight: 400}}",
        ]
        for yaml in cases {
            let root = try Self.project(yaml + "\n")
            defer { try? FileManager.default.removeItem(atPath: root) }
            let (trees, project) = try Self.trees(root)
            let floor = try #require(CapHeightBound.floor(trees.light), "\(yaml)")
            let measured = try #require(TextSizeCheck.capHeight(of: try Renderer(catalog: project.fonts).measure(trees.light), pixels: trees.light.size))
            #expect(floor > 0 && floor <= measured, "\(yaml): floor \(floor) over \(measured)")
        }
        // Caseless text (a dash, CJK alone) gets no floor: it is always measured.
        let dash = try Self.project("text: {content: \"—\"}\n")
        defer { try? FileManager.default.removeItem(atPath: dash) }
        #expect(CapHeightBound.floor(try Self.trees(dash).0.light) == nil)
    }

    /// The catalog's W004 examples (measured on pixels, so not in the
    /// front end's `CatalogExampleTests`) do what they claim.
    @Test func catalogExamples() throws {
        let entry = DiagnosticCode.W004.explanation
        for (example, fixed) in [(entry.failing, false), (entry.fixed, true)] {
            let root = try Self.project(example)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let gives = PixelContrastTests.run(root).diagnostics.contains { $0.code == .W004 }
            #expect(gives != fixed, "\(fixed ? "fixed" : "failing") example")
        }
    }
}
