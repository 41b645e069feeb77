extension String {
    /// `body` over the UTF-8 bytes of `a` and `b`, read where they are
    /// stored (a native string's always are); a string stored otherwise
    /// (bridged) is made contiguous first. Comparing strings byte by byte
    /// through `String.UTF8View`'s iterator cost about thirty instructions a
    /// byte, and a copy of each string to call `withUTF8` on retained both:
    /// discovery's sort (`PathResolver.bytewiseLess`) and the initials'
    /// memo (`Initials.Key`) compare this way for every spec.
    @inlinable
    public static func withUTF8<Result>(_ a: String, _ b: String,
                                        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let inPlace = a.utf8.withContiguousStorageIfAvailable({ x in b.utf8.withContiguousStorageIfAvailable { y in body(x, y) } }),
           let result = inPlace {
            return result
        }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in body(x, y) } }
    }
}
