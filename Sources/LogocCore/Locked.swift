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
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock. Not re-entrant: `body`
    /// must not call `withLock` on the same box. Inlined, so each caller
    /// gets its own copy made for its value and closure: through one
    /// generic body every call went through type metadata and a closure
    /// context, a few hundred instructions for a look-up of one key.
    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
