import Foundation
import LogocCore
import LogocFrontend

/// `DIR/manifest.json`: every file logoc wrote into the output folder, with
/// its source and checksum, in path order. Pruning reads it to know which
/// files are logoc's: a file it does not list is never touched.
public struct Manifest: Codable, Equatable, Sendable {
    /// The format of the file: `version` in it, and part of the build
    /// cache's header, whose groups hold manifest lines as bytes.
    static let formatVersion = 1
    public var version = formatVersion
    public var outputs: [Entry] = []

    public struct Entry: Codable, Equatable, Sendable {
        /// Relative to the output folder.
        public var path: String
        /// The spec file, relative to the project root.
        public var spec: String
        /// The spec's `name`.
        public var name: String
        public var format: String
        public var scale: Int
        /// `light`, or `dark` for the `-dark` variant.
        public var variant: String
        public var width: Int
        public var height: Int
        public var sha256: String
        /// WCAG contrast of the text against the pixels under it; nil without text.
        public var contrast: Double?
        /// The spec's warnings when it was built, as `path:line:column: code: message`.
        public var warnings: [String]
        /// The drawn picture's perceptual fingerprint (`Fingerprint`'s text
        /// form), kept so that unchanged specs take part in the look-alike check.
        public var fingerprint: String?
        /// Whom or what the picture shows, for the gallery: the name its
        /// `initials` come from (`Jane Doe`), else its `content`. Kept in the
        /// build cache, not written to manifest.json.
        public var title: String?
        /// The target that wrote the file (`web`, `ios`, `android`); nil for the spec's own outputs.
        public var target: String?

        public init(path: String, spec: String, name: String, format: String, scale: Int, variant: String, width: Int, height: Int,
                    sha256: String, contrast: Double?, warnings: [String], fingerprint: String? = nil, title: String? = nil,
                    target: String? = nil) {
            (self.path, self.spec, self.name, self.format, self.scale, self.variant) = (path, spec, name, format, scale, variant)
            (self.width, self.height, self.sha256, self.contrast, self.warnings, self.fingerprint) = (width, height, sha256, contrast, warnings, fingerprint)
            self.title = title
            self.target = target
        }
    }

    public static let fileName = "manifest.json"

