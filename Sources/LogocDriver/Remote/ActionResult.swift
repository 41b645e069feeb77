import Foundation

/// What logoc stores under `ac/<action key>`: one spec's outputs, each with
/// the SHA-256 of its bytes (the `cas/` key they are stored under), their
/// size, and the two figures its manifest line takes from the drawing
/// (the measured contrast and the look-alike fingerprint). Everything else
/// of a manifest line is worked out from the spec on the machine that reads
/// it, so a hit writes the same manifest a render would.
///
/// logoc's own small text format, not Bazel's `ActionResult` protobuf:
/// nginx with WebDAV stores `ac/` entries as opaque bytes, and bazel-remote
/// does too when started with `--disable_http_ac_validation` (by default it
/// refuses an `ac/` upload that is not a protobuf, with 400: logoc's
/// warning then names the flag; docs/remote-cache.md). logoc's outputs
/// are not Bazel's `OutputFile`s. The format:
///
///     logoc-action-result 1
///     <output path>\t<sha256>\t<size>\t<contrast|->\t<fingerprint|->
///
/// one line per output, in the spec's output order, each ending in "\n".
struct ActionResult: Equatable, Sendable {
    struct Output: Equatable, Sendable {
        var path: String
        var sha256: String
        var size: Int
        var contrast: Double?
        var fingerprint: String?
    }

    var outputs: [Output]

    static let magic = "logoc-action-result 1"
    /// Far more than any spec's outputs (a favicon set is 13 lines).
    static let byteLimit = 1 << 20

    /// The bytes; nil when a field holds a tab or a line break (such an
    /// output is never uploaded: it stays a local render).
    var encoded: [UInt8]? {
        var text = Self.magic + "\n"
        for o in outputs {
            let fields = [o.path, o.sha256, String(o.size), o.contrast.map { "\($0)" } ?? "-", o.fingerprint ?? "-"]
            guard !fields.contains(where: { $0.isEmpty || $0.contains("\t") || $0.contains("\n") || $0.contains("\r") }) else { return nil }
            text += fields.joined(separator: "\t") + "\n"
        }
        return Array(text.utf8)
    }

    /// Reads `encoded`'s form back; nil for anything else, so a damaged or
    /// foreign entry is a miss, never a wrong output.
    init?(decoding bytes: [UInt8]) {
        guard bytes.count <= Self.byteLimit, bytes.last == 0x0A else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.first == Substring(Self.magic) else { return nil }
        var outputs: [Output] = []
        for line in lines.dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5, OutputRemoval.isPlain(f[0]), Self.isSHA256(f[1]), let size = Int(f[2]), size >= 0,
                  f[3] == "-" || Double(f[3]) != nil, !f[4].isEmpty else { return nil }
            outputs.append(Output(path: f[0], sha256: f[1], size: size, contrast: Double(f[3]), fingerprint: f[4] == "-" ? nil : f[4]))
        }
        self.outputs = outputs
    }

    init(outputs: [Output]) {
        self.outputs = outputs
    }

    /// 64 lowercase hex digits: the only names logoc asks `cas/` for.
    static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
