import Foundation

/// Foundation's file errors as a plain sentence. Printed with `\(error)`, a
/// failed `createDirectory` shows `Error Domain=NSCocoaErrorDomain Code=516
/// … UserInfo={NSFilePath=…, NSUnderlyingError=…}`, and its description
/// reads "The operation could not be completed": true, but nothing a user
/// can act on. Every failure the CLI prints about a file goes through here,
/// so it reads "it is a file, not a folder" or "permission denied" instead.
public enum FileErrorText {
    /// What went wrong, as the reason after the path the caller names
    /// ("cannot write 'dist/a.png': permission denied"). When the cause is
    /// another path (a parent that is a file), that path is named.
    public static func reason(_ error: any Error, about path: String? = nil) -> String {
        if error is AtomicFile.Failure { return "\(error)" }
        let ns = error as NSError
        let subject = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? path
        var code: Int32?
        if ns.domain == NSPOSIXErrorDomain {
            code = Int32(truncatingIfNeeded: ns.code)
        } else if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error, (underlying as NSError).domain == NSPOSIXErrorDomain {
            code = Int32(truncatingIfNeeded: (underlying as NSError).code)
        } else if ns.domain == NSCocoaErrorDomain {
            code = posixCode(cocoa: ns.code)
        } else {
            return "\(error)"
        }
        // Foundation says only "could not be completed" for some failures (a
        // file where a folder is needed, on Linux): the path itself tells.
        if code == nil || code == EEXIST || code == ENOTDIR, let subject, let blocker = fileInTheWay(of: subject) {
            return blocker == subject ? "it is a file, not a folder" : "'\(blocker)' is a file, not a folder"
        }
        guard let code else { return "it cannot be written" }
        return String(cString: strerror(code)).lowercased()
    }

    /// The POSIX error a Cocoa file error code stands for, where one does.
    private static func posixCode(cocoa: Int) -> Int32? {
        switch CocoaError.Code(rawValue: cocoa) {
        case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
        case .fileWriteNoPermission, .fileReadNoPermission: EACCES
        case .fileWriteFileExists: EEXIST
        case .fileWriteOutOfSpace: ENOSPC
        case .fileWriteVolumeReadOnly: EROFS
        default: nil
        }
    }

    /// The path itself or its nearest existing ancestor, when that is not a folder.
    private static func fileInTheWay(of path: String) -> String? {
        var current = path
        while !current.isEmpty, current != "/", current != "." {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: current, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : current
            }
            current = (current as NSString).deletingLastPathComponent
        }
        return nil
    }
}
