/// All pairs of 64-bit hashes within a Hamming distance, without comparing
/// every pair: multi-index hashing (Norouzi, Punjani and Fleet, 2012).
///
/// Each hash is cut into four 16-bit chunks, and each chunk indexes a table
/// of 65,536 buckets. Two hashes at most `t` bits apart differ in at most
/// `t / 4` bits in at least one chunk (pigeonhole), so the pairs are found by
/// looking, for each hash and each chunk, in the buckets within `t / 4` bits
/// of its chunk: for the default `t` of 4 that is 17 buckets per chunk, and
/// 10,000 hashes cost under a million bucket visits instead of 50 million
/// comparisons.
struct HammingIndex {
    static let chunks = 4
    /// The largest threshold the index serves quickly: 4 bits per chunk
    /// means 2,517 buckets per chunk and hash.
    static let maximumThreshold = 16

    /// Below this many hashes a plain scan is faster than the tables (four
    /// of 65,537 counts each), and the look-alike check makes one index per
    /// colour cell, most of them small.
    static let scanBelow = 1024

    private let hashes: [UInt64]
    /// Per chunk, bucket `k`'s members are `members[c][starts[c][k]..<starts[c][k + 1]]`;
    /// empty for a small index, which is scanned.
    private var starts: [[Int32]] = []
    private var members: [[Int32]] = []

    init(_ hashes: [UInt64]) {
        self.hashes = hashes
        guard hashes.count >= Self.scanBelow else { return }
        for c in 0..<Self.chunks {
            var counts = [Int32](repeating: 0, count: 65_537)
            for h in hashes { counts[Int(Self.chunk(h, c)) + 1] += 1 }
            for k in 1..<counts.count { counts[k] += counts[k - 1] }
            var fill = counts
            var list = [Int32](repeating: 0, count: hashes.count)
            for (i, h) in hashes.enumerated() {
                let k = Int(Self.chunk(h, c))
                list[Int(fill[k])] = Int32(i)
                fill[k] += 1
            }
            starts.append(counts)
            members.append(list)
        }
    }

    static func chunk(_ h: UInt64, _ c: Int) -> UInt16 { UInt16(truncatingIfNeeded: h >> UInt64(16 * c)) }

    /// Every pair `(i, j)`, `i < j`, of hashes at most `threshold` bits apart,
    /// each once, sorted.
    func pairs(within threshold: Int) -> [(Int, Int, Int)] {
        var found: [(Int, Int, Int)] = []
        let masks = Self.masks(for: threshold)
        for (j, h) in hashes.enumerated() {
            query(h, within: threshold, masks: masks) { i, distance in
                if i < j { found.append((i, j, distance)) }
            }
        }
        return found.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    /// The masks a query within `threshold` bits visits, per chunk.
    static func masks(for threshold: Int) -> [UInt16] {
        masks(radius: max(0, min(threshold, maximumThreshold)) / chunks)
    }

    /// Calls `body(i, distance)` once for every indexed hash at most
    /// `threshold` bits from `hash` (`masks` from `masks(for: threshold)`).
    func query(_ hash: UInt64, within threshold: Int, masks: [UInt16], _ body: (Int, Int) -> Void) {
        let t = max(0, min(threshold, Self.maximumThreshold))
        if starts.isEmpty {
            for (i, other) in hashes.enumerated() {
                let distance = (hash ^ other).nonzeroBitCount
                if distance <= t { body(i, distance) }
            }
            return
        }
        let radius = t / Self.chunks
        for c in 0..<Self.chunks {
            let key = Self.chunk(hash, c)
            for mask in masks {
                let k = Int(key ^ mask)
                for slot in Int(starts[c][k])..<Int(starts[c][k + 1]) {
                    let i = Int(members[c][slot])
                    let other = hashes[i]
                    let distance = (hash ^ other).nonzeroBitCount
                    guard distance <= t else { continue }
                    // Report a hash from the first chunk that finds it only.
                    var foundEarlier = false
                    for earlier in 0..<c where (Self.chunk(hash, earlier) ^ Self.chunk(other, earlier)).nonzeroBitCount <= radius {
                        foundEarlier = true
                        break
                    }
                    if !foundEarlier { body(i, distance) }
                }
            }
        }
    }

    /// Every 16-bit mask with at most `radius` bits set.
    static func masks(radius: Int) -> [UInt16] {
        (0...UInt16.max).filter { $0.nonzeroBitCount <= radius }
    }
}
