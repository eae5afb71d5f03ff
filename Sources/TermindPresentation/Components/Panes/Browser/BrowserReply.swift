/// What came back for a `BrowserRequest`, delivered to the pane tagged with its attempt. A
/// failure's text names the path and the server's or system's reason (`FileSystemError`'s
/// description, made safe to show). A plain value.
enum BrowserReply: Sendable {
    case listed(listing: UInt64, path: String, [BrowserEntry])
    case listingFailed(listing: UInt64, path: String, BrowserFailure)
    case counted([String], entries: Int)
    /// A change (mkdir, rename, delete, chmod) is done, or stopped at `failure`.
    case finished(BrowserRequest, failure: BrowserFailure?)
}

/// Why a browser request failed, as the pane shows it; `endsSession` when the SFTP session or
/// its connection is gone (the pane offers to reconnect).
struct BrowserFailure: Sendable, Equatable {
    let text: String
    let endsSession: Bool
}
