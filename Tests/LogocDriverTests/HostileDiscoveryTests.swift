import Foundation
import LogocDriver
import Testing

/// Hostile folder trees (issue 15, item 11): a 1,500-deep chain of folders
/// took 31 s to check (cubic), and a spec whose path passed `PATH_MAX` was
/// skipped in silence. Now discovery stops at `Discovery.maxDepth` and
/// reports what it does not read as `E012`, and good specs still build.
struct HostileDiscoveryTests {
    /// A good spec at the top and a chain of 100 folders with a spec at the
    /// bottom: the folder past the depth limit is an error, with its path.
    @Test func folderChainDeeperThanTheLimit() throws {
        let project = try TemporaryFolder()
        let deep = Array(repeating: "d", count: 100).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: project.path + "/Specs/" + deep, withIntermediateDirectories: true)
        try HostileTests.write(project.path, "Specs/good.yaml", "text: AB\n")
        try HostileTests.write(project.path, "Specs/" + deep + "/deep.yaml", "text: CD\n")
        let run = try MeasuredRun.run(["build", "Specs", "-o", "out"], in: project.path)
        let tooDeep = "Specs/" + Array(repeating: "d", count: Discovery.maxDepth + 1).joined(separator: "/")
        #expect(run.signal == nil && run.status == 1, "exit \(run.status): \(run.stderr.suffix(2_000))")
        #expect(run.stderr.contains("\(tooDeep):1:1: error[E012]: "), "\(run.stderr.suffix(2_000))")
        #expect(run.stderr.contains("help: "))
        #expect(FileManager.default.fileExists(atPath: project.path + "/out/good.png"))
    }

    /// 40 folders of 110-character names: within the depth limit, but past
    /// the longest path the system opens. Made and removed with `mkdirat`,
    /// `openat` and `unlinkat`, since no path reaches the bottom.
    @Test func specPastTheLongestPath() throws {
        let project = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: project.path + "/Specs", withIntermediateDirectories: true)
        try HostileTests.write(project.path, "Specs/good.yaml", "text: AB\n")
        let name = String(repeating: "n", count: 110)
        let top = open(project.path + "/Specs", O_RDONLY | O_DIRECTORY)
        try #require(top >= 0)
        defer {
            removeTree(named: name, in: top)
            close(top)
            withExtendedLifetime(project) {}  // removed after the chain
        }
        var fd = dup(top)
        for _ in 0..<40 {
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            try #require(fd >= 0)
        }
        let file = openat(fd, "deep.yaml", O_WRONLY | O_CREAT, 0o644)
        #expect(write(file, "text: CD\n", 9) == 9)
        close(file)
        close(fd)

        let run = try MeasuredRun.run(["build", "Specs", "-o", "out"], in: project.path)
        #expect(run.signal == nil && run.status == 1, "exit \(run.status): \(run.stderr.suffix(1_000))")
        let located = run.stderr.firstMatch(of: /Specs\/n[n\/]*:1:1: error\[E012\]: cannot read '[^']*': the folder's absolute path is longer than 4095 bytes/) != nil
        #expect(located, "\(run.stderr.suffix(1_000))")
        #expect(FileManager.default.fileExists(atPath: project.path + "/out/good.png"))
    }

    /// Removes folder `name` in the folder open as `parent`, and all below it.
    private func removeTree(named name: String, in parent: Int32) {
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        if fd >= 0, let dir = fdopendir(fd) {
            var names: [(String, Bool)] = []
            while let entry = readdir(dir) {
                let child = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if child != ".", child != ".." { names.append((child, entry.pointee.d_type == UInt8(DT_DIR))) }
            }
            for (child, isFolder) in names {
                if isFolder { removeTree(named: child, in: fd) } else { unlinkat(fd, child, 0) }
            }
            closedir(dir)
        }
        unlinkat(parent, name, AT_REMOVEDIR)
    }
}
