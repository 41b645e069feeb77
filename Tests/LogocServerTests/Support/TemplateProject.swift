import Foundation

/// A small project of a plain spec and an avatar template, in a temporary folder.
final class TemplateProject: @unchecked Sendable {
    let folder: TemporaryFolder
    var url: URL { folder.url }

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("Specs/team/red.yaml", """
            background: "#B71C1C"
            text: {content: R, color: white}
            output: {formats: [png, svg], scales: [1, 2]}
            """)
        try folder.write("Specs/people/avatar.yaml", """
            template: true
            size: 64
            background: auto
            text: {color: auto}
            output: {formats: [png, svg], scales: [1, 2]}
            """)
    }
}
