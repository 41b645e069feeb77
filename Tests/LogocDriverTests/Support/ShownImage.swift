/// One image of a gallery mock-up as headless Chromium has it, read back
/// from the DOM: its source, alt text, the size it is shown at and the
/// width of the file it loaded (0 when it did not load).
struct ShownImage: Decodable, Equatable {
    var src: String
    var alt: String
    var width: Int
    var height: Int
    var natural: Int
}
