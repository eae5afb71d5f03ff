/// What a browser pane asks of its file system, run by the workbench's effect runner on the
/// pane's own file system (its SFTP session, or this machine's) and answered as a
/// `BrowserReply`. A plain value, so tests assert what a pane asked for.
enum BrowserRequest: Equatable, Sendable {
    /// List `path` (resolved to its canonical form first). `listing` numbers the request: a
    /// reply to an older one than the pane's last is dropped (the stale-request guard).
    case list(path: String, listing: UInt64)
    case makeDirectory(String)
    case rename(String, to: String)
    /// How many entries deleting these takes (directories recursively), for the confirmation.
    case count([String])
    /// Delete these, directories with everything in them.
    case delete([String])
    case changePermissions([String], to: UInt32)
}
