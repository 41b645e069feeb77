import Foundation
import LoopbackFixtures
@testable import LogocDriver
import LogocFrontend
import Testing

/// `build --remote-cache` against Debian's nginx as a Bazel HTTP cache, and
/// against caches that fail: machine B downloads what machine A drew and
/// draws nothing; a cache that is dead, silent, failing or lying never
/// fails a build nor changes a byte (docs/remote-cache.md).
@Suite(.serialized, .enabled(if: WebDAVCache.program != nil, "nginx is not installed (make test installs it)"))
struct RemoteCacheTests {
    /// A checkout of part of the showcase (logos with partials, photos,
    /// favicon and app-icon targets) in a folder of its own, removed after.
    final class Checkout {
        let path: String
        init(_ items: [String] = ["Specs/brand", "Specs/products", "Specs/photos"]) throws {
            path = NSTemporaryDirectory() + "logoc-remote-" + UUID().uuidString
            let files = FileManager.default
            for item in items + ["Specs/_house.yaml", "logoc.yaml"] {
                let from = CLITests.repository.appendingPathComponent(item).path
                let to = path + "/" + item
                try files.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if files.fileExists(atPath: from) { try files.copyItem(atPath: from, toPath: to) }
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var url: URL { URL(fileURLWithPath: path) }

        func build(_ arguments: [String], environment: [String: String] = [:]) throws -> CLITests.Run {
            try CLITests.run(["build", "Specs", "--verbose"] + arguments, in: url, environment: environment)
        }
    }

    /// Every file below `folder` but logoc's bookkeeping (`.logoc-cache`,
    /// its lock): relative path → bytes.
    static func tree(_ folder: String) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return out }
        for case let path as String in walker where !(path as NSString).lastPathComponent.hasPrefix(".logoc") {
            var isDirectory: ObjCBool = false
            let full = folder + "/" + path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            out[path] = FileManager.default.contents(atPath: full)
        }
        return out
    }

    /// What a build with no remote cache writes for `checkout`.
    static func reference(_ checkout: Checkout) throws -> [String: Data] {
        let run = try checkout.build(["-o", "reference"])
        #expect(run.status == 0, "\(run.stderr)")
        return tree(checkout.path + "/reference")
    }

