import CCairo
import CPango
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LogocCore
import LogocFonts
import LogocImageIO
import LogocRender
import LogocRenderTree

/// The benchmark's floor (`logoc-bench-floor`, see docs/performance.md):
/// the corpus's gradient+initials avatars drawn straight with Cairo and
/// Pango and encoded with the same `PNGEncoder` as `logoc build` — no YAML,
/// no validation, no contrast measurement, no cache, no manifest. What
/// `logoc build` spends beyond this loop is the price of being a compiler.
///
/// The avatars are a pure function of their index, the same one
/// `bench/make_corpus.py` writes as specs, and the pixels are the same as
/// `logoc build` draws from those specs (the bench compares the files).
/// It draws with LogocRender's own font session, canvas and text
/// measurements (their `package` API), so its text sits where logoc's does.
public enum Floor {
    /// One avatar: a circle, a two-stop linear gradient at `angle`, two
    /// white initials in Inter Bold at `textFraction` of the canvas.
    public struct Avatar: Sendable, Equatable {
        public let name: String
        public let from: (r: UInt8, g: UInt8, b: UInt8)
        public let to: (r: UInt8, g: UInt8, b: UInt8)
        public let initials: String

        public static func == (a: Avatar, b: Avatar) -> Bool {
            a.name == b.name && a.initials == b.initials && a.from == b.from && a.to == b.to
        }
    }

    /// CSS angle of every gradient (towards the bottom right).
    public static let angle = 135.0
    /// Text size as a fraction of the canvas: 160 px at 512.
    public static let textFraction = 0.3125

    /// splitmix64, as `bench/make_corpus.py` computes it.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Avatar `index`: channels 0–127 (white text reaches at least 4:1),
    /// letters A–Z.
    public static func avatar(_ index: Int) -> Avatar {
        let h = mix(UInt64(index) &* 2 &+ 1)
        func channel(_ shift: UInt64) -> UInt8 { UInt8((h >> shift) & 0x7F) }
        let from = (channel(0), channel(8), channel(16))
        var to = (channel(24), channel(32), channel(40))
        if from == to { to.2 ^= 1 }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let initials = String([letters[Int((h >> 48) % 26)], letters[Int((h >> 56) % 26)]])
        return Avatar(name: String(format: "gi%05d", index), from: from, to: to, initials: initials)
    }

    /// What one run did. Times are summed over threads, in milliseconds.
    public struct Report: Sendable {
        public var count = 0
        public var pngBytes = 0
        public var drawMs = 0.0
        public var encodeMs = 0.0
        public var writeMs = 0.0
        /// With `compareCairo`: Cairo's own writer on the same surfaces.
        public var cairoPNGBytes = 0
        public var cairoEncodeMs = 0.0

        public var json: String {
            var fields = [
                "\"count\": \(count)", "\"pngBytes\": \(pngBytes)",
                "\"drawMs\": \(String(format: "%.2f", drawMs))", "\"encodeMs\": \(String(format: "%.2f", encodeMs))",
                "\"writeMs\": \(String(format: "%.2f", writeMs))",
            ]
            if cairoPNGBytes > 0 {
                fields += ["\"cairoPNGBytes\": \(cairoPNGBytes)", "\"cairoEncodeMs\": \(String(format: "%.2f", cairoEncodeMs))"]
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }

        mutating func add(_ other: Report) {
            count += other.count
            pngBytes += other.pngBytes
            drawMs += other.drawMs
            encodeMs += other.encodeMs
            writeMs += other.writeMs
            cairoPNGBytes += other.cairoPNGBytes
            cairoEncodeMs += other.cairoEncodeMs
        }
    }

    /// Draws and writes avatars 0..<count as `DIR/giNNNNN.png` on `jobs`
    /// threads. With `compareCairo`, each surface is also encoded by
    /// `cairo_surface_write_to_png_stream` into `DIR/cairo/` (timed
    /// separately; not part of the floor).
    public static func run(count: Int, size: Int, directory: String, jobs: Int, compareCairo: Bool) throws(RenderError) -> Report {
        let cairoDirectory = (directory as NSString).appendingPathComponent("cairo")
        do {
            try FileManager.default.createDirectory(atPath: compareCairo ? cairoDirectory : directory, withIntermediateDirectories: true)
        } catch {
            throw .environment("cannot create '\(directory)': \(error.localizedDescription)")
        }
        let catalog = FontCatalog()
        let shared = Shared(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            var report = Report()
            do throws(RenderError) {
                let session = try FontSession(catalog: catalog)
                let run = TextRun(text: "AB", font: FontChoice(family: FontCatalog.defaultFamily, file: nil, weight: 700, italic: false),
                                  size: .pixels(Double(size) * textFraction), safeArea: .rect(Rect(x: 0, y: 0, width: 1, height: 1)),
                                  color: .fixed(.white), minimumContrast: nil)
                let family = session.families(for: run).joined(separator: ",")
                let compressor: PNGEncoder.Compressor
                do throws(ImageError) { compressor = try PNGEncoder.Compressor() } catch { throw .environment("PNG encoding failed: \(error.message)") }
                // One canvas, cleared for each avatar, as a renderer reuses its own.
                let surface = try ImageSurface(width: size, height: size)
                while let i = shared.take() {
                    let avatar = Self.avatar(i)
                    var t = DispatchTime.now()
                    guard surface.reset() else { throw .environment("cairo could not clear the canvas") }
                    try draw(avatar, size: size, on: surface, session: session, family: family)
                    report.drawMs += lap(&t)
                    // Encoded from the canvas's own memory, as `Renderer.png` does.
                    let png = try surface.withPixels { pixels throws(RenderError) -> [UInt8] in
                        do throws(ImageError) { return try PNGEncoder.encode(pixels, using: compressor) } catch {
                            throw .environment("PNG encoding failed: \(error.message)")
                        }
                    }
                    report.encodeMs += lap(&t)
                    try save(png, to: (directory as NSString).appendingPathComponent(avatar.name + ".png"))
                    report.writeMs += lap(&t)
                    report.count += 1
                    report.pngBytes += png.count
                    if compareCairo {
                        let cairo = try cairoPNG(surface.surface)
                        report.cairoEncodeMs += lap(&t)
                        report.cairoPNGBytes += cairo.count
                        try save(cairo, to: (cairoDirectory as NSString).appendingPathComponent(avatar.name + ".png"))
                    }
                }
            } catch {
                shared.fail(error)
            }
            shared.add(report)
        }
        return try shared.result()
    }

