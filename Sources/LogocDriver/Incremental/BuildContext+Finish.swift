import Foundation
import LogocCore
import LogocFrontend

extension BuildContext {
    /// Merges this run's outputs into the manifest, removes the outputs of
    /// deleted or renamed specs (only files the manifest lists), and writes
    /// the manifest, the cache and the gallery, each atomically.
    func finish(_ outcomes: [Outcome], inputs: [SpecInput], fresh: [String], report: inout RunReport) {
        guard let directory else { return }
        // Nothing was looked at again and every spec of last time is still
        // here: the manifest, gallery and cache are already right.
        if outcomes.isEmpty, fresh.count == cache.specs.count, inputs.count == fresh.count,
           FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(Manifest.fileName)),
           !options.gallery || FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(Gallery.fileName)) {
            return
        }
        var entries: [String: Manifest.Entry] = [:]
        var records: [String: BuildCache.OutputRecord] = [:]
        var specs: [String: BuildCache.SpecRecord] = [:]
        var settled: Set<String> = []   // spec files whose outputs this run decided
        var kept: Set<String> = []      // spec files that failed: their old outputs stay

        // Skipped spec files: everything as it was.
        for spec in fresh {
            settled.insert(spec)
            guard let record = cache.specs[spec] else { continue }
            specs[spec] = record
            for path in record.outputs {
                if let entry = cache.entries[path] { entries[path] = entry }
                if let r = cache.outputs[path] { records[path] = r }
            }
        }
        var failedFiles: Set<String> = []
        for outcome in outcomes {
            if outcome.state == .failed || outcome.state == .checked { failedFiles.insert(outcome.specFile) } else { settled.insert(outcome.specFile) }
            for entry in outcome.entries { entries[entry.path] = entry }
            for (path, record) in outcome.records { records[path] = record }
        }
        // Files with a document that failed keep their old outputs, as do
        // files that produced no spec at all.
        let skipped = Set(fresh)
        for (input, file) in zip(inputs.filter { !skipped.contains(relative($0.path)) }, checked.files)
        where file.failedDocuments > 0 || !settled.contains(relative(input.path)) {
            failedFiles.insert(relative(input.path))
        }
        kept = failedFiles
        // Spec records for the next run's skip test: clean files only.
        for outcome in outcomes where !failedFiles.contains(outcome.specFile) {
            var record = specs[outcome.specFile] ?? BuildCache.SpecRecord()
            record.dependencies.merge(outcome.dependencies) { a, _ in a }
            record.outputs = Array(Set(record.outputs + outcome.entries.map(\.path))).sorted()
            specs[outcome.specFile] = record
        }

        var removed: [String] = []
        for old in previous.values.filter({ entries[$0.path] == nil }).sorted(by: { $0.path < $1.path }) {
            let specPath = old.spec.hasPrefix("/") ? old.spec : (project.paths.root as NSString).appendingPathComponent(old.spec)
            let specExists = FileManager.default.fileExists(atPath: specPath)
            if specExists, kept.contains(old.spec) || !settled.contains(old.spec) {
                // Failed this run, or not part of it: keep it as it was.
                entries[old.path] = old
                if let record = cache.outputs[old.path] { records[old.path] = record }
                if let record = cache.specs[old.spec], !failedFiles.contains(old.spec) { specs[old.spec] = record }
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

        var next = BuildCache()
        next.toolchain = toolchain
        next.outputs = records
        next.specs = specs
        next.entries = entries
        let manifest = Manifest(outputs: Array(entries.values))
        let manifestPath = (directory as NSString).appendingPathComponent(Manifest.fileName)
        let galleryPath = (directory as NSString).appendingPathComponent(Gallery.fileName)
        // Only entries of specs looked at again can differ from last time.
        let changed = !removed.isEmpty || outcomes.contains { o in o.entries.contains { cache.entries[$0.path] != $0 } }
            || entries.count != cache.entries.count || !FileManager.default.fileExists(atPath: manifestPath)
            || (options.gallery && !FileManager.default.fileExists(atPath: galleryPath))
        // The manifest and the gallery side by side, then the cache, last: a
        // cache that calls everything fresh lets the next run skip writing
        // the manifest and gallery, so it must never be on disk before them
        // (a build killed between the two left a stale manifest for good;
        // found by KillTests).
        let writes: [@Sendable () throws -> Void] = [
            { if changed { try AtomicFile.write(manifest.encoded(), to: manifestPath, compare: false) } },
            { if changed && self.options.gallery { try AtomicFile.write(Array(Gallery.html(manifest).utf8), to: galleryPath, compare: false) } },
        ]
        let errors = ResultSlots<String>(count: writes.count + 1)
        DispatchQueue.concurrentPerform(iterations: writes.count) { i in
            do { try writes[i]() } catch { errors.set(i, "cannot write in '\(directory)': \(error)") }
        }
        if errors.values().isEmpty {
            do {
                try AtomicFile.write(next.encoded(), to: (directory as NSString).appendingPathComponent(BuildCache.fileName), compare: false)
            } catch {
                errors.set(writes.count, "cannot write in '\(directory)': \(error)")
            }
        }
        report.failures += errors.values()
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
