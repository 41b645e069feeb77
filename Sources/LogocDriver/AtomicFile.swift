import Foundation

/// Writes files so that they appear whole or not at all: the bytes go to a
/// temporary file in the same folder, which is then renamed over the target
/// (rename is atomic within a file system). A file whose bytes are already
/// there is left alone, so its modification time says when it last changed.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Returns false when the file already held exactly these bytes.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: path), existing.count == bytes.count, existing.elementsEqual(bytes) {
            return false
        }
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = (path as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).tmp-\(getpid())-\(UUID().uuidString.prefix(8))")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Foundation.write(fd, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw Failure(description: reason)
            }
            offset += n
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: reason)
        }
        return true
    }
}
