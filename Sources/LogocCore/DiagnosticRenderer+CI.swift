/// The two forms CI systems read: GitHub Actions workflow commands
/// (annotations on a pull request) and SARIF 2.1.0 (code scanning).
/// Both are deterministic: same diagnostics, same bytes.
extension DiagnosticRenderer {
    // MARK: GitHub Actions

    /// One workflow command per diagnostic, each on its own line:
    /// `::error file=F,line=L,col=C,endLine=…,endColumn=…,title=E011::message`
    /// (`::warning` for warnings). Notes and the help follow the message as
    /// further lines (`%0A`), as GitHub shows them.
    public static func github(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(githubLine).joined()
    }

    /// One diagnostic's workflow command, with its line break.
    public static func githubLine(_ d: Diagnostic) -> String {
        var properties: [(String, String)] = []
        if let span = d.span {
            properties.append(("file", relativePath(span.file)))
            properties.append(("line", String(max(1, span.start.line))))
            properties.append(("col", String(max(1, span.start.column))))
            let end = regionEnd(span)
            properties.append(("endLine", String(end.line)))
            properties.append(("endColumn", String(end.column)))
        }
        properties.append(("title", d.code.rawValue))
        let command = d.severity == .warning ? "warning" : "error"
        let props = properties.map { "\($0.0)=\(githubProperty($0.1))" }.joined(separator: ",")
        return "::\(command) \(props)::\(githubData(fullMessage(d)))\n"
    }

