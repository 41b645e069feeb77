import Foundation
import LogocCore
import LogocRender
import LogocRenderTree

/// W004: text too small to read at an output size (SPEC-v2 §4). A file
/// shows the text's capitals at its cap height on the 1× canvas
/// (`TextMeasurement.capHeight`, from the font's outline of `H` as Pango
/// lays the text out) times the file's width over `size`; under
/// `minimumCapHeight` pixels letters blur together. Measured on the tree
/// the file draws, so a `small` drawing that fixes it is what is judged.
/// Any output that writes a picture can call it: the spec's own files,
/// and the sizes the targets write.
public enum TextSizeCheck {
    /// The smallest cap height, in a file's pixels, that reads: 5 px is
    /// about the 7 px type of a 16 px favicon (docs/diagnostics.md, W004).
    public static let minimumCapHeight = 5.0

    /// The text's cap height in a file `pixels` wide that draws the
    /// measured tree; nil when the tree has no text.
    public static func capHeight(of measured: Measured, pixels: Int) -> Double? {
        guard let text = measured.text, measured.tree.size > 0 else { return nil }
        return text.capHeight * Double(pixels) / Double(measured.tree.size)
    }

    /// W004 for the file `file`, `pixels` wide, whose text is `height`
    /// pixels tall (`capHeight(of:pixels:)`), at `span` (the text the tree
    /// shows); nil when its text reads. `others`: how many more files of
    /// the same drawing are too small (one warning per drawing, naming its
    /// smallest file). `inSmall`: the tree is the spec's `small` drawing, so
    /// the help says to change that one. `largest`: the widest of those
    /// files, the `maxSize` the help proposes.
    public static func diagnostic(height: Double, pixels: Int, file: String, at span: SourceSpan, others: Int = 0, largest: Int? = nil,
                                  inSmall: Bool = false) -> Diagnostic? {
        guard height < minimumCapHeight else { return nil }
        let more = others == 0 ? "" : " and \(others) other file\(others == 1 ? "" : "s")"
        let message = "text is \(format(height)) px tall (cap height) in '\(Quoted.value(file))' (\(pixels) px wide)\(more); under \(Int(minimumCapHeight)) px capitals cannot be read"
        let help = inSmall
            ? "make the text of 'small' larger: fewer letters ('text: {maxLength: 1}'), a shorter text or no border"
            : "add a drawing for small sizes: 'small: {maxSize: \(largest ?? pixels), text: {maxLength: 1}}' (fewer letters, a shorter text or no border)"
        return Diagnostic(.W004, message, at: span, help: help)
    }

    /// One decimal: `3.4`.
    static func format(_ value: Double) -> String {
        String(format: "%.1f", (value * 10).rounded(.down) / 10)
    }
}
