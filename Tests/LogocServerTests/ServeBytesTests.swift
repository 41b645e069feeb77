import Foundation
import Testing

/// `logoc serve` answers with the bytes `logoc build` writes, with the
/// headers docs/serving.md promises.
@Suite(.serialized) struct ServeBytesTests {
    /// Every file of the showcase's specs (targets aside) as `logoc build`
    /// wrote it, byte for byte, with a strong ETag of its SHA-256 and its type.
    @Test func servesTheBytesBuildWrites() throws {
        let out = try TemporaryFolder()
        let repository = ServerProcess.repository
        let build = try runProgram(ServerProcess.binary("logoc"), ["build", "Specs", "-o", out.url.path, "-q"], in: repository)
        #expect(build.status == 0, "\(build.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.url.appendingPathComponent("manifest.json"))) as? [String: Any]
        let entries = (manifest?["outputs"] as? [[String: Any]] ?? []).filter { $0["target"] == nil }
        #expect(entries.count > 50)
        let server = try ServerProcess(["Specs"], in: repository)
        var formats = Set<String>()
        for entry in entries {
            guard let path = entry["path"] as? String, let sha = entry["sha256"] as? String, let format = entry["format"] as? String else { continue }
            let encoded = path.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "" }.joined(separator: "/")
            let response = try #require(try RawHTTP.get(server.port, "/" + encoded), "\(path)")
            #expect(response.status == 200, "\(path): \(response.text)")
            let built = try [UInt8](Data(contentsOf: out.url.appendingPathComponent(path)))
            #expect(response.body == built, "\(path) differs from the built file")
            #expect(response.headers["etag"] == "\"\(sha.prefix(32))\"", "\(path)")
            #expect(response.headers["cache-control"] == "public, max-age=60, stale-while-revalidate=600")
            let types = ["png": "image/png", "svg": "image/svg+xml", "webp": "image/webp", "avif": "image/avif", "jpeg": "image/jpeg", "pdf": "application/pdf"]
            #expect(response.headers["content-type"] == types[format], "\(path)")
            formats.insert(format)
        }
        #expect(formats.isSuperset(of: ["png", "svg"]))
        #expect(server.stop() == 0)
    }

    /// A template avatar over HTTP is the file `build --data` writes for
    /// the same name: one code path (`CheckedSpec.instance`, `OutputBytes`).
    @Test func templateAvatarsAreTheBytesBuildDataWrites() throws {
        let project = try TemplateProject()
        try project.folder.write("people.csv", "name\nJane Doe\n王芳\nZoë Ørsted\n")
        let out = project.url.appendingPathComponent("dist")
        let build = try runProgram(ServerProcess.binary("logoc"), ["build", "--data", "people.csv", "--template", "Specs/people/avatar.yaml",
                                                                   "-o", out.path, "-q"], in: project.url)
        #expect(build.status == 0, "\(build.stderr)")
        let server = try ServerProcess(["Specs"], in: project.url)
        // build --data writes a template's rows into the output folder itself.
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        for name in ["Jane Doe", "王芳", "Zoë Ørsted"] {
            let encoded = try #require(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            for (suffix, ext) in [("", "png"), ("@2x", "png"), ("", "svg")] {
                let response = try #require(try RawHTTP.get(server.port, "/people/avatar/64/\(encoded)\(suffix).\(ext)"))
                #expect(response.status == 200, "\(name)\(suffix).\(ext): \(response.text)")
                #expect(response.headers["cache-control"] == "public, max-age=86400, stale-while-revalidate=604800")
                // The file build --data wrote for that row: the one whose bytes match, among the row's own.
                let stem = files.filter { $0.hasSuffix("\(suffix).\(ext)") && !$0.dropLast(ext.count + 1 + suffix.count).contains("@") }
                let candidates = try stem.map { try [UInt8](Data(contentsOf: out.appendingPathComponent($0))) }
                #expect(candidates.contains(response.body), "\(name)\(suffix).\(ext) is not a file build --data wrote")
            }
        }
        // And a name gives its own picture, not another's.
        let jane = try #require(try RawHTTP.get(server.port, "/people/avatar/64/Jane%20Doe.png"))
        let janeFile = try [UInt8](Data(contentsOf: out.appendingPathComponent("jane-doe.png")))
        #expect(jane.body == janeFile)
        #expect(server.stop() == 0)
    }

    /// 304 for a matching If-None-Match (a list, `*`, a weak tag), 200 with
    /// the body otherwise; HEAD gives the headers and no body; the second
    /// GET comes from the cache.
    @Test func conditionalAndHeadRequests() throws {
        let server = try ServerProcess(["Specs"], in: ServerProcess.repository)
        let first = try #require(try RawHTTP.get(server.port, "/team/jane-doe.png"))
        #expect(first.status == 200)
        #expect(first.headers["x-logoc-cache"] == "miss")
        let etag = try #require(first.headers["etag"])
        for header in [etag, "\"nope\", \(etag)", "*", "W/\(etag)"] {
            let again = try #require(try RawHTTP.get(server.port, "/team/jane-doe.png", headers: ["If-None-Match: \(header)"]))
            #expect(again.status == 304, "\(header)")
            #expect(again.headers["etag"] == etag)
            #expect(again.body.isEmpty)
        }
        let other = try #require(try RawHTTP.get(server.port, "/team/jane-doe.png", headers: ["If-None-Match: \"other\""]))
        #expect(other.status == 200)
        #expect(other.body == first.body)
        #expect(other.headers["x-logoc-cache"] == "hit")
        let head = try #require(try RawHTTP.get(server.port, "/team/jane-doe.png", method: "HEAD"))
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(first.body.count))
        #expect(head.headers["etag"] == etag)
        let metrics = try #require(try RawHTTP.get(server.port, "/metrics"))
        #expect(metrics.text.contains("logoc_http_requests_total{status=\"304\"} 4"), "\(metrics.text)")
        #expect(metrics.text.contains("logoc_cache_hits_total"))
        #expect(metrics.text.contains("logoc_http_request_duration_seconds_bucket"))
        #expect(metrics.text.contains("logoc_render_queue_depth"))
        #expect(metrics.text.contains("logoc_renders_total 1"), "\(metrics.text)")
        #expect(server.stop() == 0)
    }
}
