import Foundation
import LogocCore

/// A compact binary encoding for `check`'s cache entries: unsigned LEB128
/// integers and length-prefixed UTF-8 strings. Not JSON: a warm check of
/// 100,000 specs decodes an entry per spec, and Foundation's coders cost
/// more than checking some specs would.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func integer(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func integer(_ value: Int) { integer(UInt64(bitPattern: Int64(value))) }

    mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        integer(value.utf8.count)
        bytes += value.utf8
    }

    /// A flag, then the string when there is one.
    mutating func optional(_ value: String?) {
        flag(value != nil)
        if let value { string(value) }
    }
}

/// Reads what `ByteWriter` wrote. Never traps on bad bytes: every read past
/// the end, or a count larger than what is left, sets `failed` and gives an
/// empty value, and the caller drops the whole entry (a cache miss).
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int
    private(set) var failed = false

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var atEnd: Bool { index == bytes.endIndex }

    mutating func integer() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.endIndex, shift < 64 {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        failed = true
        return 0
    }

    /// A signed integer as `ByteWriter.integer(_: Int)` wrote it.
    mutating func int() -> Int { Int(Int64(bitPattern: integer())) }

    /// A count of items that each take at least one byte: never more than is left.
    mutating func count() -> Int {
        let value = integer()
        guard value <= UInt64(bytes.endIndex - index) else {
            failed = true
            return 0
        }
        return Int(value)
    }

    mutating func flag() -> Bool {
        guard index < bytes.endIndex, bytes[index] <= 1 else {
            failed = true
            return false
        }
        defer { index += 1 }
        return bytes[index] == 1
    }

    mutating func string() -> String {
        let length = count()
        guard !failed else { return "" }
        defer { index += length }
        return String(decoding: bytes[index..<index + length], as: UTF8.self)
    }

    mutating func optional() -> String? { flag() ? string() : nil }
}

extension ByteWriter {
    mutating func span(_ span: SourceSpan?) {
        flag(span != nil)
        guard let span else { return }
        string(span.file)
        for value in [span.start.line, span.start.column, span.end.line, span.end.column] { integer(value) }
    }

    mutating func diagnostics(_ list: [Diagnostic]) {
        integer(list.count)
        for d in list {
            string(d.code.rawValue)
            string(d.severity.rawValue)
            string(d.message)
            span(d.span)
            optional(d.help)
            integer(d.notes.count)
            for note in d.notes {
                string(note.message)
                span(note.span)
                flag(note.isVia)
            }
        }
    }
}

extension ByteReader {
    mutating func span() -> SourceSpan? {
        guard flag() else { return nil }
        let file = string()
        let (a, b, c, d) = (int(), int(), int(), int())
        return SourceSpan(file: file, start: SourcePosition(line: a, column: b), end: SourcePosition(line: c, column: d))
    }

    mutating func diagnostics() -> [Diagnostic] {
        var list: [Diagnostic] = []
        for _ in 0..<count() where !failed {
            let code = DiagnosticCode(rawValue: string())
            let severity = Severity(rawValue: string())
            let message = string()
            let place = span()
            let help = optional()
            var notes: [Diagnostic.Note] = []
            for _ in 0..<count() where !failed {
                let text = string()
                let at = span()
                notes.append(Diagnostic.Note(message: text, span: at, isVia: flag()))
            }
            guard let code, let severity else {
                failed = true
                return []
            }
            list.append(Diagnostic(code: code, severity: severity, message: message, span: place, help: help, notes: notes))
        }
        return list
    }
}
