/// An input read front to back as small decisions (a graph's shape, which
/// file to edit, where), so that a fuzzer's mutations of a byte change one
/// decision instead of the meaning of everything after it. Past the end,
/// every decision is 0: any input, the empty one included, stands for
/// something.
public struct FuzzBytes {
    private let bytes: [UInt8]
    private(set) public var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A choice among `count` (at least 1).
    public mutating func pick(_ count: Int) -> Int { Int(byte()) % max(1, count) }

    /// A 16-bit number, little-endian.
    public mutating func uint16() -> Int { Int(byte()) | Int(byte()) << 8 }

    /// A place in a file of `length` bytes (0...length), spread evenly
    /// whatever the length, so the same input edits the same part of a file
    /// that grew or shrank.
    public mutating func position(in length: Int) -> Int { uint16() * (length + 1) / 65_536 }

    /// The next `count` bytes (fewer at the end).
    public mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, offset + max(0, count))
        defer { offset = end }
        return Array(bytes[min(offset, end)..<end])
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] { take(bytes.count - offset) }
}
