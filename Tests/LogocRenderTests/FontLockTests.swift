import Dispatch
import Foundation
import Testing
import LogocCore
import LogocFonts
import LogocRenderTree
@testable import LogocRender

/// Cairo keeps ten FreeType faces open per process and closes one when it
/// opens another; two renderers laying out and drawing text in more than
/// ten faces at once crashed the process (about one showcase build in ten)
/// until every use of fonts took the font lock (`FontSystem`). This drives two renderers
/// through sixteen faces in opposite orders, so faces are opened and closed
/// all the time on both threads; without the lock it crashes the test run.
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
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            do {
                let renderer = try Renderer(catalog: catalog)
                for round in 0..<600 {
                    // Opposite orders and a new size every time: no layout is reused.
                    let index = thread == 0 ? round : Self.texts.count * 40 - round
                    let tree = Self.tree(index, size: 20 + Double(round % 50) + Double(thread) / 2)
                    _ = try renderer.png(tree, scale: 1)
                }
            } catch {
                failures.add()
            }
        }
        #expect(failures.value == 0)
    }
}

/// A thread-safe count of failures.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// The font lock is not recursive, so a font object that goes away inside a
/// locked section (a layout measured and dropped) cannot free itself there:
/// the font system frees it when the section ends, in the order retired,
/// and at once when nothing holds the lock.
struct FontSystemTests {
    final class Log: @unchecked Sendable {
        // @unchecked: used by one thread.
        var lines: [String] = []
    }

    @Test func retiredInsideASectionIsFreedWhenItEnds() {
        let system = FontSystem()
        let log = Log()
        system.locked {
            system.retire { log.lines.append("layout") }
            system.retire { log.lines.append("session") }
            log.lines.append("body ends")
        }
        #expect(log.lines == ["body ends", "layout", "session"])
        system.retire { log.lines.append("outside") }
        #expect(log.lines == ["body ends", "layout", "session", "outside"])
    }

    /// A real layout made and dropped inside a section: before, its deinit
    /// took the lock again (it had to be recursive).
    @Test func aLayoutDroppedInsideASectionDoesNotDeadlock() throws {
        let catalog = RendererTests.catalog
        let session = try FontSession(catalog: catalog)
        let run = TextRun(text: "Ab", font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: .pixels(40),
                          safeArea: .rect(Rect(x: 0, y: 0, width: 128, height: 128)), color: .fixed(.black), minimumContrast: nil)
        let width = try FontSystem.shared.locked { () throws(RenderError) -> Double in
            let layout = try TextLayout(run, session: session, catalog: catalog)
            return layout.inkBox.width
        }
        #expect(width > 0)
    }
}
