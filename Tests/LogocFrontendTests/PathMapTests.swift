import Testing
@testable import LogocFrontend

/// `PathMap` answers as the dictionary it replaced: by whole path, the last
/// value set, nothing once removed, and a filter keeps what it says.
struct PathMapTests {
    @Test func answersAsADictionaryByPath() {
        var map = PathMap<Int>()
        var reference: [String: Int] = [:]
        let paths = ["/p/a.yaml", "/p/_base.yaml", "/p/a.yam", "/p/a.yaml/", "/q/a.yaml", "/p/é.yaml", "/p/e\u{301}.yaml"]
        for (n, path) in (paths + paths.reversed()).enumerated() {
            map[path] = n
            reference[path] = n
        }
        map["/q/a.yaml"] = nil
        reference["/q/a.yaml"] = nil
        for path in paths + ["/p/b.yaml", ""] {
            #expect(map[path] == reference[path], "\(path)")
        }
        let kept = map.filter { $0.hasPrefix("/p/a") }
        for path in paths {
            #expect(kept[path] == (path.hasPrefix("/p/a") ? reference[path] : nil), "\(path)")
        }
    }
}
