import Foundation

/// A value shared by threads, reachable only under its lock.
///
/// The one lock type of logoc: each cache or tally that several workers
/// touch holds its state in a `Locked` rather than pairing an `NSLock` with
/// a `var` and promising, in a comment, that every access takes the lock.
/// The owner then needs no `@unchecked Sendable` of its own.
///
/// An `NSLock` underneath, as before: `Synchronization.Mutex` builds too,
/// but its `withLock` wants `sending` closures that non-`Sendable` results
/// (Cairo handles, layouts) cannot satisfy, and it would not be faster for
/// these uncontended, once-per-spec locks.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is touched only inside `withLock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock. Not re-entrant: `body`
    /// must not call `withLock` on the same box.
    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try _withLock(body)
    }

    @usableFromInline
    func _withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
