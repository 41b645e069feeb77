/// Minimal JSON string quoting: the outputs are small and their key order must
/// be stable, which Foundation's encoder does not promise.
public enum JSON {
    public static func quote(_ s: String) -> String {
        // Most strings need no escaping at all.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A JSON value whose objects keep their key order, so generated documents
/// (the JSON Schema, reports) are byte-stable.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        a.rendered() == b.rendered()
    }

    /// Pretty-printed with two-space indentation and a final newline at top level.
    public func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let end = String(repeating: "  ", count: indent)
        switch self {
        case .string(let s): return JSON.quote(s)
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .string = $0 { true } else if case .number = $0 { true } else { false } }) {
                return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { pad + JSON.quote($0.0) + ": " + $0.1.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)}"
        }
    }
}
