import CCairo
import CPango
import Dispatch
import Foundation
import Testing
import LogocCore
import LogocFonts
import LogocRenderTree
@testable import LogocRender

/// Cairo 1.16 keeps ten FreeType faces open per process and closes one when
/// it opens another, without the lock of the font that owns it; two
/// renderers laying out and drawing text in more than ten font files at
/// once crashed the process (about one showcase build in ten). A
/// process-wide font lock kept them apart; now each session draws with
/// FreeType faces logoc holds for it (`FreeTypeFaces`), which Cairo never
/// closes, and takes only its own lock. This drives two renderers through
/// sixteen faces of thirteen files in opposite orders, on two threads at
/// once, so faces are asked for all the time on both; when Cairo still
/// shared and closed faces, without the lock, it crashed the test run.
struct FontLockTests {
    static let texts: [(String, weight: Int, italic: Bool)] = [
        ("Ab", 400, false), ("Ab", 700, false), ("Ab", 400, true), ("Ab", 700, true), ("Ab", 300, false), ("Ab", 900, false),
        ("مرحبا", 400, false), ("مرحبا", 700, false), ("שלום", 400, false), ("שלום", 700, false),
        ("नमस्ते", 400, false), ("नमस्ते", 700, false), ("漢字", 400, false), ("漢字", 700, false), ("한글", 400, false), ("😀", 400, false),
    ]

    static func tree(_ index: Int, size: Double) -> RenderTree {
        let (text, weight, italic) = texts[index % texts.count]
        let run = TextRun(text: text, font: FontChoice(family: "Noto Sans", file: nil, weight: weight, italic: italic), size: .pixels(size),
                          safeArea: .rect(Rect(x: 8, y: 8, width: 112, height: 112)), color: .fixed(.white), minimumContrast: nil)
        return RenderTree(size: 128, shape: .square, background: .solid(RGBA(rgb: 0x3949AB)), border: nil, text: run)
    }

    @Test func twoRenderersThroughSixteenFacesAtOnce() throws {
        let catalog = FontCatalog()
        let failures = Counter()
        let files = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            do {
                let renderer = try Renderer(catalog: catalog)
                for round in 0..<600 {
                    // Opposite orders and a new size every time: no layout is reused.
                    let index = thread == 0 ? round : Self.texts.count * 40 - round
                    let tree = Self.tree(index, size: 20 + Double(round % 50) + Double(thread) / 2)
                    _ = try renderer.png(tree, scale: 1)
                }
                if thread == 0 { for _ in 0..<renderer.session.fileCount { files.add() } }
            } catch {
                failures.add()
            }
        }
        #expect(failures.value == 0)
        // More files than Cairo's ten open faces, or the test shows nothing.
        #expect(files.value > 10)
    }

    /// The face a layout's first glyph is drawn with, as Cairo holds it.
    static func face(of layout: TextLayout) throws -> UnsafeMutableRawPointer {
        let line = try #require(pango_layout_get_line_readonly(layout.layout, 0))
        let run = try #require(line.pointee.runs?.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self))
        let font = try #require(run.pointee.item?.pointee.analysis.font)
        let scaled = try #require(pango_cairo_font_get_scaled_font(OpaquePointer(font)))
        let face = try #require(cairo_ft_scaled_font_lock_face(scaled))
        cairo_ft_scaled_font_unlock_face(scaled)
        return UnsafeMutableRawPointer(face)
    }

    static let interBold = TextRun(text: "Ab", font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: .pixels(40),
                                   safeArea: .rect(Rect(x: 0, y: 0, width: 128, height: 128)), color: .fixed(.black), minimumContrast: nil)

    /// Sets of faces of these tests' own, so that the counts are theirs. Kept
    /// for the process's life, as the shared one is: Cairo may still hold
    /// their faces after the tests.
    static let ownSets = FaceSets()
    static let followingSets = FaceSets()

    /// Two sessions draw the same font file with two FreeType faces, each
    /// the session's own: nothing Cairo holds for one is used by the other.
    /// (Found by file name, Cairo gave both the one face it had open.)
    @Test func sessionsDrawWithFacesOfTheirOwn() throws {
        let catalog = RendererTests.catalog
        let sets = Self.ownSets
        let first = try FontSession(catalog: catalog, faceSets: sets)
        let second = try FontSession(catalog: catalog, faceSets: sets)
        let a = try first.locked { () throws -> UnsafeMutableRawPointer in try Self.face(of: TextLayout(Self.interBold, session: first)) }
        let b = try second.locked { () throws -> UnsafeMutableRawPointer in try Self.face(of: TextLayout(Self.interBold, session: second)) }
        #expect(a != b)
        let bold = try #require(catalog.faces(ofFamily: "Inter").first { $0.path.hasSuffix("/Inter-Bold.otf") })
        #expect(a == first.faces.face(path: bold.path, index: Int(bold.index)).map { UnsafeMutableRawPointer($0) })
        #expect(b == second.faces.face(path: bold.path, index: Int(bold.index)).map { UnsafeMutableRawPointer($0) })
        #expect(sets.count == 2)
    }

    /// A session that ends gives its faces back and the next one draws with
    /// them: sessions made one after another open each face once, however
    /// many there are (faces are kept, never freed: `FreeTypeFaces`).
    @Test func faceSetsAreReusedBySessionsThatFollow() throws {
        let catalog = RendererTests.catalog
        let sets = Self.followingSets
        var faces: [UnsafeMutableRawPointer] = []
        var opened: [Int] = []
        for _ in 0..<5 {
            let session = try FontSession(catalog: catalog, faceSets: sets)
            faces.append(try session.locked { () throws -> UnsafeMutableRawPointer in
                try Self.face(of: TextLayout(Self.interBold, session: session))
            })
            opened.append(session.faces.count)
        }
        #expect(sets.count == 1)
        #expect(Set(faces).count == 1)
        #expect(Set(opened).count == 1 && opened[0] >= 1)
    }
}

/// A thread-safe count of failures.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// The lock is not recursive, so a font object that goes away inside a
/// locked section (a layout measured and dropped) cannot free itself there:
/// the lock frees it when the section ends, in the order retired, and at
/// once when nothing holds the lock.
struct FontSystemTests {
    final class Log: @unchecked Sendable {
        // @unchecked: used by one thread.
        var lines: [String] = []
    }

    @Test func retiredInsideASectionIsFreedWhenItEnds() {
        let lock = FontLock()
        let log = Log()
        lock.locked {
            lock.retire { log.lines.append("layout") }
            lock.retire { log.lines.append("session") }
            log.lines.append("body ends")
        }
        #expect(log.lines == ["body ends", "layout", "session"])
        lock.retire { log.lines.append("outside") }
        #expect(log.lines == ["body ends", "layout", "session", "outside"])
    }

    /// A real layout made and dropped inside a section: before, its deinit
    /// took the lock again (it had to be recursive).
    @Test func aLayoutDroppedInsideASectionDoesNotDeadlock() throws {
        let catalog = RendererTests.catalog
        let session = try FontSession(catalog: catalog)
        let width = try session.locked { () throws(RenderError) -> Double in
            let layout = try TextLayout(Self.run, session: session)
            return layout.inkBox.width
        }
        #expect(width > 0)
    }

    static let run = FontLockTests.interBold
}
