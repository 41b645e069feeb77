import LogocCore

/// Prints `LanguageSchema` as a JSON Schema (draft-07, the dialect YAML
/// editors read), so `# yaml-language-server: $schema=…` gives completion
/// and checks while typing.
public enum JSONSchemaWriter {
    public static let identifier = "https://logoc.dev/schema/logo-spec-v1.json"

    /// The schema of a spec document.
    public static func specSchema() -> String {
        document(root: LanguageSchema.logo, title: "logoc spec, language version 1", nullable: true)
    }

    /// The schema of `logoc.yaml`.
    public static func configSchema() -> String {
        document(root: LanguageSchema.config, title: "logoc project configuration (logoc.yaml)", nullable: false)
    }

    /// `nullable`: every key of a mapping may be `null` (in a spec, `null`
    /// drops a key a partial gave); not in list items, which merging
    /// replaces whole, and not in `logoc.yaml`.
    private static func document(root: ObjectSpec, title: String, nullable: Bool) -> String {
        var definitions: [(String, JSONValue)] = []
        var seen: Set<String> = []
        let body = object(root, definitions: &definitions, seen: &seen, inline: true, nullable: nullable)
        guard case .object(let fields) = body else { return "" }
        var top: [(String, JSONValue)] = [
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("$id", .string(root.name == "Config" ? identifier.replacingOccurrences(of: "logo-spec", with: "logoc-config") : identifier)),
            ("title", .string(title)),
        ]
        top += fields
        // A document without `extends` is the whole spec: what `check`
        // requires of it, the editor can require too (with `extends`, a
        // partial may give the rest, so only `check` can tell; a template's
        // people give its initials).
        if root.name == LanguageSchema.logo.name, let presence = presence(root, atRoot: true) {
            let template: JSONValue = .object([("required", .array([.string("template")])),
                                               ("properties", .object([("template", .object([("const", .bool(true))]))]))])
            top.append(("if", .object([("anyOf", .array([.object([("required", .array([.string("extends")]))]), template]))])))
            top.append(("else", presence))
        }
        top.append(("definitions", .object(definitions.sorted { $0.0 < $1.0 })))
        return JSONValue.object(top).rendered() + "\n"
    }

