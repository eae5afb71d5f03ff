/// A copy a browser asks for: its selection on one side to a directory on another (the
/// browser beside it). The transfer queue runs it with `termind cp`'s engine; until the queue
/// is in the workbench, asking says so. A plain value.
struct TransferRequest: Equatable, Sendable {
    /// Where the sources are: a Host label, or nil for this machine.
    let sourceHost: String?
    let sources: [String]
    /// Where they go: a Host label, or nil for this machine.
    var destinationHost: String?
    /// The directory they go into; nil until the workbench picks the browser beside the source.
    var destinationDirectory: String?

    enum Direction: String, Sendable {
        case download, upload, remoteToRemote = "remote to remote", local
    }

    var direction: Direction {
        switch (sourceHost, destinationHost) {
        case (.some, nil): .download
        case (nil, .some): .upload
        case (.some, .some): .remoteToRemote
        case (nil, nil): .local
        }
    }
}
