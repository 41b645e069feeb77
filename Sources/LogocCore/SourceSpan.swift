/// A point in a source file: 1-based line and column, columns counted in
/// Unicode scalars as SPEC.md requires.
///
/// Kept in 32 bits each (a spec file is at most 1 MiB; larger values, such
/// as `Int.max` for "after every line", are clamped): every node, value and
/// diagnostic carries two of them, and at 64 bits they were a third of the
/// bytes a check copies with each located value.
public struct SourcePosition: Hashable, Sendable, Comparable {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
    }
}

/// Where a node was written: the file and the start and end of the text, so a
/// caret can underline a whole value. The end is exclusive.
public struct SourceSpan: Hashable, Sendable, Comparable {
    public var file: String
    public var start: SourcePosition
    public var end: SourcePosition

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// The start of a file, for problems that belong to a whole document.
    public static func startOf(_ file: String) -> SourceSpan {
        SourceSpan(file: file, start: .init(line: 1, column: 1), end: .init(line: 1, column: 1))
    }

    public static func < (a: SourceSpan, b: SourceSpan) -> Bool {
        (a.file, a.start, a.end) < (b.file, b.start, b.end)
    }
}

/// A value together with the place it was written.
public struct Located<Value> {
    public var value: Value
    public var span: SourceSpan

    public init(_ value: Value, at span: SourceSpan) {
        self.value = value
        self.span = span
    }

    /// The same place holding a transformed value.
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Located<T> {
        Located<T>(try transform(value), at: span)
    }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
