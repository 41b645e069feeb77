import Testing
@testable import LogocRender

/// `TextPlacement.band(for:)` reads ASCII characters from their values and
/// looks the others' properties up in a cheaper order; these tests hold it
/// to the definition by Unicode's properties, for every scalar.
struct TextPlacementTests {
    /// The band as the properties define it, each looked up for each
    /// character (what `band(for:)` did before its shortcuts).
    static func bandByProperties(for text: String) -> TextPlacement.Band? {
        var lower = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isUppercase || properties.generalCategory == .titlecaseLetter || properties.generalCategory == .decimalNumber {
                return .capHeight
            }
            if properties.isLowercase, properties.isAlphabetic { lower = true }
        }
        return lower ? .xHeight : nil
    }

    @Test func everyScalarAloneGivesTheBandItsPropertiesGive() {
        var differing: [UInt32] = []
        var bands: [TextPlacement.Band?: Int] = [:]
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let band = TextPlacement.band(for: text)
            bands[band, default: 0] += 1
            if band != Self.bandByProperties(for: text) { differing.append(value) }
        }
        #expect(differing.isEmpty, "first differing scalars: \(differing.prefix(10).map { String($0, radix: 16) })")
        // Every kind of answer occurs, so the comparison is not of nils alone.
        #expect(bands[.capHeight, default: 0] > 1_000 && bands[.xHeight, default: 0] > 1_000 && bands[nil, default: 0] > 100_000)
    }

    /// A lower-case letter does not end the search: a later upper-case
    /// letter or digit still makes it a cap-height text, ASCII or not.
    @Test(arguments: ["ab", "aB", "a1", "é", "éÉ", "aΩ", "ωa", "ªa", "a李", "李", "李A", "ⅰ", "Ⅰ", "ǅ", "a٣", "", " ", "@#", "ßẞ", "ŉ"])
    func mixedTextsGiveTheBandTheirPropertiesGive(text: String) {
        #expect(TextPlacement.band(for: text) == Self.bandByProperties(for: text))
    }
}
