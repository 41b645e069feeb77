import Foundation
import LogocCore

/// `AutoBackground` palettes already computed in this run, by text colour,
/// minimum and colour-vision checks: thousands of specs share a handful of
/// those, and a palette costs hundreds of contrast computations.
public final class AutoPaletteCache: @unchecked Sendable {
    // @unchecked: `palettes` is only touched under `lock`.
    private let lock = NSLock()
    private var palettes: [Key: [RGBA]] = [:]

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
        lock.lock()
        if let known = palettes[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let palette = AutoBackground.palette(text: text, minimum: minimum, vision: vision, from: team)
        lock.lock()
        palettes[key] = palette
        lock.unlock()
        return palette
    }
}
