/// What a PNG or JPEG says about itself before its pixels: size, EXIF
/// orientation, and what its colours are (an ICC profile, PNG's `sRGB`,
/// `gAMA` and `cHRM`).
///
/// Read by the validator from the first bytes of a file (without decoding)
/// and by the decoder from the whole file, through the same code, so what
/// `check` warns about and what `build` draws agree. Every offset is
/// bounds-checked: the bytes are untrusted and may be cut short anywhere.
public struct ImageMetadata: Equatable, Sendable {
    public enum Format: String, Sendable { case png, jpeg }

    /// The colour channels of the stored pixels, which an ICC profile must match.
    public enum Channels: String, Sendable {
        case rgb, gray, cmyk
        /// The ICC colour-space name, for messages.
        var profileName: String {
            switch self {
            case .rgb: "RGB"
            case .gray: "Gray"
            case .cmyk: "CMYK"
            }
        }
    }

    /// What the file says its colours are.
    public enum Colour: Equatable, Sendable {
        /// Nothing: sRGB, as browsers assume.
        case unstated
        /// PNG `sRGB`: sRGB, said outright.
        case sRGB
        /// An embedded ICC profile (JPEG `APP2 ICC_PROFILE`, reassembled;
        /// PNG `iCCP`, inflated).
        case profile([UInt8])
        /// PNG `gAMA`, with `cHRM`'s white point and primaries (x, y pairs:
        /// white, red, green, blue) when present.
        case gamma(Double, chromaticities: [Double]?)
        /// A profile is there but cannot be read; why. The picture is read as sRGB.
        case unusable(String)
    }

    public var format: Format
    /// The stored size, before orientation.
    public var storedWidth: Int
    public var storedHeight: Int
    public var orientation: ExifOrientation = .up
    public var channels: Channels = .rgb
    public var colour: Colour = .unstated
    /// Whether everything before the image data was seen (JPEG: up to the
    /// first scan; PNG: up to the first `IDAT`). A probe of a file's first
    /// bytes reads more when this is false.
    public var isComplete = false
    /// Byte ranges of PNG `gAMA` chunks, which libpng must not see when
    /// logoc converts the colours itself.
    var gammaChunks: [Range<Int>] = []

    /// The upright width, as the picture is shown.
    public var width: Int { orientation.swapsAxes ? storedHeight : storedWidth }
    /// The upright height, as the picture is shown.
    public var height: Int { orientation.swapsAxes ? storedWidth : storedHeight }

    /// The largest ICC profile accepted (4 MiB, docs/limits.md): real
    /// profiles are 0.5–60 KB, a few CMYK ones near 2 MB.
    public static let maxProfileBytes = 4 << 20

    /// The metadata of a PNG or JPEG, or nil when the bytes are neither or
    /// end before the size is known.
    public static func read(_ bytes: [UInt8]) -> ImageMetadata? {
        if bytes.starts(with: PNGDecoding.signature) { return PNGMetadata.read(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return JPEGMetadata.read(bytes) }
        return nil
    }

    /// Why `read` found no size in `bytes`, for a message that says so.
    public enum Missing: Equatable, Sendable {
        /// Neither PNG's nor JPEG's signature.
        case notAnImage
        /// A PNG signature without its `IHDR` chunk after it.
        case pngWithoutHeader
        /// A JPEG whose segments end or break before a frame header.
        case jpegWithoutFrame
        /// A JPEG whose segments before the frame header run past the bytes given.
        case jpegCutShort
    }

    /// Why `read(bytes)` is nil, from the same walk over the segments; nil when it is not.
    public static func missing(_ bytes: [UInt8]) -> Missing? {
        guard read(bytes) == nil else { return nil }
        if bytes.starts(with: PNGDecoding.signature) { return .pngWithoutHeader }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return .notAnImage }
        return bytes.withUnsafeBufferPointer { JPEGDecoding.header($0) }.endsEarly ? .jpegCutShort : .jpegWithoutFrame
    }
}

/// The JPEG half of `ImageMetadata.read`.
enum JPEGMetadata {
    static let exifSignature = Array("Exif\0".utf8)
    static let iccSignature = Array("ICC_PROFILE\0".utf8)

    static func read(_ bytes: [UInt8]) -> ImageMetadata? {
        let header = bytes.withUnsafeBufferPointer { JPEGDecoding.header($0) }
        var metadata: ImageMetadata?
        var exif: Range<Int>?
        var iccParts: [Range<Int>] = []
        for segment in header.segments {
            let p = segment.payload
            switch segment.marker {
            case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(segment.marker) && metadata == nil:
                guard p.count >= 6 else { return nil }
                let height = Int(bytes[p.lowerBound + 1]) << 8 | Int(bytes[p.lowerBound + 2])
                let width = Int(bytes[p.lowerBound + 3]) << 8 | Int(bytes[p.lowerBound + 4])
                var m = ImageMetadata(format: .jpeg, storedWidth: width, storedHeight: height)
                switch bytes[p.lowerBound + 5] {
                case 1: m.channels = .gray
                case 4: m.channels = .cmyk
                default: m.channels = .rgb
                }
                metadata = m
            case 0xE1 where exif == nil && bytes[p].starts(with: exifSignature) && p.count >= 6:
                exif = (p.lowerBound + 6)..<p.upperBound
            case 0xE2 where bytes[p].starts(with: iccSignature):
                iccParts.append(p)
            default:
                break
            }
        }
        guard var metadata else { return nil }
        metadata.isComplete = header.scanStart != nil || !header.endsEarly
        if let exif { metadata.orientation = ExifOrientation.parse(tiff: bytes[exif]) }
        if !iccParts.isEmpty { metadata.colour = assembleProfile(iccParts, in: bytes) }
        return metadata
    }

