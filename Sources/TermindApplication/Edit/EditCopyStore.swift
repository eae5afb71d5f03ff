/// Where edits keep their managed local copies (docs/behaviour.md §4): on this machine, under
/// `$XDG_CACHE_HOME/termind/edit/`, one new private directory per edit.
public protocol EditCopyStore: Sendable {
    /// Makes a new directory, mode 0700 and this user's, for one edit of `file`, and returns
    /// its path. The directories above it are this user's and no symlink is followed to reach
    /// it; anything else there (a planted symlink, another user's directory) is refused with
    /// a `FileSystemError` naming it, and nothing is written.
    func makeDirectory(for file: TransferAddress) throws -> String
    /// Claims `file` for one edit on this machine until the lock is released (or the process
    /// ends). Throws `RemoteEditError(.beingEdited)`, naming the other edit, while another
    /// holds it. Nil from a store that keeps no locks (one in memory).
    func lock(_ file: TransferAddress) throws -> (any EditLock)?
}

extension EditCopyStore {
    public func lock(_ file: TransferAddress) throws -> (any EditLock)? { nil }
}
