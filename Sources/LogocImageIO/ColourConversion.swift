import CLCMS2
import Foundation
import LogocCore

/// Converts a picture's colours to sRGB with littleCMS, from its embedded
/// ICC profile or from PNG's `gAMA` and `cHRM`.
///
/// Everything logoc draws, measures and writes is sRGB. Phone photos are
/// Display P3 and many camera exports Adobe RGB: read as sRGB their
/// colours come out dull, and `fromImage` and the contrast check would
/// judge colours nobody sees. The intent is relative colorimetric: colours
/// inside sRGB stay exactly what they are (a brand colour in a P3 export
/// keeps its value), those outside are clipped to the nearest sRGB colour.
/// For the matrix-and-curve profiles of phones and cameras perceptual
/// would be the same, having no perceptual tables to use.
///
/// A profile that cannot be used (truncated, over the size cap, for
/// another colour space than the image's, not an image profile, rejected
/// by littleCMS) is named by `problem(with:)` for warning W007, and the
/// picture is read as sRGB.
public enum ColourConversion {
    /// Why the colour description in `metadata` cannot be used, or nil
    /// when it can (or when there is none).
    public static func problem(with metadata: ImageMetadata) -> String? {
        if case .failure(let problem) = converter(for: metadata) { return problem.message }
        return nil
    }

    /// The conversion `metadata` asks for: nil for sRGB pictures (and for
    /// CMYK ones with a CMYK profile, which keep their naive conversion).
    static func converter(for metadata: ImageMetadata) -> Result<Converter?, Problem> {
        switch metadata.colour {
        case .unstated, .sRGB:
            return .success(nil)
        case .unusable(let why):
            return .failure(Problem(message: why))
        case .profile(let bytes):
            return TransformCache.shared.converter(for: .profile(bytes, metadata.channels))
        case .gamma(let gamma, let chromaticities):
            guard metadata.channels != .cmyk, (0.01...10).contains(gamma) else { return .success(nil) }
            return TransformCache.shared.converter(for: .gamma(gamma, chromaticities, metadata.channels))
        }
    }

    struct Problem: Error, Equatable {
        var message: String
    }

    /// What a conversion is built from.
    enum Source: Hashable {
        case profile([UInt8], ImageMetadata.Channels)
        case gamma(Double, [Double]?, ImageMetadata.Channels)

        var channels: ImageMetadata.Channels {
            switch self {
            case .profile(_, let channels), .gamma(_, _, let channels): channels
            }
        }
    }

    /// Builds the conversion, or says why not. nil: nothing to convert.
    static func makeConverter(_ source: Source) -> Result<Converter?, Problem> {
        let profile: cmsHPROFILE
        switch source {
        case .profile(let bytes, let channels):
            switch open(bytes, for: channels) {
            case .success(let opened?): profile = opened
            case .success(nil): return .success(nil)
            case .failure(let problem): return .failure(problem)
            }
        case .gamma(let gamma, let chromaticities, let channels):
            guard let built = profileFromGamma(gamma, chromaticities, channels) else {
                return .failure(Problem(message: "littleCMS cannot build a profile from the PNG's gAMA and cHRM"))
            }
            profile = built
        }
        defer { cmsCloseProfile(profile) }
        guard let sRGB = cmsCreate_sRGBProfile() else { return .failure(Problem(message: "littleCMS cannot create sRGB")) }
        defer { cmsCloseProfile(sRGB) }
        let channels = source.channels
        let input = channels == .gray ? logoc_lcms_type_gray_8() : logoc_lcms_type_rgb_8()
        // No optimisation flags: the transform is littleCMS's default 8-bit
        // one, the same on every machine. NOCACHE makes it safe to share
        // between threads (the one-pixel cache is the only mutable state).
        guard let transform = cmsCreateTransform(
            profile, input, sRGB, logoc_lcms_type_rgb_8(), UInt32(INTENT_RELATIVE_COLORIMETRIC), UInt32(cmsFLAGS_NOCACHE))
        else {
            return .failure(Problem(message: "littleCMS cannot convert from the ICC profile to sRGB"))
        }
        return .success(Converter(transform: transform, channels: channels))
    }

