/// An interactive shell on a PTY. `resize` sends window-change; when resizes come faster than
/// the network, the newest size wins; a failed resize is logged, never a failure.
public protocol RemoteShell: RemoteProcess {
    func resize(_ size: TerminalSize) async
}
