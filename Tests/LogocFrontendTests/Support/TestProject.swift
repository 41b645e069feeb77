import Foundation
import LogocCore
import LogocFrontend
import Testing

/// A throwaway project folder: a fresh directory under the system's temporary
/// folder, removed when the value goes away. Specs are checked with the
/// folder as the project root, so diagnostics name files by their path below
/// it (`spec.yaml`, `team/jane.yaml`), as `logoc check` run there would.
final class TestProject {
    /// Absolute path of the project root.
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        root = (base as NSString).appendingPathComponent("logoc-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The absolute path of `relative` below the root.
    func path(_ relative: String) -> String {
        (root as NSString).appendingPathComponent(relative)
    }

    /// Writes UTF-8 text to `relative`, creating folders as needed.
    func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    /// Writes raw bytes to `relative`, creating folders as needed.
    func write(_ relative: String, bytes: [UInt8]) throws {
        let absolute = path(relative)
        try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: absolute))
    }

    /// Creates a symbolic link at `relative` pointing at `destination` (used as given).
    func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// The project as `logoc` would load it with `--root` at this folder.
    func load() -> Project {
        Project.load(root: root)
    }

    /// The input for the spec file `relative`, shown as `relative` in diagnostics.
    func input(_ relative: String) -> SpecInput {
        let folder = (relative as NSString).deletingLastPathComponent
        return SpecInput(path: path(relative), displayPath: relative, outputFolder: folder)
    }

    /// Runs the front end on the spec file `relative`.
    func check(_ relative: String = "spec.yaml") -> FileCheck {
        SpecChecker(project: load()).check(input(relative))
    }

    /// Writes `yaml` as `spec.yaml` (and `config` as `logoc.yaml`, and any
    /// other `files`) into a fresh project and checks `spec.yaml`.
    static func check(_ yaml: String, config: String? = nil, files: [String: String] = [:]) throws -> FileCheck {
        let project = try TestProject()
        try project.write("spec.yaml", yaml)
        if let config { try project.write("logoc.yaml", config) }
        for (path, text) in files { try project.write(path, text) }
        return project.check()
    }
}

// MARK: - Markers

/// YAML with position markers: each `1️⃣`, `2️⃣`, … (a digit, U+FE0F, U+20E3)
/// is removed and its place recorded as the line and column (1-based, in
/// Unicode scalars, lines broken as libyaml breaks them) of the character
/// that followed it.
struct MarkedSource {
    /// The text without markers.
    let text: String
    /// Each marker and the position it marked.
    let positions: [String: SourcePosition]

    init(_ source: String) {
        var text = String.UnicodeScalarView()
        var positions: [String: SourcePosition] = [:]
        let scalars = Array(source.unicodeScalars)
        var line = 1, column = 1
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if ("0"..."9").contains(s), i + 2 < scalars.count, scalars[i + 1] == "\u{FE0F}", scalars[i + 2] == "\u{20E3}" {
                let marker = String(String.UnicodeScalarView(scalars[i...(i + 2)]))
                precondition(positions[marker] == nil, "marker \(marker) is used twice")
                positions[marker] = SourcePosition(line: line, column: column)
                i += 3
                continue
            }
            text.append(s)
            // Lines as YAML 1.1 (libyaml) breaks them: LF, CR LF, CR, NEL, LS, PS.
            // The CR of a CR LF is no break of its own: the LF ends the line.
            let crBeforeLF = s == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n"
            if !crBeforeLF, ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(s) {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        self.text = String(text)
        self.positions = positions
    }
}

/// A diagnostic a test expects: its code, the marker where its span starts
/// and a part of its message; optionally a part of its help and a note.
struct ExpectedDiagnostic {
    var marker: String
    var code: DiagnosticCode
    var message: String
    var help: String?
    var noteMarker: String?
    var note: String?

