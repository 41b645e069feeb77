import Foundation
import Testing
@testable import LogocServer

/// The URL rules every request goes through before the project is asked.
struct RequestPathTests {
    func failure(_ target: String) -> HTTPFailure? {
        do {
            _ = try RequestPath.parse(target)
            return nil
        } catch {
            return error
        }
    }

    @Test func imagePathsDecodeToSegments() throws {
        #expect(try RequestPath.parse("/team/avatar/128/Jane%20Doe.png") ==
            .image(RequestPath(segments: ["team", "avatar", "128", "Jane Doe.png"], stem: "Jane Doe", format: .png)))
        #expect(try RequestPath.parse("/a/%E5%BC%A0%E4%BC%9F.svg?s=1") ==
            .image(RequestPath(segments: ["a", "张伟.svg"], stem: "张伟", format: .svg)))
        #expect(try RequestPath.parse("/healthz") == .health)
        #expect(try RequestPath.parse("/metrics") == .metrics)
    }

    @Test func pathsLeavingTheRootAreNotFound() {
        for target in ["/../etc/passwd.png", "/team/%2e%2e/x.png", "/team/%2E%2E/x.png", "/team/./x.png", "/a%00b.png", "/a%5cb.png",
                       "/a\\b.png", "/a%2Fb.png", "//x.png", "/.hidden.png"] {
            #expect(failure(target)?.status == 404, "\(target)")
        }
    }

    @Test func badEncodingAndExtensionsAre400() {
        #expect(failure("/a/%zz.png")?.code == "bad-encoding")
        #expect(failure("/a/%4.png")?.code == "bad-encoding")
        #expect(failure("/a/%C3%28.png")?.code == "bad-encoding")
        #expect(failure("/a/x.gif")?.code == "bad-extension")
        #expect(failure("/a/x.PNG")?.status == 400)
        #expect(failure("nope")?.status == 400)
    }

    @Test func sizesAreWholePixelsFrom16To1024() throws {
        for bad in ["0", "-1", "99999", "1e3", "", "15", "1025", "12.5", "+64", " 64", "0x40"] {
            #expect(throws: HTTPFailure.self, "\(bad)") { try RequestPath.size(bad) }
        }
        #expect(try RequestPath.size("16") == 16)
        #expect(try RequestPath.size("1024") == 1024)
        #expect(try RequestPath.size("128") == 128)
    }

    @Test func scaleSuffixes() {
        #expect(RequestPath.scale(of: "jane@2x") == ("jane", 2))
        #expect(RequestPath.scale(of: "jane") == ("jane", 1))
        #expect(RequestPath.scale(of: "a@b.c@x") == ("a@b.c@x", 1))
        #expect(RequestPath.scale(of: "me@0x") == ("me@0x", 1))
    }

    @Test func ifNoneMatchTakesListsStarAndWeakTags() {
        let tag = EntityTag.of(sha256: String(repeating: "ab", count: 32))
        #expect(tag == "\"" + String(repeating: "ab", count: 16) + "\"")
        #expect(EntityTag.matches(tag, tag))
        #expect(EntityTag.matches("*", tag))
        #expect(EntityTag.matches("\"x\", W/\(tag)", tag))
        #expect(EntityTag.matches("\"x\",\(tag)", tag))
        #expect(!EntityTag.matches("\"x\", \"y\"", tag))
        #expect(!EntityTag.matches("", tag))
        #expect(!EntityTag.matches("\"unterminated", tag))
    }

    @Test func errorBodiesAreJSON() throws {
        let failure = HTTPFailure(400, "bad-size", "a \"quoted\"\n\u{1}name")
        let object = try JSONSerialization.jsonObject(with: Data(failure.body)) as? [String: [String: String]]
        #expect(object?["error"]?["code"] == "bad-size")
        #expect(object?["error"]?["message"] == "a \"quoted\"\n\u{1}name")
    }
}

/// The image cache keeps what fits its budget, least recently used out first.
struct ImageCacheTests {
    @Test func evictsTheLeastRecentlyUsedBeyondTheBudget() {
        let cache = ImageCache(budget: 4 * (1000 + 256))
        for key in ["a", "b", "c", "d"] { cache.put(key, .init(bytes: [UInt8](repeating: 1, count: 1000), etag: key)) }
        #expect(cache.count == 4)
        _ = cache.get("a")
        cache.put("e", .init(bytes: [UInt8](repeating: 1, count: 1000), etag: "e"))
        #expect(cache.get("b") == nil)
        #expect(cache.get("a")?.etag == "a")
        #expect(cache.get("e")?.etag == "e")
        #expect(cache.bytes <= cache.budget)
        // Larger than a quarter of the budget: not kept.
        cache.put("huge", .init(bytes: [UInt8](repeating: 1, count: 2000), etag: "huge"))
        #expect(cache.get("huge") == nil)
        // Replacing a key does not count it twice.
        cache.put("a", .init(bytes: [UInt8](repeating: 2, count: 1000), etag: "a2"))
        #expect(cache.count == 4)
        #expect(cache.get("a")?.etag == "a2")
    }
}
