import Foundation
import LogocCore
import LogocFrontend

extension BuildContext {
    /// Merges this run's outputs into the manifest, removes the outputs of
    /// deleted or renamed specs (only files the manifest lists), and writes
    /// the manifest, the cache and the gallery, each atomically.
    func finish(_ outcomes: [Outcome], inputs: [SpecInput], report: inout RunReport) {
        guard let directory else { return }
        var entries: [String: Manifest.Entry] = [:]
        var records: [String: BuildCache.OutputRecord] = [:]
        var settled: Set<String> = []   // spec files whose outputs this run decided
        var kept: Set<String> = []      // spec files that failed: their old outputs stay
        for outcome in outcomes {
            if outcome.state == .failed || outcome.state == .checked { kept.insert(outcome.specFile) } else { settled.insert(outcome.specFile) }
            for entry in outcome.entries { entries[entry.path] = entry }
            for (path, record) in outcome.records { records[path] = record }
        }
        // Files with a document that failed keep their old outputs, as do
        // files that produced no spec at all.
        for (input, file) in zip(inputs, checked.files) where file.failedDocuments > 0 || !settled.contains(relative(input.path)) {
            kept.insert(relative(input.path))
        }

        var removed: [String] = []
        for old in manifest.outputs where entries[old.path] == nil {
            let specPath = old.spec.hasPrefix("/") ? old.spec : (project.paths.root as NSString).appendingPathComponent(old.spec)
            let specExists = FileManager.default.fileExists(atPath: specPath)
            if specExists, kept.contains(old.spec) || !settled.contains(old.spec) {
                // Failed this run, or not part of it: keep it as it was.
                entries[old.path] = old
                if let record = cache.outputs[old.path] { records[old.path] = record }
                continue
            }
            removed.append(old.path)
        }
        for path in removed {
            let full = (directory as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full) {
                do { try FileManager.default.removeItem(atPath: full) } catch { report.failures.append("cannot remove '\(full)': \(error)") }
            }
            Self.removeEmptyFolders(above: full, upTo: directory)
        }
        report.removed = removed

        let manifest = Manifest(outputs: Array(entries.values))
        var cache = BuildCache()
        cache.toolchain = toolchain
        cache.files = hasher.stamps
        cache.outputs = records
        do {
            try AtomicFile.write(manifest.encoded(), to: (directory as NSString).appendingPathComponent(Manifest.fileName))
            try AtomicFile.write(cache.encoded(), to: (directory as NSString).appendingPathComponent(BuildCache.fileName))
            if options.gallery {
                try AtomicFile.write(Array(Gallery.html(manifest).utf8), to: (directory as NSString).appendingPathComponent(Gallery.fileName))
            }
        } catch {
            report.failures.append("cannot write the manifest in '\(directory)': \(error)")
        }
    }

    /// Removes folders left empty by pruning, never the output folder itself.
    static func removeEmptyFolders(above file: String, upTo root: String) {
        var folder = (file as NSString).deletingLastPathComponent
        let stop = (root as NSString).standardizingPath
        while (folder as NSString).standardizingPath != stop, folder.count > stop.count,
              (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
    }
}
