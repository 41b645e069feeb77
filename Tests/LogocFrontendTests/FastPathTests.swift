import Foundation
import Testing
import LogocCore
@testable import LogocFrontend

/// The hand-written stand-ins for Foundation calls made for every spec
/// answer exactly what Foundation answers.
struct FastPathTests {
    /// Names around the edges of `namePattern`: every scalar up to U+3000
    /// after a valid start and as the start, lengths around 128, and line
    /// terminators (which ICU's `$` matches before, once, at the end).
    static let names: [String] = {
        var names = ["", "a", "-a", ".a", "_a", "a.b_c-d", "Zz09", "é", "a\u{301}", "\n", "\r\n", "a\r\n", "a\n\n", "a\r\n\n", "a\n\r",
                     "a\r\r", "a\u{85}\n", "a\u{2028}", "a\u{2029}", "\u{2028}", "a\u{0B}", "a\u{0C}", "a\u{1C}", "a\u{2027}"]
        for length in [127, 128, 129] {
            let name = String(repeating: "a", count: length)
            names += [name, name + "\n", name + "\r\n", name + "\u{2029}", "-" + name]
        }
        for v in 0..<0x3000 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let c = String(Character(scalar))
            names += ["ab" + c, c + "ab", c]
        }
        return names
    }()

    @Test func nameMatchesTheRegularExpression() {
        for name in Self.names {
            let expected = name.range(of: LanguageSchema.namePattern, options: .regularExpression) != nil
            #expect(LanguageSchema.matches(name, pattern: LanguageSchema.namePattern) == expected, "\(name.debugDescription)")
        }
        #expect(LanguageSchema.matches("brand", pattern: LanguageSchema.paletteNamePattern))
        #expect(!LanguageSchema.matches("1brand", pattern: LanguageSchema.paletteNamePattern))
    }

    /// Palette names (logoc.yaml's `palette` keys and `$name` colours) over
    /// the same edge cases, plus starts that only this pattern accepts or
    /// refuses (`_`, digits) and lengths far past 128, which it allows.
    @Test func paletteNameMatchesTheRegularExpression() {
        var names = Self.names + ["_", "_a", "__", "a-", "-", "9", "9a", "a9", "A_b-C", "$brand", "br and", "brand\n", "_\r\n"]
        names += [String(repeating: "b", count: 1000), "_" + String(repeating: "-", count: 300) + "\u{2028}"]
        for name in names {
            let expected = name.range(of: LanguageSchema.paletteNamePattern, options: .regularExpression) != nil
            #expect(LanguageSchema.matches(name, pattern: LanguageSchema.paletteNamePattern) == expected, "\(name.debugDescription)")
        }
    }

    @Test func trimmingMatchesFoundation() {
        var texts = ["", " ", "\t", "48", " 48 ", "\t48px", "48%\t", "a b", " \u{3000}", "\u{3000}48", "48\u{A0}", "\u{A0}", "\u{2003}x\u{2003}",
                     "\n48\n", "\r", "é", " é ", "e\u{301}", "\u{301}e"]
        for v in 0..<0x3000 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let c = String(Character(scalar))
            texts += [c + "48" + c, c + "48", "48" + c, c]
        }
        for text in texts {
            #expect(text.trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            let sub = ("[" + text + "]").dropFirst().dropLast()
            #expect(sub.trimmingWhitespaces() == sub.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    /// (Not "a" or "a/": Foundation on Linux traps on a one-letter relative
    /// path; logoc asks about absolute ones and display paths, and since
    /// 2026-11-28 answers a relative one without a slash itself.)
    static let paths = ["/", "", "/a", "/a/", "/a/b.yaml", "/a/b/c.yaml", "a/b.yaml", "Specs/team/_base.yaml", "Specs//x.yaml",
                        "/Specs//x.yaml", "//x.yaml", "/a/b/", "/a/b//", "./a.yaml", "/a/./b.yaml", "/a/../b.yaml", "..", "/..", "~/a.yaml",
                        "/é/ü.yaml", "/a/b\u{301}/c", "_a.yaml", "Specs/_a.yaml/", "Specs/_a.yaml//", "//", "///a",
                        "Specs/g000/s00001.yaml", "../x/y.yaml", "a/./b.yaml", "é/ü.yaml", "a/../b.yaml", "b\u{301}/c.yaml", "./_p.yaml"]

    @Test func foldersAndNamesMatchFoundation() {
        for path in Self.paths {
            #expect(PathResolver.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path.debugDescription)")
            #expect(PathResolver.lastComponent(of: path) == (path as NSString).lastPathComponent, "\(path.debugDescription)")
        }
    }

    /// A partial named by a plain name is joined to the spec's folder
    /// without splitting it; every other path goes through the components.
    @Test func displayPathsOfPartials() {
        let cases: [(file: String, relative: String, joined: String)] = [
            ("Specs/g000/s00001.yaml", "_person.yaml", "Specs/g000/_person.yaml"),
            ("s.yaml", "_p.yaml", "_p.yaml"),
            ("/a/b.yaml", "_p.yaml", "/a/_p.yaml"),
            ("/b.yaml", "_p.yaml", "//_p.yaml"),
            ("Specs/x.yaml", "../_p.yaml", "_p.yaml"),
            ("Specs/x.yaml", "./_p.yaml", "Specs/_p.yaml"),
            ("Specs/x.yaml", "..", "."),
            ("Specs/x.yaml", ".", "Specs"),
            ("Specs/x.yaml", "/abs/_p.yaml", "/abs/_p.yaml"),
            ("Spécs/é/x.yaml", "_ü.yaml", "Spécs/é/_ü.yaml"),
            ("Specs/x.yaml", "a/\u{301}b.yaml", "Specs/a/\u{301}b.yaml"),
        ]
        for c in cases {
            #expect(PathResolver.displayJoin(c.file, c.relative) == c.joined, "\(c.file) + \(c.relative)")
        }
    }

    @Test func partialsAsSplittingFinds() {
        for path in Self.paths + ["a", "a/", "_", "/_", "a/_/", "__", "a/._", "a/b/_c//", "_a/b", "\u{600}/_a", "a/_\u{600}/", "_\u{301}a.yaml", "a/_\u{301}.yaml", "a/\u{301}_b.yaml", "a/b_"] {
            let expected = path.split(separator: "/").last?.hasPrefix("_") ?? false
            #expect(SpecInput(path: "/x", displayPath: path, outputFolder: "").isPartial == expected, "\(path.debugDescription)")
        }
    }
}