    private static func object(_ spec: ObjectSpec, definitions: inout [(String, JSONValue)], seen: inout Set<String>, inline: Bool,
                               nullable: Bool) -> JSONValue {
        let requireKeys = spec.name == LanguageSchema.stop.name
        if !inline {
            if !seen.contains(spec.name) {
                seen.insert(spec.name)
                let body = object(spec, definitions: &definitions, seen: &seen, inline: true, nullable: nullable)
                definitions.append((spec.name, body))
            }
            return .object([("$ref", .string("#/definitions/\(spec.name)"))])
        }
        var properties: [(String, JSONValue)] = []
        for key in spec.keys {
            var schema = value(key.value, definitions: &definitions, seen: &seen, nullable: nullable)
            if nullable { schema = .object([("anyOf", .array([schema, .object([("type", .string("null"))])]))]) }
            if case .object(var fields) = schema {
                fields.insert(("description", .string(key.summary)), at: 0)
                schema = .object(fields)
            }
            properties.append((key.name, schema))
        }
        var fields: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties)), ("additionalProperties", .bool(false))]
        // A file may leave required keys to a partial it extends (or to the
        // spec, for a `dark` override), so the schema checks presence only
        // for list items, which merging replaces whole. Keys that exclude
        // each other are refused everywhere.
        if requireKeys, !spec.required.isEmpty { fields.append(("required", .array(spec.required.map { .string($0) }))) }
        for group in spec.exactlyOne {
            var pairs: [JSONValue] = []
            for (i, a) in group.enumerated() {
                for b in group[(i + 1)...] { pairs.append(.object([("required", .array([.string(a), .string(b)]))])) }
            }
            fields.append(("not", .object([("anyOf", .array(pairs))])))
        }
        return .object(fields)
    }

    /// The keys `spec` and the mappings below it must have (`required`, and
    /// one of each `exactlyOne` group), as a schema that says nothing else;
    /// nil when there are none. `dark` and `small` are left out: they
    /// override the spec, which gives what they lack (and a partial may give
    /// `small.maxSize`).
    private static func presence(_ spec: ObjectSpec, atRoot: Bool = false) -> JSONValue? {
        var fields: [(String, JSONValue)] = []
        if !spec.required.isEmpty { fields.append(("required", .array(spec.required.map { .string($0) }))) }
        let groups: [JSONValue] = spec.exactlyOne.map { group in
            .object([("anyOf", .array(group.map { .object([("required", .array([.string($0)]))]) }))])
        }
        if groups.count == 1, case .object(let only) = groups[0] { fields += only } else if groups.count > 1 { fields.append(("allOf", .array(groups))) }
        var properties: [(String, JSONValue)] = []
        for key in spec.keys where !(atRoot && (key.name == "dark" || key.name == "small")) {
            // `required` and `properties` concern mappings only, so one
            // schema serves a key that may also be a colour or a path.
            let nested = objects(in: key.value).compactMap { presence($0) }
            if nested.count == 1 { properties.append((key.name, nested[0])) }
        }
        if !properties.isEmpty { fields.append(("properties", .object(properties))) }
        return fields.isEmpty ? nil : .object(fields)
    }

    private static func objects(in value: ValueSpec) -> [ObjectSpec] {
        switch value {
        case .object(let object): [object]
        case .oneOf(let options): options.flatMap(objects)
        default: []
        }
    }

    private static func value(_ spec: ValueSpec, definitions: inout [(String, JSONValue)], seen: inout Set<String>, nullable: Bool) -> JSONValue {
        switch spec {
        case .text(let pattern):
            var fields: [(String, JSONValue)] = [("type", .string("string"))]
            if let pattern { fields.append(("pattern", .string(pattern))) } else { fields = [("type", .array([.string("string"), .string("number"), .string("boolean")]))] }
            // `initials: ""` is E003 ("'initials' is empty").
            fields.append(("minLength", .number(1)))
            return .object(fields)
        case .integer(let range):
            return .object([("type", .string("integer")), ("minimum", .number(Double(range.lowerBound))), ("maximum", .number(Double(range.upperBound)))])
        case .number(let range):
            return .object([("type", .string("number")), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))])
        case .boolean:
            return .object([("type", .string("boolean"))])
        case .choice(let words):
            return .object([("type", .string("string")), ("enum", .array(words.map { .string($0) }))])
        case .colour:
            return .object([("$ref", .string("#/definitions/Colour"))]).registering(colourDefinition, as: "Colour", in: &definitions, seen: &seen)
        case .length(let maxPercent):
            // Pixels as a number or "48px", at most 4096; a percentage, capped
            // where the key caps it, else at 100.
            let pixels = #"(4096(\.0+)?|(409[0-5]|40[0-8][0-9]|[1-3][0-9]{3}|[0-9]{1,3})(\.[0-9]+)?)"#
            let percent = maxPercent == 50 ? #"^("# + pixels + #"px|(50(\.0+)?|[1-4]?[0-9](\.[0-9]+)?)%)$"#
                : #"^("# + pixels + #"(px)?|(100(\.0+)?|[1-9]?[0-9](\.[0-9]+)?)%)$"#
            return .object([("anyOf", .array([
                .object([("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(LanguageSchema.maxLengthPixels))]),
                .object([("type", .string("string")), ("pattern", .string(percent))]),
            ]))])
        case .path:
            return .object([("type", .string("string")), ("minLength", .number(1))])
        case .object(let object):
            return self.object(object, definitions: &definitions, seen: &seen, inline: false, nullable: nullable)
        case .dictionary(let keyPattern, let inner):
            return .object([
                ("type", .string("object")),
                ("propertyNames", .object([("pattern", .string(keyPattern))])),
                ("additionalProperties", value(inner, definitions: &definitions, seen: &seen, nullable: false)),
            ])
        case .list(let item, let count, let unique):
            var fields: [(String, JSONValue)] = [("type", .string("array")), ("items", value(item, definitions: &definitions, seen: &seen, nullable: false))]
            if let count {
                fields.append(("minItems", .number(Double(count.lowerBound))))
                fields.append(("maxItems", .number(Double(count.upperBound))))
            }
            if unique { fields.append(("uniqueItems", .bool(true))) }
            return .object(fields)
        case .oneOf(let options):
            return .object([("anyOf", .array(options.map { value($0, definitions: &definitions, seen: &seen, nullable: nullable) }))])
        }
    }

    /// Hex, functional notation, `$palette` names, or a CSS name (lowercase).
    private static let colourDefinition: JSONValue = .object([
        ("description", .string("#RGB, #RGBA, #RRGGBB, #RRGGBBAA, a CSS colour name, transparent, rgb()/rgba()/hsl()/hsla(), or $name from the palette")),
        ("anyOf", .array([
            .object([("type", .string("string")), ("pattern", .string(#"^#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"#))]),
            .object([("type", .string("string")), ("pattern", .string(#"^\s*(rgba?|hsla?|RGBA?|HSLA?)\(.*\)\s*$"#))]),
            .object([("type", .string("string")), ("pattern", .string(#"^\$[A-Za-z_][A-Za-z0-9_-]*$"#))]),
            .object([("type", .string("string")), ("enum", .array((CSSColorNames.all.keys.sorted() + ["transparent"]).map { .string($0) }))]),
        ])),
    ])
}

extension JSONValue {
    fileprivate func registering(_ definition: JSONValue, as name: String, in definitions: inout [(String, JSONValue)], seen: inout Set<String>) -> JSONValue {
        if !seen.contains(name) {
            seen.insert(name)
            definitions.append((name, definition))
        }
        return self
    }
}
