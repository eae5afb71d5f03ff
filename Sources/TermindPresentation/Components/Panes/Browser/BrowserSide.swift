/// Which file system a browser pane shows: a Host's, over the pane's own SFTP session, or this
/// machine's. A plain value.
enum BrowserSide: Equatable, Sendable {
    case remote(hostLabel: String)
    case local

    /// A Host's side, or this machine's for nil.
    init(hostLabel: String?) {
        self = hostLabel.map { .remote(hostLabel: $0) } ?? .local
    }

    /// The Host label of a remote side; nil for this machine.
    var hostLabel: String? {
        if case .remote(let label) = self { return label }
        return nil
    }

    /// How the path bar and messages name the side: the Host label, or `local`.
    var name: String { hostLabel ?? "local" }
}