/// Remembered initials are the initials worked out afresh, before and after
/// the memo is emptied at its limit.
struct InitialsMemoTests {
    @Test func rememberedInitialsAreFresh() {
        let names = ["Jean-Luc Doe", "王芳", "Ελένη Οικονόμου", "प्रिया गुप्ता", "فاطمة عيسى", "ada@example.com", "Zoë Müller", "🙂", ""]
        for _ in 0..<2 {
            for name in names {
                for style in InitialsStyle.allCases {
                    let fresh = Initials.compute(name, style: style)
                    #expect(Initials.of(name, style: style) == fresh, "\(name) \(style)")
                    for maxLength in [1, 2, 3] {
                        for uppercase in [false, true] {
                            let cut = String(fresh.prefix(maxLength))
                            #expect(Initials.shown(of: name, style: style, maxLength: maxLength, uppercase: uppercase) == (uppercase ? cut.uppercased() : cut),
                                    "\(name) \(style) \(maxLength) \(uppercase)")
                        }
                    }
                }
            }
        }
        let memo = Initials.Memo<String>(limit: 3)
        for i in 0..<10 {
            #expect(memo.value(for: "k\(i % 4)") { "v\(i % 4)" } == "v\(i % 4)")
        }
    }
}

/// `PathResolver.absolute` answers as splitting and joining answers, on the
/// paths it returns at once and on those it still normalizes.
struct AbsolutePathTests {
    /// The normalization `absolute` did for every path before it had a fast path.
    static func reference(_ path: String, from cwd: String) -> String {
        PathResolver.normalized(path.hasPrefix("/") ? path : cwd + "/" + path)
    }

