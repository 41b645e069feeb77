import Foundation
import LogocCore

/// A run's diagnostics once they outgrow a budget: sorted runs in an
/// unlinked temporary file, merged at the end into one stream in the order
/// `normalized().cappingViaNotes()` gives the whole list (issue 21: `check`
/// of 100,000 mixed specs kept every diagnostic, and the text of every
/// spec file one quotes, to its end — most of its 225 MB).
///
/// Below the budget nothing touches the disk and the run's report holds
/// the list as before (`finish` gives it back). Over it, each full batch is
/// normalized (sorted, repeats merged with their `via` notes) and written
/// as a run, each diagnostic with the text of the file it quotes (once per
/// file in a run, only when it changes). The merge takes, from every run's
/// head, the diagnostics equal in everything `<` compares before the notes
/// (file, place, code, message, help): `<` orders by those first, so
/// normalizing each such group alone gives the order and the merged `via`
/// notes that normalizing the whole list gives; `via` notes are capped
/// only there, once the group is whole.
///
/// Nothing fails a run: a temporary file that cannot be made or written
/// keeps the batch in memory; a run that cannot be read back is a machine
/// failure of the run (`failure`), never a silent gap in its output.
public struct DiagnosticSpool {
    /// Bytes of diagnostics and quoted texts kept in memory before a batch
    /// goes to a run (an estimate: strings' bytes and a fixed overhead).
    let budget: Int
    private var pending: [Diagnostic] = []
    private var sources: [String: SourceFile] = [:]
    private var pendingBytes = 0
    private var file: SpoolFile?
    /// Each run's bytes in `file`.
    private var runs: [Range<Int>] = []
    /// Why the spool could not be read back, when it could not.
    private(set) var failure: String?

    /// 16 MiB: a check of 10,000 mixed specs (about 5,000 diagnostics)
    /// stays in memory, as before; one of 100,000 writes a few runs.
    public static let defaultBudget = 16 << 20

    init(budget: Int = DiagnosticSpool.defaultBudget) { self.budget = budget }

    /// Takes a chunk's diagnostics and the texts they quote.
    mutating func add(_ taken: (diagnostics: [Diagnostic], sources: [String: SourceFile])) {
        let (diagnostics, new) = taken
        for diagnostic in diagnostics { pendingBytes += Self.estimate(diagnostic) }
        pending += diagnostics
        for (path, source) in new {
            if sources.updateValue(source, forKey: path) == nil { pendingBytes += 2 * source.text.utf8.count + 64 }
        }
        if pendingBytes > budget { writeRun() }
    }

    /// What the run reports: the whole list in memory when it never
    /// outgrew the budget, else the merged stream on disk.
    mutating func finish() -> (diagnostics: [Diagnostic], sources: [String: SourceFile], spooled: SpooledDiagnostics?) {
        if runs.isEmpty {
            defer { (pending, sources) = ([], [:]) }
            return (pending.normalized().cappingViaNotes(), sources, nil)
        }
        if !pending.isEmpty { writeRun() }
        // A batch that could not be written stays in memory: it joins the merge as one more run.
        let memory = pending.normalized()
        let memorySources = sources
        (pending, sources) = ([], [:])
        guard let file, let merged = SpoolFile() else {
            failure = "the diagnostics could not be written to a temporary file"
            return ([], [:], nil)
        }
        var readers = runs.map { RunReader(file: file, range: $0) }
        readers.append(RunReader(memory: memory, sources: memorySources))
        var writer = RunWriter(file: merged)
        var errors = 0, warnings = 0
        while true {
            // The smallest head, by everything but the notes.
            var least: Diagnostic?
            for reader in readers {
                guard let head = reader.head else { continue }
                if let current = least, !Self.precedesIgnoringNotes(head, current) { continue }
                least = head
            }
            guard let least else { break }
            var group: [Diagnostic] = []
            var source: SourceFile?
            for i in readers.indices {
                while let head = readers[i].head, !Self.precedesIgnoringNotes(least, head) {
                    if source == nil { source = readers[i].source }
                    group.append(head)
                    readers[i].advance()
                }
            }
            for diagnostic in group.normalized().cappingViaNotes() {
                if diagnostic.isError { errors += 1 } else if diagnostic.severity == .warning { warnings += 1 }
                writer.write(diagnostic, source: source)
            }
        }
        let size = writer.size
        if let reason = readers.lazy.compactMap(\.failure).first ?? writer.failure {
            failure = reason
            return ([], [:], nil)
        }
        return ([], [:], SpooledDiagnostics(file: merged, range: 0..<size, errorCount: errors, warningCount: warnings))
    }

    /// `a < b` by file, place, code, message and help — what `Diagnostic`'s
    /// `<` compares before the notes (a note-less copy has nothing after).
    static func precedesIgnoringNotes(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        var (x, y) = (a, b)
        (x.notes, y.notes) = ([], [])
        return x < y
    }

    /// Sorts the batch in memory and writes it as a run; a batch that
    /// cannot be written stays in memory.
    private mutating func writeRun() {
        if file == nil { file = SpoolFile() }
        guard let file else { return }
        let start = file.size
        var writer = RunWriter(file: file)
        for diagnostic in pending.normalized() { writer.write(diagnostic, source: diagnostic.span.flatMap { sources[$0.file] }) }
        writer.flush()
        guard writer.failure == nil else {
            file.cut(to: start)
            // Not tried again for every chunk: the next batch waits for twice the size.
            pendingBytes = -pendingBytes
            return
        }
        runs.append(start..<file.size)
        (pending, sources, pendingBytes) = ([], [:], 0)
    }

