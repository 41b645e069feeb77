import Foundation
import LogocCore

/// `AutoBackground` palettes already computed in this run, by text colour,
/// minimum and colour-vision checks: thousands of specs share a handful of
/// those, and a palette costs hundreds of contrast computations.
public final class AutoPaletteCache: Sendable {
    private let palettes = Locked<[Key: [RGBA]]>([:])

    struct Key: Hashable {
        var text: RGBA?
        var minimum: Double?
        var vision: [ColorVision]
        var team: [RGBA]?
    }

    public init() {}

    /// `AutoBackground.palette(text:minimum:vision:from:)`, computed once per key.
    public func palette(text: RGBA?, minimum: Double?, vision: [ColorVision], from team: [RGBA]? = nil) -> [RGBA] {
        let key = Key(text: text, minimum: minimum, vision: vision, team: team)
        if let known = palettes.withLock({ $0[key] }) { return known }
        let palette = AutoBackground.palette(text: text, minimum: minimum, vision: vision, from: team)
        palettes.withLock { $0[key] = palette }
        return palette
    }
}