    @Test func matchesSplittingAndJoining() {
        let paths = FastPathTests.paths + ["/a/b/c", "/a/.b", "/a/..b", "/a/...", "/a/b.", "/.", "/./", "/a/.", "/a/..", "/.a/b", "/a//",
                                           "/a/\u{301}b", "/\u{301}", "/a/\u{600}/b", "/a/b\r\n/c", "/work/main/Specs/g000/s00000.yaml", "a", "a/b"]
        for path in paths {
            #expect(PathResolver.absolute(path, from: "/cwd") == Self.reference(path, from: "/cwd"), "\(path.debugDescription)")
        }
        #expect(PathResolver.isPlainAbsolute("/work/main/Specs/g000/s00000.yaml"))
        #expect(PathResolver.isPlainAbsolute("/"))
        for path in ["/a/", "/a//b", "/a/./b", "/a/../b", "/a/.", "/é", "a/b", ""] {
            #expect(!PathResolver.isPlainAbsolute(path), "\(path.debugDescription)")
        }
    }

    @Test func lastSlashesAndByteOrderAsTheStandardLibraryFindsThem() {
        let paths = FastPathTests.paths + ["a", "a/b", "/\u{301}", "a/\u{301}b", "\u{600}/x", "x\u{600}/", "é/a", "a/é", "a\r\n/b", "Specs/g000/s00001.yaml"]
        for path in paths {
            #expect(PathResolver.lastSlash(in: path) == path.lastIndex(of: "/"), "\(path.debugDescription)")
            for other in paths {
                #expect(PathResolver.bytewiseLess(path, other) == path.utf8.lexicographicallyPrecedes(other.utf8), "\(path.debugDescription) \(other.debugDescription)")
            }
        }
    }

    /// The name a spec takes from its file: the suffixes dropped one after
    /// another as `hasSuffix` dropped them, bytes for an ASCII name.
    @Test func defaultNamesAsSuffixesAreDropped() {
        func reference(_ path: String) -> String {
            var name = (path as NSString).lastPathComponent
            for suffix in [".yaml", ".yml", ".logo"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            return name
        }
        let paths = FastPathTests.paths + ["a.yaml", "a.yml", "a.yml.yaml", "a.logo.yaml", "a.logo.yml.yaml", "a.yaml.logo", ".yaml", "yaml", "x/.yml",
                                           "é.logo.yaml", "a\u{301}.yaml", "a.yam\u{301}l", "a.yaml\u{301}", "Spécs/b.logo.yml"]
        for path in paths {
            #expect(SpecChecker.defaultName(path) == reference(path), "\(path.debugDescription)")
        }
    }

    /// ASCII answered without Unicode's property tables answers as they do.
    @Test func asciiGlyphsAndBlanksAsThePropertiesSay() {
        for v in UInt32(0)..<0x80 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            #expect(Validator.needsGlyph(scalar) == Validator.needsGlyphByProperties(scalar), "U+\(String(v, radix: 16))")
            #expect(TextRules.isBlank(scalar) == TextRules.isBlankByProperties(scalar), "U+\(String(v, radix: 16))")
        }
    }

