import LogocFrontend

/// The spec files of a build, packed: each folder's three strings (its
/// absolute path, its path as shown, the output folder its files mirror)
/// once, and per file 8 bytes and the bytes of its name. A `SpecInput` is
/// made when one is asked for.
///
/// Why: a build decides every spec file's verdict before it reads one, so
/// it holds the whole list; as `[SpecInput]` that was three heap strings a
/// file, about 290 bytes, 290 MB of a build of a million specs (issue 21).
/// Here it is about 20.
public struct SpecFileList: RandomAccessCollection, Sendable {
    /// What the files of one folder share.
    struct Folder: Hashable, Sendable {
        /// The absolute path without the file's name (and the slash before it).
        var path: String
        /// The shown path without the name, or nil when a file is shown by its name alone.
        var display: String?
        var output: String
    }

    private(set) var folders: [Folder] = []
    /// Per file: its folder, and where its name ends in `names` (it starts where the previous one ends).
    private var files: [(folder: UInt32, end: UInt32)] = []
    private var names: [UInt8] = []
    /// Files that do not fit the scheme (a shown path that does not end in
    /// the file's name, a problem to report): kept whole.
    private var whole: [Int: SpecInput] = [:]
    /// The folders' numbers while the list is made.
    private var numbers: [Folder: UInt32] = [:]

    public init() {}

    public init(_ inputs: some Sequence<SpecInput>) {
        self.init()
        append(contentsOf: inputs)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { files.count }

    public subscript(i: Int) -> SpecInput {
        if let input = whole[i] { return input }
        let folder = folders[Int(files[i].folder)]
        let name = String(decoding: nameBytes(i), as: UTF8.self)
        return SpecInput(path: folder.path + "/" + name, displayPath: folder.display.map { $0 + "/" + name } ?? name, outputFolder: folder.output)
    }

    /// The `i`th file's shown path (`SpecInput.displayPath`), without making the rest of its `SpecInput`.
    func displayPath(_ i: Int) -> String {
        if let input = whole[i] { return input.displayPath }
        let name = String(decoding: nameBytes(i), as: UTF8.self)
        return folders[Int(files[i].folder)].display.map { $0 + "/" + name } ?? name
    }

    /// The file's name (after the last slash of its path), as bytes; empty for a file kept whole.
    func nameBytes(_ i: Int) -> ArraySlice<UInt8> {
        let start = i == 0 ? 0 : Int(files[i - 1].end)
        return names[start..<Int(files[i].end)]
    }

    /// The file's folder number (`folders`); nil for a file kept whole.
    func folder(of i: Int) -> Int? { files[i].folder == UInt32.max ? nil : Int(files[i].folder) }

    public mutating func append(_ input: SpecInput) {
        let slash = PathResolver.lastSlash(in: input.path)
        let name = slash.map { input.path[input.path.index(after: $0)...] } ?? input.path[...]
        let display: String?? = input.displayPath == name ? .some(nil)
            : input.displayPath.hasSuffix("/" + name) ? .some(String(input.displayPath.dropLast(name.utf8.count + 1))) : .none
        guard let slash, input.problem == nil, let display, !name.isEmpty, names.count + name.utf8.count < UInt32.max,
              folders.count < UInt32.max else {
            whole[files.count] = input
            files.append((UInt32.max, UInt32(truncatingIfNeeded: names.count)))
            return
        }
        let folder = Folder(path: String(input.path[..<slash]), display: display, output: input.outputFolder)
        let number = numbers[folder] ?? {
            let made = UInt32(truncatingIfNeeded: folders.count)
            folders.append(folder)
            numbers[folder] = made
            return made
        }()
        names += name.utf8
        files.append((number, UInt32(truncatingIfNeeded: names.count)))
    }

    public mutating func append(contentsOf inputs: some Sequence<SpecInput>) {
        for input in inputs { append(input) }
    }
}
