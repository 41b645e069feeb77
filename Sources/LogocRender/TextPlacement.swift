import LogocRenderTree

/// Where a text sits vertically: on a common baseline (SPEC-v2 §6).
///
/// Centring each text on its own ink put `ZÅ` and `ÉØ` about 29 px lower
/// than `ZA` at 512 px (the ring of `Å` and the accent of `É` pushed the
/// ink's middle up), and `JÇ` higher: in a grid of avatars the rows
/// jumped. Now the middle of a band of the font is put at the middle of the
/// area: the cap height (from the baseline to the top of `H`) for text with
/// capitals or digits, the x-height (to the top of `x`) for text with
/// lower-case letters only. Texts of one font and size then share a
/// baseline whatever their accents and descenders. Scripts without case
/// (Arabic, Hebrew, Devanagari, CJK) and emoji have neither band: they stay
/// centred on their ink. Horizontally every text is centred on its ink.
///
/// `package`: the benchmark's floor (bench/floor) asks for the cap height.
package enum TextPlacement {
    /// The band a text is centred on.
    package enum Band: Equatable {
        case capHeight, xHeight

        /// The letter whose outline's top is the band's top.
        var letter: String { self == .capHeight ? "H" : "x" }
    }

    /// `capHeight` for a text with an upper-case or title-case letter or a
    /// decimal digit (lining figures stand on the cap height), `xHeight`
    /// for one with lower-case letters only, nil for one without cased
    /// letters or digits.
    ///
    /// Asked twice for each text of each spec. An ASCII character is read
    /// from its value (its upper-case letters and digits are `A`–`Z` and
    /// `0`–`9`, its lower-case letters `a`–`z`); another's properties are
    /// looked up one at a time, the general category first, since an
    /// upper-case letter (`Lu`) is upper-case and a letter of a script
    /// without case (`Lo`) needs no more: each look-up cost about 300
    /// instructions, 0.8 % of a check. `TextPlacementTests` compares this
    /// with the properties themselves for every Unicode scalar.
    static func band(for text: String) -> Band? {
        var lower = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                switch scalar.value {
                case 0x30...0x39, 0x41...0x5A: return .capHeight
                case 0x61...0x7A: lower = true
                default: break
                }
                continue
            }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter, .decimalNumber:
                return .capHeight
            case .otherLetter where scalar.value != 0xAA && scalar.value != 0xBA:
                // The letters of scripts without case (Han, kana, Hangul,
                // Arabic, Hebrew, Devanagari…): Unicode gives none of them a
                // case but ª and º, which are lower-case.
                continue
            default:
                break
            }
            if properties.isUppercase { return .capHeight }
            if properties.isLowercase, properties.isAlphabetic { lower = true }
        }
        return lower ? .xHeight : nil
    }

    /// How much a text may grow (the factor on its size) and still fit.
    /// `ink` is its ink box, and `anchorY` the middle of its band (nil:
    /// centred on the ink), both in layout pixels. The *body*, the ink's
    /// width by the font's cap height (`body`; for lower-case text too, whose
    /// ascenders reach about as high, so that `sol` is not sized on its
    /// x-height alone), must fit `safeArea`, as the ink did before; the ink
    /// itself, placed on the band, must stay inside `inkArea` (the shape
    /// inside its border): an accent or a descender may reach into the
    /// padding, not out of the shape. `slack` is taken off every extent.
    static func growth(ink: Rect, anchorY: Double?, body: Double, safeArea: SafeArea, inkArea: SafeArea, slack: Double = 0) -> Double {
        let halfWidth = max(0, ink.width - slack) / 2
        guard let anchorY, body > 0 else {
            return factor(halfWidth: halfWidth, halfHeight: max(0, ink.height - slack) / 2, in: safeArea)
        }
        let body = factor(halfWidth: halfWidth, halfHeight: max(0, body - slack) / 2, in: safeArea)
        let reach = max(anchorY - ink.y, ink.y + ink.height - anchorY, 0)
        return min(body, factor(halfWidth: halfWidth, halfHeight: max(0, reach - slack / 2), in: inkArea))
    }

    /// How much a box reaching `halfWidth` left and right and `halfHeight`
    /// up and down from the area's centre may grow and still fit it.
    static func factor(halfWidth: Double, halfHeight: Double, in area: SafeArea) -> Double {
        guard halfWidth > 0 || halfHeight > 0 else { return .infinity }
        switch area {
        case .circle(_, let r):
            return r / (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
        case .rect(let rect):
            let across = halfWidth > 0 ? rect.width / 2 / halfWidth : .infinity
            let down = halfHeight > 0 ? rect.height / 2 / halfHeight : .infinity
            return min(across, down)
        }
    }
}
