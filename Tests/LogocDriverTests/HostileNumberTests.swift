import Foundation
import LogocFrontend
import Testing

/// Hostile numbers (issue 15, item 9): `text.size: 1e19` once passed `check`
/// and killed `build` with SIGILL converting it to an integer, good specs
/// included. Every numeric key of the schema gets every hostile value, each
/// in a document of its own beside a good spec, through the real binary:
/// each must be a located diagnostic (`E006` for a number out of range,
/// `E003` for what is no number), and the good spec must still be built.
struct HostileNumberTests {
    /// A numeric key as the schema names it (`text.size`), and a line that
    /// sets it, with `V` where the value goes.
    struct Key: Sendable {
        let path: String
        let line: String
        /// A length: pixels or a percentage, so `1e300%` is a number here.
        var isLength = false
    }

    static let keys: [Key] = [
        Key(path: "version", line: "version: V"),
        Key(path: "size", line: "size: V"),
        Key(path: "cornerRadius", line: "cornerRadius: V", isLength: true),
        Key(path: "text.size", line: "text: {content: AB, size: V}", isLength: true),
        Key(path: "text.maxLength", line: "text: {content: AB, maxLength: V}"),
        Key(path: "text.font.weight", line: "text: {content: AB, font: {weight: V}}"),
        Key(path: "border.width", line: "border: {width: V, color: black}", isLength: true),
        Key(path: "contrast", line: "contrast: V"),
        Key(path: "contrast.minimum", line: "contrast: {minimum: V}"),
        Key(path: "background.gradient.colors.at", line: "background: {gradient: {colors: [{color: red, at: V}, blue]}}"),
        Key(path: "background.gradient.angle", line: "background: {gradient: {colors: [red, blue], angle: V}}"),
        Key(path: "background.image.focus", line: "background: {image: {path: a.png, focus: [V, 0.5]}}"),
        Key(path: "output.scales", line: "output: {scales: [V]}"),
        Key(path: "small.maxSize", line: "small: {maxSize: V}"),
        Key(path: "output.quality", line: "output: {formats: [jpeg], quality: V}"),
    ]

    static let values = ["1e19", "1e300%", "1e300px", "-1e300", "1e400", ".nan", ".inf", "-.inf", ".NaN"]

    /// The code a value must get at a key.
    static func expected(_ value: String, _ key: Key) -> String {
        if key.path == "small.maxSize" { return "E018" }  // a wrong value of a key of `small` (SPEC-v2 §4)
        if value.hasPrefix(".") || value.hasPrefix("-.") { return "E003" }  // YAML's .nan/.inf: no number in the spec language
        if value.hasSuffix("%") || value.hasSuffix("px") { return key.isLength ? "E006" : "E003" }
        return "E006"
    }

    /// The table covers every numeric key of the spec schema (`dark` and
    /// `small`'s overrides are decoded by the same code as the spec and are
    /// left out; `small.maxSize` is its own).
    @Test func everyNumericKeyIsInTheTable() {
        let keys = Self.numericKeys(LanguageSchema.logo).filter { !$0.hasPrefix("dark.") && (!$0.hasPrefix("small.") || $0 == "small.maxSize") }
        #expect(Set(keys) == Set(Self.keys.map(\.path)))
    }

    @Test(arguments: values)
    func hostileNumber(_ value: String) throws {
        let project = try TemporaryFolder()
        var text = "name: good\ntext: AB\n"
        var places: [(key: Key, line: Int, column: Int)] = []
        var line = 3
        for (i, key) in Self.keys.enumerated() {
            text += "---\nname: d\(i)\n"
            line += 2
            if !key.line.hasPrefix("text:") {
                text += "text: AB\n"
                line += 1
            }
            let column = try #require(key.line.firstRange(of: "V")).lowerBound.utf16Offset(in: key.line) + 1
            text += key.line.replacingOccurrences(of: "V", with: value) + "\n"
            places.append((key, line, column))
            line += 1
        }
        try HostileTests.write(project.path, "spec.yaml", text)
        let run = try MeasuredRun.run(["build", "spec.yaml", "-o", "out"], in: project.path)
        let context = "\(value):\n\(run.stderr.prefix(3_000))"
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0): \(context)")
        #expect(run.status == 1, "exit \(run.status): \(context)")
        for place in places {
            let code = Self.expected(value, place.key)
            let header = "spec.yaml:\(place.line):\(place.column): error[\(code)]: "
            #expect(run.stderr.contains(header), "\(place.key.path) = \(value): no \(header)\n\(context)")
        }
        #expect(FileManager.default.fileExists(atPath: project.path + "/out/good.png"), "the good spec was not built: \(context)")
    }

    /// Dotted paths of the keys whose value is or may be a number.
    static func numericKeys(_ object: ObjectSpec, prefix: String = "") -> [String] {
        object.keys.flatMap { key -> [String] in
            let path = prefix + key.name
            return (isNumeric(key.value) ? [path] : []) + objects(in: key.value).flatMap { numericKeys($0, prefix: path + ".") }
        }
    }

    private static func isNumeric(_ value: ValueSpec) -> Bool {
        switch value {
        case .integer, .number, .length: true
        case .oneOf(let options): options.contains(where: isNumeric)
        case .list(let item, _, _): isNumeric(item)
        default: false
        }
    }

    private static func objects(in value: ValueSpec) -> [ObjectSpec] {
        switch value {
        case .object(let object): [object]
        case .oneOf(let options): options.flatMap(objects)
        case .list(let item, _, _): objects(in: item)
        default: []
        }
    }
}
