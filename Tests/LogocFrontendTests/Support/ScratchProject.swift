import Foundation
@testable import LogocFrontend
import LogocCore

/// A throw-away project folder: write files, check a spec, look at the result.
struct ScratchProject {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "logoc-scratch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `text` at `path` below the root, creating folders.
    func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    /// Checks the spec at `path` (relative to the root, shown as written).
    func check(_ path: String) -> FileCheck {
        let project = Project.load(root: root)
        return SpecChecker(project: project).check(SpecInput(path: root + "/" + path, displayPath: path,
                                                              outputFolder: (path as NSString).deletingLastPathComponent))
    }

    /// Writes `spec.yaml` and checks it.
    func check(spec text: String) throws -> FileCheck {
        try write("spec.yaml", text)
        return check("spec.yaml")
    }
}

extension FileCheck {
    /// `CODE@line:column` for each diagnostic, in order: compact for `#expect`.
    var summary: [String] {
        diagnostics.map { d in "\(d.code.rawValue)@\(d.span?.start.line ?? 0):\(d.span?.start.column ?? 0)" }
    }
}
