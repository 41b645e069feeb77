import Foundation
import LogocCore

/// The fonts logoc may use: the bundled set from Debian font packages, in a
/// fixed fallback order, plus the folders a project names in `logoc.yaml`.
/// Nothing else installed on a machine is ever consulted, so outputs and
/// diagnostics are the same everywhere. Faces are read lazily, once.
public final class FontCatalog: Sendable {

    /// A family of the bundled set and the files that hold it.
    public struct BundledFamily: Sendable {
        public let name: String
        public let files: [String]
    }

    /// The bundled fallback chain, in the order characters are looked up.
    /// Debian packages: fonts-inter, fonts-noto-core, fonts-noto-cjk,
    /// fonts-noto-color-emoji.
    public static let bundled: [BundledFamily] = {
        let inter = "/usr/share/fonts/opentype/inter/"
        let noto = "/usr/share/fonts/truetype/noto/"
        let cjk = "/usr/share/fonts/opentype/noto/"
        let weights = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]
        let interFiles = weights.flatMap { w in [inter + "Inter-\(w).otf", inter + (w == "Regular" ? "Inter-Italic.otf" : "Inter-\(w)Italic.otf")] }
        return [
            BundledFamily(name: "Inter", files: interFiles),
            BundledFamily(name: "Noto Sans", files: ["Regular", "Bold", "Italic", "BoldItalic"].map { noto + "NotoSans-\($0).ttf" }),
            BundledFamily(name: "Noto Sans Arabic", files: [noto + "NotoSansArabic-Regular.ttf", noto + "NotoSansArabic-Bold.ttf"]),
            BundledFamily(name: "Noto Sans Hebrew", files: [noto + "NotoSansHebrew-Regular.ttf", noto + "NotoSansHebrew-Bold.ttf"]),
            BundledFamily(name: "Noto Sans Devanagari", files: [noto + "NotoSansDevanagari-Regular.ttf", noto + "NotoSansDevanagari-Bold.ttf"]),
            BundledFamily(name: "Noto Sans CJK SC", files: [cjk + "NotoSansCJK-Regular.ttc", cjk + "NotoSansCJK-Bold.ttc"]),
            BundledFamily(name: "Noto Color Emoji", files: [noto + "NotoColorEmoji.ttf"]),
        ]
    }()

    /// The family used when a spec names none.
    public static let defaultFamily = "Inter"

    private let folders: [String]
    private let excluded: Set<String>
    /// What is read so far, shared by the threads of a run.
    private let loaded = Locked(Loaded())

    /// Faces read, each once.
    private struct Loaded {
        var faces: [String: [FontFace]] = [:]
        var projectFaces: [FontFace]?
        /// `faces(ofFamily:)` by lower-cased family: every spec asks for its
        /// family (twice), and the answer never changes once the files are read.
        var familyFaces: [String: [FontFace]] = [:]
        /// Whether some project or bundled font draws a character, by
        /// character: `canDraw` asks for each character a text's own font
        /// lacks (a name in a script Inter does not cover, in every spec),
        /// and the answer never changes once the files are read.
        var fallbackDraws: [Unicode.Scalar: Bool] = [:]

        mutating func faces(ofFile path: String) -> [FontFace] {
            if let cached = faces[path] { return cached }
            var loaded: [FontFace] = []
            if let cached = FontconfigCache.shared.faces(ofFile: path) {
                loaded = cached.compactMap { FontFace(pattern: $0.pattern, path: path, index: $0.index) }
            } else if FontFileCheck.problem(path: path) == nil {
                // (FreeType would block on a FIFO and read a truncated font as if whole.)
                let count = FontFace.faceCount(path: path)
                for i in 0..<count {
                    if let face = FontFace(path: path, index: i) { loaded.append(face) }
                }
            }
            faces[path] = loaded
            return loaded
        }

        /// Faces from the project's `fonts` folders, read on first use.
        mutating func projectFaces(folders: [String], excluded: Set<String>) -> [FontFace] {
            if let projectFaces { return projectFaces }
            var found: [FontFace] = []
            for folder in folders {
                for file in FontCatalog.fontFiles(in: folder) where !excluded.contains(file) {
                    found += faces(ofFile: file)
                }
            }
            projectFaces = found
            return found
        }
    }

    /// `folders` are absolute paths of the project's font folders; files in
    /// `excluded` (links out of the project root) are never read.
    public init(projectFolders folders: [String] = [], excluding excluded: Set<String> = []) {
        self.folders = folders
        self.excluded = excluded
    }

    /// The font files of a project's font folder, by name.
    public static func fontFiles(in folder: String) -> [String] {
        let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
        return names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The faces of a font file (all faces of a collection); empty when the
    /// file is not a font that FreeType can read.
    public func faces(ofFile path: String) -> [FontFace] {
        loaded.withLock { $0.faces(ofFile: path) }
    }

    /// The faces of `family` (case-insensitive), project fonts first; empty
    /// when no such family is available.
    public func faces(ofFamily family: String) -> [FontFace] {
        let wanted = family.lowercased()
        return loaded.withLock { loaded in
            if let known = loaded.familyFaces[wanted] { return known }
            let found = facesAfresh(ofFamily: wanted, in: &loaded)
            loaded.familyFaces[wanted] = found
            return found
        }
    }

    /// `wanted` is lower-cased; `loaded` is held under its lock.
    private func facesAfresh(ofFamily wanted: String, in loaded: inout Loaded) -> [FontFace] {
        let project = loaded.projectFaces(folders: folders, excluded: excluded).filter { $0.isOf(family: wanted) }
        if !project.isEmpty { return project }
        guard let bundled = Self.bundled.first(where: { $0.name.lowercased() == wanted }) else { return [] }
        return bundled.files.flatMap { loaded.faces(ofFile: $0) }
    }

    /// Every face of the project's font folders, in a stable order.
    public func projectFaces() -> [FontFace] {
        loaded.withLock { $0.projectFaces(folders: folders, excluded: excluded) }
    }

    /// Every family name available, for "did you mean" suggestions.
    public func familyNames() -> [String] {
        let project = loaded.withLock { $0.projectFaces(folders: folders, excluded: excluded) }.compactMap(\.families.first)
        return Array(Set(project + Self.bundled.map(\.name))).sorted()
    }

    /// Whether `scalar` can be drawn by `primary` or by the fallback chain.
    public func canDraw(_ scalar: Unicode.Scalar, primary: [FontFace]) -> Bool {
        if primary.contains(where: { $0.covers(scalar) }) { return true }
        return loaded.withLock { loaded in
            if let known = loaded.fallbackDraws[scalar] { return known }
            let draws = loaded.projectFaces(folders: folders, excluded: excluded).contains(where: { $0.covers(scalar) })
                || Self.bundled.contains { family in
                    // The first file of each family is its regular face, which covers
                    // the same characters as the others.
                    guard let first = family.files.first else { return false }
                    return loaded.faces(ofFile: first).contains(where: { $0.covers(scalar) })
                }
            if loaded.fallbackDraws.count >= 65_536 { loaded.fallbackDraws.removeAll(keepingCapacity: true) }
            loaded.fallbackDraws[scalar] = draws
            return draws
        }
    }

    /// The family that draws `scalar` when the chosen font lacks it: the
    /// project's fonts first, then the bundled chain; with the files that
    /// hold that family.
    public func fallback(for scalar: Unicode.Scalar) -> (family: String, files: [String])? {
        loaded.withLock { loaded in
            let project = loaded.projectFaces(folders: folders, excluded: excluded)
            if let face = project.first(where: { $0.covers(scalar) }), let family = face.families.first {
                let files = project.filter { $0.families.first == family }.map(\.path)
                return (family, Array(Set(files)).sorted())
            }
            for family in Self.bundled {
                guard let first = family.files.first else { continue }
                if loaded.faces(ofFile: first).contains(where: { $0.covers(scalar) }) { return (family.name, family.files) }
            }
            return nil
        }
    }

    /// Which glyphs of the project's font files draw nothing (see `GlyphInk`).
    private let ink = GlyphInk()
    /// Every bundled font file, to tell them from the project's.
    static let bundledFiles = Set(bundled.flatMap(\.files))

    /// The scalars of `scalars` that one of `faces` claims (in its character
    /// map) but draws nothing for. Only faces from project files are asked:
    /// the bundled fonts are known to draw what they claim.
    public func blank(_ scalars: [Unicode.Scalar], in faces: [FontFace]) -> [Unicode.Scalar] {
        var blank: [Unicode.Scalar] = []
        for face in faces where !face.isBundled {
            let claimed = scalars.filter { face.covers($0) && !blank.contains($0) }
            blank += ink.blank(claimed, path: face.path, index: face.index)
        }
        return scalars.filter { blank.contains($0) }
    }

    /// Bundled font files that are missing on this machine (the fonts packages
    /// are not installed), for an early, clear error.
    public static func missingBundledFiles() -> [String] {
        bundled.flatMap(\.files).filter { !FileManager.default.fileExists(atPath: $0) }
    }
}
