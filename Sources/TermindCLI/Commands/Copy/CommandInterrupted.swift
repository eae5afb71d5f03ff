import TermindApplication

/// A command stopped by Ctrl-C (SIGINT) or SIGTERM before it finished: exit 130, saying what
/// was cut short, never the cancel's own `CancellationError()`.
struct CommandInterrupted: CategorizedFailure {
    /// What was stopped, as a phrase: "the listing", "removing files".
    let what: String

    var exitCode: ExitCode { .interrupted }

    var description: String { "interrupted: \(what) was cancelled before it finished" }
}
