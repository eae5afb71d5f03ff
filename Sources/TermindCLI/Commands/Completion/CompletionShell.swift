/// A shell `termind completion` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