    init(_ marker: String, _ code: DiagnosticCode, _ message: String, help: String? = nil,
         noteAt noteMarker: String? = nil, note: String? = nil) {
        self.marker = marker
        self.code = code
        self.message = message
        self.help = help
        self.noteMarker = noteMarker
        self.note = note
    }
}

/// Checks `yaml` (markers removed) as `spec.yaml` and asserts exhaustively
/// that exactly the expected diagnostics are reported: same code, same start
/// line and column, and a message containing the given text. Any missing or
/// unexpected diagnostic fails the test.
@discardableResult
func assertDiagnostics(
    _ yaml: String,
    _ expected: [(String, DiagnosticCode, String)],
    config: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> FileCheck? {
    assertDiagnostics(files: ["spec.yaml": yaml], expected.map { ExpectedDiagnostic($0.0, $0.1, $0.2) },
                      config: config, sourceLocation: sourceLocation)
}

/// The full form: several marked files written into one project (markers
/// unique across them), `checking` the spec to run, expectations that may
/// also name help text and notes.
@discardableResult
func assertDiagnostics(
    files: [String: String],
    checking spec: String = "spec.yaml",
    _ expected: [ExpectedDiagnostic],
    config: String? = nil,
    setup: (TestProject) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> FileCheck? {
    let project: TestProject
    var places: [String: (file: String, position: SourcePosition)] = [:]
    do {
        project = try TestProject()
        for (path, source) in files {
            let marked = MarkedSource(source)
            for (marker, position) in marked.positions {
                #expect(places[marker] == nil, "marker \(marker) appears in two files", sourceLocation: sourceLocation)
                places[marker] = (path, position)
            }
            try project.write(path, marked.text)
        }
        if let config { try project.write("logoc.yaml", config) }
        try setup(project)
    } catch {
        Issue.record("could not set up the test project: \(error)", sourceLocation: sourceLocation)
        return nil
    }
    let check = project.check(spec)
    verifyDiagnostics(check.diagnostics, expected, places: places, sourceLocation: sourceLocation)
    return check
}

/// Matches `actual` against `expected` one to one and records an issue for
/// every expectation without a match and every diagnostic left over.
func verifyDiagnostics(
    _ actual: [Diagnostic],
    _ expected: [ExpectedDiagnostic],
    places: [String: (file: String, position: SourcePosition)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var remaining = actual
    for e in expected {
        guard let place = places[e.marker] else {
            Issue.record("marker \(e.marker) is not in the source", sourceLocation: sourceLocation)
            continue
        }
        let index = remaining.firstIndex { d in
            guard d.code == e.code, let span = d.span, span.file == place.file, span.start == place.position,
                  d.message.contains(e.message) else { return false }
            if let help = e.help, !(d.help ?? "").contains(help) { return false }
            if let noteMarker = e.noteMarker {
                guard let notePlace = places[noteMarker] else { return false }
                let found = d.notes.contains { note in
                    note.span?.file == notePlace.file && note.span?.start == notePlace.position
                        && (e.note.map { note.message.contains($0) } ?? true)
                }
                if !found { return false }
            }
            return true
        }
        if let index {
            remaining.remove(at: index)
        } else {
            var wanted = "\(e.code.rawValue) at \(place.file):\(place.position.line):\(place.position.column) (\(e.marker)) with message containing '\(e.message)'"
            if let help = e.help { wanted += ", help containing '\(help)'" }
            if let noteMarker = e.noteMarker { wanted += ", a note at \(noteMarker)" }
            Issue.record("missing diagnostic: \(wanted)\nactual:\n\(listDiagnostics(actual))", sourceLocation: sourceLocation)
        }
    }
    for d in remaining {
        Issue.record("unexpected diagnostic: \(listDiagnostics([d]))", sourceLocation: sourceLocation)
    }
}

/// One line per diagnostic: `file:line:column: code: message [help: …]`.
func listDiagnostics(_ diagnostics: [Diagnostic]) -> String {
    if diagnostics.isEmpty { return "  (none)" }
    return diagnostics.map { d in
        let place = d.span.map { "\($0.file):\($0.start.line):\($0.start.column)" } ?? "-"
        var line = "  \(place): \(d.code.rawValue): \(d.message)"
        if let help = d.help { line += " [help: \(help)]" }
        for note in d.notes {
            line += " [note: \(note.message)"
            if let span = note.span { line += " @ \(span.file):\(span.start.line):\(span.start.column)" }
            line += "]"
        }
        return line
    }.joined(separator: "\n")
}

/// The folder of test fixtures, found from this file's path.
enum TestFixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // LogocFrontendTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")
}
