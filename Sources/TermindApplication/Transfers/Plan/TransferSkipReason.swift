/// Why an entry was left alone, on purpose.
public enum TransferSkipReason: String, Sendable, Equatable, CustomStringConvertible {
    /// The destination exists and the conflict policy said skip.
    case destinationExists = "destination-exists"
    /// Resuming, and the destination already has the source's size and mtime.
    case alreadyTransferred = "already-transferred"
    /// A symlink in a tree, and the destination cannot create symlinks.
    case symlinkUnsupported = "symlink-unsupported"
    /// A device, socket or pipe: only files, directories and symlinks are copied.
    case notARegularFile = "not-a-regular-file"
    /// Its directory was skipped.
    case directorySkipped = "directory-skipped"
    /// Inside a tree, its name is a partial file's (`.NAME.termind-partial`): another copy's
    /// unfinished file, never copied as if it were data.
    case partialFileName = "partial-file-name"

    public var description: String {
        switch self {
        case .destinationExists: "the destination exists"
        case .alreadyTransferred: "already transferred (same size and modification time)"
        case .symlinkUnsupported: "the destination cannot create symlinks"
        case .notARegularFile: "not a regular file, directory or symlink"
        case .directorySkipped: "its directory was skipped"
        case .partialFileName: "its name is a Termind partial file's (.NAME.termind-partial); those are never copied"
        }
    }
}
