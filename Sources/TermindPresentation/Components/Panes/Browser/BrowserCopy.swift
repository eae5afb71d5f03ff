import TermindApplication

/// A copy a browser asks for: its selection on one side to a directory on another (the
/// browser beside it, which the workbench picks). It becomes a `TransferRequest` of the
/// transfer queue, run by `termind cp`'s engine. A plain value.
struct BrowserCopy: Equatable, Sendable {
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

    /// The transfer queue's request, once the destination directory is known.
    var transferRequest: TransferRequest? {
        guard let destinationDirectory else { return nil }
        return TransferRequest(
            source: sourceHost.map(TransferSide.host) ?? .local, paths: sources,
            destination: destinationHost.map(TransferSide.host) ?? .local, directory: destinationDirectory)
    }
}