    /// Escapes a workflow command's message, as GitHub's toolkit does
    /// (`escapeData`): `%`, `\r`, `\n`.
    public static func githubData(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escapes a workflow command's property value (`escapeProperty`): as the
    /// message, plus `:` and `,`, which would end the value.
    public static func githubProperty(_ s: String) -> String {
        var out = ""
        for scalar in githubData(s).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: SARIF

    /// Where the SARIF `tool.driver.informationUri` points.
    public static let informationURI = "https://logoc.dev/"

    /// One SARIF 2.1.0 log: one run whose driver lists every code as a rule
    /// (in `DiagnosticCode.allCases` order, so `ruleIndex` is stable), and one
    /// result per diagnostic. Relative paths are given against `%SRCROOT%`.
    public static func sarif(_ diagnostics: [Diagnostic], toolVersion: String) -> String {
        let (head, tail) = sarifFrame(toolVersion: toolVersion)
        if diagnostics.isEmpty { return head + "[]" + tail }
        return head + "[\n" + diagnostics.map(sarifResult).joined(separator: ",\n") + "\n" + sarifResultsEnd + tail
    }

    /// How deep `sarif`'s results are: in the log's `runs[0].results`.
    private static let sarifResultsDepth = 3

    /// The SARIF log around its results array, which goes between the two:
    /// `[]` when there is none, else `[`, a line break, the results
    /// (`sarifResult`) separated by `,` and a line break, a line break and
    /// `sarifResultsEnd`. A caller that prints a stream of diagnostics
    /// writes exactly `sarif`'s bytes that way, one result at a time.
    public static func sarifFrame(toolVersion: String) -> (head: String, tail: String) {
        let marker = "\u{1}results\u{1}"
        let whole = sarifLog(results: .string(marker), toolVersion: toolVersion)
        let quoted = JSON.quote(marker)
        guard let range = whole.range(of: quoted) else { return (whole, "") }
        return (String(whole[..<range.lowerBound]), String(whole[range.upperBound...]))
    }

    /// One result of `sarif`'s results array, indented as it is there.
    public static func sarifResult(_ d: Diagnostic) -> String {
        String(repeating: "  ", count: sarifResultsDepth + 1) + sarifResultValue(d).rendered(indent: sarifResultsDepth + 1)
    }

    /// What closes `sarif`'s results array when it is not empty.
    public static var sarifResultsEnd: String { String(repeating: "  ", count: sarifResultsDepth) + "]" }

    private static func sarifResultValue(_ d: Diagnostic) -> JSONValue {
        let codes = DiagnosticCode.allCases
        var fields: [(String, JSONValue)] = [
            ("ruleId", .string(d.code.rawValue)),
            ("ruleIndex", .number(Double(codes.firstIndex(of: d.code) ?? 0))),
            ("level", .string(d.severity == .warning ? "warning" : "error")),
            ("message", .object([("text", .string(fullMessage(d)))])),
        ]
        if let span = d.span {
            fields.append(("locations", .array([.object([("physicalLocation", physicalLocation(span))])])))
        }
        let related = d.notes.enumerated().compactMap { (i, note) -> JSONValue? in
            guard let span = note.span else { return nil }
            return .object([
                ("id", .number(Double(i))),
                ("physicalLocation", physicalLocation(span)),
                ("message", .object([("text", .string(note.message))])),
            ])
        }
        if !related.isEmpty { fields.append(("relatedLocations", .array(related))) }
        return .object(fields)
    }

    /// The whole log with `results` as its results value.
    private static func sarifLog(results: JSONValue, toolVersion: String) -> String {
        let codes = DiagnosticCode.allCases
        let rules: [JSONValue] = codes.map { code in
            let entry = code.explanation
            let level = code.severity == .warning ? "warning" : "error"
            return .object([
                ("id", .string(code.rawValue)),
                ("name", .string(ruleName(code))),
                ("shortDescription", .object([("text", .string(entry.title))])),
                ("fullDescription", .object([("text", .string(entry.explanation))])),
                ("help", .object([
                    ("text", .string(helpText(entry))),
                    ("markdown", .string(helpMarkdown(entry))),
                ])),
                ("defaultConfiguration", .object([("level", .string(level))])),
            ])
        }
        let log: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("logoc")),
                    ("version", .string(toolVersion)),
                    ("informationUri", .string(informationURI)),
                    ("rules", .array(rules)),
                ]))])),
                // Columns count Unicode scalars, as in every other form.
                ("columnKind", .string("unicodeCodePoints")),
                ("results", results),
            ])])),
        ])
        return log.rendered() + "\n"
    }

    /// A stable PascalCase name per rule, as SARIF recommends for `name`.
    public static func ruleName(_ code: DiagnosticCode) -> String {
        switch code {
        case .E001: "InvalidYAML"
        case .E002: "UnknownKey"
        case .E003: "WrongTypeOrValue"
        case .E004: "MissingOrExclusiveKeys"
        case .E005: "NotAColour"
        case .E006: "NumberOutOfRange"
        case .E007: "DuplicateKey"
        case .E010: "TextColourEqualsBackground"
        case .E011: "ContrastBelowMinimum"
        case .E012: "NamedFileUnusable"
        case .E013: "PathLeavesRoot"
        case .E014: "OutputClash"
        case .E015: "ExtendsCycleOrAliasExpansion"
        case .E016: "NoFontCanDrawText"
        case .E017: "ContrastBelowMinimumForColourBlindViewers"
        case .E018: "UnknownFormatOrTargetValue"
        case .E019: "UsedFileNotTrackedByGit"
        case .W001: "FlatGradient"
        case .W002: "KeyWithoutEffect"
        case .W003: "LookAlikeOutputs"
        case .W004: "TextTooSmallAtOutputSize"
        case .W005: "InkOutsideMaskSafeZone"
        case .W006: "FaviconVanishesOnTab"
        case .W007: "UnusableColourProfile"
        case .W008: "UnsafeOutputRemovalRefused"
        }
    }

    /// `path` as a SARIF `artifactLocation`: relative paths (without `./`)
    /// against `%SRCROOT%`, percent-encoded; absolute ones as `file://` URIs.
    public static func artifactLocation(_ path: String) -> JSONValue {
        if path.hasPrefix("/") {
            return .object([("uri", .string("file://" + URIPath.encoded(path)))])
        }
        return .object([
            ("uri", .string(URIPath.encoded(relativePath(path)))),
            ("uriBaseId", .string("%SRCROOT%")),
        ])
    }

    // MARK: Shared

    /// The message, then notes and help on lines of their own, as in the human form.
    static func fullMessage(_ d: Diagnostic) -> String {
        var text = d.message
        for note in d.notes {
            if let span = note.span {
                text += "\nnote: \(note.message) (\(span.file):\(span.start.line):\(span.start.column))"
            } else {
                text += "\nnote: \(note.message)"
            }
        }
        if let help = d.help { text += "\nhelp: \(help)" }
        return text
    }

    /// The path without leading `./` (CI systems resolve paths against the checkout).
    static func relativePath(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") {
            p = p.dropFirst(2)
            while p.hasPrefix("/") { p = p.dropFirst() }
        }
        return p.isEmpty ? "." : String(p)
    }

    /// The exclusive end of a span, never before its start.
    static func regionEnd(_ span: SourceSpan) -> SourcePosition {
        let start = SourcePosition(line: max(1, span.start.line), column: max(1, span.start.column))
        let end = SourcePosition(line: max(1, span.end.line), column: max(1, span.end.column))
        return end < start ? start : end
    }

    static func physicalLocation(_ span: SourceSpan) -> JSONValue {
        let end = regionEnd(span)
        return .object([
            ("artifactLocation", artifactLocation(span.file)),
            ("region", .object([
                ("startLine", .number(Double(max(1, span.start.line)))),
                ("startColumn", .number(Double(max(1, span.start.column)))),
                ("endLine", .number(Double(end.line))),
                ("endColumn", .number(Double(end.column))),
            ])),
        ])
    }

    static func helpText(_ entry: DiagnosticExplanation) -> String {
        "\(entry.explanation)\n\nFailing:\n\(entry.failing)\n\nFixed:\n\(entry.fixed)\n\nMore: logoc explain \(entry.code.rawValue)"
    }

    static func helpMarkdown(_ entry: DiagnosticExplanation) -> String {
        "\(entry.explanation)\n\nFailing:\n\n```yaml\n\(entry.failing)\n```\n\nFixed:\n\n```yaml\n\(entry.fixed)\n```\n\nMore: `logoc explain \(entry.code.rawValue)`"
    }
}
