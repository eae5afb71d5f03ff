import TermindDomain

/// The editor could not start, or ended with a failure (`:cq` in vim): nothing is uploaded.
public struct EditorFailure: CategorizedFailure, Equatable {
    /// The editor's command as the environment gave it.
    public let command: String
    /// What went wrong: `exited with status 1`, `was killed by signal 9`, `could not start: ...`.
    public let detail: String

    public init(command: String, detail: String) {
        self.command = command
        self.detail = detail
    }

    public var exitCode: ExitCode { .failure }

    public var description: String {
        let editor = command.isEmpty ? "the editor" : "the editor '\(TerminalSafeText(command).text)'"
        return "\(editor) \(detail); nothing was uploaded"
    }
}
