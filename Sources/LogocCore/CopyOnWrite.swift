/// A value kept in a box that copies share until one of them changes it
/// (copy on write): a large value's copies cost one retain each, not a
/// copy of every byte and a retain of every reference in it.
///
/// `LogoSyntax`, `TextSyntax` and `CheckedSpec` keep their fields in one:
/// each was copied whole several times on its way from the decoder to the
/// drawing (docs/frontend.md, "Speed").
public struct CopyOnWrite<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    public init(_ value: Value) { box = Box(value) }

    /// Read in place; changed in place once this copy is the box's only owner.
    public var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Whether both share one box, so hold the same value without comparing it.
    public func sharesBox(with other: Self) -> Bool { box === other.box }
}

// A box is only written through its only owner (`value`'s `_modify`), so a
// shared one is only ever read.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
