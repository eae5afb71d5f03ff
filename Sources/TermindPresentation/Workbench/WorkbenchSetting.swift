import TermindApplication

/// Where the workbench runs: the variables remote shells get, whether it is inside tmux, the
/// shell integration, who lends the terminal to an editor, and the log. Set at start; a value the
/// `Workbench` owns, on the TUI's main actor.
struct WorkbenchSetting {
    /// Variables passed to each remote shell (LANG, so the remote encodes text as here).
    let shellEnvironment: [String: String]
    /// Termind runs inside tmux (`TMUX` is set): copies also go out in tmux's passthrough.
    let insideTmux: Bool
    /// How a remote shell starts with Termind's shell integration (the command line sets it
    /// from its resources); nil starts plain shells (`--no-shell-integration`).
    var shellIntegration: ShellIntegration?
    /// Who lends the terminal to the person's editor (the loop); nil in tests without one.
    weak var screen: (any ScreenSuspension)?
    /// Where what the panes say in words is kept in full (a lost connection's libssh2 detail).
    var logger: any Logger = NullLogger()
}
