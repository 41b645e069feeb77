import Foundation
import LogocFrontend

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
///
/// The Android target names its files with the spec's resource name
/// (`AndroidResourceName`), so `jane-doe` and `Jane_Doe` share
/// `android/drawable-mdpi/jane_doe.png`: names are compared folded as
/// resource names fold them (ASCII letters in lower case; `-`, `.` and `_`
/// alike), and the needle leaves out the `ic_` before a digit and the `_`
/// after a Java keyword that only the resource name has.
enum OutputClashFilter {
    /// What the name of every spec that can share an output with a spec
    /// named `name` contains, folded: `name` without one trailing `-dark`
    /// (`ana` for `ana-dark`, which `ana` writes when it has a dark
    /// variant), and without what `AndroidResourceName` adds.
    static func needle(for name: String) -> [UInt8] {
        var bytes = Array(name.utf8)
        let dark = Array("-dark".utf8)
        if bytes.count > dark.count, bytes.suffix(dark.count).elementsEqual(dark) { bytes.removeLast(dark.count) }
        bytes = bytes.map(fold)
        let prefix = Array("ic_".utf8)
        if bytes.count > prefix.count, bytes.prefix(prefix.count).elementsEqual(prefix), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[prefix.count]) {
            bytes.removeFirst(prefix.count)
        }
        if bytes.last == UInt8(ascii: "_"), AndroidResourceName.javaKeywords.contains(String(decoding: bytes.dropLast(), as: UTF8.self)) { bytes.removeLast() }
        return bytes
    }

    /// A byte as resource names fold it: `A`–`Z` lower case, `-` and `.` as `_`.
    static func fold(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
        case UInt8(ascii: "-"), UInt8(ascii: "."): UInt8(ascii: "_")
        default: byte
        }
    }

    /// Whether the file's name alone makes it a candidate: its default spec
    /// name, part of the file's name, may be a clashing one.
    static func fileNameMayClash(_ fileName: String, needles: [[UInt8]]) -> Bool {
        let folded = fileName.utf8.map(fold)
        return folded.withUnsafeBufferPointer { name in needles.contains { contains(name, $0) } }
    }

    /// Whether a file with these bytes may hold a spec whose `name:` is a
    /// clashing one: it holds one of `needles` (folded), or a backslash.
    static func bytesMayClash(_ bytes: [UInt8], needles: [[UInt8]]) -> Bool {
        let folded = bytes.map(fold)
        return folded.withUnsafeBufferPointer { b in
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
