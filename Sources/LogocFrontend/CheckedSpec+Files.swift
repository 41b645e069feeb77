import LogocCore

extension CheckedSpec {
    /// A file whose bytes reach a spec's outputs (the background image, the
    /// font file), where the spec (or a partial under it) names it.
    public struct UsedFile: Sendable, Hashable {
        /// Absolute and free of symbolic links, as `PathResolver` resolves it.
        public var path: String
        /// The path as written, with its place.
        public var written: Located<String>

        public init(path: String, written: Located<String>) {
            self.path = path
            self.written = written
        }
    }

    /// The images and font files the spec and its variants name (a font
    /// `file:`, or a `family` found in the project's `fonts` folders) and that
    /// exist inside the root, each once, in the order written. Missing or
    /// outside ones are not here: the validator reports them (`E012`, `E013`).
    /// `check FILES` finds the specs that use a changed file through them,
    /// and `--require-tracked` asks git about them.
    public func usedFiles(in project: Project) -> [UsedFile] {
        let directory = PathResolver.folder(of: input.path)
        var files: [UsedFile] = []
        for logo in variants {
            var written: [Located<String>] = []
            if case .image(let image) = logo.background?.value, let path = image.path { written.append(path) }
            if let file = logo.text?.value.font?.value.file { written.append(file) }
            for path in written {
                guard case .file(let real) = project.paths.resolve(path.value, from: directory), !files.contains(where: { $0.path == real }) else { continue }
                files.append(UsedFile(path: real, written: path))
            }
            // A family may come from the project's `fonts` folders: its files
            // reach the outputs as a `file:` does.
            if let family = logo.text?.value.font?.value.family {
                for face in project.fonts.projectFaces() where face.isOf(family: family.value) && !files.contains(where: { $0.path == face.path }) {
                    files.append(UsedFile(path: face.path, written: family))
                }
            }
        }
        return files
    }
}
