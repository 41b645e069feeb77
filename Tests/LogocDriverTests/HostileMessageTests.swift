import Foundation
import LogocFonts
import Testing

/// Hostile inputs whose answer was wrong or unclear (issue 15, items 15–17):
/// invisible text accepted, a font without outlines drawing blank text,
/// and messages that named the wrong problem or an internal word. Each case
/// runs the real binary in a fresh project and checks the first line it
/// prints for the problem — code, `file:line:column` and what it says — and
/// the help that says how to fix it.
struct HostileMessageTests {
    /// A case: how to set up the project, the command, and what it must print.
    struct MessageCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// The start of a line of standard error: `spec.yaml:1:17: error[E003]: …`.
        let expect: String
        /// The help printed for it.
        let help: String
        var command: [String] = ["check", "spec.yaml"]
        var status: Int32 = 1
        let setUp: @Sendable (String) throws -> Void
        var testDescription: String { name }
    }

    static let messageCases: [MessageCase] = [
        // 15: text that draws nothing, line separators, counts that say what they count.
        MessageCase(name: "text of one space", expect: "spec.yaml:1:17: error[E003]: 'content' shows nothing: it holds only spaces, fillers or invisible characters",
                    help: "write visible text, or remove 'content'") { try write($0, "spec.yaml", "text: {content: \" \"}\n") },
        MessageCase(name: "text of a Hangul filler", expect: "spec.yaml:1:17: error[E003]: 'content' shows nothing",
                    help: "write visible text") { try write($0, "spec.yaml", "text: {content: \"\u{3164}\u{FFA0}\"}\n") },
        MessageCase(name: "text of tag characters", expect: "spec.yaml:1:17: error[E003]: 'content' shows nothing",
                    help: "write visible text") { try write($0, "spec.yaml", "text: {content: \"\\U000E0041\\U000E0042\\U000E007F\"}\n") },
        MessageCase(name: "text of a variation selector", expect: "spec.yaml:1:17: error[E003]: 'content' shows nothing",
                    help: "write visible text") { try write($0, "spec.yaml", "text: {content: \"\u{FE0F}\"}\n") },
        MessageCase(name: "initials of fillers", expect: "spec.yaml:1:18: error[E003]: the initials of '\u{3164} \u{3164} .' show nothing",
                    help: "write the name with visible letters") { try write($0, "spec.yaml", "text: {initials: \"\u{3164} \u{3164} .\"}\n") },
        MessageCase(name: "line separator in text", expect: "spec.yaml:1:17: error[E003]: 'content' holds U+2028 LINE SEPARATOR, a line break; a logo's text is one line",
                    help: "remove the character") { try write($0, "spec.yaml", "text: {content: \"A\\LB\"}\n") },
        MessageCase(name: "paragraph separator in text", expect: "spec.yaml:1:17: error[E003]: 'content' holds U+2029 PARAGRAPH SEPARATOR, a line break",
                    help: "remove the character") { try write($0, "spec.yaml", "text: {content: \"A\\PB\"}\n") },
        MessageCase(name: "400 marks on one letter", expect: "spec.yaml:1:7: error[E003]: 'content' is 1 character of 401 code points; a logo's text is limited to 400 code points",
                    help: "shorten the text") { try write($0, "spec.yaml", "text: \"A" + String(repeating: "\u{0301}", count: 400) + "\"\n") },
        MessageCase(name: "40 marks on one letter", expect: "spec.yaml:1:7: error[E003]: 'content' has a character (the 2nd) made of 41 code points; at most 32 combine into one character",
                    help: "remove the extra combining marks") { try write($0, "spec.yaml", "text: \"BA" + String(repeating: "\u{0301}", count: 40) + "\"\n") },
        // 16: a font whose character map claims glyphs it has no outlines for.
        MessageCase(name: "font with an empty glyph table", expect: "spec.yaml:1:34: error[E016]: font file 'blank.ttf' cannot draw 'A' (U+41), 'B' (U+42): its glyphs are empty or damaged",
                    help: "use a complete font file") { try blankFont($0, renaming: false) },
        MessageCase(name: "font without a glyph table, built", expect: "spec.yaml:1:34: error[E016]: font file 'blank.ttf' cannot draw 'A' (U+41)",
                    help: "use a complete font file", command: ["build", "spec.yaml", "-o", "out"]) { try blankFont($0, renaming: true) },
        // 17: numbers too large for any number.
        MessageCase(name: "size 1e309", expect: "spec.yaml:2:7: error[E006]: size 1e309 is out of range; expected 16 to 4096",
                    help: "use a value from 16 to 4096") { try write($0, "spec.yaml", "text: AB\nsize: 1e309\n") },
        MessageCase(name: "size of 400 digits", expect: "spec.yaml:2:7: error[E006]: size 9999999999999999999999999999999999999999… (400 characters) is out of range; expected 16 to 4096",
                    help: "use a value from 16 to 4096") { try write($0, "spec.yaml", "text: AB\nsize: " + String(repeating: "9", count: 400) + "\n") },
        MessageCase(name: "contrast 1e309", expect: "spec.yaml:2:11: error[E006]: contrast 1e309 is out of range; expected 1 to 21",
                    help: "use a value from 1 to 21") { try write($0, "spec.yaml", "text: AB\ncontrast: 1e309\n") },
        // 17: images.
        MessageCase(name: "JPEG with 20 MB of APP1 before its frame", expect: "spec.yaml:2:21: error[E012]: 'big.jpg' is a JPEG whose header (SOF, which gives its size) is not within the first 16 MiB that logoc reads",
                    help: "remove the metadata") { root in
            let segment = [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 65_533)
            var jpeg: [UInt8] = [0xFF, 0xD8]
            for _ in 0..<320 { jpeg += segment }
            jpeg += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]
            try Data(jpeg).write(to: URL(fileURLWithPath: root + "/big.jpg"))
            try write(root, "spec.yaml", "text: AB\nbackground: {image: big.jpg}\n")
        },
        MessageCase(name: "0 × 0 PNG", expect: "spec.yaml:2:21: error[E012]: image 'empty.png' is empty: 0 × 0 pixels",
                    help: "export the image again") { root in
            // The signature and an IHDR chunk of width 0 and height 0.
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 8)
                + [8, 6, 0, 0, 0, 0, 0, 0, 0]
            try Data(png).write(to: URL(fileURLWithPath: root + "/empty.png"))
            try write(root, "spec.yaml", "text: AB\nbackground: {image: empty.png}\n")
        },
        // 17: logoc.yaml.
        MessageCase(name: "fonts naming a file", expect: "logoc.yaml:2:5: error[E012]: 'fonts' lists 'fonts/a.ttf', which is a file, not a folder",
                    help: "name the folder that holds it: 'fonts'") { root in
            try FileManager.default.createDirectory(atPath: root + "/fonts", withIntermediateDirectories: true)
            try write(root, "fonts/a.ttf", "not read")
            try write(root, "logoc.yaml", "fonts:\n  - fonts/a.ttf\n")
            try write(root, "spec.yaml", "text: AB\n")
        },
        MessageCase(name: "logoc.yaml a folder", expect: "logoc.yaml:1:1: error[E012]: cannot read the configuration 'logoc.yaml': it is not a regular file",
                    help: "make logoc.yaml a regular file, or remove it") { root in
            try FileManager.default.createDirectory(atPath: root + "/logoc.yaml", withIntermediateDirectories: true)
            try write(root, "spec.yaml", "text: AB\n")
        },
        MessageCase(name: "logoc.yaml a FIFO", expect: "logoc.yaml:1:1: error[E012]: cannot read the configuration 'logoc.yaml': it is not a regular file",
                    help: "make logoc.yaml a regular file, or remove it") { root in
            try HostileTests.fifo(root + "/logoc.yaml")
            try write(root, "spec.yaml", "text: AB\n")
        },
        // 17: spec folders named like logoc's own files, the same in check and build.
        MessageCase(name: "spec folder index.html, check", expect: "Specs/index.html/a.yaml:1:1: error[E014]: 'a' would write 'index.html/a.png', but 'index.html' is logoc's own file in the output folder",
                    help: "rename the folder 'index.html' that holds the spec", command: ["check", "Specs"]) { try reservedFolders($0) },
        MessageCase(name: "spec folder manifest.json, build", expect: "Specs/manifest.json/b.yaml:1:1: error[E014]: 'b' would write 'manifest.json/b.png', but 'manifest.json' is logoc's own file",
                    help: "rename the folder 'manifest.json' that holds the spec", command: ["build", "Specs", "-o", "out"]) { try reservedFolders($0) },
        // 17: output folders, in plain words (exit 2, a usage error).
        MessageCase(name: "-o naming a file", expect: "error: cannot use the output folder 'taken': it is a file, not a folder",
                    help: "", command: ["build", "spec.yaml", "-o", "taken"], status: 2) { root in
            try write(root, "taken", "")
            try write(root, "spec.yaml", "text: AB\n")
        },
        MessageCase(name: "-o below a file", expect: "error: cannot use the output folder 'taken/out': 'taken' is a file, not a folder",
                    help: "", command: ["build", "spec.yaml", "-o", "taken/out"], status: 2) { root in
            try write(root, "taken", "")
            try write(root, "spec.yaml", "text: AB\n")
        },
        // 17: names that are not UTF-8, reported with their bytes escaped.
        MessageCase(name: "folder name not UTF-8", expect: "error: 'Specs/te\\xFFam' is not a UTF-8 name; logoc reads only UTF-8 file and folder names: rename it",
                    help: "", command: ["check", "Specs"], status: 2) { root in
            try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
            let folder = Array((root + "/Specs/te").utf8) + [0xFF] + Array("am".utf8)
            #expect(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
            try write(root, "Specs/ok.yaml", "text: AB\n")
        },
    ]

    @Test(arguments: messageCases)
    func saysWhatIsWrong(_ message: MessageCase) throws {
        let project = try TemporaryFolder()
        try message.setUp(project.path)
        let run = try MeasuredRun.run(message.command, in: project.path)
        let context = "\(message.name):\n\(run.stderr.prefix(2_000))"
        #expect(run.status == message.status, "exit \(run.status): \(context)")
        #expect(run.stderr.split(separator: "\n").contains { $0.hasPrefix(message.expect) }, "\(context)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("notRegular"), "\(context)")
        if !message.help.isEmpty { #expect(run.stderr.contains("help: " + message.help), "\(context)") }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: project.path + "/out")) ?? []
        #expect(!written.contains { $0.hasSuffix(".png") || $0.hasSuffix(".svg") }, "written: \(written)")
    }

    /// A spec file named on the command line whose name is not UTF-8: Swift
    /// repairs the argument, so it "did not exist". Run through `sh`, which
    /// passes the name's bytes as they are.
    @Test func specNameNotUTF8() throws {
        let project = try TemporaryFolder()
        let name = Array((project.path + "/sp").utf8) + [0xFF] + Array("ec.yaml".utf8)
        let fd = open(name.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        _ = "text: AB\n".withCString { Glibc.write(fd, $0, 9) }
        close(fd)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" check \"$(printf 'sp\\377ec.yaml')\"", CLITests.binary.path]
        process.currentDirectoryURL = URL(fileURLWithPath: project.path)
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(stderr == "error: 'sp\\xFFec.yaml' is not a UTF-8 name; logoc reads only UTF-8 file and folder names: rename it\n")
    }

    static func write(_ root: String, _ name: String, _ text: String) throws {
        try HostileTests.write(root, name, text)
    }

    /// Specs in folders named `index.html` and `manifest.json`.
    static func reservedFolders(_ root: String) throws {
        for (folder, spec) in [("index.html", "a"), ("manifest.json", "b")] {
            try FileManager.default.createDirectory(atPath: root + "/Specs/" + folder, withIntermediateDirectories: true)
            try write(root, "Specs/\(folder)/\(spec).yaml", "text: AB\n")
        }
    }

    /// `blank.ttf`: Noto Sans with its `glyf` table zeroed (every glyph
    /// empty) or renamed (no outlines at all), its character map intact.
    static func blankFont(_ root: String, renaming: Bool) throws {
        let noto = try #require(FontCatalog.bundled.first { $0.name == "Noto Sans" }?.files.first)
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: noto)))
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        var found = false
        for i in 0..<tables where bytes[(12 + 16 * i)..<(16 + 16 * i)].elementsEqual(Array("glyf".utf8)) {
            let record = 12 + 16 * i
            if renaming {
                bytes.replaceSubrange(record..<(record + 4), with: Array("xxxx".utf8))
            } else {
                let (start, length) = (u32(record + 8), u32(record + 12))
                bytes.replaceSubrange(start..<(start + length), with: [UInt8](repeating: 0, count: length))
            }
            found = true
        }
        try #require(found)
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/blank.ttf"))
        try write(root, "spec.yaml", "text: {content: AB, font: {file: blank.ttf}}\n")
    }
}
