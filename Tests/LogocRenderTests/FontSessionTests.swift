import CFreeType
import CPango
import Testing
import LogocFonts
import LogocRenderTree
@testable import LogocRender

/// Which faces a font session opens: only what its texts are drawn with.
struct FontSessionTests {
    static let cjkFiles = FontCatalog.bundled.first { $0.name == "Noto Sans CJK SC" }?.files ?? []

    static func run(_ text: String, family: String? = "Inter", file: String? = nil, weight: Int = 400) -> TextRun {
        TextRun(text: text, font: FontChoice(family: family, file: file, weight: weight, italic: false), size: .pixels(40),
                safeArea: .rect(Rect(x: 0, y: 0, width: 128, height: 128)), color: .fixed(.black), minimumContrast: nil)
    }

    /// The indices of the faces of `path` that name `family`, as the catalog reads them.
    static func indices(of family: String, in path: String, catalog: FontCatalog) -> [Int32] {
        catalog.faces(ofFile: path).filter { $0.families.contains { $0.lowercased() == family.lowercased() } }.map(\.index).sorted()
    }

    /// A fallback family found in a collection opens that family's faces
    /// of it, not the collection's other nine (JP, KR, TC, HK, the Mono
    /// ones): half a millisecond and most of a megabyte each.
    @Test func aCollectionFoundThroughAFamilyOpensThatFamilysFaces() throws {
        let catalog = FontCatalog()
        let session = try FontSession(catalog: catalog)
        #expect(session.families(for: Self.run("漢字 Ab")) == ["Inter", "Noto Sans CJK SC"])
        #expect(Self.cjkFiles.count == 2)
        for path in Self.cjkFiles {
            let wanted = Self.indices(of: "Noto Sans CJK SC", in: path, catalog: catalog)
            #expect(wanted.count == 1, "\(path)")
            #expect(catalog.faces(ofFile: path).count > wanted.count, "\(path): a collection of several families")
            #expect(session.addedFaces(ofFile: path) == wanted, "\(path)")
        }
    }

    /// A spec that names a font file draws with any face of it: all are opened.
    @Test func aFileNamedBySpecOpensEveryFace() throws {
        let catalog = FontCatalog()
        let session = try FontSession(catalog: catalog)
        let path = try #require(Self.cjkFiles.first)
        _ = session.families(for: Self.run("漢字", family: nil, file: path))
        #expect(session.addedFaces(ofFile: path) == catalog.faces(ofFile: path).map(\.index).sorted())
    }

    /// What is left out is never drawn with: a CJK text is laid out with
    /// the collection's face of the named family, in both weights.
    @Test(arguments: [400, 700]) func theCollectionsNamedFaceDraws(weight: Int) throws {
        let renderer = try Renderer(catalog: FontCatalog())
        let layout = try renderer.session.locked { () throws(RenderError) -> TextLayout in
            try TextLayout(Self.run("漢字", weight: weight), session: renderer.session, references: nil)
        }
        let face = try FontLockTests.face(of: layout).assumingMemoryBound(to: FT_FaceRec_.self)
        #expect(face.pointee.family_name.map { String(cString: $0) } == "Noto Sans CJK SC")
        #expect(face.pointee.style_name.map { String(cString: $0) } == (weight == 700 ? "Bold" : "Regular"))
    }
}
