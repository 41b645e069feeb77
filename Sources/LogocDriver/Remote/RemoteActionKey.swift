import Foundation
import LogocCore
import LogocFrontend
import LogocImageIO
import LogocRender

/// The `ac/` key of one spec's outputs: a SHA-256 over everything they
/// depend on, written so that two checkouts of one project in different
/// folders, on different machines, give the same key.
///
/// The local cache's output keys (`OutputKey`) cannot be used: they hash
/// render trees that name image and font files by absolute path, and a
/// toolchain that names project fonts by absolute path. This key is made of
/// what those are made from, with project paths relative to the root:
///
/// - logoc's version, the libraries that shape bytes, the bundled fonts
///   (path, size, time, as `Renderer.bundledFontsIdentity`), the encoders'
///   versions, and each project font (relative path and SHA-256);
/// - the spec's cache group and name;
/// - every file the spec was made from, relative path and SHA-256: the spec
///   file, its partials, `logoc.yaml`, its images and font files (the same
///   files the local cache's skip test watches, `BuildContext.inputs`);
/// - every output the spec writes, with all its settings (path, format,
///   scale, variant, quality, matte, target file).
enum RemoteActionKey {
    /// The machine's part, worked out once per build.
    static func toolchain(project: Project, relative: (String) -> String) -> String {
        let fonts = project.fonts.projectFaces().map(\.path).map { path in
            "font \(relative(path)) \(FileManager.default.contents(atPath: path).map { SHA256.hex(Array($0)) } ?? "missing")"
        }.sorted()
        return SHA256.hex((["logoc-remote-action 1", "logoc " + BuildRun.version, Renderer.libraryVersions, Renderer.bundledFontsIdentity,
                            "encoders " + ImageCodecs.encoderVersions] + fonts).joined(separator: "\n"))
    }

    /// The key of `spec`'s outputs; `inputs` by project-relative path, as `BuildContext.inputs` gives them.
    static func key(toolchain: String, group: String, spec: CheckedSpec, inputs: [String: BuildContext.InputFile]) -> String {
        var lines = [toolchain, "group \(group)", "name \(spec.name)"]
        lines += inputs.map { "input \($0.key) \($0.value.hash)" }.sorted()
        lines += spec.outputs.map { "output \($0)" }
        return SHA256.hex(lines.joined(separator: "\n"))
    }
}
