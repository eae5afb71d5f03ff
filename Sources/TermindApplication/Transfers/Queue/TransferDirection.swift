/// Which way a transfer goes, as the queue shows it.
public enum TransferDirection: Sendable, Equatable {
    /// This machine to a server.
    case upload
    /// A server to this machine.
    case download
    /// One server to another, streamed through this machine.
    case betweenHosts
    /// Within one server (by `copy-data` where the server has it).
    case onServer
    /// This machine to itself.
    case local

    public init(source: String, destination: String) {
        switch (source == "local", destination == "local") {
        case (true, true): self = .local
        case (true, false): self = .upload
        case (false, true): self = .download
        case (false, false): self = source == destination ? .onServer : .betweenHosts
        }
    }

    /// One column in the queue's list.
    public var symbol: String {
        switch self {
        case .upload: "↑"
        case .download: "↓"
        case .betweenHosts: "⇄"
        case .onServer: "↻"
        case .local: "→"
        }
    }
}