    /// Opens an ICC profile for an image with `channels`; nil when it is
    /// a CMYK profile of a CMYK image (not converted).
    private static func open(_ bytes: [UInt8], for channels: ImageMetadata.Channels) -> Result<cmsHPROFILE?, Problem> {
        guard bytes.count <= ImageMetadata.maxProfileBytes else { return .failure(Problem(message: "the ICC profile is larger than 4 MiB")) }
        guard bytes.count >= 132 else {
            return .failure(Problem(message: "the ICC profile is truncated: \(bytes.count) bytes, fewer than its header and tag count take"))
        }
        let declared = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard declared <= bytes.count else {
            return .failure(Problem(message: "the ICC profile is truncated: it declares \(declared) bytes but holds \(bytes.count)"))
        }
        guard let profile = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }) else {
            return .failure(Problem(message: "littleCMS cannot read the ICC profile"))
        }
        let deviceClass = cmsGetDeviceClass(profile)
        let space = cmsGetColorSpace(profile)
        let expected: cmsColorSpaceSignature
        switch channels {
        case .rgb: expected = cmsSigRgbData
        case .gray: expected = cmsSigGrayData
        case .cmyk: expected = cmsSigCmykData
        }
        var problem: String?
        if [cmsSigLinkClass, cmsSigAbstractClass, cmsSigNamedColorClass].contains(deviceClass) {
            problem = "the ICC profile is a device link, abstract or named-colour profile, not one that describes an image"
        } else if space != expected {
            problem = "the ICC profile is for \(name(of: space)) colours but the image is \(channels.profileName)"
        }
        if let problem {
            cmsCloseProfile(profile)
            return .failure(Problem(message: problem))
        }
        if channels == .cmyk {
            cmsCloseProfile(profile)
            return .success(nil)
        }
        return .success(profile)
    }

    /// A profile with the transfer curve of `gamma` (PNG's encoding exponent)
    /// and `cHRM`'s white point and primaries, or sRGB's when absent or absurd.
    private static func profileFromGamma(_ gamma: Double, _ chromaticities: [Double]?, _ channels: ImageMetadata.Channels) -> cmsHPROFILE? {
        var c = chromaticities ?? []
        let valid = c.count == 8 && stride(from: 0, to: 8, by: 2).allSatisfy { c[$0] > 0 && c[$0 + 1] > 0 && c[$0] + c[$0 + 1] <= 1 }
        if !valid { c = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06] }
        guard let curve = cmsBuildGamma(nil, 1 / gamma) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: c[0], y: c[1], Y: 1)
        if channels == .gray { return cmsCreateGrayProfile(&white, curve) }
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: c[2], y: c[3], Y: 1), Green: cmsCIExyY(x: c[4], y: c[5], Y: 1), Blue: cmsCIExyY(x: c[6], y: c[7], Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }
    }

    private static func name(of space: cmsColorSpaceSignature) -> String {
        let raw = space.rawValue
        let text = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: raw >> $0) }, as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.allSatisfy({ $0.isLetter || $0.isNumber }) && !trimmed.isEmpty ? trimmed : String(raw, radix: 16)
    }
}

/// A littleCMS transform to sRGB, shared by every thread of a run.
final class Converter: @unchecked Sendable {
    // @unchecked: the transform is made with cmsFLAGS_NOCACHE, so
    // cmsDoTransform only reads it and any number of threads may use it.
    private let transform: cmsHTRANSFORM
    let channels: ImageMetadata.Channels

    init(transform: cmsHTRANSFORM, channels: ImageMetadata.Channels) {
        self.transform = transform
        self.channels = channels
    }

    deinit { cmsDeleteTransform(transform) }

    /// Converts straight (not premultiplied) ARGB32 pixels in place, a row
    /// at a time through small buffers; alpha is left as it is.
    func convert(_ pixels: inout PixelBuffer) {
        let width = pixels.width, height = pixels.height, stride = pixels.stride
        let inChannels = channels == .gray ? 1 : 3
        var input = [UInt8](repeating: 0, count: width * inChannels)
        var output = [UInt8](repeating: 0, count: width * 3)
        pixels.bytes.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let row = y * stride
                for x in 0..<width {
                    let p = row + x * 4
                    if inChannels == 1 {
                        input[x] = buffer[p + ARGB32.green]
                    } else {
                        input[x * 3] = buffer[p + ARGB32.red]
                        input[x * 3 + 1] = buffer[p + ARGB32.green]
                        input[x * 3 + 2] = buffer[p + ARGB32.blue]
                    }
                }
                cmsDoTransform(transform, input, &output, UInt32(width))
                for x in 0..<width {
                    let p = row + x * 4
                    buffer[p + ARGB32.red] = output[x * 3]
                    buffer[p + ARGB32.green] = output[x * 3 + 1]
                    buffer[p + ARGB32.blue] = output[x * 3 + 2]
                }
            }
        }
    }
}

/// Conversions by what they are built from, so a photo used by many specs
/// (or many photos from one phone) parses its profile once per run.
final class TransformCache: Sendable {
    static let shared = TransformCache()

    /// Conversions by source, and the order they came in (the oldest go
    /// first: enough for every phone and camera of a team).
    private struct Entries: @unchecked Sendable {
        // @unchecked: a Converter is immutable once made.
        var results: [ColourConversion.Source: Result<Converter?, ColourConversion.Problem>] = [:]
        var order: [ColourConversion.Source] = []
    }
    private let entries = Locked(Entries())
    static let limit = 16
    /// Larger profiles are not kept (a key holds the whole profile).
    static let largestKept = 256 << 10

    func converter(for source: ColourConversion.Source) -> Result<Converter?, ColourConversion.Problem> {
        if let hit = entries.withLock({ $0.results[source] }) { return hit }
        let made = ColourConversion.makeConverter(source)
        if case .profile(let bytes, _) = source, bytes.count > Self.largestKept { return made }
        return entries.withLock { entries in
            if entries.results[source] == nil {
                entries.results[source] = made
                entries.order.append(source)
                if entries.order.count > Self.limit { entries.results[entries.order.removeFirst()] = nil }
            }
            return entries.results[source] ?? made
        }
    }
}
