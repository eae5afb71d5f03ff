import TermindApplication

import TermindDomain

/// A pane's remote shell as it opened: the channel, the size its PTY was asked for, and the
/// token its shell integration's marks carry (nil without the integration).
struct OpenedShell: Sendable {
    let shell: any RemoteShell
    let size: TerminalSize
    var token: ShellMarkToken?
}
