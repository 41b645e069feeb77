import LogocCore

/// `targets`: the places a spec's pictures land (SPEC-v2 §3), each a target
/// key (`web`) with the kind of files it wants there (`favicon`). Only the
/// pairs that decoded are here; a wrong key or value was reported (E018).
public struct TargetsSyntax: Sendable, Equatable {
    /// One `target: kind` pair.
    public struct Choice: Sendable, Equatable {
        /// `web`, `ios`, `android`.
        public var target: String
        /// The kind, with the place of the value: W005 and W006 point here.
        public var kind: Located<String>
        public init(target: String, kind: Located<String>) { (self.target, self.kind) = (target, kind) }
    }

    public var choices: [Choice] = []
    public init() {}

    /// The kind written for `target`, with its place.
    public subscript(target: String) -> Located<String>? { choices.first { $0.target == target }?.kind }
}
