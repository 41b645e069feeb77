import LogocRender
import LogocRenderTree

/// The drawings a target makes its files from. `measured(dark:pixels:)` is
/// the one way a target picks the tree of a file it writes (through
/// `SpecTrees.tree(dark:pixels:)`, so `small` reaches every size a target
/// writes), and each tree is measured once however many files draw it.
final class TargetTrees {
    let trees: SpecTrees
    private var measured: [(tree: RenderTree, measured: Measured)] = []

    /// `measured`: drawings the caller measured already (the spec's plan),
    /// so a target does not measure them again.
    init(_ trees: SpecTrees, measured: [Measured] = []) {
        self.trees = trees
        self.measured = measured.map { ($0.tree, $0) }
    }

    var light: RenderTree { trees.light }
    var dark: RenderTree? { trees.dark }

    /// The tree of a drawing `pixels` wide, light or dark.
    func tree(dark: Bool, pixels: Int) -> RenderTree { trees.tree(dark: dark, pixels: pixels) }

    /// That tree measured, ready to draw at any edge.
    func measured(dark: Bool, pixels: Int, renderer: Renderer) throws(RenderError) -> Measured {
        let tree = tree(dark: dark, pixels: pixels)
        if let known = measured.first(where: { $0.tree == tree }) { return known.measured }
        let result = try renderer.measure(tree)
        measured.append((tree, result))
        return result
    }
}
