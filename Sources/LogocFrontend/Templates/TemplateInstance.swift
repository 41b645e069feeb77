import Foundation
import LogocCore

extension CheckedSpec {
    /// Whether the spec says `template: true`: checked, never built on its own.
    /// `build --data` and `logoc serve` draw it once per person instead
    /// (docs/templates.md).
    public var isTemplate: Bool { templateKey != nil }

    /// The spec this template makes for `person`: its initials (unless the template fixes `text.content`), its
    /// `background: auto` colour from the person's name, outputs named `file` in the template's output folder
    /// (`<folder>/<file>.png`…, targets too), drawn at `size` px when given (16–1024), else the template's size.
    ///
    /// The person's name goes into `text.initials` of the spec and of each
    /// variant (dark, small, dark small), which is what both the initials
    /// and `AutoBackground.key` read: one spec, so `build --data` and
    /// `serve` draw the same bytes for one person. Nothing is checked here:
    /// the template check (`TemplateCheck`) has tried every hue and a sample
    /// of scripts already, and the caller keeps `file` a safe name
    /// (`PersonFile.isSafe`). The instance is not a template.
    public func instance(person: String, file: String, size: Int? = nil) -> CheckedSpec {
        var spec = self
        spec.templateKey = nil
        spec.name = file
        let size = size.map { min(max($0, Self.instanceSizes.lowerBound), Self.instanceSizes.upperBound) }
        let personal = { (logo: LogoSyntax) in Self.personal(logo, person: person, size: size, fallback: self.nameSpan) }
        var logo = personal(logo)
        let dark = dark.map(personal)
        if let written = logo.dark, let dark { logo.dark = Located(DarkVariant(dark), at: written.span) }
        if let written = logo.small {
            let small = written.value
            logo.small = Located(SmallVariant(maxSize: small.maxSize, logo: personal(small.logo), dark: small.dark.map(personal)), at: written.span)
        }
        spec.logo = logo
        spec.dark = dark
        var ignored = FileCheck()
        let matte = outputs.lazy.compactMap(\.matte).first
        let own = SpecChecker.outputs(name: file, folder: input.outputFolder, output: logo.output?.value, dark: dark != nil, matte: matte,
                                      specFile: input.displayPath, into: &ignored)
        let targets = SpecChecker.targetFiles(name: file, folder: input.outputFolder, targets: logo.targets?.value, dark: dark != nil,
                                               size: logo.size?.value ?? Resolver.defaultSize)
        spec.outputs = (own + targets).sorted()
        return spec
    }

    /// The sizes `instance(person:file:size:)` draws at (SPEC-v2 §5's URL sizes).
    public static let instanceSizes = 16...1024

    /// `logo` with `person` as its initials' name (kept beside a fixed
    /// `content`, which wins for the text drawn, so that `background: auto`
    /// still hashes the person) and `size` when given. A template without
    /// `text` stays without it.
    static func personal(_ logo: LogoSyntax, person: String, size: Int?, fallback: SourceSpan) -> LogoSyntax {
        var logo = logo
        if var text = logo.text {
            let at = text.value.initials?.span ?? text.value.content?.span ?? logo.textKey ?? text.span
            text.value.initials = Located(person, at: at)
            logo.text = text
        }
        if let size { logo.size = Located(size, at: logo.size?.span ?? fallback) }
        logo.template = nil
        return logo
    }
}

/// The output names of people: what `build --data` writes a row as when it
/// has no `file` column, and what a name must look like when it has one.
public enum PersonFile {
    /// The default output name of a person (`Jane Doe` → `jane-doe`; the rule for names with no ASCII letter is
    /// the tmpl engineer's, documented).
    ///
    /// Letters lose their accents (`Tomáš Novák` → `tomas-novak`, `Øyvind`
    /// keeps no `Ø`: it has no decomposition), ASCII letters and digits are
    /// lower-cased, every other run of characters becomes one `-`, at most
    /// `maxLength` characters. A name left with no ASCII letter or digit
    /// (`王芳`, `محمد علي`, `🦊`) becomes `person-` and 16 hex digits of the
    /// FNV-1a hash of its normalised form (`AutoBackground.normalized`), so
    /// it is stable across machines and `Wang Fang`/`王芳` do not collide.
    /// Transliteration was not used: ICU's tables change between versions,
    /// and a file name must not.
    public static func name(for person: String) -> String {
        // ASCII folds to itself but for case, which the loop below lowers:
        // Foundation's folding (a bridge to NSString) is then skipped.
        let folded = person.utf8.allSatisfy({ $0 < 0x80 }) ? person : person.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var name = ""
        var pendingDash = false
        for byte in folded.utf8 {
            let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) {
                if pendingDash, !name.isEmpty { name.append("-") }
                pendingDash = false
                name.append(Character(UnicodeScalar(lower)))
                if name.count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        if name.isEmpty {
            let hash = StableHash.fnv1a64(Array(AutoBackground.normalized(person).utf8))
            return "person-" + String(hash, radix: 16).leftPadded(to: 16)
        }
        return name
    }

    /// Longest default name: a name is a handle, not the person's whole name.
    public static let maxLength = 64

    /// Whether `file` may name a person's outputs: a spec name
    /// (`LanguageSchema.namePattern`: an ASCII letter or digit, then letters,
    /// digits, `.`, `_` or `-`, at most 128), so never `..`, a `/`, a NUL or
    /// a hidden file.
    /// (`LanguageSchema.isValidName` would also let one line break end it, as ICU's `$` does.)
    public static func isSafe(_ file: String) -> Bool {
        let bytes = Array(file.utf8)
        func alphanumeric(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        guard let first = bytes.first, alphanumeric(first), bytes.count <= 128 else { return false }
        return bytes.allSatisfy { alphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }
}
