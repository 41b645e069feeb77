import Foundation
import LogocCore
import LogocFrontend
import Testing

/// One test (or more) per diagnostic code of SPEC.md, each asserting every
/// diagnostic of its input: code, line, column and message.
@Suite("Diagnostic codes")
struct DiagnosticCodeTests {

    // MARK: E001 invalid YAML

    @Test func e001BadIndentation() {
        assertDiagnostics("""
            text:
              content: AB
             1️⃣color: white
            """, [("1️⃣", .E001, "invalid YAML")])
    }

    @Test func e001UnclosedFlowSequence() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            shape: 1️⃣[circle
            2️⃣
            """], [ExpectedDiagnostic("1️⃣", .E001, "this '[' is never closed", help: "']'",
                                      noteAt: "2️⃣", note: "did not find expected ',' or ']'")])
    }

    /// libyaml gives up at the end of the file (45:1 here); the mistake is
    /// the quote on line 1, and the note says where libyaml stopped.
    @Test func e001UnclosedDoubleQuotePointsWhereItOpens() {
        let comments = (1...42).map { "# line \($0 + 2)\n" }.joined()
        assertDiagnostics(files: ["spec.yaml": "background: 1️⃣\"#1565C0\ntext: AB\n" + comments + "2️⃣"],
                          [ExpectedDiagnostic("1️⃣", .E001, "this quote (\") is never closed", help: "end the value with \"",
                                              noteAt: "2️⃣", note: "end of stream")])
    }

    @Test func e001UnclosedSingleQuote() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              content: 1️⃣'AB
              color: white
            2️⃣
            """], [ExpectedDiagnostic("1️⃣", .E001, "this quote (') is never closed", noteAt: "2️⃣")])
    }

    @Test func e001UnclosedFlowMapping() {
        assertDiagnostics(files: ["spec.yaml": """
            text: 1️⃣{content: AB
            size2️⃣: 64
            """], [ExpectedDiagnostic("1️⃣", .E001, "this '{' is never closed", help: "'}'", noteAt: "2️⃣", note: "',' or '}'")])
    }

    /// The inner list is the one left open; the outer mapping's '}' closes nothing.
    @Test func e001UnclosedListInsideAFlowMapping() {
        assertDiagnostics(files: ["spec.yaml": "text: AB\nborder: {width: 1️⃣[1, 22️⃣}\n"],
                          [ExpectedDiagnostic("1️⃣", .E001, "this '[' is never closed", noteAt: "2️⃣")])
    }

    /// A list that is closed, with another mistake inside, keeps libyaml's
    /// own message and place: "never closed" would be wrong there.
    @Test func e001ClosedListKeepsLibyamlsPlace() {
        assertDiagnostics("""
            text: AB
            shape: [a, b: c1️⃣: d]
            """, [("1️⃣", .E001, "did not find expected ',' or ']'")])
    }

    /// An error in a quoted value that is closed (a bad escape) is not about the quote.
    @Test func e001BadEscapeIsNotAnUnclosedQuote() {
        assertDiagnostics("""
            text: "A1️⃣\\qB"
            """, [("1️⃣", .E001, "unknown escape character")])
    }

    // MARK: E002 unknown key

    @Test func e002UnknownTopLevelKeySuggestsNearest() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            1️⃣shap: circle
            """], [ExpectedDiagnostic("1️⃣", .E002, "unknown key 'shap'", help: "did you mean 'shape'?")])
    }

    @Test func e002UnknownNestedKey() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              content: AB
              1️⃣colour: white
            """], [ExpectedDiagnostic("1️⃣", .E002, "unknown key 'colour' in 'text'", help: "did you mean 'color'?")])
    }

    @Test func e002KeyNotAllowedInDark() {
        assertDiagnostics("""
            text: AB
            dark:
              1️⃣size: 64
            """, [("1️⃣", .E002, "'size' cannot be overridden in 'dark'")])
    }

    /// One E002, from `dark`'s schema; the merged spec's schema no longer
    /// reports the same key again as "unknown key 'foo'".
    @Test func e002UnknownKeyInDarkIsReportedOnce() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            dark: {1️⃣foo: 1}
            """], [ExpectedDiagnostic("1️⃣", .E002, "unknown key 'foo' in 'dark'", help: "known keys in 'dark'")])
    }

    /// A shared value failing in the spec and in its dark variant is one
    /// mistake: one E011, the dark variant's ratio in a note at `dark:`.
    @Test func e011InTheSpecAndItsDarkVariantIsOneDiagnostic() {
        assertDiagnostics(files: ["spec.yaml": """
            text: {content: AB, color: 1️⃣"#777777"}
            background: "#888888"
            2️⃣dark: {background: "#999999"}
            """], [ExpectedDiagnostic("1️⃣", .E011, "contrast 1.26:1", noteAt: "2️⃣", note: "in the dark variant: contrast 1.57:1")])
    }

    /// Failing only in the dark variant, at a value written outside `dark`:
    /// the note says which variant fails.
    @Test func e011OnlyInTheDarkVariantSaysSo() {
        assertDiagnostics(files: ["spec.yaml": """
            text: {content: AB, color: 1️⃣"#777777"}
            background: "#FFFFFF"
            2️⃣dark: {background: "#999999"}
            """], [ExpectedDiagnostic("1️⃣", .E011, "contrast 1.57:1", noteAt: "2️⃣", note: "in the dark variant")])
    }

    // MARK: E003 wrong type or value

    @Test func e003ValueNotAllowed() {
        assertDiagnostics("""
            text: AB
            shape: 1️⃣oval
            """, [("1️⃣", .E003, "unknown shape 'oval'; expected 'circle', 'square' or 'roundRect'")])
    }

    @Test func e003WrongType() {
        assertDiagnostics("""
            text: AB
            size: 1️⃣big
            border: 2️⃣[4, red]
            """, [
                ("1️⃣", .E003, "'size' must be a whole number, found 'big'"),
                ("2️⃣", .E003, "expected a border mapping"),
            ])
    }

    @Test func e003YesIsNotABoolean() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              initials: Ada Lovelace
              uppercase: 1️⃣yes
            """], [ExpectedDiagnostic("1️⃣", .E003, "'uppercase' must be true or false, found 'yes'", help: "uppercase: true")])
    }

    @Test func e003ExplicitTag() {
        assertDiagnostics("""
            text: 1️⃣!!bool NO
            """, [("1️⃣", .E003, "explicit tag '!!bool' is not allowed")])
    }

    // MARK: E004 missing or exclusive keys

    @Test func e004ContentAndInitialsExcludeEachOther() {
        assertDiagnostics(files: ["spec.yaml": """
            text: {1️⃣content: AB, 2️⃣initials: Ada Lovelace}
            """], [ExpectedDiagnostic("2️⃣", .E004, "'text' sets both 'content' and 'initials'", noteAt: "1️⃣")])
    }

    @Test func e004RequiredKeyMissing() {
        assertDiagnostics("""
            text: AB
            border: 1️⃣{width: 4}
            """, [("1️⃣", .E004, "'border' needs 'color'")])
    }

    @Test func e004TextNeedsContentOrInitials() {
        assertDiagnostics("""
            text:
              1️⃣uppercase: true
            """, [("1️⃣", .E004, "'text' needs one of 'content' or 'initials'")])
    }

    @Test func e004EmptyFile() {
        assertDiagnostics("1️⃣", [("1️⃣", .E004, "holds no spec")])
    }

    // MARK: E005 not a colour

    @Test func e005UnquotedHexIsAComment() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background: 1️⃣#1E88E5
            """], [ExpectedDiagnostic("1️⃣", .E005, "'background' is empty", help: "\"#1E88E5\"")])
    }

    @Test func e005UnquotedHexInNestedColour() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              content: AB
              color: 1️⃣#FFF
            """], [ExpectedDiagnostic("1️⃣", .E005, "YAML reads '#FFF' after a space as a comment", help: "color: \"#FFF\"")])
    }

    @Test func e005BadHex() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              content: AB
              color: 1️⃣"#GG0000"
            """], [ExpectedDiagnostic("1️⃣", .E005, "'#GG0000' is not a colour", help: "3, 4, 6 or 8 digits")])
    }

    @Test func e005MisspelledNameSuggestsNearest() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background: 1️⃣tael
            """], [ExpectedDiagnostic("1️⃣", .E005, "'tael' is not a colour", help: "did you mean 'teal'?")])
    }

    @Test func e005UnknownPaletteNameSuggestsNearest() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background: 1️⃣$brnd
            """], [ExpectedDiagnostic("1️⃣", .E005, "'$brnd' is not in the palette", help: "did you mean '$brand'?")],
            config: "palette: {brand: \"#5B2EFF\"}\n")
    }

    @Test func knownPaletteNameIsAccepted() {
        assertDiagnostics("""
            text: AB
            background: $brand
            """, [], config: "palette: {brand: \"#5B2EFF\"}\n")
    }

    // MARK: E006 number out of range

    @Test func e006NumbersOutOfRange() {
        assertDiagnostics("""
            version: 1️⃣2
            size: 2️⃣8
            text: AB
            """, [
                ("1️⃣", .E006, "version 2 is out of range; only 1 is supported"),
                ("2️⃣", .E006, "size 8 is out of range; expected 16 to 4096"),
            ])
    }

    @Test func e006PercentagesAndWeights() {
        assertDiagnostics("""
            shape: roundRect
            cornerRadius: 1️⃣"60%"
            text:
              content: AB
              font: {weight: 2️⃣950}
            """, [
                ("1️⃣", .E006, "cornerRadius 60% is out of range; at most 50%"),
                ("2️⃣", .E006, "weight 950 is out of range"),
            ])
    }

    // MARK: E007 duplicate key

    @Test func e007PointsAtSecondKeyWithNoteAtFirst() {
        assertDiagnostics(files: ["spec.yaml": """
            1️⃣shape: square
            text: AB
            2️⃣shape: circle
            """], [ExpectedDiagnostic("2️⃣", .E007, "duplicate key 'shape'", noteAt: "1️⃣", note: "first set here")])
    }

    @Test func e007NestedDuplicate() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              1️⃣content: AB
              2️⃣content: CD
            """], [ExpectedDiagnostic("2️⃣", .E007, "duplicate key 'content'", noteAt: "1️⃣")])
    }

    @Test func e007EachRepeatInAListNotesTheFirst() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            output: {formats: [1️⃣png, svg, 2️⃣png, 3️⃣png], scales: [4️⃣2, 5️⃣2]}
            """], [
                ExpectedDiagnostic("2️⃣", .E007, "'png' is listed twice in 'formats'", noteAt: "1️⃣", note: "first listed here"),
                ExpectedDiagnostic("3️⃣", .E007, "'png' is listed twice in 'formats'", noteAt: "1️⃣", note: "first listed here"),
                ExpectedDiagnostic("5️⃣", .E007, "'2' is listed twice in 'scales'", noteAt: "4️⃣", note: "first listed here"),
            ])
    }

    // MARK: E010 text colour equals background

    @Test func e010SolidBackgroundEvenWithContrastOff() {
        assertDiagnostics("""
            background: navy
            contrast: "off"
            text:
              content: AB
              color: 1️⃣"#000080"
            """, [("1️⃣", .E010, "text colour #000080 is the same as the background")])
    }

    @Test func e010GradientStop() {
        assertDiagnostics("""
            background:
              gradient:
                colors: [white, "#123456"]
            contrast: "off"
            text:
              content: AB
              color: 1️⃣"#123456"
            """, [("1️⃣", .E010, "the same as the background")])
    }

    @Test func e010DefaultBackground() {
        assertDiagnostics("""
            contrast: "off"
            text: {content: AB, color: 1️⃣"#9e9e9e"}
            """, [("1️⃣", .E010, "#9E9E9E")])
    }

    // MARK: E011 contrast below the minimum

    @Test func e011SolidBackground() {
        assertDiagnostics("""
            background: "#777777"
            contrast: AAA
            text:
              content: AB
              color: 1️⃣white
            """, [("1️⃣", .E011, "contrast 4.47:1 between text #FFFFFF and the background is below the minimum 7:1 (AAA)")])
    }

    // Gradients and images are measured on pixels: see LogocDriverTests/PixelContrastTests.

    @Test func e011DefaultMinimumNamesItsRatio() {
        // The message gives the measured ratio and the minimum (SPEC.md, E011),
        // also when the minimum is the default AA-large (3:1).
        assertDiagnostics("""
            background: "#EEEEEE"
            text:
              content: AB
              color: 1️⃣"#DDDDDD"
            """, [("1️⃣", .E011, "below the minimum 3:1 (AA-large")])
    }

    @Test func e011AutoTextOnMidGreyCannotReachAAA() {
        // Neither black nor white reaches 7:1 on #777777: points at the text key.
        assertDiagnostics("""
            background: "#777777"
            contrast: AAA
            1️⃣text: AB
            """, [("1️⃣", .E011, "contrast 4.68:1 of auto text (black) is below the minimum 7:1 (AAA)")])
    }

    @Test func e011ProjectMinimumFromConfig() {
        assertDiagnostics("""
            background: "#777777"
            text:
              content: AB
              color: 1️⃣white
            """, [("1️⃣", .E011, "below the minimum 4.5:1")], config: "contrast: AA\n")
    }

    // MARK: E012 unreadable or undecodable file

    @Test func e012MissingImage() {
        assertDiagnostics("""
            text: AB
            background:
              image: 1️⃣photos/missing.png
            """, [("1️⃣", .E012, "image 'photos/missing.png' does not exist")])
    }

    @Test func e012NotAnImage() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background:
              image: 1️⃣notes.png
            """], [ExpectedDiagnostic("1️⃣", .E012, "'notes.png' is not a PNG or JPEG image")],
            setup: { try $0.write("notes.png", "these are notes, not pixels\n") })
    }

    @Test func e012HugePNGHeaderIsRefused() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background:
              image:
                path: 1️⃣huge.png
            """], [ExpectedDiagnostic("1️⃣", .E012, "60000 × 60000 pixels")],
            setup: { try $0.write("huge.png", bytes: PNGBytes.header(width: 60_000, height: 60_000)) })
    }

    @Test func smallPNGHeaderIsAccepted() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background:
              image: small.png
            """], [],
            setup: { try $0.write("small.png", bytes: PNGBytes.header(width: 64, height: 64)) })
    }

    @Test func e012MissingFontFile() {
        assertDiagnostics("""
            text:
              content: AB
              font: {file: 1️⃣fonts/Missing.ttf}
            """, [("1️⃣", .E012, "font file 'fonts/Missing.ttf' does not exist")])
    }

    @Test func e012FontFileThatIsNotAFont() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              content: AB
              font:
                file: 1️⃣fonts/Fake.ttf
            """], [ExpectedDiagnostic("1️⃣", .E012, "'fonts/Fake.ttf' is not a font file that can be read")],
            setup: { try $0.write("fonts/Fake.ttf", "not a font\n") })
    }

    @Test func e012ImagePathIsAFolder() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background: {image: 1️⃣photos}
            """], [ExpectedDiagnostic("1️⃣", .E012, "cannot read image 'photos': it is not a regular file")],
            setup: { try $0.write("photos/jane.png", bytes: PNGBytes.header(width: 8, height: 8)) })
    }

    @Test func e012MissingPartial() {
        assertDiagnostics("""
            extends: 1️⃣_nothing.yaml
            text: AB
            """, [("1️⃣", .E012, "partial '_nothing.yaml' does not exist")])
    }

    // MARK: E013 path outside the root

    @Test func e013ParentFolder() {
        assertDiagnostics("""
            text: AB
            background:
              image: 1️⃣../outside.png
            """, [("1️⃣", .E013, "image '../outside.png' is outside the project root")])
    }

    @Test func e013AbsolutePath() {
        assertDiagnostics("""
            text: AB
            background: {image: 1️⃣/etc/passwd}
            """, [("1️⃣", .E013, "image '/etc/passwd' is outside the project root")])
    }

    @Test func e013SymbolicLinkLeavingTheRoot() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background:
              image:
                path: 1️⃣photo.png
            """], [ExpectedDiagnostic("1️⃣", .E013, "image 'photo.png' is outside the project root")],
            setup: { try $0.symlink("photo.png", to: "/etc/passwd") })
    }

    @Test func e013PartialOutsideTheRoot() {
        assertDiagnostics("""
            extends: 1️⃣../_base.yaml
            text: AB
            """, [("1️⃣", .E013, "partial '../_base.yaml' is outside the project root")])
    }

    @Test func e013FontFileOutsideTheRoot() {
        assertDiagnostics("""
            text:
              content: AB
              font: {file: 1️⃣../../fonts/Inter.otf}
            """, [("1️⃣", .E013, "font file '../../fonts/Inter.otf' is outside the project root")])
    }

    @Test func symbolicLinkInsideTheRootIsFine() {
        assertDiagnostics(files: ["spec.yaml": """
            text: AB
            background:
              image: alias.png
            """], [],
            setup: { project in
                try project.write("images/real.png", bytes: PNGBytes.header(width: 32, height: 32))
                try project.symlink("alias.png", to: project.path("images/real.png"))
            })
    }

    // MARK: E015 extends cycle, alias bomb

    @Test func e015ExtendsCycle() {
        assertDiagnostics(files: [
            "a.yaml": """
                extends: _b.yaml
                text: AB
                """,
            "_b.yaml": """
                extends: 1️⃣a.yaml
                shape: square
                """,
        ], checking: "a.yaml", [ExpectedDiagnostic("1️⃣", .E015, "'extends' makes a cycle: a.yaml → _b.yaml → a.yaml")])
    }

    @Test func e015SelfExtension() {
        assertDiagnostics("""
            extends: 1️⃣spec.yaml
            text: AB
            """, [("1️⃣", .E015, "'extends' makes a cycle")])
    }

    @Test func e015AliasBomb() {
        // a0 is 10 nodes, each a_i is 9 × a_(i-1): the first alias on the
        // a4 line takes the document past 10,000 nodes.
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for i in 1...8 {
            let aliases = Array(repeating: "*a\(i - 1)", count: 9)
            lines.append("a\(i): &a\(i) [" + (i == 4 ? "1️⃣" : "") + aliases.joined(separator: ", ") + "]")
        }
        lines.append("text: AB")
        assertDiagnostics(lines.joined(separator: "\n"), [("1️⃣", .E015, "aliases expand this document past 10000 nodes")])
    }

    // MARK: E016 fonts

    @Test func e016UnknownFamily() {
        assertDiagnostics("""
            text:
              content: AB
              font: 1️⃣Comic Sans Nope
            """, [("1️⃣", .E016, "font family 'Comic Sans Nope' is not installed")])
    }

    @Test func e016MisspelledFamilySuggestsNearest() {
        assertDiagnostics(files: ["spec.yaml": """
            text:
              content: AB
              font:
                family: 1️⃣Intr
            """], [ExpectedDiagnostic("1️⃣", .E016, "'Intr' is not installed", help: "did you mean 'Inter'?")])
    }

    @Test func e016CharacterNoFontHas() {
        // U+10600 LINEAR A SIGN AB001: assigned, but in no bundled font.
        assertDiagnostics("""
            text: 1️⃣"A\u{10600}"
            """, [("1️⃣", .E016, "U+10600")])
    }

    @Test func bundledScriptsAreCovered() {
        assertDiagnostics("""
            text: "Aé Ωж عב क李😀"
            contrast: "off"
            """, [])
    }

    // MARK: W001, W002

    @Test func w001GradientStopsAllEqual() {
        assertDiagnostics("""
            text: AB
            background:
              gradient:
                colors: 1️⃣[red, "#F00", "rgb(255 0 0)"]
            """, [("1️⃣", .W001, "all 3 gradient stops are #FF0000")])
    }

    @Test func w002CornerRadiusOnACircle() {
        assertDiagnostics("""
            text: AB
            shape: circle
            cornerRadius: 1️⃣10%
            """, [("1️⃣", .W002, "'cornerRadius' has no effect on a circle")])
    }

    @Test func w002CornerRadiusWithDefaultShape() {
        assertDiagnostics("""
            text: AB
            cornerRadius: 1️⃣12
            """, [("1️⃣", .W002, "'cornerRadius' has no effect")])
    }

    @Test func warningsAloneDoNotFailTheSpec() throws {
        let check = try TestProject.check("text: AB\ncornerRadius: 12\n")
        #expect(check.diagnostics.map(\.code) == [.W002])
        #expect(check.specs.count == 1)
        #expect(check.failedDocuments == 0)
    }

    // MARK: Errors fail the spec

    /// Errors found while reading the YAML (a duplicate key, a tag) fail the
    /// spec like any other: SPEC.md, "a spec with an error writes nothing".
    @Test(arguments: [
        "shape: square\ntext: AB\nshape: circle\n",
        "text: AB\nsize: !!int 64\n",
        "text: {content: AB, content: CD}\n",
    ])
    func readerErrorsFailTheSpec(_ yaml: String) throws {
        let check = try TestProject.check(yaml)
        #expect(check.diagnostics.hasErrors, "\(listDiagnostics(check.diagnostics))")
        #expect(check.specs.isEmpty, "a spec with an error must not be built")
        #expect(check.failedDocuments == 1)
    }

    @Test func decoderErrorsFailTheSpec() throws {
        let check = try TestProject.check("text: AB\nshape: oval\n")
        #expect(check.specs.isEmpty)
        #expect(check.failedDocuments == 1)
    }

    // MARK: Positions

    @Test func columnsCountUnicodeScalars() {
        // 😀 is one scalar, "e\u{301}" two, 👩‍👩‍👧 five: libyaml's character
        // columns must agree with SPEC.md's scalar columns.
        assertDiagnostics("""
            text: {content: "😀e\u{301}👩‍👩‍👧", color: 1️⃣nope}
            """, [("1️⃣", .E005, "'nope' is not a colour")])
    }

    @Test func oneRunReportsEveryIndependentProblem() {
        assertDiagnostics("""
            1️⃣sise: 256
            shape: 2️⃣hexagon
            background: 3️⃣"#12345"
            text:
              content: AB
              maxLength: 4️⃣9
            """, [
                ("1️⃣", .E002, "unknown key 'sise'"),
                ("2️⃣", .E003, "unknown shape 'hexagon'"),
                ("3️⃣", .E005, "'#12345' is not a colour"),
                ("4️⃣", .E006, "maxLength 9 is out of range"),
            ])
    }
}

/// Minimal PNG files: the signature and an IHDR chunk, enough for a header probe.
enum PNGBytes {
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var chunk: [UInt8] = Array("IHDR".utf8)
        chunk += bigEndian(width) + bigEndian(height)
        chunk += [8, 6, 0, 0, 0]  // 8-bit RGBA, deflate, no filter, no interlace
        bytes += bigEndian(13) + chunk + bigEndian(crc32(chunk))
        return bytes
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
