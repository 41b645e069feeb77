import Foundation
import LogocCore
import LogocFrontend

/// What `check` found in one spec file, kept so that the next check of the
/// same bytes (and the same files used) prints it without parsing,
/// validating or measuring the spec again (docs/check.md).
///
/// It holds what the run's cross-spec rules need too: each spec's name,
/// place and outputs, so that `E014` (two specs writing one file) is worked
/// out again over every spec of the run, cached or not, and comes out as
/// without the cache; and the image and font files each spec names, for
/// `--require-tracked`, which asks git again on every run.
struct CheckCacheEntry: Equatable {
    /// The path diagnostics show and the spec's folder below the input
    /// folder: both depend on how the command line named the specs, and
    /// both reach the output (the file of every diagnostic, output paths).
    var display: String
    var outputFolder: String
    /// SHA-256 of the spec file's bytes: the key.
    var sha256: String
    /// Every other file the specs used (partials, `logoc.yaml` or its
    /// absence, images, font files: what the build cache records for a
    /// spec file, `BuildContext.inputs(of:)`), absolute, with the stamp and
    /// hash they had.
    var dependencies: [Dependency]
    /// The front end's diagnostics of the file (and of the partials it
    /// extends, with their `via` notes).
    var diagnostics: [Diagnostic]
    /// The texts diagnostics may quote: display path and absolute path of
    /// the spec file and partials, read again on a hit.
    var sources: [Source]
    var specs: [Spec]

    struct Dependency: Equatable {
        var path: String
        var stamp: FileStamp
    }

    struct Source: Equatable {
        var display: String
        var path: String
    }

    /// One spec (document) of the file, all of whose specs were measured.
    struct Spec: Equatable {
        var claim: CheckRun.Claim
        /// What measuring it found (contrast on pixels, text size, targets).
        var diagnostics: [Diagnostic]
        /// Its images and font files inside the root, for `--require-tracked`.
        var used: [CheckedSpec.UsedFile]
    }

    /// The entry's bytes, without its path (the record's header holds it).
    func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.string(display)
        w.string(outputFolder)
        w.string(sha256)
        w.integer(dependencies.count)
        for d in dependencies {
            w.string(d.path)
            w.integer(Int(d.stamp.size))
            w.integer(Int(d.stamp.mtime))
            w.integer(d.stamp.inode)
            w.string(d.stamp.sha256)
        }
        w.diagnostics(diagnostics)
        w.integer(sources.count)
        for s in sources {
            w.string(s.display)
            w.string(s.path)
        }
        w.integer(specs.count)
        for spec in specs {
            let c = spec.claim
            w.string(c.name)
            w.span(c.place)
            w.integer(c.outputs.count)
            for o in c.outputs {
                w.string(o.path)
                w.optional(o.target)
            }
            w.diagnostics(spec.diagnostics)
            w.integer(spec.used.count)
            for u in spec.used {
                w.string(u.path)
                w.string(u.written.value)
                w.span(u.written.span)
            }
        }
        return w.bytes
    }

    /// An entry of `path` (the spec file, absolute) from `encoded()`'s
    /// bytes; nil when they are not one.
    init?(decoding bytes: ArraySlice<UInt8>, path: String) {
        var r = ByteReader(bytes)
        display = r.string()
        outputFolder = r.string()
        sha256 = r.string()
        dependencies = []
        for _ in 0..<r.count() where !r.failed {
            let file = r.string()
            let (size, mtime, inode) = (r.int(), r.int(), r.integer())
            dependencies.append(Dependency(path: file, stamp: FileStamp(size: Int64(size), mtime: Int64(mtime), inode: inode, sha256: r.string())))
        }
        diagnostics = r.diagnostics()
        sources = []
        for _ in 0..<r.count() where !r.failed {
            let shown = r.string()
            sources.append(Source(display: shown, path: r.string()))
        }
        specs = []
        for _ in 0..<r.count() where !r.failed {
            let name = r.string()
            let place = r.span() ?? .startOf("")
            var outputs: [CheckRun.ClaimedOutput] = []
            for _ in 0..<r.count() where !r.failed {
                let output = r.string()
                outputs.append(CheckRun.ClaimedOutput(path: output, target: r.optional()))
            }
            let found = r.diagnostics()
            var used: [CheckedSpec.UsedFile] = []
            for _ in 0..<r.count() where !r.failed {
                let file = r.string()
                let value = r.string()
                used.append(CheckedSpec.UsedFile(path: file, written: Located(value, at: r.span() ?? .startOf(""))))
            }
            let claim = CheckRun.Claim(name: name, place: place, display: display, path: path, outputFolder: outputFolder, outputs: outputs)
            specs.append(Spec(claim: claim, diagnostics: found, used: used))
        }
        guard !r.failed, r.atEnd else { return nil }
    }

    init(display: String, outputFolder: String, sha256: String, dependencies: [Dependency], diagnostics: [Diagnostic], sources: [Source],
         specs: [Spec]) {
        (self.display, self.outputFolder, self.sha256, self.dependencies) = (display, outputFolder, sha256, dependencies)
        (self.diagnostics, self.sources, self.specs) = (diagnostics, sources, specs)
    }
}
