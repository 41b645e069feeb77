import Foundation
import LogocCore
import LogocFrontend

/// What `logoc check FILES` looks at besides the files named: the project's
/// specs that use a named partial, image, font file or `logoc.yaml`, and the
/// outputs of every other spec of the project, so that a clash (`E014`) with
/// a spec nobody named is found. Worked out from the files themselves, never
/// from a build cache: a pre-commit hook runs in a fresh clone.
///
/// The project's specs are those of `ROOT/Specs`, what `check` and `build`
/// take when given no paths. They are read only as far as their names,
/// outputs and the files they use (`SpecChecker.validates` off): no
/// validation, no fonts, no pixels. When only specs are named, nothing
/// depends on them and only `E014` needs the others: then only the files of
/// a checked spec's folder that may share an output with it are read, once
/// its name is known (`ProjectSpecs`).
public struct AffectedSpecs: Sendable {
    /// The spec files to check: those named (a spec of the project's folder
    /// with its outputs named as a build of the whole project names them),
    /// then the project's specs that use a named file, in the project's order.
    public var inputs: [SpecInput]
    /// The outputs of the project's specs that are not checked.
    public var others: CheckRun.OutputOwners
    /// How many of `inputs` are there because they use a named file.
    public var dependents = 0

    /// The project's spec folder, below the root.
    public static let specsFolder = "Specs"

    /// Files named that are not specs but may be used by specs: images
    /// (PNG, JPEG) and fonts, told by their extension.
    public static let usedFileExtensions: Set<String> = ["png", "jpg", "jpeg", "ttf", "otf", "ttc", "otc"]

    /// Whether the command line names just the project's spec folder
    /// (`check Specs`): then every spec of the project is checked, and there
    /// is nothing to add, as for `check` with no path. Skipping `find` there
    /// keeps a real path and a set entry per spec off a big check's memory.
    public static func isWholeProject(_ paths: [String], project: Project) -> Bool {
        guard paths.count == 1, let real = PathResolver.realPath(paths[0]) else { return false }
        var isFolder: ObjCBool = false
        return real == project.paths.root + "/" + specsFolder && FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// `named`: the inputs discovery found for the command line's paths.
    /// `rootArgument`: `--root` as given, to name the project's spec files
    /// as the user would (`Specs/team/jane.yaml`).
    public static func find(_ named: [SpecInput], project: Project, rootArgument: String, jobs: Int) -> AffectedSpecs {
        let root = project.paths.root
        let specsPrefix = root + "/" + specsFolder + "/"
        let config = project.configFile.flatMap(PathResolver.realPath)
        var kept: [SpecInput] = []
        var changed: Set<String> = []
        var everySpec = false
        var compared: Set<String> = []
        for input in named {
            let real = project.paths.realFile(input.path) ?? input.path
            if real == config {
                everySpec = true
                continue
            }
            if usedFileExtensions.contains((real as NSString).pathExtension.lowercased()) {
                // A font of a `fonts` folder may be any spec's font or fallback.
                if project.config.fontFolders.contains(PathResolver.folder(of: real)) { everySpec = true }
                changed.insert(real)
                continue
            }
            var input = input
            if input.isPartial {
                changed.insert(real)
            } else if real.hasPrefix(specsPrefix), input.problem == nil {
                let below = real.dropFirst(specsPrefix.count)
                input.outputFolder = below.lastIndex(of: "/").map { String(below[..<$0]) } ?? ""
                compared.insert(input.path)
            }
            kept.append(input)
        }
        guard everySpec || !changed.isEmpty || !compared.isEmpty else { return AffectedSpecs(inputs: kept, others: .init()) }

        // The rest of the project, read without validation.
        let folder = rootArgument == "." ? specsFolder : (rootArgument as NSString).appendingPathComponent(specsFolder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + "/" + specsFolder, isDirectory: &isFolder), isFolder.boolValue else {
            return AffectedSpecs(inputs: kept, others: .init())
        }
        let namedFiles = Set(kept.map { project.paths.realFile($0.path) ?? $0.path })
        // Only specs named: no spec depends on them, and only the specs that
        // may write one of their outputs are read, when their names are known.
        if !everySpec, changed.isEmpty {
            let others = ProjectSpecs(project: project, display: folder, named: namedFiles, jobs: jobs)
            return AffectedSpecs(inputs: kept, others: CheckRun.OutputOwners(project: others, compared: compared))
        }
        guard let found = try? Discovery.inputs([folder]) else { return AffectedSpecs(inputs: kept, others: .init()) }
        let rest = found.filter { $0.problem == nil && !namedFiles.contains(project.paths.realFile($0.path) ?? $0.path) }
        let scanned = scan(rest, project: project, jobs: jobs)
        var result = AffectedSpecs(inputs: kept, others: .init())
        var others: [CheckedSpec] = []
        for (input, specs) in zip(rest, scanned) {
            let uses = everySpec || specs.contains { spec in
                spec.partials.contains(where: changed.contains) || spec.usedFiles(in: project).contains { changed.contains($0.path) }
            }
            if uses {
                result.inputs.append(input)
                result.dependents += 1
                compared.insert(input.path)
            } else {
                others += specs
            }
        }
        result.others = CheckRun.OutputOwners(others: others, compared: compared)
        return result
    }

    /// Every document of each file, decoded but not validated (documents
    /// with errors included), in parallel.
    static func scan(_ inputs: [SpecInput], project: Project, jobs: Int) -> [[CheckedSpec]] {
        let checker = {
            var checker = SpecChecker(project: project)
            checker.validates = false
            return checker
        }()
        let results = ResultSlots<[CheckedSpec]>(count: inputs.count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, inputs.count))) { _ in
            while let i = next.take(below: inputs.count) { results.set(i, checker.check(inputs[i]).specs) }
        }
        return results.values()
    }
}
