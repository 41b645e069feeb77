import Foundation
import LogocCore
import LogocFrontend

/// `logoc clean`: removes every file the manifest lists, then the manifest,
/// the cache and the gallery, under the output folder's lock. Files logoc
/// did not write stay, and so does the folder when anything is left in it.
/// The manifest is data anyone can edit: an entry is acted on only as
/// `OutputRemoval` allows, and bookkeeping files only when they are logoc's.
public enum CleanRun {
    public struct Result: Sendable {
        /// The paths removed, relative to the output folder, sorted.
        public var removed: [String] = []
        /// `W008` for each entry that was kept.
        public var diagnostics: [Diagnostic] = []
        /// The manifest's text, for the diagnostics' excerpts.
        public var sources: [String: SourceFile] = [:]
    }

    public static func run(directory: String) throws -> Result {
        var result = Result()
        guard FileManager.default.fileExists(atPath: directory) else { return result }
        let lock = try OutputLock(directory: directory) {}
        defer { _ = lock }
        result.removed = AtomicFile.removeLeftovers(in: directory)
        if let (manifest, source) = Manifest.read(from: directory) {
            for entry in manifest.outputs {
                switch OutputRemoval.remove(entry.path, in: directory, sha256: entry.sha256) {
                case .removed: result.removed.append(entry.path)
                case .absent: break
                case .refused(let refusal): result.diagnostics.append(OutputRemoval.diagnostic(entry.path, refusal: refusal, source: source))
                }
            }
            if !result.diagnostics.isEmpty { result.sources[source.path] = source }
        }
        // What a build that did not finish was writing is logoc's too.
        for (output, sha256) in IntentLog.leftovers(in: directory).sorted(by: { $0.key < $1.key }) {
            if OutputRemoval.remove(output, in: directory, sha256: sha256) == .removed { result.removed.append(output) }
        }
        for name in Bookkeeping.names.sorted() where Bookkeeping.isLogocsOrMissing(name, in: directory) {
            if unlink((directory as NSString).appendingPathComponent(name)) == 0 { result.removed.append(name) }
        }
        rmdir(directory)   // only when nothing is left in it
        result.removed.sort()
        result.diagnostics = result.diagnostics.normalized()
        return result
    }
}
