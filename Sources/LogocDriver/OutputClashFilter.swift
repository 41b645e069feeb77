import Foundation

/// Tells, from a spec file's name and bytes alone, that none of its specs
/// can write an output of a given spec of the same folder, so that
/// `check FILES` reads with the front end only the few files that might
/// (`ProjectSpecs`). It never answers "no" for a file the front end would
/// read a clashing spec from; "yes" only costs a full read.
///
/// Why it is sound: outputs are `FOLDER/NAME[-dark][@Nx].png|svg`, and a
/// name matches `LanguageSchema.namePattern` (no `/`, no `@`), so two specs
/// share an output only in one folder, and only when one name is the other
/// or the other plus `-dark`. A spec's name is its file's name (without
/// `.yaml`, `.yml`, `.logo`) or the value of its document's own `name:`
/// (a partial's is dropped). That value is in the file's bytes as written,
/// unless a double-quoted escape (`\x61`) spells it: a file with a
/// backslash is always read. The front end refuses files that are not
/// UTF-8, so no other encoding can hide it.
enum OutputClashFilter {
    /// What the name of every spec that can share an output with a spec
    /// named `name` contains: `name` without one trailing `-dark` (`ana`
    /// for `ana-dark`, which `ana` writes when it has a dark variant).
    static func needle(for name: String) -> [UInt8] {
        let bytes = Array(name.utf8)
        let dark = Array("-dark".utf8)
        guard bytes.count > dark.count, bytes.suffix(dark.count).elementsEqual(dark) else { return bytes }
        return Array(bytes.dropLast(dark.count))
    }

    /// Whether the file's name alone makes it a candidate: its default spec
    /// name, part of the file's name, may be a clashing one.
    static func fileNameMayClash(_ fileName: String, needles: [[UInt8]]) -> Bool {
        var fileName = fileName
        return fileName.withUTF8 { name in needles.contains { contains(name, $0) } }
    }

    /// Whether a file with these bytes may hold a spec whose `name:` is a
    /// clashing one: it holds one of `needles`, or a backslash.
    static func bytesMayClash(_ bytes: [UInt8], needles: [[UInt8]]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            let backslash = b.baseAddress.map { memchr($0, Int32(UInt8(ascii: "\\")), b.count) != nil } ?? false
            return backslash || needles.contains { contains(b, $0) }
        }
    }

    /// Whether `needle` occurs in `haystack` (an empty needle does): each
    /// place of its first byte found by `memchr`, then `memcmp` (Glibc's
    /// `memmem` is not visible to Swift).
    static func contains(_ h: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        return needle.withUnsafeBufferPointer { n in
            guard let hb = h.baseAddress, let nb = n.baseAddress else { return false }
            var offset = 0
            while h.count - offset >= n.count, let found = memchr(hb + offset, Int32(first), h.count - offset - n.count + 1) {
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
                if memcmp(at, nb, n.count) == 0 { return true }
                offset = at - hb + 1
            }
            return false
        }
    }
}
