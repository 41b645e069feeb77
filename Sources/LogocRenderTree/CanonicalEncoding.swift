/// The render tree's canonical bytes: what an output's cache key hashes.
///
/// Not `dump()`, the golden files' text, which rounds numbers to a
/// thousandth and names an image or font file by its last path component:
/// a key must change whenever the drawing can. These bytes hold every
/// stored property exactly (a `Double` as its bit pattern, paths whole),
/// in declaration order, each value tagged and each string length-prefixed,
/// so two different trees never give the same bytes. The encoding comes
/// from the types' synthesized `Encodable`: a field added to the tree is in
/// the key without anyone remembering to add it.
extension RenderTree {
    public func canonicalBytes() -> [UInt8] {
        let encoder = CanonicalEncoder()
        // The encoder itself never throws; a value's `encode(to:)` could
        // only through a hand-written conformance, and the tree has none.
        try? encode(to: encoder)
        return encoder.sink.bytes
    }
}

/// The bytes being written, shared by an encoder's containers.
final class CanonicalSink {
    var bytes: [UInt8] = []

    func tag(_ t: Character) { bytes.append(t.asciiValue ?? 0x3F) }

    func integer(_ t: Character, _ value: UInt64) {
        tag(t)
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    func string(_ value: String) {
        let utf8 = Array(value.utf8)
        integer("s", UInt64(utf8.count))
        bytes += utf8
    }
}

/// An `Encoder` writing `CanonicalSink`'s tagged bytes.
final class CanonicalEncoder: Encoder {
    let sink: CanonicalSink
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(sink: CanonicalSink = CanonicalSink()) { self.sink = sink }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.tag("{")
        return KeyedEncodingContainer(Keyed<Key>(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.tag("[")
        return Unkeyed(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }

    /// One value of any kind, tagged.
    static func write(_ value: some Encodable, to sink: CanonicalSink) throws {
        switch value {
        case let v as String: sink.string(v)
        case let v as Bool: sink.integer("b", v ? 1 : 0)
        case let v as Double: sink.integer("d", v.bitPattern)
        case let v as Float: sink.integer("f", UInt64(v.bitPattern))
        case let v as any FixedWidthInteger & SignedInteger: sink.integer("i", UInt64(bitPattern: Int64(v)))
        case let v as any FixedWidthInteger & UnsignedInteger: sink.integer("u", UInt64(v))
        default:
            try value.encode(to: CanonicalEncoder(sink: sink))
            sink.tag(";")
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: CanonicalSink
        var codingPath: [any CodingKey] = []

        mutating func encodeNil(forKey key: Key) throws {
            sink.string(key.stringValue)
            sink.tag("n")
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            sink.string(key.stringValue)
            try CanonicalEncoder.write(value, to: sink)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            sink.string(key.stringValue)
            sink.tag("{")
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.string(key.stringValue)
            sink.tag("[")
            return Unkeyed(sink: sink)
        }

        mutating func superEncoder() -> any Encoder { CanonicalEncoder(sink: sink) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            sink.string(key.stringValue)
            return CanonicalEncoder(sink: sink)
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: CanonicalSink
        var codingPath: [any CodingKey] = []
        var count = 0

        mutating func encodeNil() throws {
            count += 1
            sink.tag("n")
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            sink.tag(",")
            try CanonicalEncoder.write(value, to: sink)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            sink.tag("{")
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            sink.tag("[")
            return Unkeyed(sink: sink)
        }

        mutating func superEncoder() -> any Encoder { CanonicalEncoder(sink: sink) }
    }

    struct Single: SingleValueEncodingContainer {
        let sink: CanonicalSink
        var codingPath: [any CodingKey] = []

        mutating func encodeNil() throws { sink.tag("n") }
        mutating func encode<T: Encodable>(_ value: T) throws { try CanonicalEncoder.write(value, to: sink) }
    }
}
