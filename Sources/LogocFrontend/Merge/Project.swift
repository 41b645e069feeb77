import Foundation
import LogocCore
import LogocFonts

/// Everything shared by the specs of one run: the root, `logoc.yaml` and the
/// fonts. Built once, then read by every spec's check in parallel.
public final class Project: Sendable {
    public let paths: PathResolver
    public let config: ProjectConfig
    /// `logoc.yaml` as read, when there is one.
    public let configSource: SourceFile?
    /// Problems in `logoc.yaml`; they fail the run but not each spec.
    public let configDiagnostics: [Diagnostic]
    public let fonts: FontCatalog
    /// `background: auto` palettes, shared by every spec of the run.
    public let autoPalettes = AutoPaletteCache()
    /// Absolute path of `logoc.yaml` when one was read.
    public var configFile: String? { configSource.map { PathResolver.absolute($0.path) } }
    /// `logoc.yaml`'s stamp when it was read (see `FileReader.Stamp`).
    public let configStamp: FileReader.Stamp?

    public init(paths: PathResolver, config: ProjectConfig, configSource: SourceFile?, configDiagnostics: [Diagnostic], fonts: FontCatalog,
                configStamp: FileReader.Stamp? = nil) {
        self.configStamp = configStamp
        self.paths = paths
        self.config = config
        self.configSource = configSource
        self.configDiagnostics = configDiagnostics
        self.fonts = fonts
    }

    /// Reads the project at `root`. `configPath` is `--config` as given, or
    /// nil for `ROOT/logoc.yaml` (which may be absent).
    public static func load(root: String, configPath: String? = nil) -> Project {
        let paths = PathResolver(root: root)
        let display = configPath ?? (root == "." ? "logoc.yaml" : (root as NSString).appendingPathComponent("logoc.yaml"))
        let absolute = PathResolver.absolute(display)
        guard configPath != nil || FileManager.default.fileExists(atPath: absolute) else {
            return Project(paths: paths, config: ProjectConfig(), configSource: nil, configDiagnostics: [], fonts: FontCatalog())
        }
        var diagnostics: [Diagnostic] = []
        // The default `ROOT/logoc.yaml` is the project's own: a link from it
        // to a file outside the root is not read (and so never echoed).
        if configPath == nil, let real = PathResolver.realPath(absolute), !paths.isInside(real) {
            diagnostics.append(Diagnostic(.E013, "the configuration '\(display)' is a link to '\(real)', outside the project root", at: .startOf(display),
                                          help: "keep logoc.yaml inside the project, or name the file with --config"))
            return Project(paths: paths, config: ProjectConfig(), configSource: nil, configDiagnostics: diagnostics, fonts: FontCatalog())
        }
        let reader = YAMLReader()
        let bytes: [UInt8]
        let stamp: FileReader.Stamp
        switch FileReader.readStamped(absolute, limit: reader.maxFileBytes) {
        case .success(let read): (bytes, stamp) = read
        case .failure(let failure):
            diagnostics.append(Diagnostic(.E012, "cannot read the configuration '\(display)': \(failure.reason)", at: .startOf(display),
                                          help: configPath == nil ? "make logoc.yaml a regular file, or remove it" : "check the --config path"))
            return Project(paths: paths, config: ProjectConfig(), configSource: nil, configDiagnostics: diagnostics, fonts: FontCatalog())
        }
        let source = SourceFile(path: display, text: SourceText.decode(bytes))
        let (documents, yamlDiagnostics) = reader.read(bytes, file: display)
        diagnostics += yamlDiagnostics
        var config = ProjectConfig()
        if documents.count > 1 {
            diagnostics.append(Diagnostic(.E003, "logoc.yaml holds \(documents.count) documents; it must hold one", at: documents[1].start,
                                          help: "remove the '---' separators"))
        }
        if let root = documents.first?.root {
            var sources = PathMap<SourceFile>()
            sources[display] = source
            var decoder = SyntaxDecoder(sources: sources)
            if let fields = decoder.fields(of: root, LanguageSchema.config, what: "the configuration") {
                if let pair = fields["contrast"] {
                    (config.contrast, config.colorVision) = decoder.contrastSetting(pair.value)
                }
                if let pair = fields["lookAlike"] {
                    config.lookAlike = pair.value.scalar == "off" ? nil
                        : decoder.integer(pair.value, key: "lookAlike", LanguageSchema.config.integers("lookAlike"))?.value ?? ProjectConfig.defaultLookAlike
                }
                config.output = fields["output"].map(\.value)
                if let output = config.output { _ = decoder.output(output) }
                if let pair = fields["fonts"], let folders = decoder.list(pair.value, key: "fonts", count: LanguageSchema.config.count("fonts"), { d, item in d.path(item, key: "fonts") }) {
                    for folder in folders.value {
                        switch paths.resolve(folder.value, from: paths.root) {
                        case .file(let real):
                            var isFolder: ObjCBool = false
                            guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), isFolder.boolValue else {
                                let parent = (folder.value as NSString).deletingLastPathComponent
                                decoder.report(Diagnostic(.E012, "'fonts' lists '\(folder.value)', which is a file, not a folder", at: folder.span,
                                                          help: "name the folder that holds it: '\(parent.isEmpty ? "." : parent)'"))
                                continue
                            }
                            config.fontFolders.append(real)
                            // A font file in the folder that links out of the root is not used.
                            for file in FontCatalog.fontFiles(in: real) {
                                guard let target = PathResolver.realPath(file), !paths.isInside(target) else { continue }
                                config.fontFilesOutsideRoot.insert(file)
                                decoder.report(Diagnostic(.E013, "font file '\(PathResolver.lastComponent(of: file))' in '\(Quoted.value(folder.value))' is a link to '\(target)', outside the project root",
                                                          at: folder.span, help: "copy the font into the project instead of linking it"))
                            }
                        case .missing: decoder.report(Diagnostic(.E012, "font folder '\(Quoted.value(folder.value))' does not exist", at: folder.span,
                                                                  help: "create the folder or remove it from 'fonts'"))
                        case .outsideRoot: decoder.report(Diagnostic(.E013, "font folder '\(Quoted.value(folder.value))' is outside the project root", at: folder.span,
                                                                      help: "keep fonts inside the project, or pass a wider --root"))
                        }
                    }
                }
                if let pair = fields["palette"] {
                    config.palette = decoder.palette(pair.value)
                }
            }
            diagnostics += decoder.diagnostics
        }
        return Project(paths: paths, config: config, configSource: source, configDiagnostics: diagnostics,
                       fonts: FontCatalog(projectFolders: config.fontFolders, excluding: config.fontFilesOutsideRoot), configStamp: stamp)
    }
}

