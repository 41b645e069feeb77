import Foundation
import LogocCore
import LogocFrontend
import Testing

/// `template: true` and `CheckedSpec.instance(person:file:size:)`: one spec
/// per person, with that person's initials and `background: auto` colour.
struct TemplateInstanceTests {
    static let template = """
        template: true
        size: 256
        background: auto
        contrast: AA
        text: {color: white}
        dark: {text: {color: white}}
        output: {formats: [png, svg], scales: [1, 2]}

        """

    static func checked(_ text: String, at relative: String = "people/avatar.yaml") throws -> (TestProject, CheckedSpec?, FileCheck) {
        let project = try TestProject()
        try project.write(relative, text)
        let check = project.check(relative)
        return (project, check.specs.first, check)
    }

    @Test func aTemplateNeedsNoInitialsAndSaysSo() throws {
        let (_, spec, check) = try Self.checked(Self.template)
        #expect(check.summary == [])
        let template = try #require(spec)
        #expect(template.isTemplate)
        let (_, plain, _) = try Self.checked("text: {initials: Jane Doe}\n")
        #expect(plain?.isTemplate == false)
        // Without `template: true`, text still needs one of them.
        let (_, _, missing) = try Self.checked("text: {color: white}\n")
        #expect(missing.summary == ["E004@1:7"])
    }

    @Test func anInstanceHasThePersonsInitialsColourOutputsAndSize() throws {
        let (_, spec, _) = try Self.checked(Self.template)
        let template = try #require(spec)
        let jane = template.instance(person: "Jane Doe", file: "jane-doe")
        #expect(!jane.isTemplate)
        #expect(jane.name == "jane-doe")
        #expect(jane.logo.text?.value.shown?.value == "JD")
        #expect(jane.dark?.text?.value.shown?.value == "JD")
        #expect(jane.logo.dark?.value.logo.text?.value.shown?.value == "JD")
        #expect(jane.logo.size?.value == 256)
        #expect(jane.outputs.map(\.path) == ["people/jane-doe-dark.png", "people/jane-doe-dark.svg", "people/jane-doe-dark@2x.png",
                                             "people/jane-doe.png", "people/jane-doe.svg", "people/jane-doe@2x.png"])
        #expect(AutoBackground.key(of: jane.logo, name: jane.name) == "Jane Doe")
        let small = template.instance(person: "Jane Doe", file: "x", size: 64)
        #expect(small.logo.size?.value == 64)
        #expect(small.dark?.size?.value == 64)
        // Scripts: what `Initials` gives each (Arabic's two initials kept apart by a ZWNJ; an emoji only when the name has no letter).
        let expected = ["Tomáš Novák": "TN", "김민준": "김", "王芳": "王", "山田太郎": "山", "محمد علي": "م\u{200C}ع", "🦊 Fox": "F", "🦊": "🦊"]
        for (person, shown) in expected {
            #expect(template.instance(person: person, file: "p").logo.text?.value.shown?.value == shown, "\(person)")
        }
    }

    @Test func aFixedContentStaysAndTheColourStillFollowsThePerson() throws {
        let (_, spec, _) = try Self.checked("template: true\nbackground: auto\ntext: {content: \"★\"}\n")
        let template = try #require(spec)
        let a = template.instance(person: "Ada Lovelace", file: "ada")
        #expect(a.logo.text?.value.shown?.value == "★")
        #expect(AutoBackground.key(of: a.logo, name: a.name) == "Ada Lovelace")
    }

    @Test func templateIsABooleanOfTheSpecNotOfAPartialOrDark() throws {
        let (_, _, wrong) = try Self.checked("template: yes please\ntext: AB\n")
        #expect(wrong.summary == ["E003@1:11"])
        let (_, _, inDark) = try Self.checked("text: AB\ndark: {template: true}\n")
        #expect(inDark.summary == ["E002@2:8"])
        let project = try TestProject()
        try project.write("_base.yaml", "template: true\nbackground: auto\n")
        try project.write("spec.yaml", "extends: _base.yaml\ntext: AB\n")
        let check = project.check("spec.yaml")
        #expect(check.diagnostics.map(\.code) == [.E002])
        #expect(check.diagnostics.first?.span?.file == "_base.yaml")
        #expect(check.specs.isEmpty)
    }

    @Test func personFileNames() {
        #expect(PersonFile.name(for: "Jane Doe") == "jane-doe")
        #expect(PersonFile.name(for: "  Tomáš  Novák ") == "tomas-novak")
        #expect(PersonFile.name(for: "O'Brien, Seán") == "o-brien-sean")
        #expect(PersonFile.name(for: "Wang Fang 王芳") == "wang-fang")
        let chinese = PersonFile.name(for: "王芳")
        #expect(chinese.hasPrefix("person-") && chinese.count == 23)
        #expect(chinese == PersonFile.name(for: " 王芳 "))
        #expect(chinese != PersonFile.name(for: "محمد علي"))
        #expect(PersonFile.name(for: String(repeating: "a", count: 500)).count == PersonFile.maxLength)
        for name in ["Jane Doe", "王芳", "🦊", "", "../x"] { #expect(PersonFile.isSafe(PersonFile.name(for: name)), "\(name)") }
    }

    /// An ASCII name skips Foundation's folding; a name with a non-ASCII
    /// character that makes no letter (a no-break space) takes it. Both
    /// must give the same file name.
    @Test func asciiNamesFileAsFolded() {
        var random = SplitMix64(seed: 7)
        let printable = (0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) }
        for _ in 0..<2_000 {
            let name = String((0..<Int(random.next() % 24)).map { _ in printable[Int(random.next() % UInt64(printable.count))] })
            // (A name without letters or digits is named by its hash, which the space changes.)
            guard name.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            #expect(PersonFile.name(for: name) == PersonFile.name(for: name + "\u{A0}"), "\(name)")
        }
        for bad in ["..", "a/b", "a\u{0}b", ".hidden", "", "a\n", "a b", String(repeating: "a", count: 129)] {
            #expect(!PersonFile.isSafe(bad), "\(bad)")
        }
    }
}
