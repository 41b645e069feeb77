import CDeflate
import CLCMS2
import CTurboJPEG
import LogocImageIO

/// Builds the photos the tests need, as phones and editors write them:
/// JPEGs with EXIF and ICC markers, PNGs with eXIf, iCCP, gAMA and cHRM,
/// and a Display P3 profile made by littleCMS. Shared by the test targets;
/// nothing in the product uses it.
public enum PhotoFixtures {
    /// A JPEG of `width` × `height` from `pixel(x, y)` (r, g, b), quality 100
    /// without chroma subsampling so colours survive nearly unchanged.
    public static func jpeg(width: Int, height: Int, gray: Bool = false, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y), i = (y * width + x) * 3
                (rgb[i], rgb[i + 1], rgb[i + 2]) = p
            }
        }
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, rgb, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
                                 Int32((gray ? TJSAMP_GRAY : TJSAMP_444).rawValue), 100, 0)
        defer { tjFree(output) }
        guard status == 0, let output else { return [] }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// `jpeg` with marker segments (marker, payload) inserted right after SOI.
    public static func inserting(_ segments: [(UInt8, [UInt8])], into jpeg: [UInt8]) -> [UInt8] {
        var out = Array(jpeg.prefix(2))
        for (marker, payload) in segments {
            let length = payload.count + 2
            out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        return out + jpeg.dropFirst(2)
    }

    /// An `APP1 Exif` payload declaring `orientation` in IFD0 (after another
    /// tag, so the search is tested too), in either byte order.
    public static func exifPayload(orientation: Int, bigEndian: Bool = false, type: Int = 3) -> [UInt8] {
        Array("Exif\0\0".utf8) + tiff(orientation: orientation, bigEndian: bigEndian, type: type)
    }

    /// A TIFF structure whose IFD0 holds ImageWidth and then Orientation.
    public static func tiff(orientation: Int, bigEndian: Bool = false, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var t: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        t += u16(42) + u32(8) + u16(2)
        t += u16(0x0100) + u16(4) + u32(1) + u32(640)  // ImageWidth, LONG
        let value = type == 3 ? u16(orientation) + u16(0) : u32(orientation)
        t += u16(0x0112) + u16(type) + u32(1) + value
        return t + u32(0)
    }

    /// `ICC_PROFILE` APP2 payloads carrying `profile` in `parts` pieces.
    public static func iccPayloads(_ profile: [UInt8], parts: Int = 1) -> [[UInt8]] {
        let size = (profile.count + parts - 1) / parts
        return (0..<parts).map { k in
            Array("ICC_PROFILE\0".utf8) + [UInt8(k + 1), UInt8(parts)] + profile[min(profile.count, k * size)..<min(profile.count, (k + 1) * size)]
        }
    }

    /// A PNG of `pixels` (premultiplied ARGB32) with `chunks` (type, data)
    /// inserted after IHDR.
    public static func png(_ pixels: PixelBuffer, chunks: [(String, [UInt8])]) throws -> [UInt8] {
        let plain = try PNGEncoder.encode(pixels)
        var out = Array(plain.prefix(33))  // signature and IHDR
        for (type, data) in chunks { out += chunk(type, data) }
        return out + plain.dropFirst(33)
    }

    /// A large PNG in a small file: two colours in vertical stripes of 64
    /// pixels, one bit per pixel, so 40 megapixels (160 MB decoded) take a
    /// few kilobytes on disk. `width` must be a multiple of 8.
    public static func stripedPNG(width: Int, height: Int, colours: [(UInt8, UInt8, UInt8)] = [(20, 60, 120), (90, 20, 70)]) -> [UInt8] {
        let header = be32(width) + be32(height) + [1, 3, 0, 0, 0]  // 1 bit, indexed
        let row: [UInt8] = [0] + (0..<(width / 8)).map { (($0 / 8) % 2 == 0) ? 0x00 : 0xFF }
        var raw: [UInt8] = []
        raw.reserveCapacity(row.count * height)
        for _ in 0..<height { raw += row }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("PLTE", colours.flatMap { [$0.0, $0.1, $0.2] }) + chunk("IDAT", zlib(raw)) + chunk("IEND", [])
    }

    /// One PNG chunk with its CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        return be32(data.count) + body + be32(Int(crc))
    }

    /// An `iCCP` chunk's data: a name, NUL, method 0, the zlib-compressed profile.
    public static func iccpData(_ profile: [UInt8]) -> [UInt8] {
        Array("photo\0\0".utf8) + zlib(profile)
    }

    public static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(6) else { return [] }
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: bytes.count + 1024)
        let n = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, input.count, $0.baseAddress, $0.count) }
        }
        return Array(out[..<n])
    }

    public static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// Display P3 (P3 primaries, D65, the sRGB transfer curve), built and
    /// serialised by littleCMS.
    public static func displayP3Profile() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1), Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = cmsBuildParametricToneCurve(nil, 4, &parameters) else { return [] }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = curves.withUnsafeMutableBufferPointer({ cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }) else { return [] }
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    /// A Gray profile (gamma 2.2), for the wrong-colour-space cases.
    public static func grayProfile() -> [UInt8] {
        guard let curve = cmsBuildGamma(nil, 2.2) else { return [] }
        defer { cmsFreeToneCurve(curve) }
        guard let profile = cmsCreateGrayProfile(cmsD50_xyY(), curve) else { return [] }
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    /// A Display P3 profile whose header says CMYK: what a CMYK profile
    /// attached to an RGB picture looks like to a reader.
    public static func cmykHeaderedProfile() -> [UInt8] {
        var profile = displayP3Profile()
        profile.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        return profile
    }

    private static func save(_ profile: cmsHPROFILE) -> [UInt8] {
        var size: UInt32 = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return [] }
        return bytes
    }

    /// The oracle: littleCMS's unoptimised double-precision conversion of
    /// an 8-bit colour from `profile` to sRGB (relative colorimetric), rounded.
    public static func expectedSRGB(_ rgb: (Int, Int, Int), from profile: [UInt8]) -> (Int, Int, Int)? {
        guard let input = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }) else { return nil }
        defer { cmsCloseProfile(input) }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        let format = logoc_lcms_type_rgb_dbl()
        guard let transform = cmsCreateTransform(input, format, sRGB, format, UInt32(INTENT_RELATIVE_COLORIMETRIC),
                                                 UInt32(cmsFLAGS_NOOPTIMIZE | cmsFLAGS_NOCACHE)) else { return nil }
        defer { cmsDeleteTransform(transform) }
        let source = [Double(rgb.0) / 255, Double(rgb.1) / 255, Double(rgb.2) / 255]
        var out = [Double](repeating: 0, count: 3)
        cmsDoTransform(transform, source, &out, 1)
        let q = out.map { Int((min(max($0, 0), 1) * 255).rounded()) }
        return (q[0], q[1], q[2])
    }
}
