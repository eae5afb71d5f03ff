/// Which editor an edit opens and how it is started, as git does: `$VISUAL`, else `$EDITOR`,
/// else `vi`, run by `/bin/sh -c` so a command with arguments (`code --wait`) works, with
/// the file passed as a positional argument (`"$@"`) and never written into the shell text.
public struct EditorCommand: Sendable, Equatable {
    /// The command text from the environment (`vi` when none is set).
    public let command: String

    public init(environment: [String: String]) {
        let chosen = [environment["VISUAL"], environment["EDITOR"]].lazy.compactMap { $0 }
            .first { !$0.allSatisfy(\.isWhitespace) }
        command = chosen ?? "vi"
    }

    /// The program and its arguments for `path`: `/bin/sh -c 'trap : INT QUIT; COMMAND "$@"'
    /// COMMAND PATH` (the second `COMMAND` is the shell's `$0`, shown in its error messages).
    /// dash stays as the editor's parent, and a Ctrl-C typed while the editor runs a command on
    /// the terminal (vim's `:!`) reaches the whole process group: the trap keeps the shell
    /// waiting for the editor instead of dying and reporting it gone while it still runs. What
    /// the shell starts gets the signals at their defaults, as always for caught signals.
    public func arguments(for path: String) -> [String] {
        ["/bin/sh", "-c", Self.keepWaiting + command + " \"$@\"", command, path]
    }

    static let keepWaiting = "trap : INT QUIT; "

}
