import LogocCore
@testable import LogocDriver
import LogocFrontend
import Testing

/// `build --data`'s CSV: RFC 4180 with the line each record starts on, and
/// the rows it gives, bad ones as diagnostics at their line and column.
struct CSVReaderTests {
    static func records(_ text: String, bytes prefix: [UInt8] = []) -> [String] {
        var reader = CSVReader(bytes: prefix + Array(text.utf8), file: "p.csv")
        var out: [String] = []
        while let next = reader.next() {
            switch next {
            case .success(let r): out.append("\(r.line): " + r.fields.map { "[\($0.text)]@\($0.span.start.line):\($0.span.start.column)" }.joined(separator: " "))
            case .failure(let p): out.append("problem \(p.span.start.line):\(p.span.start.column) \(p.message)")
            }
        }
        return out
    }

    @Test func quotingBOMAndCRLF() {
        #expect(Self.records("name,file\r\n\"Doe, Jane\",\"a \"\"b\"\"\"\r\nAda,\r\n", bytes: [0xEF, 0xBB, 0xBF])
                == ["1: [name]@1:1 [file]@1:6", "2: [Doe, Jane]@2:1 [a \"b\"]@2:13", "3: [Ada]@3:1 []@3:5"])
        // No final line break, blank lines skipped, a lone CR ends a record.
        #expect(Self.records("a\n\n\nb\rc") == ["1: [a]@1:1", "4: [b]@4:1", "5: [c]@5:1"])
    }

    @Test func aRecordWithAQuotedLineBreakStartsWhereItStartsAndTheNextOneAfterIt() {
        #expect(Self.records("name\n\"Multi\r\nline\",x\nÉva,\"é\"\n")
                == ["1: [name]@1:1", "2: [Multi\r\nline]@2:1 [x]@3:7", "4: [Éva]@4:1 [é]@4:5"])
    }

    @Test func badRecordsAreProblemsAndReadingGoesOn() {
        #expect(Self.records("a\nBad \"q\",x\n\"ok\"x,y\nb\n") == ["1: [a]@1:1", "problem 2:5 a '\"' inside a field that is not quoted",
                                                           "problem 3:5 text after the closing quote of a field", "4: [b]@4:1"])
        // An unclosed quote does not swallow the rest: reading resumes on the next line.
        #expect(Self.records("a\n\"never closed,x\nb\nc\n") == ["1: [a]@1:1", "problem 2:1 this quoted field is never closed", "3: [b]@3:1", "4: [c]@4:1"])
        #expect(Self.records("a\n\u{FF}\n".replacingOccurrences(of: "\u{FF}", with: "x"), bytes: []) == ["1: [a]@1:1", "2: [x]@2:1"])
        var reader = CSVReader(bytes: Array("a\n".utf8) + [0xC3, 0x28, 0x0A] + Array("b\n".utf8), file: "p.csv")
        var results: [String] = []
        while let next = reader.next() {
            if case .failure(let p) = next { results.append("\(p.span.start.line):\(p.span.start.column) \(p.message)") } else { results.append("ok") }
        }
        #expect(results == ["ok", "2:1 this field is not valid UTF-8", "ok"])
    }

    static func summary(_ table: PeopleTable) -> [String] {
        table.diagnostics.map { "\($0.code.rawValue)@\($0.span?.start.line ?? 0):\($0.span?.start.column ?? 0)" }
    }

    @Test func rowsNamesFilesAndBadRows() {
        let text = "Email, NAME ,File\r\nj@x, Jane Doe ,\r\nx,王芳,\r\nx,,empty\r\nx,\"Tab\tName\",t\r\nx,Amy,../amy\r\nx,Ann,a/b\r\nx,Zed,jane-doe\r\nx,Ok,ok\r\n"
        let table = PeopleTable(bytes: Array(text.utf8), file: "p.csv")
        #expect(table.rows.map(\.name) == ["Jane Doe", "王芳", "Ok"])
        #expect(table.rows.map(\.file) == ["jane-doe", PersonFile.name(for: "王芳"), "ok"])
        #expect(Self.summary(table) == ["E004@4:3", "E003@5:3", "E003@6:7", "E003@7:7", "E014@8:3"])
        let clash = table.diagnostics.last
        #expect(clash?.notes.first?.span?.start.line == 2)
        #expect(PeopleTable(bytes: Array("file\nx\n".utf8), file: "p.csv").diagnostics.map(\.code) == [.E004])
        #expect(PeopleTable(bytes: [], file: "p.csv").diagnostics.map(\.code) == [.E004])
    }
}
