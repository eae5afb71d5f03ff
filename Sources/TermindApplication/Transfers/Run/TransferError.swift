/// A transfer the engine itself refused or found wrong (file system calls fail with
/// `FileSystemError`): what, where, and what to do.
public struct TransferError: CategorizedFailure, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// The destination exists and the conflict policy is `fail`.
        case destinationExists = "destination-exists"
        /// A directory is where a file would go.
        case directoryInTheWay = "directory-in-the-way"
        /// A file is where a directory would go.
        case fileInTheWay = "file-in-the-way"
        /// A symlink is where a directory would go: never followed.
        case symlinkInTheWay = "symlink-in-the-way"
        /// A directory source without `recursive`.
        case directoryNeedsRecursive = "directory-needs-recursive"
        /// Several sources, and the destination is not a directory.
        case destinationNotADirectory = "destination-not-a-directory"
        /// The destination names a directory (`DIR/`) that does not exist.
        case noSuchDirectory = "no-such-directory"
        /// Source and destination are the same file.
        case sameFile = "same-file"
        /// A source named on the command line is a FIFO, device or socket: nothing to copy.
        case notARegularFile = "not-a-regular-file"
        /// The source changed (size or mtime) while it was copied.
        case sourceChanged = "source-changed"
        /// The partial does not hold exactly the bytes sent.
        case sizeMismatch = "size-mismatch"
        /// The directory the entry goes into could not be created.
        case parentNotCreated = "parent-not-created"
        /// Another transfer is writing the destination (it holds its partial).
        case destinationBusy = "destination-busy"
        /// Something at the partial's name is not a partial Termind wrote: left untouched.
        case notAPartial = "not-a-partial"
        /// The server sent a size no file can have.
        case impossibleSize = "impossible-size"
        /// The server did not say how big the file is, so its copy could not be checked.
        case unknownSize = "unknown-size"
        /// A directory deeper below its source than the walk goes (`--max-depth`).
        case treeTooDeep = "tree-too-deep"
        /// A directory listing more entries than one listing may hold (`--max-listing`).
        case listingTooLong = "listing-too-long"
        /// The destination an edit replaces is no longer the version that was opened.
        case destinationChanged = "destination-changed"
    }

    public let kind: Kind
    /// Where: the path the failure is about.
    public let address: TransferAddress
    /// What happened and what to do, as a sentence.
    public let detail: String

    public init(_ kind: Kind, _ address: TransferAddress, _ detail: String) {
        self.kind = kind
        self.address = address
        self.detail = detail
    }

    /// Failed verification means an incomplete transfer (8); the rest are plain failures.
    public var exitCode: ExitCode {
        switch kind {
        case .sourceChanged, .sizeMismatch: .transferIncomplete
        default: .failure
        }
    }

    /// A path too deep to read whole (a looping tree) shows its start and end.
    public var description: String {
        kind == .treeTooDeep ? "\(address.abbreviated()) \(detail)" : "\(address): \(detail)"
    }
}
