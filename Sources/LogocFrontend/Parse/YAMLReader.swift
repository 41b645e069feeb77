import CYAML
import LogocCore

/// Reads YAML through libyaml's event API into located nodes, enforcing the
/// limits that keep a hostile file cheap: file size, nesting depth, and the
/// number of nodes that aliases expand to (the "billion laughs" defence).
public struct YAMLReader: Sendable {
    /// Largest file read, in bytes.
    public var maxFileBytes = 1 << 20
    /// Deepest nesting of mappings and sequences.
    public var maxDepth = 64
    /// Most nodes one document may hold once aliases are expanded.
    public var maxExpandedNodes = 10_000
    /// Most documents (`---`) in one file: a team keeps a few specs per file;
    /// the bound keeps a file of 200,000 empty documents from producing as
    /// many diagnostics.
    public var maxDocuments = 1_000

    public init() {}

    /// Parses every document of `bytes`. A document that cannot be read is
    /// reported and dropped; reading stops at the first syntax error, since
    /// libyaml cannot resume after one.
    public func read(_ bytes: [UInt8], file: String) -> (documents: [YAMLDocument], diagnostics: [Diagnostic]) {
        let origin = SourceSpan.startOf(file)
        if bytes.count > maxFileBytes {
            return ([], [Diagnostic(.E001, "file is \(bytes.count) bytes; specs are limited to \(maxFileBytes) bytes (1 MiB)", at: origin,
                                    help: "split the file into several specs, or move large data out of it")])
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return ([], [Diagnostic(.E001, "file is encoded as UTF-16; specs must be UTF-8", at: origin,
                                    help: "save the file as UTF-8")])
        }
        if let nul = bytes.firstIndex(of: 0) {
            let position = Self.position(ofByte: nul, in: bytes)
            return ([], [Diagnostic(.E001, "file contains a NUL byte", at: SourceSpan(file: file, start: position, end: position),
                                    help: "specs are UTF-8 text; remove the NUL character")])
        }
        var builder = TreeBuilder(file: file, limits: self)
        bytes.withUnsafeBufferPointer { buffer in
            builder.run(buffer)
        }
        return (builder.documents, builder.diagnostics)
    }

    /// Line and column of a byte offset, counting columns in Unicode scalars
    /// and lines as libyaml does (`LineBreak`), so a byte offset (from a
    /// reader error, or a NUL) and a libyaml mark give the same place.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1, column = 1
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(offset, bytes.count)
        while i < end {
            let width = LineBreak.width(in: bytes, at: i)
            if width > 0 {
                line += 1
                column = 1
                i += width
                continue
            }
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }
}

/// The event loop and the stack of open containers. Kept apart from
/// `YAMLReader` because it owns libyaml state for one parse only.
private struct TreeBuilder {
    let file: String
    let limits: YAMLReader
    var documents: [YAMLDocument] = []
    var diagnostics: [Diagnostic] = []

    /// An open mapping or sequence. A struct changed in place on the
    /// stack: as an enum it was taken off the stack, rebuilt and pushed
    /// back for every node, and the copy still held by the old value made
    /// each append copy the whole array of pairs and the dictionary of keys
    /// (a third of reading a spec).
    private struct Open {
        let isMapping: Bool
        let start: SourceSpan
        let anchor: String?
        var pairs: [YAMLNode.Pair] = []
        var items: [YAMLNode] = []
        /// A mapping's key whose value comes next.
        var pendingKey: YAMLNode?
        /// Whether the value that comes next is dropped (its key was not
        /// text, or a duplicate): a flag, where comparing every key with a
        /// marker text cost a call to compare strings per pair.
        var dropsValue = false
        /// Where a mapping's keys so far are (`KeyIndex`).
        var keys = KeyIndex()
        /// Nodes below, aliases expanded, the container itself included.
        var size = 1

        /// Where the key `text` was first set in this mapping, if it was.
        /// (Mutating so that `stack[top].firstKey` is asked in place: a
        /// non-mutating call copied the whole container, pairs and all.)
        mutating func firstKey(_ text: String) -> SourceSpan? {
            keys.first(text, in: pairs).map { pairs[$0].key.span }
        }

        /// Room for a spec's usual mapping (up to 8 keys) or list (4 items)
        /// made once: grown from empty, each container was reallocated
        /// three or four times as its nodes arrived.
        static func mapping(start: SourceSpan, anchor: String?) -> Open {
            var open = Open(isMapping: true, start: start, anchor: anchor)
            open.pairs.reserveCapacity(8)
            return open
        }

        static func sequence(start: SourceSpan, anchor: String?) -> Open {
            var open = Open(isMapping: false, start: start, anchor: anchor)
            open.items.reserveCapacity(4)
            return open
        }
    }

