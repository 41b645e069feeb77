import LogocRenderTree

/// The trees a target draws from. `tree(dark:pixels:)` is the one way a
/// target picks the tree of a file it writes, so that `small` (drawings for
/// small sizes) reaches every size a target writes through this one place.
struct TargetTrees {
    let light: RenderTree
    let dark: RenderTree?

    /// The tree of a drawing `pixels` wide, light or dark.
    func tree(dark: Bool, pixels: Int) -> RenderTree {
        dark ? (self.dark ?? light) : light
    }
}