    /// Draws one avatar on a clear `surface` of `size` pixels.
    static func draw(_ avatar: Avatar, size: Int, on surface: ImageSurface, session: FontSession, family: String) throws(RenderError) {
        let edge = Double(size)
        let cr = surface.context
        // CSS-style linear gradient (as Resolver.linearLine) painted whole,
        // then cut to the circle (DEST_IN): the fastest way to these pixels
        // (see Painter.drawBackground).
        cairo_save(cr)
        let radians = angle * .pi / 180
        let dx = sin(radians), dy = -cos(radians)
        let half = (abs(edge * dx) + abs(edge * dy)) / 2
        guard let pattern = cairo_pattern_create_linear(edge / 2 - dx * half, edge / 2 - dy * half, edge / 2 + dx * half, edge / 2 + dy * half) else {
            throw .environment("cairo could not create a gradient")
        }
        cairo_pattern_add_color_stop_rgba(pattern, 0, Double(avatar.from.r) / 255, Double(avatar.from.g) / 255, Double(avatar.from.b) / 255, 1)
        cairo_pattern_add_color_stop_rgba(pattern, 1, Double(avatar.to.r) / 255, Double(avatar.to.g) / 255, Double(avatar.to.b) / 255, 1)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
        cairo_new_path(cr)
        cairo_arc(cr, edge / 2, edge / 2, edge / 2, 0, 2 * .pi)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_restore(cr)

        // The initials, centred on their ink, filled as outlines (under the
        // font session's lock, as the renderer's text is).
        try session.locked { () throws(RenderError) in try drawInitials(avatar.initials, edge: edge, on: cr, session: session, family: family) }
    }

    private static func drawInitials(_ initials: String, edge: Double, on cr: OpaquePointer, session: FontSession, family: String) throws(RenderError) {
        guard let layout = pango_layout_new(session.context) else { throw .environment("Pango could not create a layout") }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PANGO_WEIGHT_BOLD)
        pango_font_description_set_style(description, PANGO_STYLE_NORMAL)
        // Laid out at the reference size and drawn scaled, as `TextLayout`
        // lays out and draws.
        pango_font_description_set_absolute_size(description, TextLayout.referenceSize * Double(PANGO_SCALE))
        initials.withCString { pango_layout_set_text(layout, $0, -1) }
        pango_layout_set_font_description(layout, description)
        // Centred as `TextLayout` centres: across on the outlines' exact
        // extent, down on the cap height.
        guard let reference = OutlineInk.box(of: layout, session: session) else { throw .environment("Pango laid out no outlines for '\(initials)'") }
        let font = FontChoice(family: FontCatalog.defaultFamily, file: nil, weight: 700, italic: false)
        let size = edge * textFraction
        let k = size / TextLayout.referenceSize
        let ink = reference.scaled(by: k)
        let capHeight = (TextLayout.bandHeight(.capHeight, families: [family], font: font, session: session) ?? 0) * k
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) * k
        let x = edge / 2 - (ink.x + ink.width / 2)
        let y = capHeight > 0 ? edge / 2 - (baseline - capHeight / 2) : edge / 2 - (ink.y + ink.height / 2)
        cairo_save(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_translate(cr, x, y)
        cairo_scale(cr, k, k)
        cairo_move_to(cr, 0, 0)
        pango_cairo_layout_path(cr, layout)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Cairo's own PNG writer on a surface, in memory.
    static func cairoPNG(_ surface: OpaquePointer) throws(RenderError) -> [UInt8] {
        let sink = VectorSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let status = cairo_surface_write_to_png_stream(surface, VectorSink.write, box.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .environment("cairo could not write a PNG") }
        return sink.bytes
    }

    static func save(_ bytes: [UInt8], to path: String) throws(RenderError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .environment("cannot write '\(path)'") }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            guard n > 0 else { throw .environment("cannot write '\(path)'") }
            done += n
        }
    }

    static func lap(_ t: inout DispatchTime) -> Double {
        let now = DispatchTime.now()
        defer { t = now }
        return Double(now.uptimeNanoseconds - t.uptimeNanoseconds) / 1e6
    }

    /// The work counter and the merged reports.
    final class Shared: Sendable {
        private struct State {
            var next = 0
            var report = Report()
            var error: RenderError?
        }
        private let count: Int
        private let state = Locked(State())

        init(count: Int) { self.count = count }

        func take() -> Int? {
            state.withLock { state in
                guard state.next < count, state.error == nil else { return nil }
                state.next += 1
                return state.next - 1
            }
        }

        func add(_ part: Report) {
            state.withLock { $0.report.add(part) }
        }

        func fail(_ e: RenderError) {
            state.withLock { if $0.error == nil { $0.error = e } }
        }

        func result() throws(RenderError) -> Report {
            try state.withLock { state throws(RenderError) -> Report in
                if let error = state.error { throw error }
                return state.report
            }
        }
    }
}
