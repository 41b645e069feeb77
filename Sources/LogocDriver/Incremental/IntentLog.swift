import Foundation
import LogocCore
import LogocFrontend

/// `DIR/.logoc-intent`: the outputs a build is about to write, recorded
/// before it writes them. The manifest and cache learn of a build's new files
/// only at its end, so a build killed after drawing (a renamed spec's new
/// outputs, say) left files that no later build or `clean` knew were logoc's.
/// With the log they are still logoc's: the next build that runs to its end
/// removes those no spec writes any more, through `OutputRemoval` (a file
/// whose bytes are not what the log recorded is kept), and `clean` removes
/// them all. A build that finishes removes the log.
///
/// One line per output, `<sha256>\t<path>`, appended with `O_APPEND` (a
/// line per spec, all its outputs at once, in one `write`). A kill leaves at
/// worst a last line cut short, which is skipped when read.
final class IntentLog: Sendable {
    static let fileName = ".logoc-intent"

    private let path: String
    /// The log's descriptor, opened on first use (-1 before); each record
    /// is one `write` under the box's lock.
    private let fd = Locked<Int32>(-1)

    init(directory: String) {
        path = (directory as NSString).appendingPathComponent(Self.fileName)
    }

    deinit { fd.withLock { if $0 >= 0 { close($0) } } }

    /// Records `outputs` (path relative to the output folder, SHA-256 of the
    /// bytes about to be written) before they are written. The file is made
    /// on first use, so a build that writes nothing leaves no trace.
    func record(_ outputs: [(path: String, sha256: String)]) throws {
        guard !outputs.isEmpty else { return }
        var text = ""
        for (output, sha256) in outputs where OutputRemoval.isPlain(output) && !output.contains("\n") {
            text += sha256 + "\t" + output + "\n"
        }
        let bytes = Array(text.utf8)
        try fd.withLock { (fd: inout Int32) throws(AtomicFile.Failure) in
            if fd < 0 {
                fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
                guard fd >= 0 else { throw AtomicFile.Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
            }
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw AtomicFile.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        }
    }

    /// What an earlier build recorded and did not see to its end: path →
    /// SHA-256 (the last recorded for a path). Lines that are cut short or
    /// whose path is not plain are skipped.
    static func leftovers(in directory: String) -> [String: String] {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard case .success(let bytes) = FileReader.read(path, limit: 1 << 40) else { return [:] }
        var entries: [String: String] = [:]
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            guard let tab = line.firstIndex(of: 0x09), tab - line.startIndex == 64 else { continue }
            let sha256 = String(decoding: line[..<tab], as: UTF8.self)
            let output = String(decoding: line[(tab + 1)...], as: UTF8.self)
            guard sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }), OutputRemoval.isPlain(output) else { continue }
            entries[output] = sha256
        }
        return entries
    }

    /// Removes the log once the build it belongs to has finished.
    static func remove(in directory: String) {
        unlink((directory as NSString).appendingPathComponent(fileName))
    }
}
