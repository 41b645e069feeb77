import Foundation
import LogocFrontend

/// `logoc init`: the files a team needs to start a spec repository — a
/// configuration, an example spec with editor completion, the schema it
/// points at, a pre-commit hook, a `.gitignore` and a short README. In a
/// repository that already has some of them it adds what is missing and
/// leaves the rest as they are (a team's README is theirs), unless told to
/// replace them; an existing `.gitignore` gets the lines it lacks.
public enum Scaffold {
    /// Relative path → contents, in the order they are written.
    public static var files: [(String, String)] {
        [
            ("logoc.yaml", """
                # logoc project configuration. Every key: the logoc.yaml section of the spec
                # language in the docs that ship with logoc; `logoc schema --config` prints its schema.
                # Default minimum contrast for text; AA-large is 3:1, AA is 4.5:1.
                contrast: AA
                # Named colours, used in specs as $name.
                palette:
                  brand: "#5B2EFF"
                  ink: "#111827"
                  paper: "#F9FAFB"
                # Files every spec writes unless it says otherwise.
                output:
                  formats: [png, svg]
                  scales: [1, 2]

                """),
            ("Specs/example.yaml", """
                # yaml-language-server: $schema=../logo-spec.schema.json
                # An avatar: a circle with a person's initials in white on the brand colour.
                background: $brand
                text:
                  initials: Ada Lovelace
                  color: white
                dark:
                  background: $ink

                """),
            ("Specs/_team.yaml", """
                # A partial: never built alone, merged under the specs that extend it.
                shape: roundRect
                cornerRadius: 22%
                text:
                  font: {family: Inter, weight: 800}

                """),
            ("Specs/team.yaml", """
                # yaml-language-server: $schema=../logo-spec.schema.json
                extends: _team.yaml
                background:
                  gradient:
                    colors: [$brand, $ink]
                    angle: 135
                text:
                  content: Team
                  color: $paper

                """),
            ("logo-spec.schema.json", JSONSchemaWriter.specSchema()),
            (".pre-commit-config.yaml", """
                # Refuses a commit whose specs have errors. Needs `logoc` on PATH
                # (make install) and `pre-commit install` once per clone.
                # Specs and partials (YAML under Specs/, not CI or other YAML), images,
                # fonts and logoc.yaml are passed: logoc check
                # also checks every spec that uses a changed partial, image, font or
                # logoc.yaml, and refuses (E019) a spec whose image or font git does not
                # track. `verbose` shows warnings on a commit that passes; add --strict
                # to `args` to refuse them too.
                repos:
                  - repo: local
                    hooks:
                      - id: logoc-check
                        name: logoc check
                        entry: logoc check
                        args: [--require-tracked]
                        language: system
                        files: (?i)^(Specs/.+\\.ya?ml|logoc\\.yaml|.+\\.(png|jpe?g|ttf|otf|ttc|otc))$
                        verbose: true

                """),
            (".gitignore", """
                # logoc's output folder: rebuild it with `logoc build`.
                dist/
                # What `logoc verify` writes for a reviewer: expected, actual and difference images.
                verify-diff/

                """),
            ("README.md", """
                # Logos and avatars

                The specs in `Specs/` are compiled by logoc into PNG and SVG.

                ```sh
                logoc build            # Specs/ → dist/ (only what changed); dist/index.html shows them all
                logoc check            # what the pre-commit hook runs
                logoc watch            # rebuild on every save
                logoc explain E011     # what a diagnostic means and how to fix it
                ```

                - Colours, the default contrast and output sizes: `logoc.yaml`.
                - Editors with the YAML language server complete keys and values thanks to the
                  first line of each spec (`# yaml-language-server: $schema=…`); refresh the schema
                  with `logoc schema > logo-spec.schema.json` after upgrading logoc.
                - `pre-commit install` once per clone makes `git commit` refuse broken specs.
                - Partials (`_*.yaml`) hold shared looks; specs `extends:` them.

                More: `logoc --help`, `logoc explain all` (every diagnostic, with a failing
                and a fixed example), `logoc schema` (every key and value), and the docs that
                ship with logoc (the spec language, diagnostics, and using logoc in a team).

                """),
        ]
    }

    /// What `write` did with one file of the scaffold.
    public enum Action: Equatable, Sendable {
        case created
        /// It existed and was left as it is.
        case kept
        /// It existed and `replace` was asked.
        case replaced
        /// An existing `.gitignore` that lacked these lines got them.
        case extended([String])
    }

    /// Files of the scaffold that already exist in `directory`.
    public static func existing(in directory: String) -> [String] {
        files.map(\.0).filter { FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0)) }
    }

    /// Writes the files that are missing; an existing file is kept (or, with
    /// `replace`, written anew), except that an existing `.gitignore` gets
    /// the scaffold's ignore lines it lacks. Returns each file with what was done.
    public static func write(into directory: String, replace: Bool = false) throws -> [(path: String, action: Action)] {
        let present = Set(existing(in: directory))
        var done: [(path: String, action: Action)] = []
        for (path, text) in files {
            let target = (directory as NSString).appendingPathComponent(path)
            guard present.contains(path), !replace else {
                try AtomicFile.write(Array(text.utf8), to: target)
                done.append((path, present.contains(path) ? .replaced : .created))
                continue
            }
            if path == ".gitignore", let missing = try addMissingLines(of: text, to: target) {
                done.append((path, .extended(missing)))
            } else {
                done.append((path, .kept))
            }
        }
        return done
    }

    /// Appends to the file at `target` the ignore patterns of `scaffold` it
    /// does not have (with their comments), or returns nil when it has them all.
    private static func addMissingLines(of scaffold: String, to target: String) throws -> [String]? {
        guard let data = FileManager.default.contents(atPath: target) else {
            throw AtomicFile.Failure(description: "cannot read '\(target)'")
        }
        let current = String(decoding: data, as: UTF8.self)
        let have = Set(current.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        var added: [String] = []
        var block: [String] = []
        var comment: [String] = []
        for line in scaffold.split(separator: "\n").map(String.init) {
            if line.hasPrefix("#") { comment.append(line); continue }
            if !have.contains(line) {
                added.append(line)
                block += comment + [line]
            }
            comment = []
        }
        guard !added.isEmpty else { return nil }
        let separator = current.isEmpty || current.hasSuffix("\n") ? "" : "\n"
        try AtomicFile.write(Array((current + separator + block.joined(separator: "\n") + "\n").utf8), to: target)
        return added
    }
}
