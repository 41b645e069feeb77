/// FNV-1a, 64 bits: a hash that is the same in every process and on every
/// machine. Swift's `Hasher` is seeded per process, so it must never decide
/// anything that is written to a file.
public enum StableHash {
    /// `continuing`: the hash of the bytes before these, to hash a string
    /// given in pieces (a folder and a name) without joining them.
    public static func fnv1a64<S: Sequence>(_ bytes: S, continuing start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where S.Element == UInt8 {
        var hash = start
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The hash of a string's UTF-8 bytes, read where they are stored (a
    /// native string's, as every path is): through `String.UTF8View`'s
    /// iterator each byte cost about fifteen instructions.
    public static func fnv1a64(_ text: String, continuing start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { fnv1a64($0, continuing: start) } ?? fnv1a64(text.utf8, continuing: start)
    }
}
