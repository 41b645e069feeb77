import LogocCore
import LogocRenderTree
import Testing

/// An output's cache key hashes `RenderTree.canonicalBytes()`: it must tell
/// apart every two trees that can draw differently, which the golden dump
/// (numbers to a thousandth, files by their last path component) does not.
@Suite("Render tree canonical encoding")
struct CanonicalEncodingTests {
    func tree(border: Double = 2, image: String = "/p/a/face.jpg", text: String? = "AB") -> RenderTree {
        let paint = ImagePaint(path: image, pixelWidth: 10, pixelHeight: 10, placement: Rect(x: 0, y: 0, width: 64, height: 64), underlay: .white)
        let run = text.map {
            TextRun(text: $0, font: FontChoice(family: "Inter", file: nil, weight: 700, italic: false), size: .auto(maximum: 30),
                    safeArea: .circle(center: Point(x: 32, y: 32), radius: 20), color: .auto, minimumContrast: 4.5)
        }
        return RenderTree(size: 64, shape: .circle, background: .image(paint), border: Border(width: border, color: .fixed(.black)), text: run)
    }

    @Test func sameTreeSameBytes() {
        #expect(tree().canonicalBytes() == tree().canonicalBytes())
        #expect(!tree().canonicalBytes().isEmpty)
    }

    @Test func differencesTheDumpHidesChangeTheBytes() {
        // A ten-thousandth of a pixel, and an image of the same name in another folder.
        #expect(tree(border: 2).dump() == tree(border: 2.0001).dump())
        #expect(tree(border: 2).canonicalBytes() != tree(border: 2.0001).canonicalBytes())
        #expect(tree(image: "/p/a/face.jpg").dump() == tree(image: "/p/b/face.jpg").dump())
        #expect(tree(image: "/p/a/face.jpg").canonicalBytes() != tree(image: "/p/b/face.jpg").canonicalBytes())
        #expect(tree(text: "AB").canonicalBytes() != tree(text: nil).canonicalBytes())
        #expect(tree(text: "AB").canonicalBytes() != tree(text: "A").canonicalBytes())
    }
}
