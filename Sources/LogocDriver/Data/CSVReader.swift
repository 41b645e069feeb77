import LogocCore

/// An RFC 4180 reader that says where each record and field starts, which
/// `build --data` needs for its diagnostics (`people.csv:12:3`) and which
/// the CSV packages looked at do not give: SwiftCSV 0.10.0 and CSV.swift
/// 2.5.2 hand back rows without positions (a record with a quoted line
/// break spans lines, so a row's index is not its line), and libcsv's
/// callbacks give fields and record ends but no offsets. See
/// docs/templates.md.
///
/// Fields are separated by `,` and records by CR LF, LF or CR; a field in
/// double quotes may hold commas, line breaks and `""` for one quote. A
/// UTF-8 byte order mark at the start is skipped; blank lines are skipped.
/// Lines and columns count as `SourceFile` quotes them (1-based; columns in
/// Unicode scalars; every `LineBreak` ends a line, inside quotes too).
/// A malformed record (an unclosed quote, a quote inside an unquoted field,
/// text after a closing quote, bytes that are not UTF-8) is a `Problem`, and
/// reading goes on with the next record, so one bad row never hides the
/// others. The bytes are read once, front to back; only the current record is held.
struct CSVReader {
    /// One field: its text and where it was written (quotes included).
    struct Field {
        var text: String
        var span: SourceSpan
    }

    /// One record: its fields, and the line it starts on.
    struct Record {
        var line: Int
        var fields: [Field]
    }

    /// A record that cannot be read, and where.
    struct Problem: Error {
        var message: String
        var help: String
        var span: SourceSpan
        /// An unclosed quote ran to the end of the file: reading resumes on
        /// the line after the record's first, not after the end.
        var unclosed = false
    }

    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var column = 1

    /// `file` is the path diagnostics show.
    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// Moves over one byte, counting lines and columns as `SourceFile` does.
    private mutating func advance() {
        let width = bytes.withUnsafeBufferPointer { LineBreak.width(in: $0, at: i) }
        if width > 0 {
            i += width
            line += 1
            column = 1
            return
        }
        // Columns count scalars: continuation bytes add none.
        if bytes[i] & 0xC0 != 0x80 { column += 1 }
        i += 1
    }

    private func isRecordEnd(_ at: Int) -> Bool { bytes[at] == 0x0A || bytes[at] == 0x0D }

    /// The next record, a problem with one, or nil at the end of the file.
    mutating func next() -> Result<Record, Problem>? {
        while i < bytes.count {
            let start = (index: i, position: position)
            switch record() {
            case .success(let record):
                // A blank line is one empty field: no record.
                if record.fields.count == 1, record.fields[0].text.isEmpty, record.fields[0].span.start == record.fields[0].span.end { continue }
                return .success(record)
            case .failure(let problem):
                if problem.unclosed { (i, line, column) = (start.index, start.position.line, start.position.column) }
                // The rest of the line the reading stopped on (for an unclosed quote, the record's first).
                let stopped = line
                while i < bytes.count, line == stopped { advance() }
                return .failure(problem)
            }
        }
        return nil
    }

    private mutating func record() -> Result<Record, Problem> {
        var fields: [Field] = []
        let recordLine = line
        while true {
            let start = position
            var text: [UInt8] = []
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                advance()
                var closed = false
                while i < bytes.count {
                    if bytes[i] == UInt8(ascii: "\"") {
                        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                            text.append(UInt8(ascii: "\""))
                            advance(); advance()
                            continue
                        }
                        advance()
                        closed = true
                        break
                    }
                    let from = i
                    advance()
                    text.append(contentsOf: bytes[from..<i])
                }
                guard closed else {
                    return .failure(Problem(message: "this quoted field is never closed", help: "add the closing '\"'; a '\"' inside a quoted field is written '\"\"'",
                                            span: SourceSpan(file: file, start: start, end: SourcePosition(line: start.line, column: start.column + 1)),
                                            unclosed: true))
                }
                if i < bytes.count, bytes[i] != UInt8(ascii: ","), !isRecordEnd(i) {
                    let at = position
                    return .failure(Problem(message: "text after the closing quote of a field", help: "put the whole field in quotes, and write a '\"' inside it as '\"\"'",
                                            span: SourceSpan(file: file, start: at, end: SourcePosition(line: at.line, column: at.column + 1))))
                }
            } else {
                while i < bytes.count, bytes[i] != UInt8(ascii: ","), !isRecordEnd(i) {
                    if bytes[i] == UInt8(ascii: "\"") {
                        let at = position
                        return .failure(Problem(message: "a '\"' inside a field that is not quoted", help: "quote the field and double the quote: \"Jane \"\"JD\"\" Doe\"",
                                                span: SourceSpan(file: file, start: at, end: SourcePosition(line: at.line, column: at.column + 1))))
                    }
                    text.append(bytes[i])
                    advance()
                }
            }
            let span = SourceSpan(file: file, start: start, end: position)
            guard let decoded = String(validating: text, as: UTF8.self) else {
                return .failure(Problem(message: "this field is not valid UTF-8", help: "save the file as UTF-8 (most spreadsheets offer 'CSV UTF-8')", span: span))
            }
            fields.append(Field(text: decoded, span: span))
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                advance()
                continue
            }
            // CR LF is one line break: `advance` moves over both.
            if i < bytes.count { advance() }
            return .success(Record(line: recordLine, fields: fields))
        }
    }
}
