import Foundation
import LogocCore
import LogocImageIO

/// Reads the size, EXIF orientation and colour description of a PNG or
/// JPEG from its first bytes, without decoding, so a file that claims
/// 60,000 × 60,000 pixels is refused before any allocation, and the sizes
/// the validator and resolver use are the upright ones the renderer draws.
public enum ImageProbe {
    /// Largest accepted edge and pixel count of a background image.
    public static let maxEdge = 16_384
    public static let maxPixels = 40_000_000

    /// The start of an image file, enough for `header` to see everything
    /// before the image data: most headers are in the first 64 KiB; a JPEG
    /// or PNG with large metadata (EXIF thumbnails, ICC profiles) needs a
    /// longer look, up to `maxHeaderBytes`. Reading no more is what
    /// keeps `check` from reading every photo whole.
    ///
    /// A header read before is answered again while `stat` finds the same
    /// file (size, modification time, inode): the validator and the
    /// resolver both ask for each photo of each spec, and a project's specs
    /// share a few photos, so a check of 10,000 specs opened, read and
    /// closed the same five files 3,500 times.
    public static func headerBytes(ofFile path: String) -> Result<[UInt8], FileReader.Failure> {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return readHeaderBytes(ofFile: path) }
        let stamp = FileReader.Stamp(info)
        if let known = knownHeaders.withLock({ $0[path] }), known.stamp == stamp { return .success(known.bytes) }
        let read = readHeaderBytes(ofFile: path)
        if case .success(let bytes) = read, bytes.count <= 4_097 {
            knownHeaders.withLock { known in
                if known.count >= knownHeaderLimit { known.removeAll(keepingCapacity: true) }
                known[path] = (stamp, bytes)
            }
        }
        return read
    }

    /// Headers of at most 4 KiB read so far, by path, with the stamp `stat`
    /// gave before reading; emptied at `knownHeaderLimit` entries (a few
    /// hundred KiB), so memory stays flat whatever the number of photos.
    private static let knownHeaders = Locked<[String: (stamp: FileReader.Stamp, bytes: [UInt8])]>([:])
    static let knownHeaderLimit = 64

    private static func readHeaderBytes(ofFile path: String) -> Result<[UInt8], FileReader.Failure> {
        // Most PNGs' metadata ends in their first hundred bytes and most
        // JPEGs' in their first few hundred: 4 KiB first, where 64 KiB per
        // look (twice per spec with a photo) was copied and cleared for
        // nothing. `header` reads from the start, so metadata seen whole
        // in fewer bytes is the metadata of more.
        let small = FileReader.read(path, limit: 4_096)
        guard case .success(let bytes) = small, bytes.count > 4_096, !isWhole(header(bytes)) else { return small }
        let first = FileReader.read(path, limit: 65_536)
        if case .success(let bytes) = first, bytes.count > 65_536, !isWhole(header(bytes)) {
            return FileReader.read(path, limit: maxHeaderBytes)
        }
        return first
    }

    private static func isWhole(_ header: ImageMetadata?) -> Bool { header?.isComplete ?? false }

    /// The most bytes read looking for a header: metadata (EXIF thumbnails,
    /// ICC profiles) before a JPEG's frame header is rarely more than 1 MiB.
    public static let maxHeaderBytes = 16 << 20

    /// Why `header(bytes)` is nil, as a message after the image's name and
    /// a help saying how to fix the file; nil when it is not. `bytes` are
    /// what `headerBytes` read: one past `maxHeaderBytes` means a JPEG whose
    /// frame header lies beyond what logoc reads.
    public static func problem(_ bytes: [UInt8]) -> (message: String, help: String)? {
        switch ImageMetadata.missing(bytes) {
        case nil: return nil
        case .notAnImage: return ("is not a PNG or JPEG image", "convert the image to PNG or JPEG")
        case .pngWithoutHeader: return ("is a PNG without its header (IHDR): the file is damaged or cut short", "export the image again")
        case .jpegCutShort where bytes.count > maxHeaderBytes:
            return ("is a JPEG whose header (SOF, which gives its size) is not within the first \(maxHeaderBytes >> 20) MiB that logoc reads: more than \(maxHeaderBytes >> 20) MiB of metadata come before it",
                    "remove the metadata (for example 'exiftool -all= FILE', or save the photo again without EXIF and thumbnails)")
        case .jpegCutShort, .jpegWithoutFrame:
            return ("is a JPEG without a frame header (SOF): the file is damaged or cut short", "export the image again")
        }
    }

    /// The header, or nil when the bytes are neither a PNG nor a JPEG header.
    public static func header(_ bytes: [UInt8]) -> ImageMetadata? {
        ImageMetadata.read(bytes)
    }
}
