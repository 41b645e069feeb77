import LogocCore
import LogocFrontend

/// The people of a `build --data` CSV file: one row each, with the name to
/// draw and the output name, and a diagnostic (at `FILE.csv:LINE:COLUMN`)
/// for each row that cannot be drawn, which is left out while the others
/// are kept (docs/templates.md).
///
/// The first record is the header: column names are matched without regard
/// to case or surrounding spaces; `name` is required, `file` optional, any
/// other column is ignored (a staff export keeps its e-mail and team
/// columns). Names and files lose surrounding spaces and tabs.
struct PeopleTable {
    /// One person to draw.
    struct Row: Sendable {
        var name: String
        var file: String
        /// Where the row's name is written: diagnostics about the person point here.
        var nameSpan: SourceSpan
    }

    var rows: [Row] = []
    var diagnostics: [Diagnostic] = []

    /// Reads `bytes`, the file `file` (the path diagnostics show).
    init(bytes: [UInt8], file: String) {
        var reader = CSVReader(bytes: bytes, file: file)
        var header: (name: Int, file: Int?)?
        var firstRow: [String: SourceSpan] = [:]
        while let next = reader.next() {
            let record: CSVReader.Record
            switch next {
            case .failure(let problem):
                diagnostics.append(Diagnostic(.E001, "'\(file)' is not valid CSV: \(problem.message)", at: problem.span, help: problem.help))
                continue
            case .success(let read): record = read
            }
            guard let columns = header else {
                let names = record.fields.map { Self.trimmed($0.text).lowercased() }
                guard let name = names.firstIndex(of: "name") else {
                    let start = record.fields.first?.span ?? .startOf(file)
                    diagnostics.append(Diagnostic(.E004, "the first row of '\(file)' names no column 'name'", at: start,
                                                  help: "start the file with a header row such as 'name,file'; 'file' is optional"))
                    return
                }
                header = (name, names.firstIndex(of: "file"))
                continue
            }
            guard let row = row(record, columns: columns, file: file) else { continue }
            if let first = firstRow[row.file] {
                diagnostics.append(Diagnostic(.E014, "this row and the row on line \(first.start.line) would both write '\(row.file)'", at: row.nameSpan,
                                              help: "give one of them another output name in a 'file' column",
                                              notes: [.init("the row on line \(first.start.line) writes '\(row.file)' too", at: first)]))
                continue
            }
            firstRow[row.file] = row.nameSpan
            rows.append(row)
        }
        if header == nil {
            diagnostics.append(Diagnostic(.E004, "'\(file)' holds no header row", at: .startOf(file), help: "start the file with 'name' (and 'file') and one row per person"))
        }
    }

    /// The row of `record`, or nil (with a diagnostic) when it cannot be drawn.
    private mutating func row(_ record: CSVReader.Record, columns: (name: Int, file: Int?), file: String) -> Row? {
        guard columns.name < record.fields.count, case let nameField = record.fields[columns.name], !Self.trimmed(nameField.text).isEmpty else {
            let at = columns.name < record.fields.count ? record.fields[columns.name].span : record.fields.last?.span ?? .startOf(file)
            diagnostics.append(Diagnostic(.E004, "the row on line \(record.line) has no name", at: at,
                                          help: "write the person's name in the 'name' column, or remove the row"))
            return nil
        }
        let name = Self.trimmed(nameField.text)
        if let (message, help) = TextRules.refusal(of: name, named: "the name", removable: "the row") {
            diagnostics.append(Diagnostic(.E003, message, at: nameField.span, help: help))
            return nil
        }
        var output = PersonFile.name(for: name)
        if let column = columns.file, column < record.fields.count, case let fileField = record.fields[column], !Self.trimmed(fileField.text).isEmpty {
            output = Self.trimmed(fileField.text)
            guard PersonFile.isSafe(output) else {
                diagnostics.append(Diagnostic(.E003, "'\(Quoted.value(output))' is not a safe output name", at: fileField.span,
                                              help: "use letters, digits, '.', '_' and '-', starting with a letter or digit (no '/', no '..'), at most 128"))
                return nil
            }
        }
        return Row(name: name, file: output, nameSpan: nameField.span)
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
