/// What a diagnostic code means and how to fix it, for `logoc explain` and docs.
///
/// The texts here and in `docs/diagnostics.md` are the same; change both together.
public struct DiagnosticExplanation: Sendable {
    public let code: DiagnosticCode
    /// One line, lowercase start, no final period, e.g. "unknown key".
    public let title: String
    /// One or more short paragraphs: what triggers it, why it matters, how to fix it.
    public let explanation: String
    /// A complete small YAML spec that triggers the code.
    public let failing: String
    /// The same spec, corrected.
    public let fixed: String
}

extension DiagnosticCode {
    /// The catalog entry for this code.
    public var explanation: DiagnosticExplanation {
        switch self {
        case .E001:
            return DiagnosticExplanation(
                code: .E001,
                title: "the file is not valid YAML",
                explanation: """
                    The file cannot be read as YAML: wrong indentation, an unclosed quote or bracket, a tab used for indentation. The position is where the YAML parser gave up, which can be just after the real mistake; a quote, `[` or `{` that is never closed is reported where it opens, with a note where the parser gave up. An unquoted `#` inside `[…]` or `{…}` (`colors: [#FF0000, "#0000FF"]`) starts a comment that hides the rest of the line with its closing bracket: that is reported at the `#`, with the hint to quote the value.

                    The same code is used when the file is not UTF-8, holds a NUL or another control character, is larger than 1 MiB, holds more than 1,000 documents or a document of more than 10,000 nodes (without aliases; with them it is E015), or nests mappings and lists more than 64 levels deep.

                    A `--data` file of `logoc build --data` that is not valid CSV (an unclosed quote, a `"` inside an unquoted field, text after a closing quote, bytes that are not UTF-8) is E001 too, at that place in the row; the other rows are still read and built (docs/templates.md).

                    Fix the syntax at or just before the position shown.
                    """,
                failing: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                     color: white
                    """,
                fixed: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                      color: white
                    """
            )
        case .E002:
            return DiagnosticExplanation(
                code: .E002,
                title: "unknown key",
                explanation: """
                    The key is not one the language defines at this place. Keys are case-sensitive and use American spelling (`color`, not `colour`); the message names the nearest known key when one is close. Unknown keys are errors rather than being ignored, so a typo never silently drops a setting. A misspelt key that a mapping needs (`intials` in `text`) is this error alone: no E004 that the key it stands for is missing.

                    The same code says `template` is written where it cannot be: in `dark` or `small` (a template is the whole spec), or in a partial (every spec extending it would silently stop being built; write `template: true` in the template's own file).

                    Rename the key or remove it. `logoc schema` gives editors the list of keys for completion.
                    """,
                failing: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                      colour: white
                    """,
                fixed: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                      color: white
                    """
            )
        case .E003:
            return DiagnosticExplanation(
                code: .E003,
                title: "wrong type, or a value not among the allowed ones",
                explanation: """
                    The value has the wrong type for its key (a list where a number is expected, a mapping where text is expected), or it is not one of the allowed words, as in `shape: oval`. The message says what is expected.

                    Values are typed by the schema, so explicit YAML tags such as `!!bool` are refused, and the only booleans are `true` and `false` (`uppercase: yes` is an error). A document that is not a mapping is E003 too.

                    A text to draw (`content`, `initials`) is E003 when it is longer than 100 characters or 400 code points, when one of its characters stacks more than 32 code points (hundreds of combining marks on one letter), when it holds a character that would hide or reorder what a reader sees (a control character, a line break — a line feed, U+0085, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR —, a bidirectional override, embedding or isolate, or a zero-width character; a zero-width joiner is allowed between two emoji, where it builds one picture), or when it shows nothing: only spaces, fillers that fonts draw empty (U+3164, U+115F, U+1160, U+FFA0 Hangul fillers, U+2800 blank Braille), tag characters (U+E0020–E007F), variation selectors or other default-ignorable code points. Initials taken from a name are refused the same way when they show nothing. Length messages count as they say: `'content' is 1 character of 401 code points`.
                    """,
                failing: """
                    name: acme
                    shape: oval
                    background: "#1E88E5"
                    text: AC
                    """,
                fixed: """
                    name: acme
                    shape: circle
                    background: "#1E88E5"
                    text: AC
                    """
            )
        case .E004:
            return DiagnosticExplanation(
                code: .E004,
                title: "a required key is missing, or two keys exclude each other",
                explanation: """
                    A key that must be there is missing, or two keys that cannot be used together are both set. Examples: a `text` mapping with neither `content` nor `initials`, or with both; a `background` mapping with more than one of `color`, `gradient` and `image`; a file of several `---` documents where one has no `name`. An empty file is E004 too: it holds no spec.

                    A `null` that removes a key its mapping needs (`border: {color: null}` under a partial's ring) is E004 at the `null`: drop the whole mapping (`border: null`) instead.

                    Add the missing key, or keep only one of the conflicting keys.
                    """,
                failing: """
                    name: jane
                    background: "#00897B"
                    text:
                      content: JD
                      initials: Jane Doe
                    """,
                fixed: """
                    name: jane
                    background: "#00897B"
                    text:
                      initials: Jane Doe
                    """
            )
        case .E005:
            return DiagnosticExplanation(
                code: .E005,
                title: "not a colour",
                explanation: """
                    The value is not a colour. Accepted: `"#RGB"`, `"#RGBA"`, `"#RRGGBB"`, `"#RRGGBBAA"`, CSS named colours such as `teal`, `transparent`, `rgb(…)`, `rgba(…)`, `hsl(…)`, and `$name` for an entry of `palette` in `logoc.yaml`.

                    The usual cause is an unquoted hex colour: in YAML, `#` after a space starts a comment, so `background: #1E88E5` is an empty value. Quote it. A palette name missing from `logoc.yaml`, such as `$brand`, is E005 too.

                    A `matte` (the colour a JPEG shows where the drawing is transparent) must be opaque: a `matte` with alpha below 1 is E005 too.
                    """,
                failing: """
                    name: acme
                    background: #1E88E5
                    text: AC
                    """,
                fixed: """
                    name: acme
                    background: "#1E88E5"
                    text: AC
                    """
            )
        case .E006:
            return DiagnosticExplanation(
                code: .E006,
                title: "number out of range",
                explanation: """
                    A number is outside the range its key allows, or is too large to be a number at all (`1e309`, a number of 400 digits: the message says it is too large, with the range):

                    - `size`: 16 to 4096
                    - `cornerRadius`: at most 50%
                    - `maxLength`: 1 to 8
                    - `contrast`: 1 to 21
                    - a gradient: 2 to 16 stops, each `at` from 0 to 1
                    - font `weight`: 100 to 900
                    - `version`: only 1

                    Bring the value into range.
                    """,
                failing: """
                    name: acme
                    size: 8192
                    background: "#1E88E5"
                    text: AC
                    """,
                fixed: """
                    name: acme
                    size: 4096
                    background: "#1E88E5"
                    text: AC
                    """
            )
        case .E007:
            return DiagnosticExplanation(
                code: .E007,
                title: "duplicate key",
                explanation: """
                    The same key is written twice in one mapping. YAML tools disagree about which one wins, so logoc accepts neither. The error points at the second occurrence, with a note at the first.

                    Delete one of the two. This often follows pasting a block into a spec; to share settings between specs, put them in a partial and use `extends`.
                    """,
                failing: """
                    name: acme
                    background: "#1E88E5"
                    text: AC
                    background: "#43A047"
                    """,
                fixed: """
                    name: acme
                    background: "#43A047"
                    text: AC
                    """
            )
        case .E010:
            return DiagnosticExplanation(
                code: .E010,
                title: "text colour equals the background colour",
                explanation: """
                    The text's `color` is the same as the background colour, or as one of the gradient's stops, so the text would vanish there. This is an error whatever `contrast` says, even `contrast: off`.

                    Pick another text colour, or use `color: auto`, which chooses black or white, whichever contrasts more with the background under the text.
                    """,
                failing: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                      color: "#1E88E5"
                    """,
                fixed: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                      color: white
                    """
            )
        case .E011:
            return DiagnosticExplanation(
                code: .E011,
                title: "contrast below the minimum",
                explanation: """
                    The WCAG contrast between the text and the background under it is below the minimum set by `contrast` (from `logoc.yaml`, else `AA-large`, a ratio of 3). The message gives the measured ratio and the minimum. Over a gradient the lowest ratio counts; over an image, a low percentile of the pixels under the text.

                    Use a darker or lighter colour, or `color: auto`. WCAG exempts logotypes, so a brand mark may set `contrast: off`.

                    With `background: auto` and a fixed text colour, E011 also says when no colour of the automatic palette can reach the minimum with that text colour: use `color: auto`, another text colour or a lower minimum.
                    """,
                failing: """
                    name: acme
                    background: "#4CAF50"
                    text:
                      content: AC
                      color: white
                    """,
                fixed: """
                    name: acme
                    background: "#2E7D32"
                    text:
                      content: AC
                      color: white
                    """
            )
        case .E012:
            return DiagnosticExplanation(
                code: .E012,
                title: "a named file is missing, unreadable or not decodable",
                explanation: """
                    A file the spec names (a background image, a font `file`, an `extends` target) does not exist, cannot be read, or is not what it should be: images must be PNG or JPEG files that decode, fonts must be font files that load, whole (a font cut short is refused before FreeType reads it). A FIFO or a device is never opened as one of them. An image whose dimensions are absurdly large, or empty (0 × 0 pixels), is refused without being decoded; so is a JPEG whose header (its `SOF`) is not within the first 16 MiB, behind that much metadata: the message says so, not that the file is no image. The same code refuses a `logoc.yaml` that is not a regular file (a folder, a FIFO) and a `fonts` entry in `logoc.yaml` that names a file instead of the folder that holds it. The same code reports a spec file or folder that `check` and `build` found but cannot read: a folder more than 64 levels below the folder named, or a path longer than 4,095 bytes (the most the system opens).

                    Paths are relative to the spec file's own folder, not to the current directory. Check the spelling, the folder and the file's format; for a missing file, the help names a file of that folder with a near name (`priya.jpeg` → `priya.jpg`).
                    """,
                failing: """
                    # Specs/team/jane.yaml; the photo is Specs/team/photos/jane.jpg
                    name: jane
                    background:
                      image: photo/jane.jpg
                    """,
                fixed: """
                    # Specs/team/jane.yaml; the photo is Specs/team/photos/jane.jpg
                    name: jane
                    background:
                      image: photos/jane.jpg
                    """
            )
        case .E013:
            return DiagnosticExplanation(
                code: .E013,
                title: "a path leaves the project root",
                explanation: """
                    A path in the spec points outside the project root (`--root`, default the current directory) once `..` and symbolic links are resolved. Absolute paths outside the root are refused too. Keeping every input inside the root means a build depends only on the files of the project.

                    Move the file into the project and name it with a path relative to the spec's folder.
                    """,
                failing: """
                    # Specs/team/jane.yaml; the project root holds Specs/
                    name: jane
                    extends: ../../../brand/_base.yaml
                    text:
                      initials: Jane Doe
                    """,
                fixed: """
                    # Specs/team/jane.yaml; _base.yaml moved to Specs/_base.yaml
                    name: jane
                    extends: ../_base.yaml
                    text:
                      initials: Jane Doe
                    """
            )
        case .E014:
            return DiagnosticExplanation(
                code: .E014,
                title: "two specs would write the same output file",
                explanation: """
                    Two specs would produce the same output file, so one would overwrite the other. This happens when two documents of one file, or two files in the same folder, have the same `name`, as with `acme.yaml` and `acme.yml` side by side. A spec named `acme-dark` also clashes with the `dark` variant of a spec named `acme`. A spec in a folder named `index.html` or `manifest.json` (at the top of the spec paths) clashes with logoc's own gallery page and manifest: `check` and `build` both refuse it; rename the folder. With `targets: {ios: image}`, two specs of one name clash even in different folders: the asset catalog's folders are not namespaces, so `UIImage(named:)` could not tell their imagesets apart; with `ios: appicon`, the app icon set is at the catalog's top whatever the spec's folder, so two specs of one name clash there too.

                    The message names the two spec files (`'Specs/b.yaml' would write 'same.png', which 'Specs/a.yaml' also writes`), or says "this document" and "an earlier one" within one file. A target's files are claimed too: two specs whose names make one Android resource name (`jane-doe` and `jane_doe` both write `android/drawable-mdpi/jane_doe.png`) clash, and the message says so (`…: 'jane-doe' and 'jane_doe' map to one Android resource name, 'jane_doe'`); E014 is at the second spec's name, with a note at the first's.

                    Two rows of a `build --data` CSV file with one output name (the same `file`, or names that make the same default file name) are E014 too, at the later row with a note at the first, which is built.

                    Give each spec its own `name`.
                    """,
                failing: """
                    name: acme-blue
                    background: "#1E88E5"
                    text: AC
                    ---
                    name: acme-blue
                    background: "#43A047"
                    text: AC
                    """,
                fixed: """
                    name: acme-blue
                    background: "#1E88E5"
                    text: AC
                    ---
                    name: acme-green
                    background: "#43A047"
                    text: AC
                    """
            )
        case .E015:
            return DiagnosticExplanation(
                code: .E015,
                title: "extends cycle, or aliases expanding past the limit",
                explanation: """
                    A chain of `extends` leads back to a file already in it (`acme.yaml` extends `_brand.yaml`, which extends `acme.yaml`), so there is no order to merge them in. Remove the `extends` that closes the loop; a partial should not extend the specs that use it.

                    The same code refuses a document whose YAML aliases would expand to more than 10,000 nodes (the "billion laughs" pattern). logoc stops without expanding it; write the values out, or share them through a partial. It also refuses a spec whose partials (through `extends`, at every level) merge into more than 10,000 nodes; a partial reached several ways is merged once.
                    """,
                failing: """
                    # Specs/acme.yaml
                    # Specs/_brand.yaml holds:  extends: acme.yaml
                    #                           background: "#1E88E5"
                    name: acme
                    extends: _brand.yaml
                    text: AC
                    """,
                fixed: """
                    # Specs/acme.yaml
                    # Specs/_brand.yaml holds only:  background: "#1E88E5"
                    name: acme
                    extends: _brand.yaml
                    text: AC
                    """
            )
        case .E016:
            return DiagnosticExplanation(
                code: .E016,
                title: "no available font can draw the text, or the font is not installed",
                explanation: """
                    A character of the text is in no available font, so it would show as a box; or `font` names a family that is not installed; or a project font file claims the character (in its character map) but has no outline or bitmap for it (no `glyf` table, an emptied or damaged one), so the text would be drawn blank. logoc never substitutes another family silently.

                    The available fonts are the bundled set (Inter by default, with fallbacks for many scripts and colour emoji) plus the folders listed under `fonts` in `logoc.yaml`. Add the font's folder there, name a font file with `font: {file: …}`, or choose an available family.
                    """,
                failing: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                      font: Helvetica Neue
                    """,
                fixed: """
                    name: acme
                    background: "#1E88E5"
                    text:
                      content: AC
                      font: Inter
                    """
            )
        case .E017:
            return DiagnosticExplanation(
                code: .E017,
                title: "contrast below the minimum for a colour-blind viewer",
                explanation: """
                    The spec asks for `contrast: {colorVision: …}`, and the text reaches the minimum for normal colour vision but not under one of the simulated deficiencies: protanopia (no red cones), deuteranopia (no green cones, the most common) or tritanopia (no blue cones). The message names each one that fails and the contrast it reaches.

                    The simulation is Machado et al. (2009) at full severity, applied in linear RGB to the text colour and to the background pixels under the text (the exact minimum over solid colours and gradients, a low percentile over images). Black, white and greys look the same to everyone, so the failures come from colours that differ mostly in hue — red text on green, say — which these viewers see as nearly the same lightness.

                    Make the text and the background differ in lightness, not only in hue: `color: auto` (black or white) always works where the minimum can be met at all. When the text is already `auto`, the help asks for a lighter or darker background instead.
                    """,
                failing: """
                    name: acme
                    background: "#00E676"
                    contrast: {minimum: 3, colorVision: all}
                    text:
                      content: AC
                      color: "#C62828"
                    """,
                fixed: """
                    name: acme
                    background: "#00E676"
                    contrast: {minimum: 3, colorVision: all}
                    text:
                      content: AC
                      color: black
                    """
            )
        case .E018:
            return DiagnosticExplanation(
                code: .E018,
                title: "unknown output format or target, or a wrong value in 'targets' or 'small'",
                explanation: """
                    An item of `output.formats` is not one of the formats logoc writes (`png`, `svg`, `webp`, `avif`, `jpeg`, `pdf`), a key of `targets` names no target (`web`, `ios`, `android`) or asks for a kind that target does not have (`web: favicon`, `ios: image` or `appicon`, `android: image` or `adaptive`), or a key of `small` has a value it cannot take. The diagnostic points at the value (at the key for an unknown target), and the help suggests the nearest known word. Every kind of the contract is written: `web: favicon`, `ios: image`, `ios: appicon`, `android: image` and `android: adaptive`.

                    In `small`, `maxSize` must be a whole number from 1 to 1024: `maxSize: big`, `maxSize: 0`, `maxSize: 2000`, `maxSize: 48.5`, an empty `maxSize:` or a list are E018 at the value (`error[E018]: maxSize 0 is out of range; expected 1 to 1024`). A `small` without `maxSize` is E004. The overrides inside `small` (`text`, `background`, …) are checked with their usual codes, as in the spec itself: `small: {text: {maxLength: 0}}` is E006, a colour that is no colour E005.

                    GIF, BMP and TIFF are not written: browsers and design tools take PNG or WebP for lossless pictures and JPEG or AVIF for small lossy ones.
                    """,
                failing: """
                    name: acme
                    text: AC
                    output:
                      formats: [png, gif]
                    """,
                fixed: """
                    name: acme
                    text: AC
                    output:
                      formats: [png, svg]
                    """
            )
        case .E019:
            return DiagnosticExplanation(
                code: .E019,
                title: "an image or font file the spec uses is not tracked by git",
                explanation: """
                    Reported only by `logoc check --require-tracked`, which the pre-commit hooks can pass: the spec's background image or its `font: {file: …}` exists on this machine but is not in git's index, so a commit of the spec would leave the file behind. The spec checks and builds here, and fails with `E012` in every other clone and in CI.

                    Add the file to the commit (`git add` it, from the project root as the help line shows), or point the spec at a file that git tracks. A file ignored by `.gitignore` counts as untracked: keep shared images and fonts out of ignored folders.
                    """,
                failing: """
                    # Specs/team/jane.yaml; photos/jane.jpg is on disk but was never `git add`ed
                    name: jane
                    background:
                      image: photos/jane.jpg
                    """,
                fixed: """
                    # Specs/team/jane.yaml; after `git add Specs/team/photos/jane.jpg`
                    name: jane
                    background:
                      image: photos/jane.jpg
                    """
            )
        case .W003:
            return DiagnosticExplanation(
                code: .W003,
                title: "two outputs of a build look almost the same",
                explanation: """
                    `logoc build` keeps a perceptual fingerprint of every spec it draws (a 64-bit DCT hash of the 32 × 32 picture's lightness, and its mean colour) and warns when two specs of the same build are within `lookAlike` bits of each other (6 by default, set in `logoc.yaml`) and of nearly the same mean colour. Copies, and avatars that differ only by a shade, are hard to tell apart in a list of people; that is what this catches. (Initials that differ by one letter on the same colour are about 10 bits apart: raise `lookAlike` to 10 or 12 to catch them too.)

                    The warning names both specs. Give one of them another background colour (`background: auto` gives each name its own), other text, or another shape; or raise or turn off the check with `lookAlike: off` in `logoc.yaml` when the likeness is wanted (a family of product icons). Fingerprints are kept in the output folder's manifest, so unchanged specs are compared too, and the index over them scales to tens of thousands of specs. `logoc check` does not draw, so it does not report W003.
                    """,
                failing: """
                    # Specs/team/ann.yaml; Specs/team/ana.yaml is the same with initials: Ana Lee
                    name: ann
                    background: "#1E88E5"
                    text: {initials: Ann Lee}
                    """,
                fixed: """
                    # Specs/team/ann.yaml; Specs/team/ana.yaml too has background: auto
                    name: ann
                    background: auto
                    text: {initials: Ann Lee}
                    """
            )
        case .W004:
            return DiagnosticExplanation(
                code: .W004,
                title: "text too small to read at an output size",
                explanation: """
                    An output file draws the text with a cap height (the height of a capital `H` of its font, or the text's ink height for scripts and emoji without capitals) under 5 pixels: a favicon, a 16 px PNG, an `@1x` file of a small `size`. Letters that small blur into a smudge on a browser tab or in a list. The height is measured on what that file draws: the text as laid out for the render tree that file uses, scaled to the file's pixel width (`size` × scale for PNG, `size` for SVG). The message names the smallest such file and its cap height; one warning is given per drawing, however many files show it.

                    The fix is a drawing for small sizes: `small: {maxSize: N, …}` with fewer letters (`text: {maxLength: 1}`), another `text`, or no border, used by every file at most `N` pixels wide. A spec whose files are all large enough never gets this warning. A warning does not stop the build unless `--strict` is given.
                    """,
                failing: """
                    name: acme
                    size: 16
                    background: "#1E88E5"
                    text: {content: ACME, color: white}
                    """,
                fixed: """
                    name: acme
                    size: 16
                    background: "#1E88E5"
                    text: {content: ACME, color: white}
                    small:
                      maxSize: 16
                      text: {content: A}
                    """
            )
        case .W005:
            return DiagnosticExplanation(
                code: .W005,
                title: "ink outside a maskable icon's safe zone",
                explanation: """
                    With `targets: {web: favicon}` logoc writes `icon-maskable-512.png`: the background fills the square edge to edge, and the spec's drawing sits in the centre at 80 % of the width. Android launchers and installed web apps cut such an icon to a circle, a squircle or a rounded square, and only the central circle of 80 % of the width is sure to survive every mask. logoc measures the file's pixels: ink is every pixel that differs from the full-bleed background alone; when more than 1 % of it lies outside the safe circle (more than one pixel beyond it), a mask may cut the text, the ring or the shape's corners off. The message gives the share of ink outside. With `targets: {android: adaptive}` the same is measured on the adaptive icon's foreground layer (`mipmap-xxxhdpi/ic_<name>_foreground.png`, the ring and text on transparent): its ink is every pixel that is not transparent, and its safe zone the central circle of 66 of 108 dp, where the spec's canvas is drawn; the message names the file.

                    A circle shape always fits; a square or rounded square with a ring or a different background colour has corners outside the circle. Use `shape: circle`, or leave out the ring and keep the text small. A warning does not stop the build unless `--strict` is given.
                    """,
                failing: """
                    name: acme
                    shape: square
                    background: "#1E88E5"
                    border: {width: 8%, color: "#0D47A1"}
                    text: AC
                    targets: {web: favicon, android: adaptive}
                    """,
                fixed: """
                    name: acme
                    shape: circle
                    background: "#1E88E5"
                    border: {width: 8%, color: "#0D47A1"}
                    text: AC
                    targets: {web: favicon, android: adaptive}
                    """
            )
        case .W006:
            return DiagnosticExplanation(
                code: .W006,
                title: "a favicon vanishes on a light or dark browser tab",
                explanation: """
                    A favicon is seen at 16 and 32 pixels on a browser tab, which is white (`#FFFFFF`) in a light theme and near black (`#202124`, Chrome's) in a dark one. logoc measures the 16 and 32 px images inside `favicon.ico`: the outer edge is the outermost pixel with alpha of at least 128 met from each side along every row and column, composited on the tab and averaged; when its WCAG contrast with the tab is under 1.5:1 the icon's outline melts into the tab. The message names the tab (light or dark), the size and the ratio.

                    Give the shape a ring (`border`) in a colour that stands out on both tabs (a mid-tone such as `#1E88E5` reaches more than 3:1 on each), or a background that does. A warning does not stop the build unless `--strict` is given.
                    """,
                failing: """
                    name: acme
                    background: "#FFFFFF"
                    text: AC
                    targets: {web: favicon}
                    """,
                fixed: """
                    name: acme
                    background: "#FFFFFF"
                    border: {width: 10%, color: "#1E88E5"}
                    text: AC
                    targets: {web: favicon}
                    """
            )
        case .W007:
            return DiagnosticExplanation(
                code: .W007,
                title: "an image's colour profile cannot be used",
                explanation: """
                    The background image embeds an ICC colour profile (JPEG `APP2 ICC_PROFILE` markers, PNG `iCCP`) that logoc cannot use: it is truncated, larger than 4 MiB, split over JPEG markers that do not fit together, for another colour space than the image's (a CMYK or Gray profile on an RGB image), not a profile that describes an image, or rejected by littleCMS. logoc converts pictures to sRGB through their profile (a phone's Display P3, a camera's Adobe RGB); without a usable one the picture is read as sRGB, so its colours may look duller or shifted, and `fromImage` and the contrast check judge those colours.

                    Export the image again from the editor or camera software, with its profile embedded whole (or converted to sRGB and without a profile). A warning does not stop the build unless `--strict` is given.
                    """,
                failing: """
                    # Specs/team/jane.yaml; photos/jane.jpg embeds a profile cut short by a bad export
                    name: jane
                    background:
                      image: photos/jane.jpg
                    """,
                fixed: """
                    # Specs/team/jane.yaml; photos/jane.jpg exported again, in sRGB without a profile
                    name: jane
                    background:
                      image: photos/jane.jpg
                    """
            )
        case .W008:
            return DiagnosticExplanation(
                code: .W008,
                title: "an output the manifest or cache lists was not removed",
                explanation: """
                    `logoc build` removes the outputs of deleted or renamed specs, and `logoc clean` removes every output, on the word of `manifest.json` (or of the build cache beside it). Both are files that anyone can edit, commit or leave behind, so logoc acts on an entry only where it cannot reach a file that is not its own: a plain path inside the output folder (not absolute, no `..`, `.` or empty part), reached without passing a symbolic link, naming a regular file (never a folder), whose bytes still have the SHA-256 recorded when logoc wrote it. Any other entry is kept on disk and reported with this warning, which names the entry and why; a file you edited after it was built is yours and stays.

                    Remove the entry from `manifest.json` (or delete the output folder's `.logoc-cache`, which logoc rebuilds), or delete the file yourself if it really is unwanted. A warning does not stop the build unless `--strict` is given.
                    """,
                failing: """
                    # dist/manifest.json, edited by hand: logoc keeps ../important.txt
                    {"outputs": [{"path": "../important.txt", "spec": "Specs/old.yaml", "name": "old", "format": "png", "scale": 1,
                      "variant": "light", "width": 512, "height": 512, "sha256": "…", "contrast": null, "warnings": []}], "version": 1}
                    """,
                fixed: """
                    # dist/manifest.json: only what logoc wrote, inside dist/
                    {"outputs": [{"path": "old.png", "spec": "Specs/old.yaml", "name": "old", "format": "png", "scale": 1,
                      "variant": "light", "width": 512, "height": 512, "sha256": "…", "contrast": null, "warnings": []}], "version": 1}
                    """
            )
        case .W001:
            return DiagnosticExplanation(
                code: .W001,
                title: "gradient whose stops are all equal",
                explanation: """
                    Every stop of the gradient is the same colour, so the gradient is drawn as that solid colour. It is usually a copy-paste slip, or palette entries that became equal.

                    Make the stops differ, or write the colour as a solid `background`. A warning does not stop the build unless `--strict` is given.
                    """,
                failing: """
                    name: acme
                    background:
                      gradient:
                        colors: ["#1E88E5", "#1E88E5"]
                    text: AC
                    """,
                fixed: """
                    name: acme
                    background:
                      gradient:
                        colors: ["#1E88E5", "#0D47A1"]
                    text: AC
                    """
            )
        case .W002:
            return DiagnosticExplanation(
                code: .W002,
                title: "a key that has no effect here",
                explanation: """
                    The key is valid but does nothing where it is written, for example `cornerRadius` when `shape` is `circle` or `square`: only `roundRect` has corners to round. The setting is probably meant for something else, or a change of shape left it behind.

                    The same code says when `color: fromImage` on a `border` cannot take a colour of the picture: none reaches 3:1 against the pixels just inside the ring, so the ring is black or white as with `auto`. A `shape` that is itself refused (`shape: rounded`, E003) gives no warning about `cornerRadius`.

                    Remove the key, or make it apply (here, `shape: roundRect`). A warning does not stop the build unless `--strict` is given.

                    A `key: null` that removes nothing (no partial gives the key) is W002 too: remove the line.

                    Under `output`, W002 says that `scales` does nothing without a raster format (`png`, `webp`, `avif` or `jpeg`), `quality` nothing without `webp`, `avif` or `jpeg`, and `matte` nothing without `jpeg` (the other formats keep transparency). It is reported only where the key and `formats` are written in one file (or `formats` is not written and the key is in the spec itself): a project-wide `quality` in `logoc.yaml` is no mistake of a spec that writes only PNG.
                    """,
                failing: """
                    name: acme
                    shape: circle
                    cornerRadius: "12%"
                    background: "#1E88E5"
                    text: AC
                    """,
                fixed: """
                    name: acme
                    shape: roundRect
                    cornerRadius: "12%"
                    background: "#1E88E5"
                    text: AC
                    """
            )
        }
    }
}
