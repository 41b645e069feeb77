import Foundation
import LogocFrontend

/// `logoc init`: the files a team needs to start a spec repository — a
/// configuration, an example spec with editor completion, the schema it
/// points at, a pre-commit hook, a `.gitignore` and a short README. It
/// refuses to overwrite anything.
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
                # Specs, partials, images, fonts and logoc.yaml are passed: logoc check
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
                        files: (?i)\\.(ya?ml|png|jpe?g|ttf|otf|ttc|otc)$
                        exclude: (^|/)(\\.pre-commit-config\\.ya?ml|logoc\\.yml)$|/logoc\\.yaml$
                        verbose: true

                """),
            (".gitignore", """
                # logoc's output folder: rebuild it with `logoc build`.
                dist/

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

    /// Files of the scaffold that already exist in `directory`.
    public static func conflicts(in directory: String) -> [String] {
        files.map(\.0).filter { FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0)) }
    }

    /// Writes the scaffold; throws without writing anything when a file exists.
    public static func write(into directory: String) throws -> [String] {
        let existing = conflicts(in: directory)
        guard existing.isEmpty else {
            throw AtomicFile.Failure(description: "refusing to overwrite " + existing.map { "'\($0)'" }.joined(separator: ", "))
        }
        for (path, text) in files {
            try AtomicFile.write(Array(text.utf8), to: (directory as NSString).appendingPathComponent(path))
        }
        return files.map(\.0)
    }
}
