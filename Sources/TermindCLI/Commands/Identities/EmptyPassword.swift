import TermindApplication

/// An empty password was given to store: refused (a usage error) rather than stored as a
/// password that was set and tried at every login.
struct EmptyPassword: CategorizedFailure {
    let identity: String

    var exitCode: ExitCode { .usage }
    var description: String {
        "the password given for Identity '\(identity)' is empty, so nothing was stored; to keep no password, "
            + "leave out --password and --password-stdin ('identities edit --no-password' removes a stored one)"
    }
}
