/// One edit's claim on a remote file (`EditCopyStore.lock`): while it is held, a second edit
/// of the same file on this machine is refused up front, so neither change can silently
/// replace the other.
public protocol EditLock: AnyObject, Sendable {
    /// Records where this edit keeps its copy, so a refused edit can name it.
    func note(copy: String)
    /// Lets the file go; later calls do nothing.
    func release()
}
