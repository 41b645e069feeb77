import CAVIF
import Foundation

/// libavif's functions, from the library opened on first use (`dlopen`),
/// not linked: libavif brings libaom, rav1e, SVT-AV1, dav1d and libgav1
/// with it, 25 more shared libraries that every process loaded at start-up
/// (`logoc check` of one spec went from 59.6 M to 67.6 M instructions),
/// though only a build that writes AVIF needs them.
struct AVIFLibrary: Sendable {
    /// Debian 12's libavif 0.11.
    static let name = "libavif.so.15"

    typealias CodecName = @convention(c) (avifCodecChoice, avifCodecFlags) -> UnsafePointer<CChar>?
    typealias ImageCreate = @convention(c) (UInt32, UInt32, UInt32, avifPixelFormat) -> UnsafeMutablePointer<avifImage>?
    typealias ImageDestroy = @convention(c) (UnsafeMutablePointer<avifImage>?) -> Void
    typealias RGBImageSetDefaults = @convention(c) (UnsafeMutablePointer<avifRGBImage>?, UnsafePointer<avifImage>?) -> Void
    typealias ImageRGBToYUV = @convention(c) (UnsafeMutablePointer<avifImage>?, UnsafePointer<avifRGBImage>?) -> avifResult
    typealias ResultToString = @convention(c) (avifResult) -> UnsafePointer<CChar>?
    typealias EncoderCreate = @convention(c) () -> UnsafeMutablePointer<avifEncoder>?
    typealias EncoderDestroy = @convention(c) (UnsafeMutablePointer<avifEncoder>?) -> Void
    typealias EncoderWrite = @convention(c) (UnsafeMutablePointer<avifEncoder>?, UnsafePointer<avifImage>?, UnsafeMutablePointer<avifRWData>?) -> avifResult
    typealias RWDataFree = @convention(c) (UnsafeMutablePointer<avifRWData>?) -> Void
    typealias CodecVersions = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    typealias Version = @convention(c) () -> UnsafePointer<CChar>?

    let codecName: CodecName
    let imageCreate: ImageCreate
    let imageDestroy: ImageDestroy
    let rgbImageSetDefaults: RGBImageSetDefaults
    let imageRGBToYUV: ImageRGBToYUV
    let resultToString: ResultToString
    let encoderCreate: EncoderCreate
    let encoderDestroy: EncoderDestroy
    let encoderWrite: EncoderWrite
    let rwDataFree: RWDataFree
    let codecVersions: CodecVersions
    let version: Version

    /// The library, or why it could not be loaded (then AVIF outputs fail
    /// with that message, and nothing else is affected).
    static let shared: Result<AVIFLibrary, ImageError> = {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "cannot open \(name)"
            return .failure(.unsupported("AVIF needs libavif (Debian's libavif15): \(why)"))
        }
        func symbol<T>(_ symbolName: String, as type: T.Type) -> T? {
            dlsym(handle, symbolName).map { unsafeBitCast($0, to: type) }
        }
        guard let codecName = symbol("avifCodecName", as: CodecName.self),
              let imageCreate = symbol("avifImageCreate", as: ImageCreate.self),
              let imageDestroy = symbol("avifImageDestroy", as: ImageDestroy.self),
              let rgbImageSetDefaults = symbol("avifRGBImageSetDefaults", as: RGBImageSetDefaults.self),
              let imageRGBToYUV = symbol("avifImageRGBToYUV", as: ImageRGBToYUV.self),
              let resultToString = symbol("avifResultToString", as: ResultToString.self),
              let encoderCreate = symbol("avifEncoderCreate", as: EncoderCreate.self),
              let encoderDestroy = symbol("avifEncoderDestroy", as: EncoderDestroy.self),
              let encoderWrite = symbol("avifEncoderWrite", as: EncoderWrite.self),
              let rwDataFree = symbol("avifRWDataFree", as: RWDataFree.self),
              let codecVersions = symbol("avifCodecVersions", as: CodecVersions.self),
              let version = symbol("avifVersion", as: Version.self) else {
            return .failure(.unsupported("\(name) lacks a function logoc calls; it is not libavif 0.11"))
        }
        return .success(AVIFLibrary(codecName: codecName, imageCreate: imageCreate, imageDestroy: imageDestroy,
                                    rgbImageSetDefaults: rgbImageSetDefaults, imageRGBToYUV: imageRGBToYUV, resultToString: resultToString,
                                    encoderCreate: encoderCreate, encoderDestroy: encoderDestroy, encoderWrite: encoderWrite,
                                    rwDataFree: rwDataFree, codecVersions: codecVersions, version: version))
    }()

    /// A result's text, for messages.
    func text(_ result: avifResult) -> String {
        resultToString(result).map { String(cString: $0) } ?? "error \(result.rawValue)"
    }
}
