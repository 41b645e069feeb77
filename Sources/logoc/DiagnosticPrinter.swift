import Foundation
import LogocCore
import LogocDriver

/// Prints a run's diagnostics in the chosen format one at a time, as the
/// run hands them over (`RunReport.forEachDiagnostic`), in the very bytes
/// the whole-list renderers give: a `check` of a million specs may have
/// more diagnostics than it keeps in memory (`SpooledDiagnostics`), so the
/// text of all of them is never made at once either. Writes go out in
/// blocks of 64 KiB.
struct DiagnosticPrinter {
    let format: OutputFormat
    /// ANSI colours in the human form (a terminal without `NO_COLOR`).
    let colour: Bool
    private var pending = ""
    private var count = 0
    private var sarifTail = ""

    init(format: OutputFormat, colour: Bool) {
        self.format = format
        self.colour = colour
    }

    /// Prints the whole report's diagnostics, then the human form's summary
    /// (given when it is to be printed); the reason when the spooled ones
    /// could not be read back.
    static func print(_ report: RunReport, format: OutputFormat, colour: Bool, summary: String?) -> String? {
        var printer = DiagnosticPrinter(format: format, colour: colour)
        printer.begin()
        let failure = report.forEachDiagnostic { diagnostic, source in printer.add(diagnostic, source: source) }
        printer.end(summary: summary)
        return failure
    }

    private mutating func begin() {
        switch format {
        case .json: pending = "["
        case .sarif:
            let frame = DiagnosticRenderer.sarifFrame(toolVersion: Logoc.version)
            (pending, sarifTail) = (frame.head, frame.tail)
        case .github, .human: break
        }
    }

    private mutating func add(_ diagnostic: Diagnostic, source: SourceFile?) {
        switch format {
        case .json: pending += DiagnosticRenderer.jsonItem(diagnostic, first: count == 0)
        case .github: pending += DiagnosticRenderer.githubLine(diagnostic)
        case .sarif: pending += (count == 0 ? "[\n" : ",\n") + DiagnosticRenderer.sarifResult(diagnostic)
        case .human:
            let renderer = DiagnosticRenderer(sources: source.map { [$0.path: $0] } ?? [:], colour: colour)
            pending += (count == 0 ? "" : "\n") + renderer.human(diagnostic)
        }
        count += 1
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    private mutating func end(summary: String?) {
        switch format {
        case .json: pending += DiagnosticRenderer.jsonEnd(empty: count == 0)
        case .sarif: pending += (count == 0 ? "[]" : "\n" + DiagnosticRenderer.sarifResultsEnd) + sarifTail
        case .github: break
        case .human:
            if let summary {
                if count > 0 { pending += "\n" }
                pending += summary + "\n"
            }
        }
        flush()
    }

    /// Human text goes to standard error, the machine formats to standard output.
    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let handle = format == .human ? FileHandle.standardError : FileHandle.standardOutput
        handle.write(Data(pending.utf8))
        pending = ""
    }
}
