/// A list grown a block of 4,096 elements at a time: appending never
/// copies what is there, and at most one block is slack.
///
/// Why: an array of a million 48-byte records grows by doubling, so it
/// holds up to twice its size, and three times while it is copied into a
/// bigger buffer: the cache index of a no-op rebuild of a million specs
/// peaked at 75 MB for 48 MB of records (issue 21).
struct BlockList<Element: Sendable>: RandomAccessCollection, Sendable {
    private static var shift: Int { 12 }
    private static var mask: Int { (1 << shift) - 1 }
    private var blocks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        get { blocks[i >> Self.shift][i & Self.mask] }
        set { blocks[i >> Self.shift][i & Self.mask] = newValue }
    }

    /// Lets go of the block that ends at `i`, if `i` is its last element:
    /// a caller that reads the list once, front to back, frees it as it
    /// goes (its elements there are not read again).
    mutating func release(through i: Int) {
        if i & Self.mask == Self.mask { blocks[i >> Self.shift] = [] }
    }

    mutating func append(_ element: Element) {
        if count & Self.mask == 0 {
            var block: [Element] = []
            block.reserveCapacity(Self.mask + 1)
            blocks.append(block)
        }
        blocks[blocks.count - 1].append(element)
        count += 1
    }
}

/// Byte strings (spec paths) kept one after another in blocks of 64 KiB,
/// each named by a 32-bit place: as `BlockList`, appending copies nothing
/// already kept. A string never spans two blocks.
struct TextBlocks: Sendable {
    private static var blockBits: Int { 16 }
    private var blocks: [[UInt8]] = []
    /// The blocks before this one were let go (`release`).
    private var released = 0

    init() {}

    /// The longest string kept.
    static var longest: Int { 1 << blockBits }

    /// Keeps `string`'s bytes; its place, or nil when it is longer than
    /// `longest` or the places are used up (2^32 bytes).
    mutating func append(_ string: String) -> UInt32? { append(bytes: string.utf8) }

    /// `append` of bytes.
    mutating func append(bytes string: some Collection<UInt8>) -> UInt32? {
        let count = string.count
        guard count <= Self.longest else { return nil }
        if blocks.isEmpty || blocks[blocks.count - 1].count + count > Self.longest {
            guard blocks.count < 1 << (32 - Self.blockBits) else { return nil }
            var block: [UInt8] = []
            block.reserveCapacity(Self.longest)
            blocks.append(block)
        }
        let place = UInt32(blocks.count - 1) << UInt32(Self.blockBits) | UInt32(blocks[blocks.count - 1].count)
        blocks[blocks.count - 1] += string
        return place
    }

    /// Lets go of the blocks before the one `place` is in (their strings are not read again).
    mutating func release(before place: UInt32) {
        let block = Int(place) >> Self.blockBits
        while released < block {
            blocks[released] = []
            released += 1
        }
    }

    /// Calls `body` with the `count` bytes kept at `place`.
    func withBytes<R>(at place: UInt32, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = Int(place) & (Self.longest - 1)
        return blocks[Int(place) >> Self.blockBits].withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
    }
}