    /// Every code point `forbidden` refuses, between letters or around a
    /// joiner, is one its first glance (`mayBeForbidden`) stops at.
    @Test func everyForbiddenCodePointIsLookedAtTwice() {
        var refused = 0
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let alone = "a" + String(scalar) + "b"
            if TextRules.forbidden(in: alone) != nil || TextRules.forbidden(in: "👨" + String(scalar) + "👩") != nil {
                refused += 1
                #expect(TextRules.mayBeForbidden(scalar), "U+\(String(v, radix: 16))")
            }
        }
        #expect(refused > 70)  // controls, breaks, bidi and zero-width characters
    }

    /// Texts of at most 32 code points, which skip counting characters,
    /// judged as counting them would: the widest character allowed is 32
    /// code points, one more is refused.
    @Test func shortTextsSkipCountingCharacters() {
        let marks = String(repeating: "\u{301}", count: 31)
        #expect(TextRules.lengthProblem(in: "a" + marks) == nil)  // 32 code points, one character
        #expect(TextRules.lengthProblem(in: "a" + marks + "\u{301}")?.message.hasPrefix("has a character") == true)
        #expect(TextRules.lengthProblem(in: "Ξανθή Δημητρίου") == nil)
        #expect(TextRules.lengthProblem(in: String(repeating: "李", count: 101)) != nil)
    }

    /// Every code point of the ranges answered without the property tables
    /// (`TextRules.commonVisible`) is one the tables call drawn and not blank.
    @Test func commonVisibleCodePointsAsThePropertiesSay() {
        var count = 0
        for range in TextRules.commonVisible {
            for v in range {
                guard let scalar = Unicode.Scalar(v) else { Issue.record("U+\(String(v, radix: 16)) is no scalar"); continue }
                count += 1
                #expect(Validator.needsGlyphByProperties(scalar), "U+\(String(v, radix: 16))")
                #expect(!TextRules.isBlankByProperties(scalar), "U+\(String(v, radix: 16))")
                #expect(Validator.needsGlyph(scalar) && !TextRules.isBlank(scalar))
            }
        }
        #expect(count > 33_000)
        // Just outside: a soft hyphen (format), a joiner, a gap of Greek.
        for v: UInt32 in [0x00A0, 0x00AD, 0x034F, 0x0378, 0x038B, 0x03A2] {
            guard let scalar = Unicode.Scalar(v) else { continue }
            #expect(!TextRules.isCommonVisible(scalar), "U+\(String(v, radix: 16))")
        }
    }

    /// A plain ASCII text is let through only where the full rules let it through.
    @Test func plainASCIITextsAsTheRulesJudgeThem() {
        var texts = ["", " ", "   ", "A", " A ", "Jean-Luc Doe", "O'Brien", "a\tb", "a\nb", "a\r\nb", "\u{7F}", "~!@#$%^&*()_+{}|:\"<>?",
                     String(repeating: "x", count: 100), String(repeating: "x", count: 101), String(repeating: " ", count: 100) + "x", "é", "A\u{301}"]
        for v in UInt32(0)..<0x80 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            texts += ["A" + String(Character(scalar)), String(Character(scalar))]
        }
        for text in texts where TextRules.isPlainASCII(text) {
            #expect(TextRules.refusalByRules(of: text, named: "'content'", removable: "it") == nil, "\(text.debugDescription)")
        }
        #expect(TextRules.isPlainASCII("Jean-Luc Doe"))
        #expect(!TextRules.isPlainASCII("   ") && !TextRules.isPlainASCII("a\tb") && !TextRules.isPlainASCII(String(repeating: "x", count: 101)))
    }

    @Test func doubleSlashesAsFoundationFindsThem() {
        for path in FastPathTests.paths + ["a//", "//", "/", "a/b/", "/\u{301}/"] {
            #expect(PathResolver.hasDoubleSlash(path) == path.contains("//"), "\(path.debugDescription)")
        }
    }
}

