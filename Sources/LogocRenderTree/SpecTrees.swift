/// Every drawing one spec may write: the light tree, the dark one (with
/// `dark`), and the small ones (with `small`) for outputs at most `maxSize`
/// pixels wide (SPEC-v2 §2). The driver picks the tree of each output
/// through `tree(dark:pixels:)` and nowhere else, so the PNGs, the SVG, the
/// cache keys and the checks of one output all agree on what it draws.
public final class SpecTrees: Sendable, Equatable {
    // A class (its fields never change): a value of up to four trees was
    // 1,193 bytes copied at each hand-over from the resolver to the plans.
    public let light: RenderTree
    public let dark: RenderTree?
    /// The spec, then `small`.
    public let smallLight: RenderTree?
    /// The spec, then `dark`, then `small`.
    public let smallDark: RenderTree?
    /// `small.maxSize`; nil without `small`.
    public let maxSize: Int?

    public static func == (a: SpecTrees, b: SpecTrees) -> Bool {
        a === b || (a.light == b.light && a.dark == b.dark && a.smallLight == b.smallLight && a.smallDark == b.smallDark && a.maxSize == b.maxSize)
    }

    public init(light: RenderTree, dark: RenderTree? = nil, smallLight: RenderTree? = nil, smallDark: RenderTree? = nil, maxSize: Int? = nil) {
        self.light = light
        self.dark = dark
        self.smallLight = smallLight
        self.smallDark = smallDark
        self.maxSize = maxSize
    }

    /// The tree an output draws: `pixels` is its width (`size` × scale for a
    /// raster, `size` for a vector file); the small drawing when that is at
    /// most `maxSize`. A dark output of a spec without `dark` draws the light
    /// tree, as it always has.
    public func tree(dark: Bool, pixels: Int) -> RenderTree {
        if let maxSize, pixels <= maxSize, let small = dark ? (smallDark ?? smallLight) : smallLight { return small }
        return dark ? (self.dark ?? light) : light
    }

    /// Each distinct tree once, light first, then dark, small light, small dark.
    public var all: [RenderTree] {
        var trees: [RenderTree] = []
        for tree in [light, dark, smallLight, smallDark].compactMap({ $0 }) where !trees.contains(tree) { trees.append(tree) }
        return trees
    }
}
