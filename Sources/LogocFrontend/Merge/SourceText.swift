/// Decodes file bytes for quoting in diagnostics.
public enum SourceText {
    /// UTF-8 text without a leading byte-order mark (libyaml skips it too, so
    /// columns agree); invalid bytes become U+FFFD.
    public static func decode(_ bytes: [UInt8]) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        return String(decoding: body, as: UTF8.self)
    }
}
