/// A failure that knows which exit status it means (docs/behaviour.md §7). Errors of every layer that a
/// person can act on conform, so the command line maps them without knowing their types.
/// The description must say what failed, where, and what the person can do, and never hold
/// a secret.
public protocol CategorizedFailure: Error, CustomStringConvertible {
    var exitCode: ExitCode { get }
}
