import CFontconfig

/// One face of a font file: its family names, weight, slant and the
/// characters it can draw. Read with FreeType through fontconfig's
/// `FcFreeTypeQuery`, which touches no fontconfig configuration.
public final class FontFace: @unchecked Sendable {
    // @unchecked: `charset` is created once in `init`, never mutated, and
    // fontconfig's charset queries only read it.
    public let path: String
    public let index: Int32
    /// Every family name the face declares (fonts may name several).
    public let families: [String]
    /// CSS-like weight, 100–900.
    public let weight: Int
    public let italic: Bool
    /// Whether the file is one of the bundled fonts (`FontCatalog.bundled`),
    /// known to draw what it claims: decided once here, since every text of
    /// every spec asks it of each face it may fall back to (hashing the path
    /// each time was 1 % of a check).
    public let isBundled: Bool
    private let charset: OpaquePointer

    /// Reads face `index` of `path`; nil when the file is not a font.
    public convenience init?(path: String, index: Int32 = 0) {
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(path, UInt32(index), nil, &count) else { return nil }
        defer { FcPatternDestroy(pattern) }
        self.init(pattern: pattern, path: path, index: index)
    }

    /// The family names a fontconfig pattern gives a face, in its order.
    public static func familyNames(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, n, &value) == FcResultMatch, let value {
            names.append(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
            n += 1
        }
        return names
    }

    /// Whether `names` (a face's family names) include `family`, in any
    /// case: how a spec's `font.family` finds its faces, in the catalog,
    /// in a font session and among the files a spec uses.
    public static func names(_ names: [String], include family: String) -> Bool {
        let wanted = family.lowercased()
        return names.contains { $0.lowercased() == wanted }
    }

    /// Whether this face is one of `family`'s (`names(_:include:)`).
    public func isOf(family: String) -> Bool { Self.names(families, include: family) }

    /// A face from fontconfig's description of it (from a query or a cache).
    init?(pattern: OpaquePointer, path: String, index: Int32) {
        let names = Self.familyNames(of: pattern)
        var set: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &set) == FcResultMatch, let set, let copy = FcCharSetCopy(set) else {
            return nil
        }
        var fcWeight: Int32 = 80
        _ = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &fcWeight)
        var slant: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        self.path = path
        self.index = index
        self.families = names
        self.weight = Int(FcWeightToOpenType(Int32(fcWeight)))
        self.italic = slant != 0
        self.isBundled = FontCatalog.bundledFiles.contains(path)
        self.charset = copy
    }

    deinit { FcCharSetDestroy(charset) }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        FcCharSetHasChar(charset, scalar.value) != 0
    }

    /// How many faces a font file holds (a `.ttc` collection holds several).
    public static func faceCount(path: String) -> Int32 {
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(path, 0, nil, &count) else { return 0 }
        FcPatternDestroy(pattern)
        return max(count, 1)
    }
}
