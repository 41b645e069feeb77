/// A value kept in a box that copies share until one of them changes it
/// (copy on write): a large value's copies cost one retain each, not a
/// copy of every byte and a retain of every reference in it.
///
/// `LogoSyntax`, `TextSyntax` and `CheckedSpec` keep their fields in one:
/// each was copied whole several times on its way from the decoder to the
/// drawing (docs/frontend.md, "Speed").
///
/// Inlinable, so that each module's use is specialized for its value: called
/// through the generic code, the accessors cost 3.6 % more instructions in a
/// check than the boxes written out for each type.
public struct CopyOnWrite<Value> {
    @usableFromInline final class Box {
        @usableFromInline var value: Value
        @inlinable init(_ value: Value) { self.value = value }
    }

    @usableFromInline var box: Box

    @inlinable public init(_ value: Value) { box = Box(value) }

    /// Read in place; changed in place once this copy is the box's only owner.
    @inlinable public var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

/// Two copies that share a box hold one value, without comparing it.
extension CopyOnWrite: Equatable where Value: Equatable {
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.box.value == b.box.value }
}

// A box is only written through its only owner (`value`'s `_modify`), so a
// shared one is only ever read.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