/// Reading a file stops where the file ends, without zero-filling first,
/// and still tells a file over the limit; an image header is found in
/// the first bytes the same as in more.
struct FileReadingTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "logoc-read-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsWholeFilesAndOneByteOverTheLimit() throws {
        for size in [0, 1, 4_095, 4_096, 4_097, 70_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let path = try Self.temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try FileReader.read(path, limit: 1 << 20).get() == bytes, "\(size)")
            #expect(try FileReader.read(path, limit: 4_096).get() == Array(bytes.prefix(4_097)), "\(size)")
        }
        #expect(FileReader.read("/nonexistent/logoc", limit: 10) == .failure(.missing))
        #expect(FileReader.read("/tmp", limit: 10) == .failure(.notRegular))
    }

    @Test func jpegHeadersBehindLongMetadata() throws {
        // SOI, comment segments of `padding` bytes, then a frame of 300 × 200.
        func jpeg(padding: Int) -> [UInt8] {
            var bytes: [UInt8] = [0xFF, 0xD8]
            var left = padding
            while left > 0 {
                let k = min(left, 60_000)
                bytes += [0xFF, 0xFE, UInt8((k + 2) >> 8), UInt8((k + 2) & 0xFF)] + Array(repeating: 0x78, count: k)
                left -= k
            }
            return bytes + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0xC8, 0x01, 0x2C, 0x03] + Array(repeating: 0, count: 20)
        }
        for padding in [0, 4_000, 4_090, 5_000, 64_000, 70_000] {
            let path = try Self.temporaryFile(jpeg(padding: padding))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let header = try ImageProbe.headerBytes(ofFile: path).get()
            let probed = ImageProbe.header(header)
            #expect(probed?.format == .jpeg && probed?.width == 300 && probed?.height == 200, "\(padding)")
        }
        let notImage = try Self.temporaryFile(Array(repeating: 0x41, count: 10_000))
        defer { try? FileManager.default.removeItem(atPath: notImage) }
        #expect(try ImageProbe.header(ImageProbe.headerBytes(ofFile: notImage).get()) == nil)
    }

    /// A header read before is answered again while `stat` finds the same
    /// file, and read afresh once its size, time or inode changed.
    @Test func knownHeadersFollowTheFile() throws {
        func width(_ path: String) throws -> UInt32? {
            try ImageProbe.header(ImageProbe.headerBytes(ofFile: path).get()).map { UInt32($0.width) }
        }
        let path = try Self.temporaryFile(ResolverTests.pngHeader(200, 100))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try width(path) == 200)
        var before = stat()
        #expect(stat(path, &before) == 0)
        // Rewritten in place with its time put back: the same stamp, so the
        // header read before is the answer (what shows that one is kept).
        try Data(ResolverTests.pngHeader(300, 100)).write(to: URL(fileURLWithPath: path))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try width(path) == 200)
        // Its time changed: read again.
        times[1].tv_sec += 1
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try width(path) == 300)
        // Its size changed within the same second: read again.
        try Data(ResolverTests.pngHeader(400, 100) + [0]).write(to: URL(fileURLWithPath: path))
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try width(path) == 400)
        // Replaced by another file (a new inode) of the same size and time.
        let other = try Self.temporaryFile(ResolverTests.pngHeader(500, 100) + [0])
        #expect(utimensat(AT_FDCWD, other, &times, 0) == 0)
        #expect(rename(other, path) == 0)
        #expect(try width(path) == 500)
    }

    /// A number of digits alone is summed from its bytes
    /// (`SyntaxDecoder.decimalValue`); it must give what `Double(_:)` reads,
    /// and every other number must still be read as before.
    @Test func digitsAreReadAsDoubleReadsThem() {
        var texts = ["0", "00", "007", "1", "9", "256", "512", "999999999999999", "100000000000000", "9999999999999999",
                     "12345678901234567890", String(repeating: "9", count: 15), String(repeating: "0", count: 15) + "1"]
        var generator = SplitMix64(seed: 21)
        for length in 1...20 {
            for _ in 0..<200 {
                texts.append(String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) }))
            }
        }
        for text in texts {
            #expect(SyntaxDecoder.decimalValue(text) == Double(text), "\(text)")
        }
        let others: [(String, Double?)] = [(" 12", 12), ("12 ", 12), ("+5", 5), ("-0", -0.0), ("1.5", 1.5), ("1e3", 1000), (".5", 0.5),
                                           ("", nil), ("1a", nil), ("0x10", nil), ("١٢", nil), ("1_000", nil), ("nan", nil), ("1e400", .infinity)]
        for (text, value) in others {
            #expect(SyntaxDecoder.decimalValue(text) == value, "\(text)")
        }
    }
}
