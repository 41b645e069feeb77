/// The type of a value in the spec language. One table of these
/// (`LanguageSchema`) drives the decoder's key, enum and range checks and
/// the JSON Schema that `logoc schema` prints, so the two cannot disagree.
public indirect enum ValueSpec: Sendable {
    /// Free text; `pattern` is an ECMA regular expression the text must match.
    case text(pattern: String?)
    case integer(ClosedRange<Int>)
    case number(ClosedRange<Double>)
    case boolean
    /// One of fixed words (matched exactly, as SPEC.md writes them).
    case choice([String])
    /// A colour, or a `$name` from the palette.
    case colour
    /// Pixels, or a percentage of `size`; `maxPercent` caps the percentage.
    case length(maxPercent: Double?)
    /// A path relative to the spec's folder.
    case path
    case object(ObjectSpec)
    /// A mapping whose keys are names the user chooses (the palette).
    case dictionary(keyPattern: String, value: ValueSpec)
    /// A list; `unique`: an item listed twice is an error (E007), as in
    /// `formats: [png, png]`.
    case list(ValueSpec, count: ClosedRange<Int>?, unique: Bool = false)
    /// Any one of these forms (a colour or a mapping, …).
    case oneOf([ValueSpec])
}

/// A key of a mapping, with its type and a one-line description.
public struct KeySpec: Sendable {
    public let name: String
    public let value: ValueSpec
    public let summary: String

    public init(_ name: String, _ value: ValueSpec, _ summary: String) {
        self.name = name
        self.value = value
        self.summary = summary
    }
}

/// A mapping of known keys.
public struct ObjectSpec: Sendable {
    /// Used for `$ref` names in the JSON Schema.
    public let name: String
    public let keys: [KeySpec]
    /// Keys that must be present.
    public let required: [String]
    /// Groups of which exactly one key must be present.
    public let exactlyOne: [[String]]
    /// Keys of the enclosing mapping that may not be written here (`dark`
    /// cannot override `size`): refused with their own message, not as
    /// unknown keys.
    public let notHere: Set<String>
    /// The message and help when none of an `exactlyOne` group is present,
    /// where the generic "needs one of …" would list a form no one writes
    /// as a key (`background`'s `auto`).
    public let noneOfGroup: (message: String, help: String)?

    public init(_ name: String, keys: [KeySpec], required: [String] = [], exactlyOne: [[String]] = [],
                notHere: Set<String> = [], noneOfGroup: (message: String, help: String)? = nil) {
        self.name = name
        self.keys = keys
        self.required = required
        self.exactlyOne = exactlyOne
        self.notHere = notHere
        self.noneOfGroup = noneOfGroup
    }

    public var keyNames: [String] { keys.map(\.name) }

    /// By index (iterating copied each `KeySpec`), keys compared as
    /// `String.isKey` does: asked for every key of every mapping of every spec.
    public subscript(name: String) -> KeySpec? {
        position(of: name).map { keys[$0] }
    }

    /// Where `name` is among `keys`. Asking this, not the subscript, whether
    /// a key is known, or for a part of its spec, copies no `KeySpec` (its
    /// texts and its value's forms retained, then released).
    func position(of name: String) -> Int? {
        for i in keys.indices where keys[i].name.isKey(name) { return i }
        return nil
    }
}
