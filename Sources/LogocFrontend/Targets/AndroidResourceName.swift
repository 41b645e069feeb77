import Foundation

/// A spec name made a valid Android resource name (docs/targets.md,
/// "Resource names"): aapt2 takes only file names that are Java
/// identifiers of `[a-z0-9_]`, since each becomes a field of `R.drawable`
/// or `R.mipmap`. The rules, in order:
///
/// 1. letters are folded to ASCII (`Zoë` → `zoe`, `ß` → `ss`) and made lower case;
/// 2. every other character that is not `[a-z0-9_]` (`-`, `.`) becomes `_`;
/// 3. a name that starts with a digit gets the prefix `ic_` (`3d` → `ic_3d`),
///    as Android Studio's Image Asset tool offers `ic_` names;
/// 4. a Java keyword or literal (`class`, `new`, `true`) gets the suffix `_`
///    (`class_`): aapt2 refuses it, as `R.drawable.class` would not compile;
/// 5. an empty result is `ic_`, which nothing else maps to (a spec name is
///    never empty; the rule keeps the function total).
///
/// Two spec names that give one resource name clash (`E014`).
public enum AndroidResourceName {
    public static func make(_ name: String) -> String {
        var out = ""
        for scalar in fold(name).unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "_": out.unicodeScalars.append(scalar)
            case "A"..."Z": out += String(scalar).lowercased()
            default: out += "_"
            }
        }
        if out.isEmpty { return "ic_" }
        if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { out = "ic_" + out }
        if javaKeywords.contains(out) { out += "_" }
        return out
    }

    /// Letters without their marks, ligatures and special letters spelled
    /// out in ASCII (`Æ` → `AE`, `ß` → `ss`, `ø` → `o`); what is not
    /// Latin stays, to become `_`.
    static func fold(_ name: String) -> String {
        var text = name
        for (letter, ascii) in spelled { text = text.replacingOccurrences(of: letter, with: ascii) }
        return text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Latin letters that have no decomposition to an ASCII letter and a mark.
    static let spelled: [(String, String)] = [
        ("ß", "ss"), ("Æ", "AE"), ("æ", "ae"), ("Œ", "OE"), ("œ", "oe"), ("Ø", "O"), ("ø", "o"),
        ("Đ", "D"), ("đ", "d"), ("Ł", "L"), ("ł", "l"), ("Þ", "TH"), ("þ", "th"), ("ı", "i"),
    ]

    /// Java's keywords and literals, which aapt2 refuses as resource names.
    public static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue", "default", "do",
        "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto", "if", "implements", "import",
        "instanceof", "int", "interface", "long", "native", "new", "null", "package", "private", "protected", "public", "return",
        "short", "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "true", "try",
        "void", "volatile", "while",
    ]
}
