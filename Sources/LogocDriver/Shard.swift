

/// `build --shard I/N`: the part of a build one of N CI jobs does. Every
/// spec file belongs to exactly one shard, chosen by a hash of its
/// project-relative path, so adding, removing or reordering other specs
/// never moves it, and N jobs of one commit split the specs between them
/// whatever order each one discovers them in. A shard checks every spec
/// (output clashes, `E014`, need them all) and draws and writes only its own
/// (docs/remote-cache.md, "Shards").
public struct Shard: Sendable, Equatable {
    /// 1-based: `--shard 1/3` is the first of three.
    public let index: Int
    public let count: Int

    public static let maximumCount = 10_000

    /// Parses `I/N`; the failure is the usage error's sentence.
    public static func parse(_ text: String) -> Result<Shard, ParseError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            return .failure(ParseError(message: "--shard '\(text)' is not I/N (for example 2/3: the second of three jobs)"))
        }
        guard (1...maximumCount).contains(count) else {
            return .failure(ParseError(message: "--shard '\(text)': N must be from 1 to \(maximumCount)"))
        }
        guard (1...count).contains(index) else {
            return .failure(ParseError(message: "--shard '\(text)': I must be from 1 to \(count) (shards count from 1)"))
        }
        return .success(Shard(index: index, count: count))
    }

    public struct ParseError: Error, Sendable {
        public var message: String
    }

    public init(index: Int, count: Int) {
        (self.index, self.count) = (index, count)
    }

    /// Whether the spec file at `relativePath` (project-relative, as the
    /// cache names it) is this shard's: the first 8 bytes of its path's
    /// SHA-256, modulo N, plus one.
    public func contains(_ relativePath: String) -> Bool {
        Self.shard(of: relativePath, count: count) == index
    }

    /// Which of `count` shards draws the spec file at `relativePath`.
    public static func shard(of relativePath: String, count: Int) -> Int {
        let hex = SHA256.hex(relativePath).prefix(16)
        return Int(UInt64(hex, radix: 16).map { $0 % UInt64(count) } ?? 0) + 1
    }
}