    /// `outputs` in path order, as the manifest always keeps them.
    public init(outputs: [Entry] = []) {
        self.outputs = outputs.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The manifest in `directory`, or an empty one when there is none or it
    /// cannot be read (then nothing is pruned and everything is rebuilt).
    public static func load(from directory: String) -> Manifest {
        read(from: directory)?.manifest ?? Manifest()
    }

    /// The manifest in `directory` with its text (for diagnostics that quote
    /// an entry), or nil when there is none or it is not logoc's: a web
    /// app's `manifest.json` in a `public/` folder has no `outputs`.
    static func read(from directory: String) -> (manifest: Manifest, source: SourceFile)? {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard case .success(let bytes) = FileReader.read(path, limit: 1 << 40),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)) else { return nil }
        return (manifest, SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self)))
    }

    /// The entries' lines of the file, joined by ",\n". Written by hand:
    /// JSONEncoder took most of a one-spec rebuild's time with 10,000 entries.
    static func lines(_ entries: [Entry]) -> [UInt8] {
        var out = ""
        for (i, e) in entries.enumerated() {
            if i > 0 { out += ",\n" }
            out += "    {\"path\": \(JSON.quote(e.path)), \"spec\": \(JSON.quote(e.spec)), \"name\": \(JSON.quote(e.name)), "
            out += "\"format\": \(JSON.quote(e.format)), \"scale\": \(e.scale), \"variant\": \(JSON.quote(e.variant)), "
            out += "\"width\": \(e.width), \"height\": \(e.height), \"sha256\": \(JSON.quote(e.sha256)), "
            out += "\"contrast\": \(e.contrast.map { String($0) } ?? "null"), "
            out += "\"warnings\": [" + e.warnings.map(JSON.quote).joined(separator: ", ") + "], "
            out += "\"fingerprint\": \(e.fingerprint.map(JSON.quote) ?? "null")"
            // Only target files say so: manifests without targets stay as they were.
            if let target = e.target { out += ", \"target\": \(JSON.quote(target))" }
            out += "}"
        }
        return Array(out.utf8)
    }

    /// The file around already encoded lines (each piece from `lines`):
    /// stable bytes, keys in a fixed order, a final newline; as pieces to
    /// write one after another, the groups' own bytes between the frame's.
    /// Lazy, as `pieces` is: a piece is asked for only as it is written.
    static func file<Pieces: Sequence<ArraySlice<UInt8>>>(_ pieces: Pieces) -> FilePieces<Pieces> {
        FilePieces(base: pieces)
    }

    /// The pieces of `file`, made as they are gone through.
    struct FilePieces<Base: Sequence<ArraySlice<UInt8>>>: Sequence {
        let base: Base

        func makeIterator() -> Iterator { Iterator(base: base.makeIterator()) }

        struct Iterator: IteratorProtocol {
            var base: Base.Iterator
            private var shared = SharedLines()
            private var first = true
            private var pending: ArraySlice<UInt8>?
            private var state = 0   // 0: the opening, 1: the entries, 2: the closing, 3: the version, 4: done

            init(base: Base.Iterator) { self.base = base }

            mutating func next() -> ArraySlice<UInt8>? {
                if let piece = pending {
                    pending = nil
                    return piece
                }
                switch state {
                case 0:
                    state = 1
                    return Array("{\n  \"outputs\" : [".utf8)[...]
                case 1:
                    while let whole = base.next() {
                        guard !whole.isEmpty else { continue }
                        let piece = shared.once(whole)
                        if piece.isEmpty { continue }
                        pending = piece
                        defer { first = false }
                        return first ? [0x0A] : [0x2C, 0x0A]
                    }
                    state = 2
                    return Array((first ? "],\n" : "\n  ],\n").utf8)[...]
                case 2:
                    state = 3
                    return Array("  \"version\" : \(formatVersion)\n}\n".utf8)[...]
                default:
                    return nil
                }
            }
        }
    }
}

extension Manifest {
    /// Lists a file several specs write (`TargetCatalog.isShared`: an asset
    /// catalog folder's `Contents.json`) once, on the line of the first spec
    /// that writes it: each spec's group keeps its own line (for pruning and
    /// its cache), and the manifest has one entry per path, as readers of
    /// it expect. Only pieces that name the asset catalog are looked into.
    struct SharedLines {
        private var seen: Set<String> = []
        private static let needle = Array(("\"path\": \"" + AssetCatalog.root + "/").utf8)
        private static let separator = Array(",\n".utf8)

        mutating func once(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            let names = piece.withUnsafeBufferPointer { OutputClashFilter.contains($0, Self.needle) }
            guard names else { return piece }
            var kept: [ArraySlice<UInt8>] = []
            for line in Self.lines(of: piece) {
                if let path = Self.path(of: line), TargetCatalog.isShared(path), !seen.insert(path).inserted { continue }
                kept.append(line)
            }
            return kept.isEmpty ? [] : ArraySlice(Array(kept.joined(separator: Self.separator)))
        }

        /// The entries of a piece of `Manifest.lines`, split at ",\n".
        private static func lines(of piece: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
            var lines: [ArraySlice<UInt8>] = []
            var start = piece.startIndex, i = piece.startIndex
            while i < piece.endIndex {
                if piece[i] == 0x2C, i + 1 < piece.endIndex, piece[i + 1] == 0x0A {
                    lines.append(piece[start..<i])
                    i += 2
                    start = i
                } else {
                    i += 1
                }
            }
            lines.append(piece[start..<piece.endIndex])
            return lines
        }

        /// The `path` of one entry line, as written (logoc's paths of the catalog need no escapes to be told apart).
        private static func path(of line: ArraySlice<UInt8>) -> String? {
            let text = String(decoding: line, as: UTF8.self)
            guard let open = text.range(of: "{\"path\": \""), let close = text.range(of: "\", \"spec\"", range: open.upperBound..<text.endIndex) else { return nil }
            return String(text[open.upperBound..<close.lowerBound])
        }
    }
}
