import TermindApplication

/// Where a pane's Session is in its life, as the pane shows it. A plain value.
enum PaneStatus: Equatable {
    /// An empty pane: the host picker, nothing to connect.
    case empty
    /// Planning, connecting, checking the host key, authenticating, opening the shell.
    case connecting
    /// The remote shell is running; its output fills the pane.
    case connected
    /// The remote shell ended (`exit`): its status or signal, for the pane's last line.
    case ended(String)
    /// The connection was lost after it was up (a dropped link, a dead peer).
    case dropped(String)
    /// The connection never came up: what failed and what to do.
    case failed(String)
    /// The server's host key differs from the recorded one: a hard failure, never a dialog.
    case hostKeyChanged(String)

    /// True while the Session is alive or on its way there.
    var isLive: Bool { self == .connecting || self == .connected }

    /// True when the Reconnect action applies (the Session is over, the pane is not empty).
    var canReconnect: Bool {
        switch self {
        case .ended, .dropped, .failed, .hostKeyChanged: true
        case .empty, .connecting, .connected: false
        }
    }

    /// The connection was lost, or the last attempt failed: what reconnect all retries. A
    /// changed host key is left for the person to look at, an ended shell was ended on purpose.
    var isLost: Bool {
        switch self {
        case .dropped, .failed: true
        case .empty, .connecting, .connected, .ended, .hostKeyChanged: false
        }
    }

    /// What the library said: the detail of a lost connection or a failure (for the details key).
    var detail: String? {
        switch self {
        case .dropped(let detail), .failed(let detail), .hostKeyChanged(let detail): detail
        case .empty, .connecting, .connected, .ended: nil
        }
    }

    /// How a failure to connect shows: its own screen for a changed or revoked key.
    static func failure(_ error: any Error) -> PaneStatus {
        if let failure = error as? SSHFailure {
            switch failure.kind {
            case .hostKeyChanged, .hostKeyRevoked: return .hostKeyChanged(failure.detail)
            case .cancelled: return .failed("cancelled: \(failure.detail)")
            default: return .failed(failure.detail)
            }
        }
        if error is CancellationError { return .failed("cancelled; nothing more was sent") }
        if let failure = error as? any CategorizedFailure { return .failed(failure.description) }
        return .failed(String(describing: error))
    }
}