extension SyntaxDecoder {
    mutating func report(_ diagnostic: Diagnostic) {
        appendDiagnostic(diagnostic)
    }

    /// `palette: {brand: "#5B2EFF"}`: names to literal colours.
    mutating func palette(_ node: YAMLNode) -> [String: Located<RGBA>] {
        guard let pairs = node.pairs else {
            report(Diagnostic(.E003, "'palette' must be a mapping of names to colours, found \(node.kindDescription)", at: node.span,
                              help: "write for example 'palette: {brand: \"#5B2EFF\"}'"))
            return [:]
        }
        var palette: [String: Located<RGBA>] = [:]
        for pair in pairs {
            guard let name = pair.key.scalar else { continue }
            guard LanguageSchema.matches(name, pattern: LanguageSchema.paletteNamePattern) else {
                report(Diagnostic(.E003, "'\(Quoted.value(name))' is not a valid palette name", at: pair.key.span,
                                  help: "use up to \(LanguageSchema.maxPaletteNameLength) letters, digits, '_' and '-', starting with a letter"))
                continue
            }
            guard let colour = colour(pair.value, key: name) else { continue }
            guard case .literal(let rgba) = colour.value else {
                report(Diagnostic(.E005, "palette colour '\(name)' refers to another palette name", at: pair.value.span,
                                  help: "write the colour itself, such as \"#5B2EFF\""))
                continue
            }
            palette[name] = Located(rgba, at: pair.value.span)
        }
        return palette
    }
}
