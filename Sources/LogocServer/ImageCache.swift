import Foundation
import LogocCore
import NIOCore

/// Encoded images kept in memory under a byte budget, least recently used
/// out first. Keys name content (`ProjectSnapshot` makes them from what
/// shapes the bytes), so an entry of an edited spec is never looked up
/// again: it only ages out.
public final class ImageCache: Sendable {
    /// A cached answer: the bytes and their `ETag`. The bytes are a NIO
    /// buffer made once: every answer hands out that buffer (copy on write,
    /// and nothing writes to it), not a copy of the picture per request.
    public struct Entry: Sendable {
        public let body: ByteBuffer
        public let etag: String
        /// `Content-Length`'s value, spelt once.
        public let length: String
        public init(bytes: [UInt8], etag: String) {
            (body, self.etag, length) = (ByteBuffer(bytes: bytes), etag, String(bytes.count))
        }
        /// What an entry counts against the budget: its bytes and its key's
        /// bookkeeping (so a budget of many tiny images still bounds memory).
        var cost: Int { body.readableBytes + 256 }
    }

    private final class Node {
        let key: String
        var entry: Entry
        var older: Node?
        weak var newer: Node?
        init(key: String, entry: Entry) { (self.key, self.entry) = (key, entry) }
    }

    /// The list, newest first; `unowned` links would be faster, but one lock
    /// and a dictionary hit are far below a request's other costs.
    private struct State {
        var nodes: [String: Node] = [:]
        var newest: Node?
        var oldest: Node?
        var bytes = 0
    }

    public let budget: Int
    private let state = Locked(State())

    /// `budget`: bytes all entries may take; an image larger than a quarter
    /// of it is not kept (one huge file would empty the cache).
    public init(budget: Int) {
        self.budget = max(0, budget)
    }

    public var bytes: Int { state.withLock { $0.bytes } }
    public var count: Int { state.withLock { $0.nodes.count } }

    /// The entry of `key`, now the most recently used.
    public func get(_ key: String) -> Entry? {
        state.withLock { state in
            guard let node = state.nodes[key] else { return nil }
            Self.unlink(node, in: &state)
            Self.pushNewest(node, in: &state)
            return node.entry
        }
    }

    /// Keeps `entry` under `key`, dropping the least recently used entries
    /// until everything fits the budget.
    public func put(_ key: String, _ entry: Entry) {
        guard entry.cost <= budget / 4 else { return }
        state.withLock { state in
            if let old = state.nodes.removeValue(forKey: key) {
                Self.unlink(old, in: &state)
                state.bytes -= old.entry.cost
            }
            let node = Node(key: key, entry: entry)
            state.nodes[key] = node
            Self.pushNewest(node, in: &state)
            state.bytes += entry.cost
            while state.bytes > budget, let oldest = state.oldest {
                Self.unlink(oldest, in: &state)
                state.nodes[oldest.key] = nil
                state.bytes -= oldest.entry.cost
            }
        }
    }

    private static func unlink(_ node: Node, in state: inout State) {
        let (older, newer) = (node.older, node.newer)
        if let newer { newer.older = older } else { state.newest = older }
        if let older { older.newer = newer } else { state.oldest = newer }
        node.older = nil
        node.newer = nil
    }

    private static func pushNewest(_ node: Node, in state: inout State) {
        node.older = state.newest
        state.newest?.newer = node
        state.newest = node
        if state.oldest == nil { state.oldest = node }
    }
}
