import Foundation
import Testing
import LogocCore
import LogocRenderTree
@testable import LogocFrontend

/// `small`: overrides for outputs at most `maxSize` pixels wide (SPEC-v2 §2),
/// merged like `dark` and combined with it.
struct SmallVariantTests {
    static func message(_ result: FileCheck, _ code: DiagnosticCode) -> String {
        result.diagnostics.first { $0.code == code }?.message ?? ""
    }

    static func solid(_ background: BackgroundSyntax?) -> RGBA? {
        guard case .color(let c)? = background, case .literal(let rgba) = c.value else { return nil }
        return rgba
    }

    @Test func smallIsTheSpecWithItsOverridesOnTop() throws {
        let result = try TestProject.check("""
            background: "#1565C0"
            text: {content: ACME, color: white}
            border: {width: 4, color: white}
            small:
              maxSize: 48
              text: {content: A}
              border: null
            """)
        #expect(result.summary == [])
        let logo = try #require(result.specs.first?.logo)
        let small = try #require(logo.small)
        #expect(small.value.maxSize.value == 48)
        #expect(small.span.start.line == 4)
        #expect(small.value.logo.text?.value.content?.value == "A")
        // Merged key by key: the colour stays, the ring is dropped for the small drawing only.
        #expect(small.value.logo.text?.value.color?.value == .color(.literal(.white)))
        #expect(small.value.logo.border == nil)
        #expect(small.value.dark == nil)
        #expect(logo.text?.value.content?.value == "ACME")
        #expect(logo.border != nil)
    }

    @Test func wrongMaxSizeIsE018AtTheValue() throws {
        for (value, message) in [("big", "'maxSize' must be a whole number, found 'big'"),
                                 ("0", "maxSize 0 is out of range; expected 1 to 1024"),
                                 ("1025", "maxSize 1025 is out of range; expected 1 to 1024"),
                                 ("4.5", "'maxSize' must be a whole number, found '4.5'")] {
            let result = try TestProject.check("text: AB\nsmall:\n  maxSize: \(value)\n  text: A\n")
            #expect(result.summary == ["E018@3:12"], "\(value)")
            #expect(Self.message(result, .E018) == message)
            #expect(result.specs.isEmpty)
        }
        let list = try TestProject.check("text: AB\nsmall: {maxSize: [16]}\n")
        #expect(list.summary == ["E018@2:18"])
        // Both ends of the range are taken.
        for value in [1, 1024] {
            #expect(try TestProject.check("text: AB\nsmall: {maxSize: \(value)}\n").summary == [], "\(value)")
        }
    }

    @Test func maxSizeIsRequiredAndOverridesKeepTheirCodes() throws {
        let missing = try TestProject.check("text: AB\nsmall:\n  text: A\n")
        #expect(missing.summary == ["E004@3:3"])
        #expect(Self.message(missing, .E004) == "'small' needs 'maxSize'")
        // An override is checked as in the spec: a wrong maxLength is E006, not E018.
        let override = try TestProject.check("text: AB\nsmall:\n  maxSize: 16\n  text: {content: A, maxLength: 0}\n")
        #expect(override.summary == ["E006@4:33"])
        let colour = try TestProject.check("text: AB\nsmall:\n  maxSize: 16\n  background: blu\n")
        #expect(colour.summary == ["E005@4:15"])
    }

    @Test func smallAndDarkDoNotHoldEachOther() throws {
        let result = try TestProject.check("""
            text: AB
            dark:
              small: {maxSize: 16}
            small:
              maxSize: 16
              size: 32
              dark: {background: black}
              intials: A
            """)
        #expect(result.summary == ["E002@3:3", "E002@6:3", "E002@7:3", "E002@8:3"])
        let messages = result.diagnostics.map(\.message)
        #expect(messages[0] == "'small' cannot be overridden in 'dark'")
        #expect(messages[1] == "'size' cannot be overridden in 'small'")
        #expect(messages[2] == "'dark' cannot be overridden in 'small'")
        #expect(messages[3] == "unknown key 'intials' in 'small'")
        #expect(result.diagnostics[2].help?.contains("a dark small output is the spec, then 'dark', then 'small'") == true)
    }

    @Test func darkSmallIsTheSpecThenDarkThenSmall() throws {
        let result = try TestProject.check("""
            background: "#1565C0"
            text: {content: ACME, color: white}
            dark:
              background: "#101010"
            small:
              maxSize: 32
              text: {content: A}
            """)
        #expect(result.summary == [])
        let small = try #require(result.specs.first?.logo.small?.value)
        let dark = try #require(small.dark)
        #expect(Self.solid(dark.background?.value) == RGBA(rgb: 0x101010))
        #expect(dark.text?.value.content?.value == "A")
        #expect(Self.solid(small.logo.background?.value) == RGBA(rgb: 0x1565C0))
        #expect(result.specs.first?.dark?.text?.value.content?.value == "ACME")
    }

