import Foundation
import LogocCore
import LogocFrontend
import LogocImageIO
import LogocRender

/// `logoc verify --golden DIR`: renders the specs and compares every PNG with
/// the committed golden image, by `ImageComparison`'s rule (the one the
/// project's own golden tests use). How a team reviews visual changes in CI.
public enum VerifyRun {
    public struct Report: Sendable {
        public var build: RunReport
        /// Outputs whose pixels differ, with the comparison.
        public var changed: [(path: String, result: ImageComparison.Result)] = []
        /// Outputs with no golden image yet.
        public var added: [String] = []
        /// Golden images no output matches any more.
        public var removed: [String] = []
        /// Golden images `--update` wrote where there was none.
        public var recorded: [String] = []
        /// Golden images `--update` replaced because the render changed.
        public var updated: [String] = []
        /// Golden images `--update` deleted: no spec draws them any more.
        public var deleted: [String] = []
        /// Captioned expected | actual | difference images written, one per changed output.
        public var diffs: [String] = []
        /// The review page in the diff folder, listing every change with its images.
        public var reviewPage: String?
        public var matched = 0

        public var hasDifferences: Bool { !changed.isEmpty || !added.isEmpty || !removed.isEmpty }
    }

    public static func run(_ inputs: [SpecInput], project: Project, golden: String, diffDirectory: String,
                           update: Bool, jobs: Int) -> Report {
        let scratch = NSTemporaryDirectory() + "logoc-verify-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let build = BuildRun.run(inputs, project: project, options: .init(outputDirectory: scratch, jobs: jobs, gallery: false))
        var report = Report(build: build)
        let outputs = (build.written + build.unchanged).filter { $0.hasSuffix(".png") }.sorted()
        let comparison = ImageComparison()
        // Made at the first change: it draws the captions.
        var captioner: Renderer?
        for path in outputs {
            let actualPath = (scratch as NSString).appendingPathComponent(path)
            let goldenPath = (golden as NSString).appendingPathComponent(path)
            if update {
                // Golden/ is committed: a link in it (golden/team → ~/.ssh)
                // must not make `--update` write outside it.
                if case .link(let link) = OutputRemoval.walk(path, in: golden) {
                    report.build.failures.append("'\((golden as NSString).appendingPathComponent(link))' is a symbolic link; logoc will not write '\(path)' through it")
                    continue
                }
                if let bytes = FileManager.default.contents(atPath: actualPath) {
                    do {
                        let existed = FileManager.default.fileExists(atPath: goldenPath)
                        if try AtomicFile.write(Array(bytes), to: goldenPath) {
                            if existed { report.updated.append(path) } else { report.recorded.append(path) }
                        }
                    } catch {
                        report.build.failures.append("cannot write '\(goldenPath)': \(FileErrorText.reason(error, about: goldenPath))")
                    }
                }
                continue
            }
            guard FileManager.default.fileExists(atPath: goldenPath) else {
                report.added.append(path)
                continue
            }
            do {
                let expected = try ImageDecoder.decode(contentsOfFile: goldenPath)
                let actual = try ImageDecoder.decode(contentsOfFile: actualPath)
                let result = comparison.compare(expected, actual)
                if result.matches {
                    report.matched += 1
                    continue
                }
                report.changed.append((path, result))
                let diffPath = (diffDirectory as NSString).appendingPathComponent(path)
                let renderer = try captioner ?? Renderer(catalog: project.fonts)
                captioner = renderer
                let p = comparison.panels(expected, actual)
                let sheet = try renderer.captioned([("expected", p.expected), ("actual", p.actual), ("difference", p.difference)])
                try AtomicFile.write(try PNGEncoder.encode(sheet), to: diffPath)
                report.diffs.append(diffPath)
            } catch {
                report.build.failures.append("cannot compare '\(path)': \(FileErrorText.reason(error, about: path))")
            }
        }
        // Golden images of outputs that no longer exist. While a spec has an
        // error its outputs are unknown, so nothing counts as removed.
        guard build.errorCount == 0 else { return withReviewPage(report, in: diffDirectory) }
        let produced = Set(outputs)
        let enumerator = FileManager.default.enumerator(atPath: golden)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".png"), !produced.contains(file) else { continue }
            if update {
                // Only a file reached without links, never a folder.
                guard OutputRemoval.walk(file, in: golden) == .file(S_IFREG),
                      unlink((golden as NSString).appendingPathComponent(file)) == 0 else { continue }
                report.deleted.append(file)
            } else {
                report.removed.append(file)
            }
        }
        report.removed.sort()
        report.deleted.sort()
        return withReviewPage(report, in: diffDirectory)
    }

    /// Writes `index.html` into the diff folder when anything changed, was
    /// added or removed: the page a reviewer opens (from a CI artifact, say).
    private static func withReviewPage(_ report: Report, in diffDirectory: String) -> Report {
        guard report.hasDifferences else { return report }
        var report = report
        let path = (diffDirectory as NSString).appendingPathComponent(VerifyReviewPage.fileName)
        do {
            try AtomicFile.write(Array(VerifyReviewPage.html(report).utf8), to: path)
            report.reviewPage = path
        } catch {
            report.build.failures.append("cannot write '\(path)': \(FileErrorText.reason(error, about: path))")
        }
        return report
    }
}