    /// Joins the chunks of an ICC profile split over `APP2` markers, each
    /// `ICC_PROFILE\0`, a 1-based sequence number, the count, then data.
    /// Every marker must agree on the count, and each number appear once.
    static func assembleProfile(_ parts: [Range<Int>], in bytes: [UInt8]) -> ImageMetadata.Colour {
        let headerLength = iccSignature.count + 2
        var count: Int?
        var chunks: [Int: Range<Int>] = [:]
        var total = 0
        for p in parts {
            guard p.count >= headerLength else { return .unusable("an APP2 ICC_PROFILE marker is too short to hold its sequence number") }
            let sequence = Int(bytes[p.lowerBound + iccSignature.count]), of = Int(bytes[p.lowerBound + iccSignature.count + 1])
            guard of >= 1, count == nil || count == of else {
                return .unusable("the ICC profile's APP2 markers disagree on how many there are")
            }
            count = of
            guard (1...of).contains(sequence), chunks[sequence] == nil else {
                return .unusable("the ICC profile's APP2 markers are numbered inconsistently (marker \(sequence) of \(of))")
            }
            chunks[sequence] = (p.lowerBound + headerLength)..<p.upperBound
            total += p.count - headerLength
            guard total <= ImageMetadata.maxProfileBytes else { return tooLarge }
        }
        guard let count, chunks.count == count else {
            return .unusable("the ICC profile is split over \(count ?? 0) APP2 markers but only \(chunks.count) \(chunks.count == 1 ? "is" : "are") present")
        }
        var profile: [UInt8] = []
        profile.reserveCapacity(total)
        for k in 1...count { if let r = chunks[k] { profile += bytes[r] } }
        return .profile(profile)
    }

    static var tooLarge: ImageMetadata.Colour {
        .unusable("the ICC profile is larger than \(ImageMetadata.maxProfileBytes / (1 << 20)) MiB")
    }
}

/// The PNG half of `ImageMetadata.read`.
enum PNGMetadata {
    static func read(_ bytes: [UInt8]) -> ImageMetadata? {
        guard bytes.count >= 26, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        var metadata = ImageMetadata(format: .png, storedWidth: Int(be32(bytes, 16)), storedHeight: Int(be32(bytes, 20)))
        let colourType = bytes[25]
        metadata.channels = colourType & 2 == 0 ? .gray : .rgb  // 0 and 4 are grey; 2, 3 and 6 colour
        var iccp: Range<Int>?, hasSRGB = false, gamma: Double?, chromaticities: [Double]?
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(be32(bytes, i))
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { metadata.isComplete = true; break }
            let (end, overflow) = (i + 12).addingReportingOverflow(length)
            guard !overflow, end <= bytes.count else { break }
            let data = (i + 8)..<(i + 8 + length)
            switch type {
            case "eXIf" where metadata.orientation == .up:
                var tiff = bytes[data]
                if tiff.starts(with: JPEGMetadata.exifSignature + [0]) { tiff = tiff.dropFirst(6) }
                metadata.orientation = ExifOrientation.parse(tiff: tiff)
            case "iCCP" where iccp == nil: iccp = data
            case "sRGB": hasSRGB = true
            case "gAMA":
                metadata.gammaChunks.append(i..<end)
                if length == 4, be32(bytes, data.lowerBound) > 0 { gamma = Double(be32(bytes, data.lowerBound)) / 100_000 }
            case "cHRM" where length == 32:
                chromaticities = (0..<8).map { Double(be32(bytes, data.lowerBound + $0 * 4)) / 100_000 }
            default: break
            }
            i = end
        }
        // Precedence of the PNG specification: iCCP, then sRGB, then gAMA with cHRM.
        if let iccp {
            metadata.colour = inflateProfile(bytes[iccp])
        } else if hasSRGB {
            metadata.colour = .sRGB
        } else if let gamma, !(chromaticities == nil && abs(gamma * 2.2 - 1) < 0.05) {
            // A bare gAMA of about 1/2.2 is what sRGB files are tagged with;
            // libpng and browsers take it as sRGB, and so does logoc.
            metadata.colour = .gamma(gamma, chromaticities: chromaticities)
        }
        return metadata
    }

    /// The profile of an `iCCP` chunk: a name of 1–79 bytes, a NUL, the
    /// compression method (0, zlib), then the zlib stream.
    static func inflateProfile(_ chunk: ArraySlice<UInt8>) -> ImageMetadata.Colour {
        guard let nul = chunk.prefix(80).firstIndex(of: 0), nul + 1 < chunk.endIndex, chunk[nul + 1] == 0 else {
            return .unusable("the iCCP chunk's header is malformed")
        }
        let stream = Array(chunk[(nul + 2)...])
        // Most profiles fit in 64 KiB; only a larger one gets the full allowance.
        for capacity in [65_536, ImageMetadata.maxProfileBytes] {
            switch Inflate.zlib(stream, capacity: capacity) {
            case .success(let profile): return .profile(profile)
            case .failure(.tooLarge): continue
            case .failure(.damaged): return .unusable("the iCCP chunk's compressed profile is damaged")
            }
        }
        return JPEGMetadata.tooLarge
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
