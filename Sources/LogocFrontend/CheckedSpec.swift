import LogocCore

/// A spec file handed to the front end.
public struct SpecInput: Sendable, Hashable {
    /// Absolute path, for reading.
    public var path: String
    /// The path diagnostics show: the command-line path joined with the
    /// spec's path below it.
    public var displayPath: String
    /// The spec's folder below the input directory ("" at the top), which
    /// outputs mirror.
    public var outputFolder: String
    /// Why discovery could not read this spec, or the folder it stands for
    /// (too deep, path too long): checked as `E012` at it, so that nothing
    /// is skipped in silence.
    public var problem: String?

    public init(path: String, displayPath: String, outputFolder: String) {
        self.path = path
        self.displayPath = displayPath
        self.outputFolder = outputFolder
    }

    /// The note a diagnostic found in a partial through this spec file's
    /// spec `name` carries: `via 'people/jose' (Specs/people/jose.yaml)`,
    /// the spec as its output folder and name, then the file.
    public func via(name: String) -> Diagnostic.Note {
        .via(spec: outputFolder.isEmpty ? name : outputFolder + "/" + name, file: displayPath)
    }

    /// Partials (`_*.yaml`) are only used through `extends`: the last
    /// non-empty component starts with `_`, as `Character`s, since a
    /// combining mark after `_` or a prepended mark before `/` changes
    /// where characters end. An ASCII path's characters are its bytes, so it
    /// is scanned as bytes: going through `Character`s backwards cost 6,000
    /// instructions a call, 2.3 % of a check, which asks four times a file
    /// (it was 0.9 % when asked once, and not worth a second version then).
    public var isPartial: Bool {
        let ascii = PathResolver.asciiBytes(of: displayPath) { bytes in
            var end = bytes.endIndex
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            return start < end && bytes[start] == UInt8(ascii: "_")
        }
        if let ascii { return ascii }
        let name = displayPath.reversed().drop { $0 == "/" }.prefix { $0 != "/" }
        return name.last == "_"
    }
}

/// One file an output writes: the spec's own picture at a format and scale
/// (`team/jane@2x.png`), or a file a target writes (`target` set:
/// `web/team/jane/favicon.ico`).
public struct OutputFile: Sendable, Hashable, Comparable {
    public enum Format: String, Sendable, CaseIterable {
        case png, svg, webp, avif, jpeg, pdf

        /// Drawn as vectors: one file at `size`, whatever the scales.
        public var isVector: Bool { self == .svg || self == .pdf }
        /// Encoded with a quality (WebP only when one is given: else lossless).
        public var usesQuality: Bool { self == .webp || self == .avif || self == .jpeg }
        /// The default quality when `quality` is not written; nil for
        /// lossless WebP and the formats without one (SPEC-v2 §1).
        public var defaultQuality: Int? {
            switch self {
            case .avif: 80
            case .jpeg: 90
            default: nil
            }
        }
    }

    /// Relative to the output directory, e.g. `team/jane@2x.png`.
    public var path: String
    /// The picture's format and scale; for a target file `.png` at 1, unused
    /// (its `target` says what it is).
    public var format: Format
    public var scale: Int
    public var dark: Bool
    /// The target file this is; nil for the spec's own pictures.
    public var target: TargetFile?
    /// The encoder's quality (1–100) for webp (lossy when set), avif and
    /// jpeg; nil for the other formats and lossless webp. Part of the
    /// output's cache key.
    public var quality: Int? = nil
    /// What jpeg composites the drawing over (opaque); nil for the other
    /// formats. Part of the output's cache key.
    public var matte: RGBA? = nil

    public init(path: String, format: Format, scale: Int, dark: Bool, quality: Int? = nil, matte: RGBA? = nil) {
        (self.path, self.format, self.scale, self.dark, self.quality, self.matte) = (path, format, scale, dark, quality, matte)
    }

