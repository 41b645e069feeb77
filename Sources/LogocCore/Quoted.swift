/// A value from a spec, as a diagnostic's message or help quotes it.
///
/// Values come from hostile files: a 1 MiB colour or key quoted whole made
/// every diagnostic about it a megabyte of standard error (and of JSON or
/// SARIF). A message shows at most `maxScalars` of it; the source excerpt
/// under the message shows where it is.
public enum Quoted {
    /// Most Unicode scalars of a value quoted in a message.
    public static let maxScalars = 40

    /// `value`, or its first `maxScalars` scalars and "…" with the length,
    /// as in `aaaa… (1048576 characters)`.
    public static func value(_ value: String) -> String {
        let scalars = value.unicodeScalars
        guard value.utf8.count > maxScalars, scalars.prefix(maxScalars + 1).count > maxScalars else { return value }
        let head = String(String.UnicodeScalarView(scalars.prefix(maxScalars)))
        return head + "… (\(scalars.count) characters)"
    }

    /// Most Unicode scalars of a whole message, help or note: the last
    /// bound, for messages that quote something not cut by `value`.
    public static let maxMessageScalars = 1_000

    /// `text` cut to `maxMessageScalars` scalars, ending with "…" when cut.
    public static func message(_ text: String) -> String {
        guard text.utf8.count > maxMessageScalars, text.unicodeScalars.prefix(maxMessageScalars + 1).count > maxMessageScalars else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(maxMessageScalars - 1))) + "…"
    }
}