    /// Bytes a diagnostic holds, roughly: its strings and a fixed overhead.
    private static func estimate(_ d: Diagnostic) -> Int {
        let notes = d.notes.reduce(0) { $0 + 64 + $1.message.utf8.count + ($1.span?.file.utf8.count ?? 0) }
        return 200 + d.message.utf8.count + (d.help?.utf8.count ?? 0) + (d.span?.file.utf8.count ?? 0) + notes
    }
}

/// A run's diagnostics merged and in their final order, in an unlinked
/// temporary file: what `check` prints, read one diagnostic at a time.
public struct SpooledDiagnostics: Sendable {
    fileprivate let file: SpoolFile
    fileprivate let range: Range<Int>
    public let errorCount: Int
    public let warningCount: Int

    /// Each diagnostic in order, with the text of the file its place is in
    /// (nil when the run did not read it). Stops early, returning the
    /// reason, when the file cannot be read back.
    @discardableResult
    public func forEach(_ body: (Diagnostic, SourceFile?) -> Void) -> String? {
        var reader = RunReader(file: file, range: range)
        while let head = reader.head {
            body(head, reader.source)
            reader.advance()
        }
        return reader.failure
    }
}

/// An unlinked temporary file (in `TMPDIR`): nothing is left behind, even
/// by a kill. Appended to by one owner; read from anywhere (`storage`).
final class SpoolFile: Sendable {
    let storage: GroupFile
    private let fd: Int32
    private let written = Locked(0)

    init?() {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent(".logoc-spool-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return nil }
        unlink(String(cString: template))
        self.fd = fd
        storage = GroupFile(descriptor: fd)
    }

    /// Bytes in the file.
    var size: Int { written.withLock { $0 } }

    /// Appends `bytes`; the reason when they could not all be written.
    func append(_ bytes: [UInt8]) -> String? {
        written.withLock { size in
            if let reason = AtomicFile.writeAll([bytes[...]], to: fd) { return reason }
            size += bytes.count
            return nil
        }
    }

    /// Drops what was written from `offset` on (a run cut short).
    func cut(to offset: Int) {
        written.withLock { size in
            _ = ftruncate(fd, off_t(offset))
            _ = lseek(fd, off_t(offset), SEEK_SET)
            size = offset
        }
    }
}

/// Writes records: a 4-byte length, the diagnostic, then whether the file
/// it quotes is the previous record's (1), has its text here (2) or none (0).
private struct RunWriter {
    let file: SpoolFile
    private var buffer: [UInt8] = []
    private var lastFile: String?
    private var lastSourced = false
    private(set) var failure: String?
    private let start: Int

    init(file: SpoolFile) {
        self.file = file
        start = file.size
    }

    /// Bytes written so far, with what is still buffered.
    var size: Int {
        mutating get {
            flush()
            return file.size
        }
    }

    mutating func write(_ diagnostic: Diagnostic, source: SourceFile?) {
        var record = ByteWriter()
        record.diagnostics([diagnostic])
        let path = diagnostic.span?.file
        if path != nil, path == lastFile, lastSourced || source == nil {
            record.integer(1)
        } else if let source {
            record.integer(2)
            record.string(source.text)
            lastSourced = true
        } else {
            record.integer(0)
            lastSourced = false
        }
        lastFile = path
        let count = UInt32(truncatingIfNeeded: record.bytes.count)
        buffer += withUnsafeBytes(of: count.littleEndian) { Array($0) }
        buffer += record.bytes
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        if failure == nil { failure = file.append(buffer) }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads one run (or a list in memory) record by record through a 64 KiB window.
private struct RunReader {
    private enum Source {
        case file(GroupFile, Range<Int>)
        case memory([Diagnostic], [String: SourceFile])
    }

    private let origin: Source
    private var offset: Int
    private var window: ArraySlice<UInt8> = []
    private(set) var head: Diagnostic?
    private(set) var source: SourceFile?
    private(set) var failure: String?

    init(file: SpoolFile, range: Range<Int>) {
        origin = .file(file.storage, range)
        offset = range.lowerBound
        advance()
    }

    init(memory: [Diagnostic], sources: [String: SourceFile]) {
        origin = .memory(memory, sources)
        offset = 0
        advance()
    }

    mutating func advance() {
        head = nil
        switch origin {
        case .memory(let list, let sources):
            guard offset < list.count else { return }
            head = list[offset]
            source = list[offset].span.flatMap { sources[$0.file] }
            offset += 1
        case .file(let file, let range):
            guard offset < range.upperBound, failure == nil else { return }
            guard let length = bytes(4, file: file, end: range.upperBound) else { return }
            let count = length.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
            guard let record = bytes(count, file: file, end: range.upperBound) else { return }
            var reader = ByteReader(record)
            let list = reader.diagnostics()
            let kind = reader.integer()
            var text: String?
            if kind == 2 { text = reader.string() }
            guard !reader.failed, list.count == 1, let diagnostic = list.first, kind <= 2 else {
                failure = "the diagnostics written to a temporary file could not be read back"
                return
            }
            if let text, let path = diagnostic.span?.file {
                source = SourceFile(path: path, text: text)
            } else if kind == 0 {
                source = nil
            }
            head = diagnostic
        }
    }

    /// The next `count` bytes of the run, read through the window.
    private mutating func bytes(_ count: Int, file: GroupFile, end: Int) -> ArraySlice<UInt8>? {
        if window.count < count {
            let read = max(count - window.count, 1 << 16)
            guard let more = file.readSome(at: offset + window.count, count: min(read, end - offset - window.count)),
                  window.count + more.count >= count else {
                failure = "the diagnostics written to a temporary file could not be read back"
                return nil
            }
            window = window.isEmpty ? more : ArraySlice(Array(window) + more)
        }
        let out = window.prefix(count)
        window = window.dropFirst(count)
        offset += count
        return ArraySlice(out)
    }
}
