import ArgumentParser
import Foundation
import LogocCore
import LogocRender

/// `logoc inspect IMAGE`: the dominant colours of a picture, as `fromImage`
/// sees them.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the colour palette of a PNG or JPEG image (what 'color: fromImage' picks from).",
        discussion: "On a terminal each colour gets a 24-bit colour swatch (none with NO_COLOR set)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case human, json
    }

    @Argument(help: "A PNG or JPEG file.")
    var image: String

    @Option(help: "Clusters to look for, 1–16 (close ones are merged, so fewer may be printed).")
    var count: Int = ImagePalette.defaultCount

    @Option(help: "human (swatches, hex and share) or json.")
    var format: Format = .human

    func validate() throws {
        guard (1...16).contains(count) else { throw ValidationError("--count must be from 1 to 16") }
    }

    func run() throws {
        let report: ImagePalette.FileReport
        do {
            report = try ImagePalette.inspect(file: image, count: count)
        } catch {
            throw CommandRunner.failure(error.message)
        }
        switch format {
        case .json:
            let swatches = report.palette.swatches.map { s in
                JSONValue.object([
                    ("color", .string(s.color.description)),
                    ("share", .number((s.share * 10_000).rounded() / 10_000)),
                    ("chroma", .number((s.chroma * 10_000).rounded() / 10_000)),
                ])
            }
            let json = JSONValue.object([
                ("file", .string(image)), ("width", .number(Double(report.width))), ("height", .number(Double(report.height))),
                ("palette", .array(swatches)),
            ])
            print(json.rendered())
        case .human:
            let colour = Terminal.usesColour(STDOUT_FILENO)
            print("\(image): \(report.width) × \(report.height), \(report.palette.swatches.count) colours")
            for s in report.palette.swatches {
                let swatch = colour ? "\u{1B}[48;2;\(s.color.r);\(s.color.g);\(s.color.b)m      \u{1B}[0m  " : ""
                print("  \(swatch)\(s.color)  \(String(format: "%5.1f%%", s.share * 100))  chroma \(String(format: "%.2f", s.chroma))")
            }
        }
    }
}
