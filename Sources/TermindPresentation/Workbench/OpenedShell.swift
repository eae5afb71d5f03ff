import TermindApplication

/// A pane's remote shell as it opened: the channel and the size its PTY was asked for.
struct OpenedShell: Sendable {
    let shell: any RemoteShell
    let size: TerminalSize
}