    /// A target's file: drawn from the light tree (and the dark one where the file holds both).
    public init(path: String, target: TargetFile) {
        (self.path, self.format, self.scale, self.dark, self.target) = (path, .png, 1, false, target)
    }

    /// The default `matte` of jpeg outputs: a white page, as in a mail client.
    public static let defaultMatte = RGBA.white

    public static func < (a: OutputFile, b: OutputFile) -> Bool { a.path < b.path }

    /// The file's width (and height) in pixels for a canvas of `size`:
    /// `size × scale` for raster formats, `size` for svg and pdf (whose
    /// units are pixels and points). `SpecTrees.tree(dark:pixels:)` and W004
    /// take it. A target's file is drawn at its own widths
    /// (`TargetFile.drawnAt`), not this one.
    public func pixelWidth(size: Int) -> Int { format.isVector ? size : size * scale }
}

/// A spec that passed the front end: its AST (and its dark variant's) and
/// the files it will write.
public struct CheckedSpec: Sendable {
    // Its fields live in a box that copies share (`CopyOnWrite`): a checked
    // spec goes from its file's check into the run's report, its claims and
    // its drawing, and each copy retained every text and list in it. The
    // accessors are inlinable (as `LogoSyntax`'s): read from the driver,
    // each `input` was a coroutine with an allocated frame, seven a spec.
    @usableFromInline var fields: CopyOnWrite<Fields>

    @inlinable public var input: SpecInput {
        _read { yield fields.value.input }
        _modify { yield &fields.value.input }
    }
    /// `name`, or the file name.
    @inlinable public var name: String {
        _read { yield fields.value.name }
        _modify { yield &fields.value.name }
    }
    /// Where the name was written, or the document's start when it comes from
    /// the file name: E014 points here.
    @inlinable public var nameSpan: SourceSpan {
        _read { yield fields.value.nameSpan }
        _modify { yield &fields.value.nameSpan }
    }
    @inlinable public var logo: LogoSyntax {
        _read { yield fields.value.logo }
        _modify { yield &fields.value.logo }
    }
    @inlinable public var dark: LogoSyntax? {
        _read { yield fields.value.dark }
        _modify { yield &fields.value.dark }
    }
    /// The spec's own pictures, then its targets' files, in path order.
    @inlinable public var outputs: [OutputFile] {
        _read { yield fields.value.outputs }
        _modify { yield &fields.value.outputs }
    }
    /// Absolute paths of the partials merged under it, directly or not.
    @inlinable public var partials: [String] {
        _read { yield fields.value.partials }
        _modify { yield &fields.value.partials }
    }
    /// The spec file's and the partials' stamps when they were read, by the
    /// path read (`input.path`, `partials`).
    @inlinable public var readStamps: PathMap<FileReader.Stamp> {
        _read { yield fields.value.readStamps }
        _modify { yield &fields.value.readStamps }
    }
    /// Where `template: true` was written; nil for a spec that is not a
    /// template (and for a template's instances). `isTemplate` reads it.
    @inlinable public internal(set) var templateKey: SourceSpan? {
        _read { yield fields.value.templateKey }
        _modify { yield &fields.value.templateKey }
    }

    init(input: SpecInput, name: String, nameSpan: SourceSpan, logo: LogoSyntax, dark: LogoSyntax?, outputs: [OutputFile], partials: [String] = [], readStamps: PathMap<FileReader.Stamp> = PathMap()) {
        fields = CopyOnWrite(Fields(input: input, name: name, nameSpan: nameSpan, logo: logo, dark: dark, outputs: outputs, partials: partials, readStamps: readStamps))
    }

    @usableFromInline struct Fields: Sendable {
        @usableFromInline var input: SpecInput
        @usableFromInline var name: String
        @usableFromInline var nameSpan: SourceSpan
        @usableFromInline var logo: LogoSyntax
        @usableFromInline var dark: LogoSyntax?
        @usableFromInline var outputs: [OutputFile]
        @usableFromInline var partials: [String] = []
        @usableFromInline var readStamps = PathMap<FileReader.Stamp>()
        @usableFromInline var templateKey: SourceSpan? = nil
    }
}

