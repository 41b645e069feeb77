import Foundation
import LogocFrontend

/// Finds the spec files under the paths of a command line, in a stable order.
public enum Discovery {
    /// A path on the command line that does not exist: a usage error.
    public struct MissingPath: Error, Equatable {
        public let path: String
    }

    /// Every `*.yaml`/`*.yml` below each directory (partials, `logoc.yaml` and
    /// hidden folders skipped), and each file named directly (a partial named
    /// directly is checked as a partial).
    public static func inputs(_ paths: [String]) throws(MissingPath) -> [SpecInput] {
        var inputs: [SpecInput] = []
        var seen: Set<String> = []
        let cwd = FileManager.default.currentDirectoryPath
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw MissingPath(path: path) }
            if !isDirectory.boolValue {
                let input = SpecInput(path: PathResolver.absolute(path, from: cwd), displayPath: path, outputFolder: "")
                if seen.insert(input.path).inserted { inputs.append(input) }
                continue
            }
            let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
            // Names from readdir have no `.` or `..`: join them to the folder's absolute path once made.
            let base = PathResolver.absolute(prefix, from: cwd)
            let joiner = base == "/" ? "" : base
            for relative in walk(path) {
                let display = prefix == "." ? relative : prefix + "/" + relative
                let folder = PathResolver.lastSlash(in: relative).map { String(relative[..<$0]) } ?? ""
                let input = SpecInput(path: joiner + "/" + relative, displayPath: display, outputFolder: folder)
                if seen.insert(input.path).inserted { inputs.append(input) }
            }
        }
        return inputs
    }

    /// Names in a folder and whether each is a folder (following links), from
    /// `readdir`'s type where it gives one, so most entries need no `stat`.
    static func entries(of folder: String) -> [(String, Bool)] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var result: [(String, Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                result.append((name, true))
            } else if type == UInt8(DT_REG) {
                result.append((name, false))
            } else {
                var info = stat()
                let isDirectory = stat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                result.append((name, isDirectory))
            }
        }
        return result
    }

    /// Relative paths of spec files below `directory`, sorted byte-wise.
    static func walk(_ directory: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        var visited: Set<String> = []
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            // A symbolic link back to an enclosing folder must not loop.
            guard visited.insert(PathResolver.realPath(absolute) ?? absolute).inserted else { continue }
            for (name, isDirectory) in entries(of: absolute) where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                if isDirectory {
                    pending.append(child)
                } else if (name.hasSuffix(".yaml") || name.hasSuffix(".yml")), !name.hasPrefix("_"), name != "logoc.yaml" {
                    found.append(child)
                }
            }
        }
        return found.sorted(by: PathResolver.bytewiseLess)
    }
}
