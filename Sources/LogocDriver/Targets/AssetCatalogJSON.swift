import LogocCore
import LogocFrontend

/// The `Contents.json` files of an asset catalog, byte for byte as Xcode 16
/// writes them, so that opening the catalog in Xcode changes nothing in
/// git: keys in alphabetical order, `"key" : value` (a space on each side
/// of the colon), two spaces of indentation per level, each object and
/// array member on its own line, and a newline at the end. The `info`
/// object says `"author" : "xcode"`: Xcode rewrites a file whose author is
/// another tool in its own form the first time it saves the catalog, and a
/// file that is already its own it leaves alone. Format: Apple's "Asset
/// Catalog Format Reference" (docs/targets.md, "## ios"; the JSON schema
/// the tests check against is in Tests/Fixtures/ios/).
enum AssetCatalogJSON {
    /// A JSON value in Xcode's layout; an object's keys in the order given
    /// (Xcode's is alphabetical, and every caller gives them so).
    indirect enum Value {
        case string(String)
        case int(Int)
        case object([(key: String, value: Value)])
        case array([Value])
    }

    /// `value` as Xcode writes a `Contents.json`.
    static func bytes(_ value: Value) -> [UInt8] {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return Array(out.utf8)
    }

    private static func write(_ value: Value, indent: Int, into out: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        switch value {
        case .string(let s): out += JSON.quote(s)
        case .int(let n): out += String(n)
        case .object(let members):
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += inner + JSON.quote(member.key) + " : "
                write(member.value, indent: indent + 1, into: &out)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let items):
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: indent + 1, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        }
    }

    /// `"info" : { "author" : "xcode", "version" : 1 }`, last in every file.
    static let info: (key: String, value: Value) = ("info", .object([("author", .string("xcode")), ("version", .int(1))]))

    /// A folder's `Contents.json`: `info` alone. Not a namespace
    /// (`provides-namespace`), as Xcode makes a new folder.
    static let folder = bytes(.object([info]))

    /// `"appearances" : [ { "appearance" : "luminosity", "value" : … } ]`.
    private static func luminosity(_ value: String) -> (key: String, value: Value) {
        ("appearances", .array([.object([("appearance", .string("luminosity")), ("value", .string(value))])]))
    }

    /// An imageset of `name` at 1x, 2x, 3x, each scale's dark appearance
    /// after its light one when `dark` — the order Xcode keeps (by scale,
    /// then appearance).
    static func imageset(name: String, dark: Bool) -> [UInt8] {
        var images: [Value] = []
        for scale in IOSImageLayout.scales {
            for isDark in dark ? [false, true] : [false] {
                var members: [(key: String, value: Value)] = isDark ? [luminosity("dark")] : []
                members += [("filename", .string(IOSImageLayout.fileName(name, scale: scale, dark: isDark))), ("idiom", .string("universal")),
                            ("scale", .string("\(scale)x"))]
                images.append(.object(members))
            }
        }
        return bytes(.object([("images", .array(images)), info]))
    }

    /// iOS 18's single-size app icon: one 1024 px image per appearance
    /// (any, dark, tinted), `idiom: universal`, `platform: ios`.
    static func appiconset(name: String) -> [UInt8] {
        let images: [Value] = IOSAppIconLayout.appearances.map { appearance in
            var members: [(key: String, value: Value)] = appearance.luminosity.map { [luminosity($0)] } ?? []
            members += [("filename", .string(IOSAppIconLayout.fileName(name, suffix: appearance.suffix))), ("idiom", .string("universal")),
                        ("platform", .string("ios")), ("size", .string("\(IOSAppIconLayout.pixels)x\(IOSAppIconLayout.pixels)"))]
            return .object(members)
        }
        return bytes(.object([("images", .array(images)), info]))
    }
}