extension CheckedSpec {
    /// Outputs at most this wide are where W004 is to be expected (auto
    /// text reaches a cap height of 5 px from about 16 px on): their texts
    /// are kept for it to quote. A wider one that warns still names its
    /// file, line and column, without the line.
    static let quotedTextWidth = 128

    /// The spec and each of its variants (dark, small, dark small), the
    /// ones that some output may draw.
    public var variants: [LogoSyntax] {
        [logo] + [dark, logo.small?.value.logo, logo.small?.value.dark].compactMap { $0 }
    }

    /// The files that diagnostics found on pixels after the front end (text
    /// contrast over a gradient or an image, an image that does not decode)
    /// point into: the spec's own, and the partials that wrote the text, its
    /// colour, `colorVision` or the image, or `targets` (W005, W006). Empty when both
    /// variants' backgrounds are solid, which the front end measured itself
    /// (the texts of specs with no diagnostics are let go, to keep a large
    /// build's memory flat).
    /// W004 (text too small in a file) is measured on pixels too: the
    /// files that wrote the text are kept when the narrowest output is at
    /// most `quotedTextWidth` pixels wide, or the text's size is written.
    /// Each file once, as a list: a spec's spans name two or three files
    /// (its own, a partial's), so comparing with those (the same strings,
    /// found equal by their storage) costs less than hashing every span's
    /// file into a set, as was done ten times a spec.
    public var filesPixelDiagnosticsQuote: [String] {
        var files: [String] = []
        func insert(_ file: String) { if !files.contains(file) { files.append(file) } }
        // W005 and W006 point at the `targets` value.
        if let targets = logo.targets {
            for choice in targets.value.choices { insert(choice.kind.span.file) }
        }
        let size = logo.size?.value ?? Resolver.defaultSize
        var narrowest = Int.max
        for output in outputs {
            if let target = output.target { narrowest = min(narrowest, target.drawnAt.min() ?? narrowest) } else { narrowest = min(narrowest, output.pixelWidth(size: size)) }
        }
        let narrow = (narrowest == .max ? size : narrowest) <= Self.quotedTextWidth
        // Each variant in place: `variants` copies every `LogoSyntax`, which
        // was 1 % of a check for this alone.
        func add(_ variant: borrowing LogoSyntax) {
            if let text = variant.text?.value, narrow || text.size != nil {
                insert(nameSpan.file)
                for span in [variant.textKey, text.content?.span, text.initials?.span] { if let span { insert(span.file) } }
            }
            guard let background = variant.background else { return }
            switch background.value {
            case .gradient: break
            case .image(let image): if let path = image.path { insert(path.span.file) }
            default: return
            }
            insert(nameSpan.file)
            insert(background.span.file)
            let text = variant.text?.value
            for span in [variant.textKey, text?.color?.span, variant.colorVision?.span, text?.content?.span, text?.initials?.span] {
                if let span { insert(span.file) }
            }
        }
        add(logo)
        if let dark { add(dark) }
        if let small = logo.small?.value {
            add(small.logo)
            if let dark = small.dark { add(dark) }
        }
        return files
    }
}

/// What checking one file found.
public struct FileCheck: Sendable {
    /// Specs without errors (a file may hold several documents).
    public var specs: [CheckedSpec] = []
    /// Every diagnostic of the file and the partials it extends.
    public var diagnostics: [Diagnostic] = []
    /// The texts of every file read, to quote in diagnostics.
    public var sources: [SourceFile] = []
    /// Documents that had errors and will write nothing.
    public var failedDocuments = 0
    /// The stamp of every file read, as it was read.
    public var readStamps = PathMap<FileReader.Stamp>()
    /// The file each of `sources` was read from (display path → absolute
    /// path): `check`'s cache reads a quoted text again from there.
    public var sourcePaths = PathMap<String>()

    public init() {}
}