    static func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    @Test func machineBDownloadsEveryOutputAndDrawsNothing() throws {
        let cache = try WebDAVCache()
        defer { cache.stop() }
        let a = try Checkout()
        let cold = try a.build(["-o", "dist", "--remote-cache", cache.url])
        #expect(cold.status == 0, "\(cold.stderr)")
        let specs = try #require(Int(cold.stderr.components(separatedBy: " built").first?.split(separator: "\n").last ?? ""))
        #expect(specs > 20)
        #expect(cold.stderr.contains("(0 downloaded, \(specs) drawn)"), "\(cold.stderr)")
        #expect(cold.stderr.contains("remote cache: 0 hits, \(specs) misses, \(specs) uploads, 0 errors"), "\(cold.stderr)")
        #expect(cache.entries("ac").count == specs)
        #expect(!cold.stderr.contains("warning: remote cache"))

        // Machine B: another folder, an empty output folder and no local cache; the URL from the environment.
        let b = try Checkout()
        let downloaded = try b.build(["-o", "dist", "--timings"], environment: ["LOGOC_REMOTE_CACHE": cache.url])
        #expect(downloaded.status == 0, "\(downloaded.stderr)")
        #expect(downloaded.stderr.contains("\(specs) built (\(specs) downloaded, 0 drawn)"), "\(downloaded.stderr)")
        #expect(downloaded.stderr.contains("remote cache: \(specs) hits, 0 misses, 0 uploads, 0 errors"), "\(downloaded.stderr)")
        // Nothing was drawn, measured or encoded.
        for stage in ["measure", "draw", "encodePNG", "writeSVG", "encodeWebP"] {
            #expect(downloaded.stderr.contains("\"\(stage)\": 0.00"), "\(stage): \(downloaded.stderr)")
        }
        let treeA = Self.tree(a.path + "/dist"), treeB = Self.tree(b.path + "/dist")
        #expect(treeA.count > 100)
        #expect(treeA.keys.sorted() == treeB.keys.sorted())
        for (path, bytes) in treeA { #expect(treeB[path] == bytes, "\(path) differs") }

        // Recorded in B's own cache: the next build is a no-op, and asks the remote nothing.
        let again = try b.build(["-o", "dist"], environment: ["LOGOC_REMOTE_CACHE": cache.url])
        // (Unchanged counts spec files, unread: brand/teams.yaml holds three specs.)
        #expect(again.stderr.contains("0 built (0 downloaded, 0 drawn), "), "\(again.stderr)")
        #expect(!again.stderr.contains(" 0 unchanged"), "\(again.stderr)")
        #expect(again.stderr.contains("remote cache: 0 hits, 0 misses, 0 uploads, 0 errors"), "\(again.stderr)")

        // --no-remote-upload reads only: a changed spec is drawn and not uploaded.
        let kite = b.path + "/Specs/brand/kite.yaml"
        try Data((try String(contentsOfFile: kite, encoding: .utf8).replacingOccurrences(of: "content: K", with: "content: Q")).utf8)
            .write(to: URL(fileURLWithPath: kite))
        let readOnly = try b.build(["-o", "dist", "--no-remote-upload"], environment: ["LOGOC_REMOTE_CACHE": cache.url])
        #expect(readOnly.stderr.contains("remote cache: 0 hits, 1 misses, 0 uploads, 0 errors"), "\(readOnly.stderr)")
        #expect(cache.entries("ac").count == specs)
    }

    /// A cache that refuses, never answers, fails, or gives bytes that are
    /// not their key's: each build draws everything here, writes exactly
    /// what a build without a cache writes, exits 0, and warns once.
    @Test func aFailingCacheNeverFailsABuild() throws {
        // Three plain logos (a PNG and an SVG each): each build here is one of seven.
        let checkout = try Checkout(["Specs/brand/_badge.yaml", "Specs/brand/sol.yaml", "Specs/brand/velo.yaml", "Specs/brand/orbit.yaml"])
        let reference = try Self.reference(checkout)
        #expect(reference.count >= 8)

        let dead = "http://127.0.0.1:\(try LoopbackPort.free())"
        let silent = try FaultyCache(.silent)
        defer { silent.stop() }
        let failing = try FaultyCache(.status(500))
        defer { failing.stop() }
        for (name, url, message) in [("dead", dead, "Connection refused"), ("silent", silent.url, "no answer within 0.30 s"),
                                     ("failing", failing.url, "answered HTTP 500")] {
            let run = try checkout.build(["-o", name, "--remote-cache", url, "--remote-cache-timeout", "0.3"])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(Self.count(run.stderr, "warning: remote cache") == 1, "\(name): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
            #expect(run.stderr.contains("not asked again in this build"), "\(name): \(run.stderr)")
            #expect(run.stderr.contains(" drawn)") && run.stderr.contains("(0 downloaded"), "\(name): \(run.stderr)")
            #expect(Self.tree(checkout.path + "/" + name) == reference, "\(name)")
        }

        // A cache whose every cas/ entry was replaced by other bytes: of the same length, or one byte longer.
        let cache = try WebDAVCache()
        defer { cache.stop() }
        let filled = try checkout.build(["-o", "filled", "--remote-cache", cache.url])
        #expect(filled.status == 0, "\(filled.stderr)")
        let blobs = cache.entries("cas")
        #expect(!blobs.isEmpty)
        for (i, blob) in blobs.enumerated() {
            let path = cache.store + "/cas/" + blob
            var bytes = try #require(FileManager.default.contents(atPath: path))
            if i % 2 == 0 { bytes[bytes.count / 2] ^= 0xFF } else { bytes.append(0x0A) }
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        let lied = try checkout.build(["-o", "lied", "--remote-cache", cache.url, "--no-remote-upload"])
        #expect(lied.status == 0, "\(lied.stderr)")
        #expect(Self.count(lied.stderr, "warning: remote cache") == 1, "\(lied.stderr)")
        #expect(lied.stderr.contains("do not hash to their key") || lied.stderr.contains("more than the"), "\(lied.stderr)")
        #expect(lied.stderr.contains("remote cache: 0 hits, 0 misses, 0 uploads, 3 errors"), "\(lied.stderr)")
        #expect(lied.stderr.contains("(0 downloaded"), "\(lied.stderr)")
        #expect(!lied.stderr.contains("not asked again"), "a wrong entry is not a dead server: \(lied.stderr)")
        #expect(Self.tree(checkout.path + "/lied") == reference)
    }

    /// `--shard I/N`: the shards' outputs together are a whole build's, byte
    /// for byte, each written by one shard; with a remote cache, a final
    /// build downloads them all and writes the whole folder (manifest and
    /// gallery too) exactly as one build would.
    @Test func shardsTogetherAreAWholeBuild() throws {
        let checkout = try Checkout(["Specs/brand", "Specs/photos"])
        let whole = try Self.reference(checkout)
        let cache = try WebDAVCache()
        defer { cache.stop() }
        var union: [String: Data] = [:]
        var listed: [String] = []
        var drawn = 0
        for i in 1...3 {
            let run = try checkout.build(["-o", "shard\(i)", "--shard", "\(i)/3", "--remote-cache", cache.url])
            #expect(run.status == 0, "\(run.stderr)")
            drawn += Int(run.stderr.components(separatedBy: " built").first?.split(separator: "\n").last ?? "") ?? 0
            let tree = Self.tree(checkout.path + "/shard\(i)")
            let manifest = try #require(tree["manifest.json"])
            let outputs = try #require((try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["outputs"] as? [[String: Any]])
            #expect(!outputs.isEmpty, "shard \(i) drew nothing")
            listed += outputs.compactMap { $0["path"] as? String }
            for (path, bytes) in tree where path != "manifest.json" && path != "index.html" {
                #expect(union[path] == nil || TargetCatalog.isShared(path), "\(path) written by two shards")
                union[path] = bytes
            }
        }
        let wholeOutputs = whole.keys.filter { $0 != "manifest.json" && $0 != "index.html" }.sorted()
        #expect(union.keys.sorted() == wholeOutputs)
        #expect(Set(listed) == Set(wholeOutputs))
        for path in wholeOutputs { #expect(union[path] == whole[path], "\(path) differs") }

        // The CI recipe's last job: every spec downloaded, the whole folder as one build writes it.
        let final = try checkout.build(["-o", "final", "--remote-cache", cache.url])
        #expect(final.stderr.contains("(\(drawn) downloaded, 0 drawn)"), "\(final.stderr)")
        #expect(Self.tree(checkout.path + "/final") == whole)
    }

    @Test(arguments: [
        (["--shard", "0/3"], "I must be from 1 to 3"),
        (["--shard", "4/3"], "I must be from 1 to 3"),
        (["--shard", "1/0"], "N must be from 1 to"),
        (["--shard", "3"], "is not I/N"),
        (["--shard", "a/b"], "is not I/N"),
        (["--shard=-1/3"], "is not I/N"),
        (["--shard", "1/3/4"], "is not I/N"),
        (["--remote-cache", "https://cache.example"], "only http:// is spoken"),
        (["--remote-cache", "cache.example:8080"], "is not an http:// URL"),
        (["--remote-cache", "http://:8080"], "names no host"),
        (["--remote-cache", "http://cache:99999"], "the port must be from 1 to 65535"),
        (["--remote-cache", "http://cache", "--remote-cache-timeout", "0"], "--remote-cache-timeout must be from 0.01 to 600"),
        (["--data", "x.csv", "--template", "t.yaml", "--shard", "1/2"], "--shard splits a build of specs"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let run = try CLITests.run(["build", "-o", "/nonexistent/never-written"] + arguments)
        #expect(run.status == 2, "\(arguments): exit \(run.status)\n\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func aBadURLInTheEnvironmentIsAUsageErrorNamingIt() throws {
        let run = try CLITests.run(["build", "-o", "/nonexistent/never-written"], environment: ["LOGOC_REMOTE_CACHE": "ftp://x"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("LOGOC_REMOTE_CACHE 'ftp://x' is not an http:// URL"), "\(run.stderr)")
    }
}