    @Test func aPartialCarriesSmallAndTheSpecMergesWithIt() throws {
        let p = try TestProject()
        try p.write("_person.yaml", """
            background: "#546E7A"
            border: {width: 8, color: white}
            small:
              maxSize: 32
              text: {maxLength: 1}
              border: null
            """)
        let result = try p.check(spec: "extends: _person.yaml\ntext: {initials: Jane Doe}\nsmall:\n  text: {color: black}\n")
        #expect(result.summary == [])
        let small = try #require(result.specs.first?.logo.small?.value)
        #expect(small.maxSize.value == 32)
        #expect(small.maxSize.span.file == "_person.yaml")
        #expect(small.logo.text?.value.maxLength?.value == 1)
        #expect(small.logo.text?.value.color?.value == .color(.literal(.black)))
        #expect(small.logo.text?.value.initials?.value == "Jane Doe")
        #expect(small.logo.border == nil)
        // A partial without maxSize leaves it to the spec; the spec may drop small whole.
        try p.write("_bare.yaml", "small: {text: {maxLength: 1}}\n")
        #expect(try p.check(spec: "extends: _bare.yaml\ntext: AB\nsmall: {maxSize: 16}\n").summary == [])
        let dropped = try p.check(spec: "extends: _person.yaml\ntext: AB\nsmall: null\n")
        #expect(dropped.summary == [])
        #expect(dropped.specs.first?.logo.small == nil)
    }

    @Test func nullInsideSmallRemovesOnlyWhatSomethingGives() throws {
        // Nothing gives a border: the null removes nothing (W002 at it).
        let unused = try TestProject.check("text: AB\nsmall:\n  maxSize: 16\n  border: null\n")
        #expect(unused.summary == ["W002@4:11"])
        #expect(Self.message(unused, .W002) == "'small.border: null' removes nothing: neither the spec nor a partial sets 'border'")
        // `dark` gives one: the null drops it from the dark small drawing.
        let dark = try TestProject.check("text: AB\ndark: {border: {width: 4, color: white}}\nsmall:\n  maxSize: 16\n  border: null\n")
        #expect(dark.summary == [])
        #expect(dark.specs.first?.logo.small?.value.dark?.border == nil)
        #expect(dark.specs.first?.dark?.border != nil)
        // A null that leaves a mapping incomplete is E004 at the null.
        let incomplete = try TestProject.check("text: AB\nborder: {width: 4, color: white}\nsmall:\n  maxSize: 16\n  border: {color: null}\n")
        #expect(incomplete.summary == ["E004@5:19"])
    }

    @Test func theSmallDrawingIsValidatedWithDiagnosticsAtItsValues() throws {
        // Only the small drawing paints the text in the background's colour: E010 at small's colour.
        let result = try TestProject.check("""
            background: "#1565C0"
            text: {content: AB, color: white}
            small:
              maxSize: 16
              text: {color: "#1565C0"}
            """)
        #expect(result.summary == ["E010@5:17"])
        #expect(result.diagnostics.first?.notes.isEmpty == true)
        // A shared value that fails only in the small drawing has a note at `small:`.
        let shared = try TestProject.check("""
            background: "#FFFFFF"
            text: {content: AB, color: black}
            small:
              maxSize: 16
              background: "#000000"
            """)
        #expect(shared.summary == ["E010@2:28"])
        #expect(shared.diagnostics.first?.notes.map(\.message) == ["in the small variant, set under 'small' here"])
        #expect(shared.diagnostics.first?.notes.first?.span?.start.line == 3)
        // A mistake of the spec is reported once, not again for the small drawing.
        let once = try TestProject.check("background: white\ntext: {content: AB, color: white}\nsmall: {maxSize: 16, text: {maxLength: 1}}\n")
        #expect(once.summary == ["E010@2:28"])
    }

    @Test func treeForAnOutputSwitchesAtMaxSize() throws {
        let p = try TestProject()
        let result = try p.check(spec: """
            size: 64
            text: ACME
            dark: {background: black}
            small: {maxSize: 64, text: A}
            """)
        let spec = try #require(result.specs.first)
        let trees = Resolver(project: p.load()).resolve(spec)
        let small = try #require(trees.smallLight), smallDark = try #require(trees.smallDark), dark = try #require(trees.dark)
        #expect(trees.maxSize == 64)
        #expect(small.text?.text == "A" && trees.light.text?.text == "ACME")
        #expect(trees.tree(dark: false, pixels: 64) == small)
        #expect(trees.tree(dark: false, pixels: 65) == trees.light)
        #expect(trees.tree(dark: true, pixels: 64) == smallDark)
        #expect(trees.tree(dark: true, pixels: 65) == dark)
        #expect(trees.tree(dark: false, pixels: 1) == small)
        #expect(trees.all.count == 4)
        // A spec without small draws its usual trees at every width.
        let plain = try #require(try p.check(spec: "text: AB\n").specs.first)
        let plainTrees = Resolver(project: p.load()).resolve(plain)
        #expect(plainTrees.tree(dark: false, pixels: 16) == plainTrees.light)
        #expect(plainTrees.tree(dark: true, pixels: 16) == plainTrees.light)
    }
}
