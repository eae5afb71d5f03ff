import TermindApplication
import TermindDomain

/// A copy a browser asks for: its selection on one side to a directory on another (the only
/// other browser, or the one the person chooses in the `CopyTargetPicker`). It becomes a
/// `TransferRequest` of the transfer queue, run by `termind cp`'s engine. A plain value.
struct BrowserCopy: Equatable, Sendable {
    /// Where the sources are: a Host label, or nil for this machine.
    let sourceHost: String?
    let sources: [String]
    /// Where they go: a Host label, or nil for this machine.
    var destinationHost: String?
    /// The directory they go into; nil until the browser it goes to is known.
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

    /// The same copy into `directory` of `side`.
    func into(_ side: BrowserSide, directory: String) -> BrowserCopy {
        var copy = self
        copy.destinationHost = side.hostLabel
        copy.destinationDirectory = directory
        return copy
    }

    /// What is copied, as the confirmation and the picker say it: the one entry's name, or how
    /// many.
    var what: String {
        sources.count == 1 ? TerminalSafeText(RemotePath.name(of: sources[0])).text : "\(sources.count) entries"
    }

    /// The status bar's line once the copy is queued, naming both ends
    /// (`copying notes.txt from srv:/home/me to srv2:/srv/in`).
    func confirmation(from source: String) -> String {
        let destination = BrowserSide(hostLabel: destinationHost).name + ":" + (destinationDirectory ?? "?")
        return "copying \(what) from \(TerminalSafeText(source).text) to \(TerminalSafeText(destination).text)"
    }
}
