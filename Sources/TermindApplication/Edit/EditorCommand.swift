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

    /// The program and its arguments for `path`: `/bin/sh -c 'COMMAND "$@"' COMMAND PATH`
    /// (the second `COMMAND` is the shell's `$0`, shown in its error messages).
    public func arguments(for path: String) -> [String] {
        ["/bin/sh", "-c", command + " \"$@\"", command, path]
    }
}