    private var stack: [Open] = []
    /// Anchored nodes and their expanded sizes, for this document.
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var expanded = 0
    /// Whether this document used an alias: past the node limit, that makes it a bomb (E015).
    private var usedAliases = false
    private var documentStart = SourceSpan.startOf("")
    private var documentRoot: YAMLNode?
    private var abandoned = false
    /// Set when nesting passes the limit: reading stops there, since libyaml
    /// checks every open flow level on each token, so skipping the rest of
    /// 100,000 nested `[` would take minutes (found by the hostile corpus).
    private var stopped = false

    init(file: String, limits: YAMLReader) {
        self.file = file
        self.limits = limits
        // A spec nests three or four levels: room made once, where growing
        // from empty moved every open container twice per file.
        stack.reserveCapacity(8)
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            diagnostics.append(Diagnostic(.E001, "the YAML parser could not start (out of memory)", at: .startOf(file)))
            return
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                reportSyntaxError(parser, buffer)
                return
            }
            let type = event.type
            if !abandoned { handle(&event) }
            yaml_event_delete(&event)
            if stopped { return }
            if type == YAML_STREAM_END_EVENT || type == YAML_NO_EVENT { return }
            if abandoned, stack.isEmpty, type == YAML_DOCUMENT_END_EVENT { abandoned = false }
        }
    }

    private mutating func handle(_ event: inout yaml_event_t) {
        let span = SourceSpan(file: file, start: Self.position(event.start_mark), end: Self.position(event.end_mark))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            if documents.count >= limits.maxDocuments {
                diagnostics.append(Diagnostic(.E001, "file holds more than \(limits.maxDocuments) documents", at: span,
                                              help: "split the specs into several files"))
                stopped = true
                return
            }
            anchors = [:]
            expanded = 0
            usedAliases = false
            documentRoot = nil
            documentStart = SourceSpan(file: file, start: span.start, end: span.start)
        case YAML_DOCUMENT_END_EVENT:
            documents.append(YAMLDocument(root: documentRoot, start: documentStart))
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let value = Self.string(s.value, Int(s.length))
            checkTag(s.tag, implicit: s.plain_implicit == 1 || s.quoted_implicit == 1, at: span)
            let style: YAMLNode.ScalarStyle = switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            add(YAMLNode(.scalar(value, style), span: span), size: 1, anchor: Self.optionalString(s.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.optionalString(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                diagnostics.append(Diagnostic(.E001, "alias '*\(name)' refers to no anchor", at: span,
                                              help: "define '&\(name)' before using '*\(name)'"))
                abandon()
                return
            }
            usedAliases = true
            var node = target.node
            node.span = span
            add(node, size: target.size, anchor: nil)
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            checkTag(m.tag, implicit: m.implicit == 1, at: span)
            open(.mapping(start: span, anchor: Self.optionalString(m.anchor)), at: span)
        case YAML_SEQUENCE_START_EVENT:
            let q = event.data.sequence_start
            checkTag(q.tag, implicit: q.implicit == 1, at: span)
            open(.sequence(start: span, anchor: Self.optionalString(q.anchor)), at: span)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            guard let top = stack.popLast() else { return }
            let kind: YAMLNode.Kind = top.isMapping ? .mapping(top.pairs) : .sequence(top.items)
            add(YAMLNode(kind, span: Self.join(top.start, span)), size: top.size, anchor: top.anchor, counted: true)
        default:
            break
        }
    }

    private mutating func open(_ container: Open, at span: SourceSpan) {
        if stack.count >= limits.maxDepth {
            diagnostics.append(Diagnostic(.E001, "nesting is deeper than \(limits.maxDepth) levels", at: span,
                                          help: "a spec needs only a few levels; flatten this value"))
            abandon()
            stopped = true
            return
        }
        stack.append(container)
        count(1) { span }
    }

    /// Adds a finished node to the open container (or makes it the root).
    /// `counted` is true for containers, whose own node was counted on open.
    /// The node is moved where it goes (`consume`), not copied: a copy
    /// retained its text and its span's file, once per node of every spec.
    private mutating func add(_ node: consuming YAMLNode, size: Int, anchor: String?, counted: Bool = false) {
        if !counted { count(size) { node.span } }
        if abandoned { return }
        if let anchor { anchors[anchor] = (node, size) }
        let top = stack.count - 1
        guard top >= 0 else {
            documentRoot = consume node
            return
        }
        stack[top].size += size
        guard stack[top].isMapping else {
            stack[top].items.append(consume node)
            return
        }
        if stack[top].dropsValue {
            stack[top].dropsValue = false
            return
        }
        // Taken out, not copied: a copy retained the key's texts again.
        if let key = stack[top].pendingKey.take() {
            stack[top].pairs.append(.init(key: key, value: consume node))
            return
        }
        // This node is a key. Keys must be text; a duplicate is reported
        // at the second key and its value dropped.
        guard let text = node.scalar else {
            diagnostics.append(Diagnostic(.E003, "a key must be text, found \(node.kindDescription)", at: node.span,
                                          help: "write keys as plain words, such as 'background'"))
            stack[top].dropsValue = true
            return
        }
        if let first = stack[top].firstKey(text) {
            diagnostics.append(Diagnostic(.E007, "duplicate key '\(text)'", at: node.span,
                                          help: "remove one of the two '\(text)' keys",
                                          notes: [.init("'\(text)' is first set here", at: first)]))
            stack[top].dropsValue = true
            return
        }
        stack[top].keys.add(text, at: stack[top].pairs.count)
        stack[top].pendingKey = consume node
    }

    /// Counts `nodes` more in the document; past the limit, reports it at
    /// `span` (asked only then) and drops the document.
    private mutating func count(_ nodes: Int, at span: () -> SourceSpan) {
        guard !abandoned else { return }
        expanded += nodes
        if expanded > limits.maxExpandedNodes {
            // Without aliases it is just a huge document, not a bomb.
            diagnostics.append(usedAliases
                ? Diagnostic(.E015, "aliases expand this document past \(limits.maxExpandedNodes) nodes", at: span(),
                             help: "a spec this large is almost certainly an alias bomb; use fewer aliases")
                : Diagnostic(.E001, "this document holds more than \(limits.maxExpandedNodes) nodes", at: span(),
                             help: "a spec needs a few dozen; split the file or remove what is not a spec"))
            abandon()
        }
    }

    /// Drops the current document after a fatal problem; its later events are ignored.
    private mutating func abandon() {
        abandoned = true
        stack.removeAll()
        anchors.removeAll()
    }

    private mutating func checkTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, implicit: Bool, at span: SourceSpan) {
        guard let tagText = Self.optionalString(tag), !implicit || !tagText.isEmpty else { return }
        let shown = tagText.replacingOccurrences(of: "tag:yaml.org,2002:", with: "!!")
        diagnostics.append(Diagnostic(.E003, "explicit tag '\(shown)' is not allowed; every value is typed by its key", at: span,
                                      help: "remove the tag '\(shown)'"))
    }

    private mutating func reportSyntaxError(_ parser: yaml_parser_t, _ buffer: UnsafeBufferPointer<UInt8>) {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        var message = context.map { "\(problem) \($0)" } ?? problem
        var position = Self.position(parser.problem_mark)
        let bytes = Array(buffer)
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset rather than a line and column.
            var offset = min(Int(parser.problem_offset), bytes.count)
            // A bad trailing byte belongs to the sequence its lead byte starts.
            if problem.contains("trailing") {
                var lead = offset - 1
                while lead >= 0, lead >= offset - 3, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                if lead >= 0, bytes[lead] >= 0xC0 { offset = lead }
            }
            position = YAMLReader.position(ofByte: offset, in: bytes)
            message = problem == "invalid leading UTF-8 octet" || problem.contains("UTF-8") ? "file is not valid UTF-8 (\(problem))" : problem
        }
        let source = SourceFile(path: file, text: SourceText.decode(bytes))
        // libyaml misses a key's ':' only where the next token starts: at the
        // end of the file, a line after the last one (it ends every stream
        // with a line break of its own). The key itself is the place.
        if parser.error == YAML_SCANNER_ERROR, problem == "could not find expected ':'", context == "while scanning a simple key" {
            position = Self.position(parser.context_mark)
        }
        position = source.clamped(position)
        if parser.error != YAML_READER_ERROR, let commented = CommentedFlow(in: source, before: position) {
            diagnostics.append(commented.diagnostic(file: file, gaveUpAt: position, because: message))
            return
        }
        if let unclosed = UnclosedConstruct(problem: problem, context: context, at: Self.position(parser.context_mark),
                                             gaveUp: position, in: source) {
            diagnostics.append(unclosed.diagnostic(file: file, gaveUpAt: position, because: message))
            return
        }
        let span = SourceSpan(file: file, start: position, end: SourcePosition(line: position.line, column: position.column + 1))
        var help = "check the indentation and quoting around this place"
        if source.line(position.line)?.contains("\t") == true { help = "YAML indents with spaces only; replace the tabs on this line with spaces" }
        else if parser.error == YAML_READER_ERROR { help = "save the file as UTF-8" }
        diagnostics.append(Diagnostic(.E001, "invalid YAML: \(message)", at: span, help: help))
    }

    private static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func join(_ a: SourceSpan, _ b: SourceSpan) -> SourceSpan {
        SourceSpan(file: a.file, start: a.start, end: max(a.end, b.end))
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }
}
