/// Runs the person's editor on a file and returns once it exits: `$VISUAL`, else `$EDITOR`,
/// else `vi` (`EditorCommand`). The workbench's implementation suspends its screen meanwhile.
public protocol FileEditor: Sendable {
    /// Throws `EditorFailure` when the editor cannot start or exits with a failure.
    func edit(_ path: String) async throws
}
